package dev.acceljce.openssl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.foreign.BundledLibrary;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The loading order of {@link LibCrypto}, each case in a fresh JVM (the choice is made once per
 * JVM) running {@link LoadProbe}, with its own home and temp directories. Needs the bundled
 * OpenSSL jar on the test class path (the bundled-openssl profile).
 */
class LoadingOrderTest {
    private static BundledLibrary bundle;
    private static String systemPath;
    private static String systemVersion;

    @TempDir
    Path temp;

    private Path home;
    private Path tmpdir;

    @BeforeAll
    static void findLibraries() throws Exception {
        Optional<BundledLibrary> found = BundledLibrary.find(LoadingOrderTest.class.getClassLoader(), "openssl");
        assumeTrue(found.isPresent(), "the bundled OpenSSL jar is not on the test class path");
        bundle = found.get();
        Path scratch = Files.createTempDirectory("acceljce-probe");
        try {
            Probe system = probe(
                    List.of(
                            "-Dacceljce.openssl.skipBundled=true",
                            "-Duser.home=" + scratch,
                            "-Djava.io.tmpdir=" + scratch),
                    Map.of(),
                    null);
            assertEquals("system", system.get("source"), system.toString());
            systemPath = system.get("path");
            systemVersion = system.get("version");
        } finally {
            Files.deleteIfExists(scratch);
        }
    }

    @BeforeEach
    void directories() throws IOException {
        home = Files.createDirectory(temp.resolve("home"));
        tmpdir = Files.createDirectory(temp.resolve("tmp"));
    }

    @Test
    void bundledIsTheDefault() throws Exception {
        Probe p = run();
        assertEquals("bundled", p.get("source"), p.toString());
        assertEquals(bundle.versionText(), p.get("version"));
        Path dir = home.resolve(".cache/acceljce/native").resolve(bundle.sha256());
        assertEquals(dir.resolve(bundle.fileName()).toString(), p.get("path"));
        assertEquals(bundle.sha256(), sha256(Path.of(p.get("path"))));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
        assertEquals(1, p.attempts().size(), p.toString());
    }

    @Test
    void xdgCacheHomeIsPreferredToHome() throws Exception {
        Path xdg = Files.createDirectory(temp.resolve("xdg"));
        Probe p = probe(defaults(), Map.of("XDG_CACHE_HOME", xdg.toString()), null);
        assertEquals("bundled", p.get("source"), p.toString());
        assertTrue(p.get("path").startsWith(xdg.resolve("acceljce/native").toString()), p.toString());
    }

    @Test
    void explicitPathWinsOverEverything() throws Exception {
        Probe p = run("-Dacceljce.openssl.lib=" + systemPath);
        assertEquals("property", p.get("source"), p.toString());
        assertEquals(systemPath, p.get("path"));
        assertEquals(systemVersion, p.get("version"));
        assertEquals(1, p.attempts().size(), p.toString());
    }

    @Test
    void explicitPathWinsOverSkipBundled() throws Exception {
        Path extracted = bundle.extractTo(temp.resolve("extracted"));
        Probe p = run("-Dacceljce.openssl.lib=" + extracted, "-Dacceljce.openssl.skipBundled=true");
        assertEquals("property", p.get("source"), p.toString());
        assertEquals(bundle.versionText(), p.get("version"));
    }

    @Test
    void semeruPropertyNamesWork() throws Exception {
        Probe lib = run("-Djdk.native.openssl.lib=" + systemPath);
        assertEquals("property", lib.get("source"), lib.toString());
        assertEquals(systemPath, lib.get("path"));
        Probe skip = run("-Djdk.native.openssl.skipBundled=true");
        assertEquals("system", skip.get("source"), skip.toString());
    }

    @Test
    void skipBundledFallsToTheSystemLibrary() throws Exception {
        Probe p = run("-Dacceljce.openssl.skipBundled=true");
        assertEquals("system", p.get("source"), p.toString());
        assertEquals(systemVersion, p.get("version"));
        assertTrue(p.attempts().getFirst().contains("skipped"), p.toString());
        assertFalse(Files.exists(home.resolve(".cache")), "nothing extracted when the bundle is skipped");
    }

