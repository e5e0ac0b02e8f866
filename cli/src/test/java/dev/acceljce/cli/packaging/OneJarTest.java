package dev.acceljce.cli.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jar a user adds is the provider: {@code acceljce-provider-VERSION-linux-x86_64.jar} alone on
 * the class path runs on the bundled OpenSSL 3.5 (ML-KEM included) and prints nothing at start;
 * the provider-only jar alone falls back to the system's libcrypto.so.3 and says, once, in a
 * WARNING, what that loses. Each in a fresh JVM with its own home (the library's extraction cache).
 */
class OneJarTest {
    private static final String ABC_SHA256 = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

    @TempDir
    Path home;

    @Test
    void theLinuxJarAloneRunsOnTheBundledLibraryQuietly() throws Exception {
        Path jar = providerJar("-linux-x86_64.jar");
        Run run = probe(jar);
        assertEquals("AccelJCE", run.values.get("provider"), run.toString());
        assertEquals(ABC_SHA256, run.values.get("sha256"), run.toString());
        assertEquals("bundled", run.values.get("source"), run.toString());
        assertTrue(run.values.get("version").startsWith("OpenSSL 3.5"), run.toString());
        assertEquals("true", run.values.get("mlkem"), run.toString());
        assertEquals("", run.stderr.strip(), "a library prints nothing at start: " + run);
    }

    @Test
    void theProviderOnlyJarWarnsOnceWhatTheOlderSystemLibraryLoses() throws Exception {
        Path jar = providerJar("-SNAPSHOT.jar");
        Run run = probe(jar);
        assertEquals(ABC_SHA256, run.values.get("sha256"), run.toString());
        assertEquals("system", run.values.get("source"), run.toString());
        if (run.values.get("version").startsWith("OpenSSL 3.5")
                || run.values.get("version").startsWith("OpenSSL 3.6")) {
            assertFalse(run.stderr.contains("WARNING"), "no warning on a system library as new: " + run);
            return;
        }
        assertEquals(
                1,
                run.stderr
                        .lines()
                        .filter(l -> l.contains("older than the OpenSSL 3.5 it bundles"))
                        .count(),
                run.toString());
        assertTrue(run.stderr.contains("no ML-KEM or ML-DSA"), run.toString());
    }

    /** The provider module's jar ending in {@code suffix}, built by the reactor before this module. */
    private static Path providerJar(String suffix) throws IOException {
        Path target = Path.of("..", "provider", "target").toAbsolutePath().normalize();
        assumeTrue(Files.isDirectory(target), "no provider/target: run from the reactor");
        try (Stream<Path> files = Files.list(target)) {
            List<Path> found = files.filter(f -> f.getFileName().toString().startsWith("acceljce-provider-")
                            && f.getFileName().toString().endsWith(suffix))
                    .toList();
            // the bundled library (and so this jar) is built on linux-x86_64 only
            assumeTrue(
                    !suffix.equals("-linux-x86_64.jar")
                            || System.getProperty("os.arch").equals("amd64")
                                    && System.getProperty("os.name").equals("Linux"),
                    "no linux-x86_64 jar on this platform");
            assertEquals(1, found.size(), "one jar ending in " + suffix + " in " + target + ": " + found);
            return found.getFirst();
        }
    }

    private Run probe(Path jar) throws Exception {
        Path classes = Path.of(OneJarProbe.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-Duser.home=" + home,
                "-Djava.io.tmpdir=" + home,
                "-cp",
                jar + java.io.File.pathSeparator + classes,
                OneJarProbe.class.getName()));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().remove("XDG_CACHE_HOME");
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        Process p = pb.start();
        p.getOutputStream().close();
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
        String out = read(p.getInputStream());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "probe JVM did not finish");
        Run run = new Run(new TreeMap<>(), err.get(30, TimeUnit.SECONDS));
        out.lines()
                .filter(l -> l.contains("="))
                .forEach(l -> run.values.put(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1)));
        assertEquals(0, p.exitValue(), run.toString() + "\n" + out);
        return run;
    }

    private static String read(java.io.InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private record Run(Map<String, String> values, String stderr) {}
}
