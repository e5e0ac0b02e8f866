package dev.acceljce.workload.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

/**
 * {@code churn}: connections made and dropped against one server JVM for a given time, the
 * server sampled at a fixed interval (RSS, NMT, malloc, descriptors, live libssl objects; no GC),
 * then, with the load stopped, collected until every connection's libssl objects are freed.
 *
 * <p>The verdicts: the server JVM alive; no leak (after the GC no {@code SSL}, network BIO or
 * callback-table entry left: the Cleaner's queue drained); descriptors back to their value
 * before the load; and memory flat: each of RSS, the libraries' malloc in use (glibc's figure
 * less the JVM's own malloc, which NMT counts) and NMT's committed total at the
 * end of the load within the tolerance of the process's RSS at the first fifth of the run (the
 * first fifth lets the heap, the JIT's code and glibc's arenas reach their working size): RSS
 * either way, the two others not grown by more (they also fall and rise with the connections in
 * flight).
 */
final class ChurnRun {
    static final String[] FLAT = {"rssKiB", "libraryMallocKiB", "nmtCommittedKiB"};

    record Spec(
            Stack stack,
            String server,
            double seconds,
            double sampleSeconds,
            int workers,
            double tolerance,
            String serverHeap,
            boolean pin) {}

    private ChurnRun() {}

    static ObjectNode run(Spec spec, Path work, Path logs, PrintStream out) throws Exception {
        ObjectNode r = JsonNodeFactory.instance.objectNode();
        r.put("stack", spec.stack().id);
        r.put("stackDescription", spec.stack().description);
        r.put("server", spec.server());
        r.put("seconds", spec.seconds());
        r.put("sampleSeconds", spec.sampleSeconds());
        r.put("workers", spec.workers());
        r.put("tolerance", spec.tolerance());
        // a fixed heap, touched at start: RSS then grows only with native memory (or a heap that
        // needs more than it has, which the heap figures show)
        List<String> serverJvm = List.of(
                "-Xms" + spec.serverHeap(),
                "-Xmx" + spec.serverHeap(),
                "-XX:+AlwaysPreTouch",
                "-XX:+UseG1GC",
                "-XX:NativeMemoryTracking=summary");
        r.putPOJO("serverJvm", serverJvm);
        try (Jvms jvms = Jvms.start(spec.stack(), spec.server(), serverJvm, Map.of(), "1g", spec.pin(), work, logs)) {
            JsonNode before = jvms.server("FULL", 120);
            r.set("before", before);
            long start = System.nanoTime();
            CompletableFuture<JsonNode> churn = CompletableFuture.supplyAsync(() -> {
                try {
                    return jvms.client("CHURN " + spec.seconds() + " " + spec.workers(), (long) spec.seconds() + 600);
                } catch (Exception e) {
                    throw new CompletionException(e);
                }
            });
            List<JsonNode> samples = new ArrayList<>();
            long interval = (long) (spec.sampleSeconds() * 1e9);
            long nextAt = start + interval;
            while (!churn.isDone()) {
                long wait = nextAt - System.nanoTime();
                if (wait > 0) {
                    try {
                        churn.get(wait, TimeUnit.NANOSECONDS);
                        break; // the load ended: the samples stop with it
                    } catch (java.util.concurrent.TimeoutException e) {
                        // time for a sample
                    }
                }
                ObjectNode s = (ObjectNode) jvms.server("SAMPLE", 60);
                s.put("t", Math.round((System.nanoTime() - start) / 1e8) / 10.0);
                samples.add(s);
                out.printf(
                        "  %6.0f s: RSS %d MiB, malloc in use %d MiB (libraries %d), NMT %d MiB, %d fds, %d open, %d SSL live,"
                                + " %d accepted%n",
                        s.path("t").asDouble(),
                        s.path("rssKiB").asLong() / 1024,
                        s.path("mallocInUseKiB").asLong() / 1024,
                        s.path("libraryMallocKiB").asLong() / 1024,
                        s.path("nmtCommittedKiB").asLong() / 1024,
                        s.path("fds").asLong(),
                        s.path("server").path("open").asLong(),
                        s.path("liveSsl").asLong(),
                        s.path("server").path("accepted").asLong());
                nextAt += interval;
            }
            JsonNode client = churn.join();
            r.set("client", client);
            r.putArray("samples").addAll(samples);
            JsonNode drained = jvms.awaitServerOpen(0, 120);
            r.set("drained", drained);
            JsonNode settle = jvms.server("SETTLE 0", 60);
            r.set("settle", settle);
            JsonNode end = jvms.server("FULL", 120);
            r.set("end", end);
            r.put("serverAlive", jvms.serverAlive());
            r.set("verdict", verdict(spec, before, samples, end));
        } catch (Exception e) {
            r.put("error", e.toString());
            out.println("  failed: " + e);
        }
        return r;
    }

    static ObjectNode verdict(Spec spec, JsonNode before, List<JsonNode> samples, JsonNode end) {
        ObjectNode v = JsonNodeFactory.instance.objectNode();
        JsonNode reference = null;
        for (JsonNode s : samples) {
            if (s.path("t").asDouble() >= spec.seconds() / 5) {
                reference = s;
                break;
            }
        }
        JsonNode last = samples.isEmpty() ? null : samples.getLast();
        boolean flat = reference != null && last != null && reference != last;
        if (reference != null && last != null) {
            v.put("referenceAt", reference.path("t").asDouble());
            v.put("lastAt", last.path("t").asDouble());
            double rss = reference.path("rssKiB").asDouble();
            for (String f : FLAT) {
                if (reference.has(f) && rss > 0) {
                    double delta = last.path(f).asDouble() - reference.path(f).asDouble();
                    v.put(f + "Change", Math.round(delta / reference.path(f).asDouble() * 10000) / 10000.0);
                    // each part judged against the process's footprint: the libraries' malloc is
                    // a few MiB, and moves by tens of percent with the connections the GC has not
                    // yet freed; what matters is whether it grows the process
                    double ofFootprint = delta / rss;
                    v.put(f + "ChangeOfRss", Math.round(ofFootprint * 10000) / 10000.0);
                    // RSS both ways; the parts must not grow (they fall and rise with the
                    // connections in flight at a sample)
                    flat &= f.equals("rssKiB")
                            ? Math.abs(ofFootprint) <= spec.tolerance()
                            : ofFootprint <= spec.tolerance();
                }
            }
        }
        v.put("memoryFlat", flat);
        boolean freed = end.path("liveSsl").asLong() == 0
                && end.path("liveNetworkBio").asLong() == 0
                && end.path("callbacksRegistered").asLong() == 0;
        v.put("libsslObjectsFreed", freed);
        long fdsBefore = before.path("fds").asLong();
        long fdsAfter = end.path("fds").asLong();
        v.put("fdsBefore", fdsBefore);
        v.put("fdsAfter", fdsAfter);
        // what a connection would leave is a socket; the JDK opens its virtual-thread pollers
        // (anon_inode:[eventpoll]) at the first blocking read, after the "before" sample
        long socketsBefore = before.path("fdKinds").path("socket").asLong();
        long socketsAfter = end.path("fdKinds").path("socket").asLong();
        v.put("socketsBefore", socketsBefore);
        v.put("socketsAfter", socketsAfter);
        v.put("noDescriptorsLeaked", socketsAfter <= socketsBefore && fdsAfter <= fdsBefore + 4);
        v.put("serverOpenAtEnd", end.path("server").path("open").asLong());
        return v;
    }
}
