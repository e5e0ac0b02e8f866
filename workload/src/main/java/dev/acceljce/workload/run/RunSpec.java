package dev.acceljce.workload.run;

import dev.acceljce.workload.config.Configuration;
import dev.acceljce.workload.tls.TlsSetting;
import java.nio.file.Path;
import java.util.List;

/**
 * What one workload run does: which configurations and TLS settings, the think time, the
 * measured window of each load point and how far the sessions-within-QoS search goes.
 *
 * @param jitWarmupSeconds full handshakes at 16 clients before anything is measured: SunJSSE's and
 *                     the providers' handshake code needs 25-40 s of handshakes before the JIT has
 *                     compiled it (measured with JMH, docs/history/2026-11-25-zen4-handshake-steady-rate.md), far more than a load
 *                     point's warm-up gives a bank serving users who think between pages
 * @param startUsers   the first load point of the search
 * @param maxUsers     the search never goes above this
 * @param refineSteps  bisection steps between the last passing and the first failing load
 * @param bankPort     0 for a free port
 * @param coreProvider the providers of the driver and BeSim (not under test): acceljce or jdk
 * @param bankJvmOptions more options for the bank's JVM (a profiler, for instance)
 */
public record RunSpec(
        String mode,
        List<Configuration> configurations,
        List<TlsSetting> tlsSettings,
        double thinkMeanSeconds,
        double jitWarmupSeconds,
        double warmupSeconds,
        double measureSeconds,
        int startUsers,
        int maxUsers,
        int refineSteps,
        String besimMode,
        int bankPort,
        String coreProvider,
        List<String> bankJvmOptions,
        Path out) {}
