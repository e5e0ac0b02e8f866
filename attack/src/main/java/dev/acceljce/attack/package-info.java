/**
 * AccelJCE-TLS against attack tools nobody here wrote: TLS-Attacker 3.7.0's attacks and probes
 * written with its WorkflowTrace API, run over loopback against an AccelJCE-TLS server and a
 * SunJSSE server beside it ({@link dev.acceljce.attack.TargetServer}, each in a JVM of its own),
 * every difference recorded ({@link dev.acceljce.attack.AttackMain}).
 */
package dev.acceljce.attack;
