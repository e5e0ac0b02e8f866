package dev.acceljce.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.testing.ChildJvm;
import dev.acceljce.testing.FipsTesting;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SunJSSE TLS 1.3 and 1.2 handshakes complete with AccelJCE in FIPS mode (a child JVM, see
 * {@link FipsTlsMain}) on approved groups and suites only, and AccelJCE's counters show no
 * operation on the JDK path. The JDK's TLS key derivation for 1.2 (SunJCE's SunTls* key
 * generators, not cryptographic services AccelJCE offers) stays with SunJCE, and computes its
 * HMACs through AccelJCE.
 */
class FipsTlsTest {
    @TempDir
    static Path dir;

    private static Path security;

    @BeforeAll
    static void keystoresAndSecurityFile() throws Exception {
        FipsTesting.requireBundledModule();
        TlsCase.makeKeystores(dir);
        security = ChildJvm.securityFile(dir, "acceljce-fips.security", "AccelJCE", "SUN", "SunJSSE", "SunJCE");
    }

    @Test
    void approvedHandshakesCompleteWithNoJdkPath() throws Exception {
        String out = ChildJvm.run(
                List.of("-Djava.security.properties==" + security, "-Dacceljce.fips=true"),
                FipsTlsMain.class,
                300,
                dir.toString());
        System.out.println(out.lines()
                .filter(l -> !l.startsWith("\t") && !l.startsWith("java."))
                .reduce((a, b) -> a + "\n" + b)
                .orElse(out));
        long passed = out.lines().filter(l -> l.startsWith("PASS ")).count();
        assertEquals(FipsTlsMain.cases().size(), passed, out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("PASS TLSv1.3")), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("PASS TLSv1.2")), out);
        assertTrue(out.contains("\njdkOps 0\n"), out);
        assertTrue(out.lines().noneMatch(l -> l.startsWith("JDKPATH")), out);
    }
}
