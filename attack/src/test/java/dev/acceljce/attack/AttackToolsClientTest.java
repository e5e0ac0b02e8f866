package dev.acceljce.attack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.attack.AttackMain.Row;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS-Attacker 3.7.0 as a hostile server against an AccelJCE-TLS client and a SunJSSE client beside
 * it (each in a JVM of its own, trusting the keytool RSA-2048 certificate TLS-Attacker presents):
 * nothing found on AccelJCE-TLS that SunJSSE does not show, the client alive and every AccelJCE
 * native object freed after each probe, every probe answered "not vulnerable" on AccelJCE-TLS (so
 * a run in which nothing connects cannot pass), and no renegotiation on a HelloRequest.
 */
class AttackToolsClientTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void quiet() {
        AttackMain.quietLogs();
    }

    @Test
    void hostileServerFindsNothingOnTheAccelJceTlsClientThatSunJsseDoesNotShow() throws Exception {
        Path store = Keys.store(dir, "rsa2048");
        List<ClientProbes.Probe> probes = ClientProbes.all();
        List<Row> rows = new ArrayList<>();
        rows.addAll(ClientRun.runAll(new Target.Kind("AccelJCE-TLS", "rsa2048", "client"), store, probes));
        rows.addAll(ClientRun.runAll(new Target.Kind("SunJSSE", "rsa2048", "client"), store, probes));
        System.out.println(Report.markdown(rows, "client"));

        assertEquals(List.of(), Report.problems(rows));
        int answered = 0;
        for (Row r : rows) {
            if (r.kind().ours()) {
                assertTrue(r.alive(), r.check().name());
                assertNotNull(r.server(), r.check().name());
                assertEquals("false", r.server().get("bouncyCastleVisible"));
                // every probe has one right answer on a client: refuse (or, for the plain handshake
                // and the HelloRequest, complete); unknown fails too
                assertEquals(
                        Boolean.FALSE,
                        r.outcome().vulnerable(),
                        r.check().name() + ": " + r.outcome().note());
                answered++;
                if (r.check().name().equals("client hello-request")) {
                    assertTrue(
                            r.outcome().note().startsWith("no ClientHello"),
                            r.outcome().note());
                }
            }
        }
        assertEquals(probes.size(), answered, "every probe ran against the AccelJCE-TLS client");
    }
}
