package dev.acceljce.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.testing.Providers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsAndTraceTest {
    @TempDir
    Path dir;

    @AfterEach
    void clear() {
        for (String k : List.of(
                "acceljce.config",
                "acceljce.trace",
                "acceljce.native.digest",
                "jdk.nativeDigest",
                "jdk.nativeCrypto",
                "acceljce.policy.digest")) {
            Settings.set(k, null);
            System.clearProperty(k);
            Settings.reload();
        }
    }

    private static long nativeObjects() {
        return Decisions.count("MessageDigest", "SHA-224", dev.acceljce.control.Path.NATIVE);
    }

    private static long jdkObjects() {
        return Decisions.count("MessageDigest", "SHA-224", dev.acceljce.control.Path.JDK);
    }

    /**
     * Settings are read once into a snapshot (creating an object reads no properties): a system
     * property changed in a running JVM applies after {@code Settings.reload()}, a run-time
     * override (JMX) at once, and an edited file after a reload too.
     */
    @Test
    void aSnapshotIsReplacedBySetAndReloadOnly() throws Exception {
        long nat = nativeObjects();
        MessageDigest.getInstance("SHA-224", Providers.ACCEL);
        assertEquals(nat + 1, nativeObjects(), "native to start with");

        System.setProperty("acceljce.native.digest", "false");
        nat = nativeObjects();
        MessageDigest.getInstance("SHA-224", Providers.ACCEL);
        assertEquals(nat + 1, nativeObjects(), "a property set in the running JVM waits for a reload");
        Settings.reload();
        long jdk = jdkObjects();
        MessageDigest.getInstance("SHA-224", Providers.ACCEL);
        assertEquals(jdk + 1, jdkObjects(), "and applies after it");

        Settings.set("acceljce.native.digest", "true");
        nat = nativeObjects();
        MessageDigest.getInstance("SHA-224", Providers.ACCEL);
        assertEquals(nat + 1, nativeObjects(), "an override applies at once");
        Settings.set("acceljce.native.digest", null);

        Path file = dir.resolve("edited.properties");
        Files.writeString(file, "acceljce.native.digest=true\n");
        System.clearProperty("acceljce.native.digest");
        Settings.set("acceljce.config", file.toString());
        nat = nativeObjects();
        MessageDigest.getInstance("SHA-224", Providers.ACCEL);
        assertEquals(nat + 1, nativeObjects(), "the file says native");
        Files.writeString(file, "acceljce.native.digest=false\n");
        Settings.reload();
        jdk = jdkObjects();
        MessageDigest.getInstance("SHA-224", Providers.ACCEL);
        assertEquals(jdk + 1, jdkObjects(), "the edited file, read again at the reload");
    }

    @Test
    void switchesComeFromOverridesPropertiesAndTheConfigFileInThatOrder() throws Exception {
        Path file = dir.resolve("acceljce.properties");
        Files.writeString(file, "acceljce.native.digest=false\n");
        Settings.set("acceljce.config", file.toString());
        long jdk = jdkObjects();
        MessageDigest.getInstance("SHA-224", Providers.ACCEL);
        assertEquals(jdk + 1, jdkObjects(), "the file switched digests to the JDK");

        System.setProperty("acceljce.native.digest", "true");
        Settings.reload();
        long nat = nativeObjects();
        MessageDigest.getInstance("SHA-224", Providers.ACCEL);
        assertEquals(nat + 1, nativeObjects(), "a system property beats the file");

        Settings.set("acceljce.native.digest", "false");
        jdk = jdkObjects();
        MessageDigest.getInstance("SHA-224", Providers.ACCEL);
        assertEquals(jdk + 1, jdkObjects(), "a run-time override beats both");
        assertTrue(Settings.describe().get("acceljce.native.digest").contains("run-time override"));
    }

    @Test
    void semeruSwitchNamesAreHonoured() throws Exception {
        for (String semeru : List.of("jdk.nativeDigest", "jdk.nativeCrypto")) {
            System.setProperty(semeru, "false");
            Settings.reload();
            long jdk = jdkObjects();
            MessageDigest.getInstance("SHA-224", Providers.ACCEL);
            assertEquals(jdk + 1, jdkObjects(), semeru);
            System.clearProperty(semeru);
            Settings.reload();
        }
        assertFalse(Settings.nativeAllowed(Family.DIGEST) && System.getProperty("jdk.nativeGCM") != null);
    }

    @Test
    void loadTraceNamesTheLibraryAndEveryAlgorithmsPath() {
        Settings.set("acceljce.trace", "load");
        Settings.set("acceljce.policy.digest", "jdk");
        List<String> lines = TraceLines.captured(AccelJceProvider::new);
        assertTrue(lines.getFirst().contains("OpenSSL"), lines.getFirst());
        assertTrue(lines.contains("AccelJCE: MessageDigest.SHA-256 -> jdk"), String.join("\n", lines));
        assertTrue(
                lines.stream().anyMatch(l -> l.startsWith("AccelJCE: Mac.HmacSHA256 -> ")), String.join("\n", lines));
        // a service whose native objects hand some cases to the JDK names them
        assertTrue(
                lines.stream()
                        .anyMatch(l -> l.startsWith("AccelJCE: KDF.HKDF-SHA256 -> native; hands to the JDK: info")),
                String.join("\n", lines));
    }

    @Test
    void callTraceIsRateLimited() throws Exception {
        Settings.set("acceljce.trace", "calls");
        List<String> lines = TraceLines.captured(() -> {
            try {
                for (int i = 0; i < 200; i++) {
                    MessageDigest.getInstance("SHA-224", Providers.ACCEL);
                }
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        assertTrue(lines.size() >= 1 && lines.size() <= 2 * Trace.CALLS_PER_SECOND, lines.size() + " lines");
        assertTrue(lines.getFirst().startsWith("MessageDigest.SHA-224: "), lines.getFirst());
    }
}
