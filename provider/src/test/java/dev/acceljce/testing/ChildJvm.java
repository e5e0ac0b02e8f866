package dev.acceljce.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
        // output to a file, not a pipe: nothing to drain meanwhile, and nothing left to wait for
        // once the child has ended (a pipe read can outlive the child on a loaded machine)
        Path log = Files.createTempFile("acceljce-child-", ".log");
        try {
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            process.getOutputStream().close();
            boolean done = process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (!done) {
                process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
            String out = new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
            assertTrue(done, main.getSimpleName() + " did not finish:\n" + out);
            assertEquals(0, process.exitValue(), out);
            return out;
        } finally {
            Files.deleteIfExists(log);
        }
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
