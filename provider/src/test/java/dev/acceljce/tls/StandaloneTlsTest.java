package dev.acceljce.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.acceljce.testing.ChildJvm;
import dev.acceljce.testing.Providers;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * AccelJCE alone serves TLS when the JDK's EC and RSA providers were never installed: a JVM whose
 * {@code -Djava.security.properties} file lists AccelJCE, SUN, SunJSSE and SunJCE only (as a user
 * who wants AccelJCE to serve these families would configure it) completes every handshake of
 * {@link TlsCase#matrix()} over loopback sockets, under policy {@code auto} and {@code native}, on
 * the library this run of the suite tests (the build runs it against the bundled 3.5 and the
 * system's 3.0). Unlike {@link TlsHandshakeTest}, no JDK provider of these families exists to be
 * remembered.
 */
class StandaloneTlsTest {
    @TempDir
    static Path dir;

    private static Path security;

    @BeforeAll
    static void keystoresAndSecurityFile() throws Exception {
        Providers.requireNative();
        TlsCase.makeKeystores(dir);
        security = ChildJvm.securityFile(dir, "acceljce.security", "AccelJCE", "SUN", "SunJSSE", "SunJCE");
    }

    @ParameterizedTest(name = "policy {0}")
    @ValueSource(strings = {"auto", "native"})
    void everyHandshakeCompletesWithoutTheJdksEcAndRsaProviders(String policy) throws Exception {
        String out = ChildJvm.run(
                List.of("-Djava.security.properties==" + security, "-Dacceljce.policy=" + policy),
                StandaloneTlsMain.class,
                300,
                dir.toString());
        System.out.println(out.lines()
                .filter(l -> l.startsWith("PASS") || l.startsWith("FAIL") || l.startsWith("providers"))
                .reduce((a, b) -> a + "\n" + b)
                .orElse(out));
        long passed = out.lines().filter(l -> l.startsWith("PASS ")).count();
        assertEquals(TlsCase.matrix().size(), passed, out);
    }
}
