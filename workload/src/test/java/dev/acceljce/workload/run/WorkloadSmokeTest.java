package dev.acceljce.workload.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The workload end to end at a tiny load, as CI runs it: bank, BeSim and driver JVMs for a few
 * seconds per configuration (4 users, no search), pages served, QoS computed, AccelJCE's counters
 * present, every JVM stopped. It measures nothing.
 */
class WorkloadSmokeTest {
    @Test
    void tinyRunServesPagesComputesQosAndStopsEverything() throws Exception {
        Path out = Path.of("target/workload-smoke");
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        int status = WorkloadMain.run(
                new String[] {
                    "quick",
                    "--configs",
                    "jdk-default,acceljce-native,acceljce-tls",
                    "--start-users",
                    "4",
                    "--max-users",
                    "4",
                    "--jit-warmup",
                    "1",
                    "--warmup",
                    "1",
                    "--measure",
                    "3",
                    "--out",
                    out.toString()
                },
                new PrintStream(printed, true, StandardCharsets.UTF_8));
        String text = printed.toString(StandardCharsets.UTF_8);
        System.out.println(text);
        assertEquals(0, status, text);
        assertEquals(0, ChildJvm.live(), "every JVM of the run is stopped");

        JsonNode doc = new ObjectMapper().readTree(out.resolve("workload.json").toFile());
        assertEquals(3, doc.path("results").size());
        for (JsonNode r : doc.path("results")) {
            JsonNode point = r.path("points").get(0);
            assertTrue(point.path("pageCount").asLong() > 0, r.path("configuration") + " served pages");
            assertTrue(point.has("qosMet") && point.path("withinGood").asDouble() > 0, "QoS computed");
            assertTrue(point.path("bank").path("besimConnections").asLong() > 0, "the bank called BeSim");
            assertTrue(point.path("threadDumps").path("dumps").asInt() > 0, "the bank's threads were dumped");
            if (r.path("configuration").asText().equals("acceljce-tls")) {
                long ownHandshakes = 0;
                for (JsonNode row : point.path("bank").path("acceljceCounters")) {
                    if (row.path("service").asText().startsWith("TLS.handshake ")) {
                        ownHandshakes += row.path("awslcOps").asLong();
                    }
                }
                assertTrue(ownHandshakes > 0, "Jetty's connector ran its handshakes on AccelJCE's TLS stack");
            }
            if (r.path("configuration").asText().equals("acceljce-native")) {
                long nativeOps = 0;
                for (JsonNode row : point.path("bank").path("acceljceCounters")) {
                    nativeOps += row.path("nativeOps").asLong();
                }
                assertTrue(nativeOps > 0, "AccelJCE served the bank's crypto natively");
            }
        }
        assertTrue(Files.exists(out.resolve("workload.md")));
        assertTrue(text.contains("| tls13-ecdsa | acceljce-native |"), text);
        assertTrue(text.contains("| tls13-ecdsa | acceljce-tls |"), text);
        assertTrue(text.contains("JIT warm-up: 1 s of full handshakes"), text);
    }

    @Test
    void badInputEndsWithAClearMessage() throws Exception {
        var e = assertThrows(
                IllegalArgumentException.class,
                () -> WorkloadMain.run(new String[] {"quick", "--configs", "nope"}, System.out));
        assertTrue(e.getMessage().contains("unknown configuration 'nope'"), e.getMessage());
        e = assertThrows(
                IllegalArgumentException.class, () -> WorkloadMain.run(new String[] {"sometimes"}, System.out));
        assertTrue(e.getMessage().contains("say quick, full or handshakes"), e.getMessage());
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            e = assertThrows(
                    IllegalArgumentException.class,
                    () -> WorkloadMain.run(
                            new String[] {"quick", "--bank-port", Integer.toString(taken.getLocalPort())}, System.out));
            assertTrue(e.getMessage().contains("is in use"), e.getMessage());
        }
    }
}