    @Test
    void badExplicitPathFailsWithoutFallingBack() throws Exception {
        String missing = temp.resolve("no-such-dir/libcrypto.so.3").toString();
        Probe p = run("-Dacceljce.openssl.lib=" + missing);
        assertEquals("false", p.get("available"), p.toString());
        assertEquals("null", p.get("source"));
        assertTrue(p.get("reason").contains(missing), p.toString());
        assertEquals(1, p.attempts().size(), "no other library tried: " + p);
    }

    /**
     * The provider's classes without the bundle: where {@link LibCrypto} was loaded from, or, when
     * that jar carries the bundle itself (a platform classifier jar, as scripts/test-aarch64.sh
     * tests), the plain provider jar named by {@code acceljce.test.providerWithoutBundle}.
     */
    @Test
    void withoutTheBundleJarTheSystemLibraryLoads() throws Exception {
        String plainJar = System.getProperty("acceljce.test.providerWithoutBundle");
        String provider = plainJar != null ? plainJar : codeSource(LibCrypto.class);
        if (plainJar == null) {
            assumeFalse(
                    holdsTheBundle(provider),
                    provider
                            + " carries the bundle; name the plain provider jar in acceljce.test.providerWithoutBundle");
        } else {
            assertFalse(holdsTheBundle(provider), provider + " carries the bundle");
        }
        String classPath = provider + java.io.File.pathSeparator + codeSource(LoadProbe.class);
        Probe p = probe(defaults(), Map.of(), classPath);
        assertEquals("system", p.get("source"), p.toString());
        assertTrue(p.attempts().getFirst().contains("is not on the class path"), p.toString());
    }

    @Test
    void unusableHomeFallsBackToTmpdir() throws Exception {
        Path notADirectory = Files.writeString(temp.resolve("home-is-a-file"), "x");
        Probe p = run("-Duser.home=" + notADirectory);
        assertEquals("bundled", p.get("source"), p.toString());
        assertTrue(p.get("path").startsWith(tmpdir.toString()), p.toString());
        assertTrue(p.attempts().getFirst().contains(notADirectory.toString()), p.toString());
    }

    @Test
    void sharedDirectoryIsRefused() throws Exception {
        Path base = home.resolve(".cache/acceljce/native");
        Files.createDirectories(base);
        Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwxrwxrwx"));
        Probe p = run();
        assertEquals("bundled", p.get("source"), p.toString());
        assertTrue(p.get("path").startsWith(tmpdir.toString()), p.toString());
        assertTrue(p.attempts().getFirst().contains("writable by other users"), p.toString());
    }

