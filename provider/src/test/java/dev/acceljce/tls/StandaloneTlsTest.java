package dev.acceljce.tls;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.acceljce.testing.Providers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    @BeforeAll
    static void keystoresAndSecurityFile() throws Exception {
        Providers.requireNative();
        TlsCase.makeKeystores(dir);
        // the JDK's own java.security with its provider list replaced by four entries; "==" below
        // makes this file the whole configuration, so no other entry of the JDK's list is left
        StringBuilder conf = new StringBuilder();
        for (String line : Files.readAllLines(Path.of(System.getProperty("java.home"), "conf", "security",
                "java.security"))) {
            if (!line.startsWith("security.provider.")) {
                conf.append(line).append('\n');
            }
        }
        conf.append("""
                security.provider.1=AccelJCE
                security.provider.2=SUN
                security.provider.3=SunJSSE
                security.provider.4=SunJCE
                """);
        Files.writeString(dir.resolve("acceljce.security"), conf);
    }

    @ParameterizedTest(name = "policy {0}")
    @ValueSource(strings = {"auto", "native"})
    void everyHandshakeCompletesWithoutTheJdksEcAndRsaProviders(String policy) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-Djava.security.properties==" + dir.resolve("acceljce.security"),
                "-Dacceljce.policy=" + policy));
        // the library this run tests (the system run skips the bundled one)
        for (String p : List.of("acceljce.openssl.skipBundled", "acceljce.openssl.lib")) {
            if (System.getProperty(p) != null) {
                command.add("-D" + p + "=" + System.getProperty(p));
            }
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), StandaloneTlsMain.class.getName(),
                dir.toString()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        var output = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        boolean done = p.waitFor(300, TimeUnit.SECONDS);
        if (!done) {
            p.destroyForcibly();
        }
        String out = output.get(30, TimeUnit.SECONDS);
        System.out.println(out.lines().filter(l -> l.startsWith("PASS") || l.startsWith("FAIL")
                || l.startsWith("providers")).reduce((a, b) -> a + "\n" + b).orElse(out));
        assertTrue(done, "child JVM did not finish:\n" + out);
        assertEquals(0, p.exitValue(), out);
        long passed = out.lines().filter(l -> l.startsWith("PASS ")).count();
        assertEquals(TlsCase.matrix().size(), passed, out);
    }
}
