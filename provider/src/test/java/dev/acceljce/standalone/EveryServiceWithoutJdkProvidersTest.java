package dev.acceljce.standalone;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import dev.acceljce.testing.Providers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every service AccelJCE registers works in a JVM whose provider list is AccelJCE and SUN only
 * (no SunJCE, SunEC, SunRsaSign: as a deployment that wants AccelJCE to serve these families
 * alone configures it). The child JVM ({@link EveryServiceMain}) uses each registered service once;
 * services that only the JDK's providers can serve are not registered, and the report says why.
 */
class EveryServiceWithoutJdkProvidersTest {
    @TempDir
    Path dir;

    @Test
    void everyRegisteredServiceWorksWithOnlyAccelJceAndSun() throws Exception {
        Providers.requireNative();
        StringBuilder conf = new StringBuilder();
        for (String line : Files.readAllLines(Path.of(System.getProperty("java.home"), "conf", "security",
                "java.security"))) {
            if (!line.startsWith("security.provider.")) {
                conf.append(line).append('\n');
            }
        }
        conf.append("security.provider.1=AccelJCE\nsecurity.provider.2=SUN\n");
        Path security = Files.writeString(dir.resolve("acceljce-alone.security"), conf);
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-Djava.security.properties==" + security,
                "-Dacceljce.policy=auto"));
        for (String p : List.of("acceljce.openssl.skipBundled", "acceljce.openssl.lib")) {
            if (System.getProperty(p) != null) {
                command.add("-D" + p + "=" + System.getProperty(p));
            }
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), EveryServiceMain.class.getName()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> {
            try {
                return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        boolean done = process.waitFor(300, TimeUnit.SECONDS);
        if (!done) {
            process.destroyForcibly();
        }
        String out = output.get(30, TimeUnit.SECONDS);
        out.lines().filter(l -> l.startsWith("FAIL") || l.startsWith("NOTREG") || l.startsWith("providers"))
                .forEach(System.out::println);
        assertTrue(done, "child JVM did not finish:\n" + out);
        assertEquals(0, process.exitValue(), out);
        assertTrue(out.contains("providers AccelJCE,SUN\n"), out);
        long passed = out.lines().filter(l -> l.startsWith("PASS ")).count();
        List<String> failed = out.lines().filter(l -> l.startsWith("FAIL ")).toList();
        assertEquals(List.of(), failed, out);
        assertTrue(passed > 100, "services used: " + passed + "\n" + out);
    }
}
