package dev.acceljce.attack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.attack.AttackMain.Row;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short run of TLS-Attacker 3.7.0 against an AccelJCE-TLS server and a SunJSSE server beside it
 * (RSA-2048 certificate, TLS 1.3 and 1.2, the legacy suite list so CBC and RSA key exchange are
 * there to be attacked; each server in a JVM of its own): no check may find on AccelJCE-TLS what
 * it does not find on SunJSSE, the server must stay alive, and after each check every AccelJCE
 * {@code SSL}, network BIO and callback entry must be freed. The slow checks (static-ECDH
 * invalid curve, invalid curve in renegotiation, the ECDSA certificate, the stacks' default
 * suites) are left to {@code scripts/tls-attacker.sh}.
 */
class AttackToolsTest {
    /** Checks whose verdict on AccelJCE-TLS must be definite: the run reached the server. */
    private static final Set<String> MUST_ANSWER = Set.of(
            "TLS-Attacker padding_oracle",
            "TLS-Attacker bleichenbacher",
            "TLS-Attacker invalid_curve -ephemeral",
            "TLS-Attacker heartbleed",
            "TLS-Attacker tls_poodle",
            "probe tls13-handshake",
            "probe renegotiation-insecure",
            "probe fallback-scsv",
            "probe ticket-tampered-body");

    @TempDir
    static Path dir;

    @BeforeAll
    static void quiet() {
        AttackMain.quietLogs();
    }

    @Test
    void attacksFindNothingOnAccelJceTlsThatSunJsseDoesNotShow() throws Exception {
        List<Check> checks = new ArrayList<>();
        for (Check c : AttackMain.allChecks()) {
            if (!c.name().contains("invalid_curve -protocol_flows")
                    && !c.name().contains("-renegotiation")
                    && !c.name().contains("-point_format")
                    && !c.name().contains("cve2016")) {
                checks.add(c);
            }
        }
        Path store = Keys.store(dir, "rsa2048");
        List<Row> rows = new ArrayList<>();
        rows.addAll(AttackMain.runAll(new Target.Kind("AccelJCE-TLS", "rsa2048", "legacy"), store, checks));
        rows.addAll(AttackMain.runAll(new Target.Kind("SunJSSE", "rsa2048", "legacy"), store, checks));
        System.out.println(Report.markdown(rows));

        assertEquals(List.of(), Report.problems(rows));
        int answered = 0;
        for (Row r : rows) {
            if (r.kind().ours()) {
                assertTrue(r.alive(), r.check().name());
                assertNotNull(r.server(), r.check().name());
                assertEquals("false", r.server().get("bouncyCastleVisible"));
                if (MUST_ANSWER.contains(r.check().name())) {
                    assertNotNull(
                            r.outcome().vulnerable(),
                            r.check().name() + ": " + r.outcome().note());
                    answered++;
                }
            }
        }
        assertEquals(MUST_ANSWER.size(), answered, "every check that must answer ran");
    }
}
