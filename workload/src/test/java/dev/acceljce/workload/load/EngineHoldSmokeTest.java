package dev.acceljce.workload.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.acceljce.workload.run.ChildJvm;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code load --servers engines} in small, as a smoke test: 50 AccelJCE-TLS engine pairs held in a
 * JVM of their own, measured, closed. Every pair's two {@code SSL}s are alive while held and gone
 * once closed and collected, and the per-pair figures are there (their size is the benchmark's
 * business, not this test's).
 */
class EngineHoldSmokeTest {
    @Test
    void fiftyPairsHeldMeasuredAndFreed() throws Exception {
        Path out = Path.of("target/engines-ci");
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        int status = LoadMain.run(
                new String[] {
                    "hold",
                    "--servers",
                    "engines",
                    "--stacks",
                    "acceljce-tls",
                    "--connections",
                    "50",
                    "--warmup",
                    "10",
                    "--server-heap",
                    "256m",
                    "--no-pin",
                    "--out",
                    out.toString()
                },
                new PrintStream(printed, true, StandardCharsets.UTF_8));
        String text = printed.toString(StandardCharsets.UTF_8);
        System.out.println(text);
        assertEquals(0, ChildJvm.live(), "the JVM of the run is stopped");
        JsonNode r = new ObjectMapper()
                .readTree(out.resolve("load.json").toFile())
                .path("results")
                .get(0);
        assertFalse(r.has("error"), text);
        assertTrue(r.path("held").path("liveSsl").asLong() >= 100, "two SSLs per pair held: " + r.path("held"));
        assertEquals(0, r.path("afterClose").path("liveSsl").asLong(), "every SSL freed after close and a GC");
        assertEquals(0, r.path("afterClose").path("callbacksRegistered").asLong(), "no callback entry left");
        for (String f : new String[] {"heapUsedKiB", "byteArrayKiB", "rssKiB", "mallocInUseKiB", "libraryMallocKiB"}) {
            assertTrue(r.path("perPair").has(f), f + " per pair: " + r.path("perPair"));
        }
        assertTrue(text.contains("| acceljce-tls | 50 |"), "the summary's row: " + text);
        assertEquals(0, status, text);
    }
}
