package dev.acceljce.workload.load;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;

/** The Markdown of a run: one row per configuration (load), the verdicts and figures (churn). */
final class Summary {
    private Summary() {}

    static String hold(JsonNode doc) {
        StringBuilder b = new StringBuilder();
        JsonNode m = doc.path("machine");
        b.append("Connections held idle, server JVM measured after a full GC (")
                .append(m.path("date").asText())
                .append(", commit ")
                .append(m.path("commit").asText())
                .append(", ")
                .append(m.path("cpu").asText())
                .append(", ")
                .append(m.path("cpus").asInt())
                .append(" CPUs, ")
                .append(m.path("java").asText())
                .append("). Per connection: (held - baseline) / connections the server holds, last round.\n\n");
        b.append(
                "| stack | server | held | handshakes/s ramping | heap KiB | byte[] KiB | RSS KiB | NMT non-heap KiB | malloc KiB"
                        + " | fds | pinned | RSS after close, per round (MiB over baseline) | after malloc_trim |\n");
        b.append("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|--:|\n");
        for (JsonNode r : doc.path("results")) {
            if (r.path("server").asText().equals("engines")) {
                continue; // their own table below
            }
            b.append("| ")
                    .append(r.path("stack").asText())
                    .append(" | ")
                    .append(r.path("server").asText())
                    .append(" | ");
            if (r.has("error") || r.path("rounds").isEmpty()) {
                b.append(r.path("connections").asInt())
                        .append(" | failed: ")
                        .append(r.path("error").asText().replace('|', '/'))
                        .append(" |||||||||||\n");
                continue;
            }
            JsonNode last = r.path("rounds").get(r.path("rounds").size() - 1);
            JsonNode per = last.path("perConnection");
            StringBuilder after = new StringBuilder();
            for (JsonNode round : r.path("rounds")) {
                if (!after.isEmpty()) {
                    after.append(", ");
                }
                after.append(String.format(
                        "%+.1f",
                        round.path("afterCloseOverBaseline").path("rssKiB").asLong() / 1024.0));
            }
            b.append(last.path("serverOpen").asLong())
                    .append(" | ")
                    .append(String.format(
                            "%.0f",
                            last.path("opened").path("handshakesPerSecond").asDouble()))
                    .append(" | ")
                    .append(f(per, "heapUsedKiB"))
                    .append(" | ")
                    .append(f(per, "byteArrayKiB"))
                    .append(" | ")
                    .append(f(per, "rssKiB"))
                    .append(" | ")
                    .append(f(per, "nmtNonHeapKiB"))
                    .append(" | ")
                    .append(f(per, "mallocInUseKiB"))
                    .append(" | ")
                    .append(String.format("%.2f", per.path("fds").asDouble()))
                    .append(" | ")
                    .append(r.path("pinnedEvents").asLong())
                    .append(" | ")
                    .append(after)
                    .append(" | ")
                    .append(String.format(
                            "%+.1f",
                            r.path("afterTrimOverBaseline").path("rssKiB").asLong() / 1024.0))
                    .append(" |\n");
        }
        engines(doc, b);
        for (JsonNode r : doc.path("results")) {
            if (r.path("pinnedEvents").asLong() > 0) {
                b.append("\nPinned virtual threads, ")
                        .append(r.path("stack").asText())
                        .append(" ")
                        .append(r.path("server").asText())
                        .append(" ")
                        .append(r.path("connections").asInt())
                        .append(":\n\n```\n");
                Iterator<Map.Entry<String, JsonNode>> it =
                        r.path("pinnedStacks").fields();
                while (it.hasNext()) {
                    Map.Entry<String, JsonNode> e = it.next();
                    b.append(e.getValue().asLong())
                            .append(" x\n")
                            .append(e.getKey())
                            .append('\n');
                }
                b.append("```\n");
            }
        }
        return b.toString();
    }

