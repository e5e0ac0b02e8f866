/**
 * JMH benchmarks of AccelJCE against the JDK's own provider of the same service, side by side in
 * one run: every benchmark has a {@code provider} parameter ({@code AccelJCE} or {@code JDK}) and,
 * where data is processed, a {@code size} parameter in bytes. One class per family; the seed's
 * per-operation pattern (a fresh init per AES-GCM message, update + final per digest) is kept so
 * the numbers compare with it.
 */
package dev.acceljce.bench;
