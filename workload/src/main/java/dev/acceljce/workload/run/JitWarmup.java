package dev.acceljce.workload.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintStream;
import java.util.Locale;

/**
 * Full handshakes at full speed against a new bank JVM before anything is measured. SunJSSE's and
 * the providers' handshake code is compiled only after 25-40 s of handshakes on one CPU (JMH,
 * docs/history/2026-11-25-zen4-handshake-steady-rate.md "Every earlier handshake number measured the JIT"); a load point's own
 * warm-up, with users thinking between pages, does a small fraction of that, so without this the
 * first load points measured the interpreter and the comparison between providers with it.
 */
final class JitWarmup {
    private static final int CLIENTS = 16;

    private JitWarmup() {}

    static void run(RunSpec spec, Servers servers, PrintStream progress) throws Exception {
        if (spec.jitWarmupSeconds() <= 0) {
            return;
        }
        progress.printf(
                Locale.ROOT,
                "  %-16s %-18s JIT warm-up: %.0f s of full handshakes (%d clients)%n",
                servers.configuration().id,
                servers.tls().id,
                spec.jitWarmupSeconds(),
                CLIENTS);
        JsonNode r = LoadPoint.handshakes(servers, CLIENTS, spec.jitWarmupSeconds());
        progress.printf(
                Locale.ROOT,
                "  %-16s %-18s   %.0f handshakes/s on average%n",
                servers.configuration().id,
                servers.tls().id,
                r.path("handshakesPerSecond").asDouble());
    }
}
