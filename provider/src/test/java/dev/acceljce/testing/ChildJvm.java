package dev.acceljce.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A JVM of its own for a test's {@code main} class: this JVM's class path, native access, and the
 * library this run of the suite tests (the system run skips the bundled one). Fails the test when
 * it does not end within the time given or ends with a non-zero status.
 */
public final class ChildJvm {
    private ChildJvm() {}

    /** Runs {@code main} with {@code jvmOptions} and {@code args}; returns what it printed (stdout and stderr). */
    public static String run(List<String> jvmOptions, Class<?> main, int timeoutSeconds, String... args)
            throws Exception {
        List<String> options = new ArrayList<>(jvmOptions);
        for (String p : List.of("acceljce.openssl.skipBundled", "acceljce.openssl.lib")) {
            if (System.getProperty(p) != null) {
                options.add("-D" + p + "=" + System.getProperty(p));
            }
        }
        return runChoosingLibrary(options, main, timeoutSeconds, args);
    }

    /**
     * As {@link #run}, but the library is the one {@code jvmOptions} choose (for a test that runs
     * both libraries itself), not this run's.
     */
    public static String runChoosingLibrary(List<String> jvmOptions, Class<?> main, int timeoutSeconds, String... args)
            throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> {
            try {
                return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        boolean done = process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
        if (!done) {
            process.destroyForcibly();
        }
        String out = output.get(30, TimeUnit.SECONDS);
        assertTrue(done, main.getSimpleName() + " did not finish:\n" + out);
        assertEquals(0, process.exitValue(), out);
        return out;
    }

    /**
     * A {@code java.security} file for {@code -Djava.security.properties==FILE} ("==": the whole
     * configuration): the JDK's own with its provider list replaced by {@code providers}, in order.
     */
    public static Path securityFile(Path dir, String name, String... providers) throws IOException {
        StringBuilder conf = new StringBuilder();
        for (String line :
                Files.readAllLines(Path.of(System.getProperty("java.home"), "conf", "security", "java.security"))) {
            if (!line.startsWith("security.provider.")) {
                conf.append(line).append('\n');
            }
        }
        for (int i = 0; i < providers.length; i++) {
            conf.append("security.provider.")
                    .append(i + 1)
                    .append('=')
                    .append(providers[i])
                    .append('\n');
        }
        return Files.writeString(dir.resolve(name), conf);
    }
}