    @Test
    void damagedCopyIsReplaced() throws Exception {
        Path dir = home.resolve(".cache/acceljce/native").resolve(bundle.sha256());
        Files.createDirectories(
                dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path file = dir.resolve(bundle.fileName());
        Files.writeString(file, "not a library");
        Probe p = run();
        assertEquals("bundled", p.get("source"), p.toString());
        assertEquals(file.toString(), p.get("path"));
        assertEquals(bundle.sha256(), sha256(file));
        try (var left = Files.list(dir)) {
            assertEquals(List.of(file), left.toList(), "no temporary files left behind");
        }
    }

    @Test
    void existingVerifiedCopyIsReused() throws Exception {
        Path first = Path.of(run().get("path"));
        var modified = Files.getLastModifiedTime(first);
        Probe again = run();
        assertEquals(first.toString(), again.get("path"));
        assertEquals(modified, Files.getLastModifiedTime(first), "a verified copy is not rewritten");
    }

    @Test
    void extractDirPropertyIsTheOnlyPlaceTried() throws Exception {
        Path notADirectory = Files.writeString(temp.resolve("extract-is-a-file"), "x");
        Probe p = run("-Dacceljce.openssl.extractDir=" + notADirectory);
        assertEquals("system", p.get("source"), p.toString());
        assertTrue(p.attempts().getFirst().contains(notADirectory.toString()), p.toString());
        assertFalse(Files.exists(tmpdir.resolve("acceljce-" + Files.getAttribute(Path.of("/proc/self"), "unix:uid"))));
        assertFalse(Files.exists(home.resolve(".cache")));
    }

    /** A real noexec mount, when this machine has a writable one (e.g. /dev/shm in many containers). */
    @Test
    void noexecMountIsSkipped() throws Exception {
        Optional<Path> noexec = writableNoexecMount();
        assumeTrue(noexec.isPresent(), "no writable noexec mount here; BundledLibraryTest covers the detection");
        Path dir = Files.createTempDirectory(noexec.get(), "acceljce-test");
        try {
            Probe p = run("-Djava.io.tmpdir=" + dir, "-Duser.home=" + Files.writeString(temp.resolve("f"), "x"));
            assertEquals("system", p.get("source"), p.toString());
            assertTrue(String.join("\n", p.attempts()).contains("noexec"), p.toString());
        } finally {
            try (var walk = Files.walk(dir)) {
                walk.sorted(java.util.Comparator.reverseOrder())
                        .forEach(f -> f.toFile().delete());
            }
        }
    }

    private static boolean holdsTheBundle(String classPathEntry) throws IOException {
        try (var loader = new java.net.URLClassLoader(
                new java.net.URL[] {Path.of(classPathEntry).toUri().toURL()}, null)) {
            return BundledLibrary.find(loader, "openssl").isPresent();
        }
    }

    /** The directory or jar a class was loaded from: to build a class path without the bundle jar. */
    private static String codeSource(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
    }

    /** A writable noexec mount of an ordinary file system (not cgroup, mqueue, proc, ...). */
    private static Optional<Path> writableNoexecMount() throws IOException {
        Set<String> plainFileSystems = Set.of("tmpfs", "ext2", "ext3", "ext4", "xfs", "btrfs");
        for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
            String[] f = line.split(" ");
            int separator = List.of(f).indexOf("-");
            if (f.length > 5
                    && separator > 5
                    && separator + 1 < f.length
                    && plainFileSystems.contains(f[separator + 1])
                    && List.of(f[5].split(",")).contains("noexec")
                    && f[5].startsWith("rw")
                    && !f[4].contains("\\") // escaped names: not worth decoding here
                    && Files.isDirectory(Path.of(f[4]))
                    && Files.isWritable(Path.of(f[4]))) {
                return Optional.of(Path.of(f[4]));
            }
        }
        return Optional.empty();
    }

    private List<String> defaults() {
        return List.of("-Duser.home=" + home, "-Djava.io.tmpdir=" + tmpdir);
    }

    /** A probe JVM with this test's home and tmpdir; later -D options override earlier ones. */
    private Probe run(String... properties) throws Exception {
        List<String> args = new ArrayList<>(defaults());
        args.addAll(List.of(properties));
        return probe(args, Map.of(), null);
    }

    private static Probe probe(List<String> properties, Map<String, String> env, String classPath) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("--enable-native-access=ALL-UNNAMED");
        command.add("-cp");
        command.add(classPath != null ? classPath : System.getProperty("java.class.path"));
        command.addAll(properties);
        command.add(LoadProbe.class.getName());
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(false);
        pb.environment().remove("XDG_CACHE_HOME");
        pb.environment().putAll(env);
        Process process = pb.start();
        process.getOutputStream().close();
        byte[] err;
        String out;
        try (InputStream stdout = process.getInputStream();
                InputStream stderr = process.getErrorStream()) {
            var errBytes = new java.util.concurrent.CompletableFuture<byte[]>();
            Thread.ofVirtual().start(() -> {
                try {
                    errBytes.complete(stderr.readAllBytes());
                } catch (IOException e) {
                    errBytes.completeExceptionally(e);
                }
            });
            out = new String(stdout.readAllBytes(), StandardCharsets.UTF_8);
            err = errBytes.get(60, TimeUnit.SECONDS);
        }
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "probe JVM did not finish");
        String stderrText = new String(err, StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), "probe failed: " + out + stderrText);
        return Probe.parse(out, stderrText);
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }

    /** The probe's "key=value" lines; "attempt" repeats. */
    private record Probe(Map<String, String> values, List<String> attempts, String stderr) {
        static Probe parse(String out, String stderr) {
            Map<String, String> values = new LinkedHashMap<>();
            List<String> attempts = new ArrayList<>();
            for (String line : out.split("\n")) {
                int eq = line.indexOf('=');
                if (eq < 0) {
                    continue;
                }
                String key = line.substring(0, eq);
                String value = line.substring(eq + 1);
                if (key.equals("attempt")) {
                    attempts.add(value);
                } else {
                    values.put(key, value);
                }
            }
            return new Probe(values, List.copyOf(attempts), stderr);
        }

        String get(String key) {
            return values.get(key);
        }
    }
}