    /** Idle engine pairs (client and server engine of one stack in one JVM), per pair. */
    private static void engines(JsonNode doc, StringBuilder b) {
        boolean header = false;
        for (JsonNode r : doc.path("results")) {
            if (!r.path("server").asText().equals("engines")) {
                continue;
            }
            if (!header) {
                b.append("\nIdle SSLEngine pairs (a client and a server engine of the stack) held in one JVM, per pair,"
                        + " after a full GC; malloc less the JVM's is glibc's in-use figure less NMT's malloc.\n\n");
                b.append(
                        "| stack | pairs | handshakes, ms | heap KiB | byte[] KiB | RSS KiB | NMT non-heap KiB | malloc KiB"
                                + " | malloc less the JVM's KiB | RSS after close (MiB over baseline) | after malloc_trim |\n");
                b.append("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
                header = true;
            }
            b.append("| ").append(r.path("stack").asText()).append(" | ");
            if (r.has("error")) {
                b.append(r.path("connections").asInt())
                        .append(" | failed: ")
                        .append(r.path("error").asText().replace('|', '/'))
                        .append(" |||||||||\n");
                continue;
            }
            JsonNode per = r.path("perPair");
            b.append(r.path("connections").asInt())
                    .append(" | ")
                    .append(r.path("handshakeMillis").asLong())
                    .append(" | ")
                    .append(f(per, "heapUsedKiB"))
                    .append(" | ")
                    .append(f(per, "byteArrayKiB"))
                    .append(" | ")
                    .append(f(per, "rssKiB"))
                    .append(" | ")
                    .append(f(per, "nmtNonHeapKiB"))
                    .append(" | ")
                    .append(f(per, "mallocInUseKiB"))
                    .append(" | ")
                    .append(f(per, "libraryMallocKiB"))
                    .append(" | ")
                    .append(String.format(
                            "%+.1f",
                            r.path("afterCloseOverBaseline").path("rssKiB").asLong() / 1024.0))
                    .append(" | ")
                    .append(String.format(
                            "%+.1f",
                            r.path("afterTrimOverBaseline").path("rssKiB").asLong() / 1024.0))
                    .append(" |\n");
        }
    }

    private static String f(JsonNode per, String field) {
        return String.format("%.1f", per.path(field).asDouble());
    }

    static String churn(JsonNode r) {
        StringBuilder b = new StringBuilder();
        JsonNode m = r.path("machine");
        JsonNode c = r.path("client");
        JsonNode v = r.path("verdict");
        b.append(String.format(
                "Churn, %s, %s server, %.0f s (%s, commit %s, %s, %d CPUs)%n%n",
                r.path("stack").asText(),
                r.path("server").asText(),
                r.path("seconds").asDouble(),
                m.path("date").asText(),
                m.path("commit").asText(),
                m.path("cpu").asText(),
                m.path("cpus").asInt()));
        if (r.has("error")) {
            b.append("Failed: ").append(r.path("error").asText()).append("\n");
        }
        b.append(String.format(
                "- connections: %d (%.0f/s), ended %s; client-side failures %d %s%n",
                c.path("connections").asLong(),
                c.path("connectionsPerSecond").asDouble(),
                c.path("ended").toString(),
                c.path("failed").asLong(),
                c.path("failures").toString()));
        JsonNode server = r.path("end").path("server");
        b.append(String.format(
                "- server: %d accepted, %d full and %d resumed handshakes, %d open at the end; ended with an exception: %s%n",
                server.path("accepted").asLong(),
                server.path("fullHandshakes").asLong(),
                server.path("resumedHandshakes").asLong(),
                server.path("open").asLong(),
                server.path("endedWithException").toString()));
        b.append(String.format(
                "- memory at %.0f s against %.0f s (the first fifth), as a share of RSS then: RSS %+.2f%%, libraries' malloc %+.2f%%, NMT %+.2f%%"
                        + " (tolerance %.0f%%): %s%n",
                v.path("lastAt").asDouble(),
                v.path("referenceAt").asDouble(),
                v.path("rssKiBChangeOfRss").asDouble() * 100,
                v.path("libraryMallocKiBChangeOfRss").asDouble() * 100,
                v.path("nmtCommittedKiBChangeOfRss").asDouble() * 100,
                r.path("tolerance").asDouble() * 100,
                v.path("memoryFlat").asBoolean() ? "flat" : "NOT flat"));
        JsonNode end = r.path("end");
        b.append(String.format(
                "- after the load and a GC (%d ms): %d SSL, %d network BIOs, %d callback entries live: %s%n",
                r.path("settle").path("settleMillis").asLong(),
                end.path("liveSsl").asLong(),
                end.path("liveNetworkBio").asLong(),
                end.path("callbacksRegistered").asLong(),
                v.path("libsslObjectsFreed").asBoolean() ? "every libssl object freed" : "LEFT UNFREED"));
        b.append(String.format(
                "- descriptors: %d before, %d after (sockets %d, %d): %s; server alive: %s; pinned virtual threads: %d%n",
                v.path("fdsBefore").asLong(),
                v.path("fdsAfter").asLong(),
                v.path("socketsBefore").asLong(),
                v.path("socketsAfter").asLong(),
                v.path("noDescriptorsLeaked").asBoolean() ? "none leaked" : "LEAKED",
                r.path("serverAlive").asBoolean(),
                end.path("pinnedEvents").asLong()));
        b.append(String.format(
                "- at the end: RSS %d MiB, heap used %d MiB (byte[] %d MiB), malloc in use %d MiB, NMT %d MiB%n",
                end.path("rssKiB").asLong() / 1024,
                end.path("heapUsedKiB").asLong() / 1024,
                end.path("byteArrayKiB").asLong() / 1024,
                end.path("mallocInUseKiB").asLong() / 1024,
                end.path("nmtCommittedKiB").asLong() / 1024));
        return b.toString();
    }
}
