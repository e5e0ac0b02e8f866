package dev.acceljce.workload.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One configuration of {@code load}: a server JVM on one stack, a client JVM, a warm-up (so
 * class loading and compiled code are not counted per connection), a baseline after a GC, then
 * rounds of N connections opened, exchanging small messages, held idle and measured, closed and
 * measured again; at the end {@code malloc_trim} shows how much of what stays is the allocator's.
 */
final class HoldRun {
    static final String[] PER_CONNECTION = {
        "heapUsedKiB",
        "byteArrayKiB",
        "rssKiB",
        "rssAnonKiB",
        "nmtNonHeapKiB",
        "nmtCommittedKiB",
        "nmtMallocKiB",
        "mallocInUseKiB",
        "mallocHeldKiB",
        "fds"
    };

    record Spec(
            Stack stack,
            String server,
            int connections,
            int rounds,
            int concurrency,
            int messages,
            double exchangeSeconds,
            int warmup,
            String serverHeap,
            String clientHeap,
            boolean pin,
            Map<String, String> serverEnv) {}

    private HoldRun() {}

    static ObjectNode run(Spec spec, Path work, Path logs, PrintStream out) throws Exception {
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        r.put("stack", spec.stack().id);
        r.put("stackDescription", spec.stack().description);
        r.put("server", spec.server());
        r.put("connections", spec.connections());
        List<String> serverJvm =
                List.of("-Xmx" + spec.serverHeap(), "-XX:+UseG1GC", "-XX:NativeMemoryTracking=summary");
        r.putPOJO("serverJvm", serverJvm);
        r.putPOJO("serverEnv", spec.serverEnv());
        try (Jvms jvms = Jvms.start(
                spec.stack(), spec.server(), serverJvm, spec.serverEnv(), spec.clientHeap(), spec.pin(), work, logs)) {
            r.put("serverFdLimit", jvms.serverFdLimit);
            if (jvms.serverFdLimit > 0 && jvms.serverFdLimit < spec.connections() + 500L) {
                throw new IllegalStateException("the server may open only " + jvms.serverFdLimit
                        + " descriptors: raise ulimit -n (./acceljce load does so when run as root)");
            }
            long timeout = 600 + spec.connections() / 5;
            if (spec.warmup() > 0) {
                jvms.client("OPEN " + spec.warmup() + " 16", timeout);
                jvms.client("EXCHANGE 2 0.5", timeout);
                jvms.client("CLOSE", timeout);
                jvms.awaitServerOpen(0, 60);
            }
            r.set("settleBaseline", jvms.server("SETTLE 0", 60));
            JsonNode base = jvms.server("FULL", 120);
            r.set("baseline", base);
            com.fasterxml.jackson.databind.node.ArrayNode rounds = r.putArray("rounds");
            for (int round = 1; round <= spec.rounds(); round++) {
                ObjectNode one = JsonNodeFactory.instance.objectNode();
                one.put("round", round);
                JsonNode opened = jvms.client("OPEN " + spec.connections() + " " + spec.concurrency(), timeout);
                one.set("opened", opened);
                out.printf(
                        "  round %d: %d held, %.0f handshakes/s while ramping (%d failed)%n",
                        round,
                        opened.path("held").asLong(),
                        opened.path("handshakesPerSecond").asDouble(),
                        opened.path("failed").asLong());
                one.set(
                        "exchanged",
                        jvms.client("EXCHANGE " + spec.messages() + " " + spec.exchangeSeconds(), timeout));
                Thread.sleep(2000); // idle
                JsonNode held = jvms.server("FULL", 300);
                one.set("held", held);
                long open = held.path("server").path("open").asLong();
                one.put("serverOpen", open);
                one.set("perConnection", perConnection(base, held, open));
                out.printf("    server holds %d: %s%n", open, brief(one.path("perConnection")));
                one.set("closed", jvms.client("CLOSE", timeout));
                jvms.awaitServerOpen(0, 120);
                one.set("settle", jvms.server("SETTLE 0", 60));
                JsonNode after = jvms.server("FULL", 120);
                one.set("afterClose", after);
                one.set("afterCloseOverBaseline", difference(base, after));
                out.printf(
                        "    closed: RSS %+.1f MiB over the baseline, heap %+.1f MiB, malloc in use %+.1f MiB%n",
                        (after.path("rssKiB").asLong() - base.path("rssKiB").asLong()) / 1024.0,
                        (after.path("heapUsedKiB").asLong()
                                        - base.path("heapUsedKiB").asLong())
                                / 1024.0,
                        (after.path("mallocInUseKiB").asLong()
                                        - base.path("mallocInUseKiB").asLong())
                                / 1024.0);
                rounds.add(one);
            }
            JsonNode trimmed = jvms.server("TRIM", 120);
            r.set("afterTrim", trimmed);
            r.set("afterTrimOverBaseline", difference(base, trimmed));
            r.put("pinnedEvents", trimmed.path("pinnedEvents").asLong());
            r.set("pinnedStacks", trimmed.path("pinnedStacks"));
            r.put("serverAlive", jvms.serverAlive());
        } catch (Exception e) {
            r.put("error", e.toString());
            out.println("  failed: " + e);
        }
        return r;
    }

    /** (held - baseline) / open for each figure, KiB (or descriptors) per connection. */
    static ObjectNode perConnection(JsonNode base, JsonNode held, long open) {
        ObjectNode m = JsonNodeFactory.instance.objectNode();
        for (String f : PER_CONNECTION) {
            if (held.has(f) && base.has(f) && open > 0) {
                m.put(f, Math.round((held.path(f).asDouble() - base.path(f).asDouble()) / open * 100) / 100.0);
            }
        }
        return m;
    }

    static ObjectNode difference(JsonNode base, JsonNode now) {
        ObjectNode m = JsonNodeFactory.instance.objectNode();
        for (String f : PER_CONNECTION) {
            if (now.has(f) && base.has(f)) {
                m.put(f, now.path(f).asLong() - base.path(f).asLong());
            }
        }
        return m;
    }

    private static String brief(JsonNode per) {
        return String.format(
                "heap %.1f KiB (byte[] %.1f), RSS %.1f KiB, NMT outside the heap %.1f KiB, malloc %.1f KiB, fds %.2f per connection",
                per.path("heapUsedKiB").asDouble(),
                per.path("byteArrayKiB").asDouble(),
                per.path("rssKiB").asDouble(),
                per.path("nmtNonHeapKiB").asDouble(),
                per.path("mallocInUseKiB").asDouble(),
                per.path("fds").asDouble());
    }
}
