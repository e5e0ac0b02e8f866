package dev.acceljce.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.service.Capabilities;
import dev.acceljce.service.ServiceReport;
import dev.acceljce.testing.Providers;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The capability report of this process, live. */
class CapabilitiesTest {
    private static Capabilities.Service row(Capabilities c, String type, String algorithm) {
        return c.services().stream()
                .filter(s -> s.type().equals(type) && s.algorithm().equals(algorithm))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row " + type + "." + algorithm));
    }

    @Test
    void describesTheLoadedLibrary() {
        Providers.requireNative();
        Capabilities c = Capabilities.of(Providers.ACCEL);
        assertTrue(c.library().available());
        assertEquals(LibCrypto.version(), c.library().version());
        assertEquals(LibCrypto.path(), c.library().path());
        assertEquals(LibCrypto.source(), c.library().source());
        assertTrue(
                c.library().attempts().getLast().contains("loaded"),
                c.library().attempts().toString());
        assertNull(c.library().unavailableReason());
        assertNotNull(c.openssl().raw());
    }

    @Test
    void hasOneRowPerServiceWithPathAndFallback() {
        Providers.requireNative();
        Capabilities c = Capabilities.of(Providers.ACCEL);
        List<ServiceReport.Row> rows = ServiceReport.of(Providers.ACCEL);
        assertEquals(rows.size(), c.services().size());
        for (int i = 0; i < rows.size(); i++) {
            ServiceReport.Row r = rows.get(i);
            Capabilities.Service s = c.services().get(i);
            assertEquals(r.type() + "." + r.algorithm(), s.type() + "." + s.algorithm());
            assertEquals(r.currentPath(), s.path(), s.algorithm());
            assertEquals(r.nativeAvailable(), s.nativeAvailable());
            // every service has a JDK twin, except those beyond the JDK (docs/beyond-jdk.md)
            boolean beyondJdk =
                    java.util.Set.of(Family.CMAC, Family.KMAC, Family.CCM, Family.XTS, Family.SIV, Family.ARGON2)
                                    .contains(r.family())
                            || r.algorithm().equals("XChaCha20-Poly1305");
            assertEquals(!beyondJdk, s.jdkFallback(), s.type() + "." + s.algorithm() + ": a JDK twin");
            assertNotNull(s.instructionPath());
        }
        Capabilities.Service sha256 = row(c, "MessageDigest", "SHA-256");
        assertTrue(sha256.nativeAvailable());
        assertEquals(Path.NATIVE, sha256.path());
        assertEquals(SelfTest.Status.PASSED, sha256.selfTest());
        assertNull(sha256.selfTestReason());
        assertEquals(List.of(), row(c, "AlgorithmParameters", "GCM").instructions(), "DER in Java");
    }

    /** On this project's x86_64 build machines OpenSSL runs SHA-256 on SHA-NI and AES on AES-NI. */
    @Test
    void namesTheInstructionsOpenSslEnabledHere() {
        Providers.requireNative();
        Capabilities c = Capabilities.of(Providers.ACCEL);
        if (c.enabledFeatures().contains("sha_ni")) {
            assertEquals(List.of("sha_ni"), row(c, "MessageDigest", "SHA-256").instructions());
            assertEquals(List.of("sha_ni"), row(c, "Mac", "HmacSHA256").instructions());
            Capabilities.Service hkdf = row(c, "KDF", "HKDF-SHA256");
            // decoded for OpenSSL only: AWS-LC (the x86-64 table's HKDF library) dispatches on its own
            assertEquals(hkdf.engine().equals("openssl") ? List.of("sha_ni") : List.of(), hkdf.instructions());
        }
        if (c.enabledFeatures().contains("aes")) {
            assertTrue(row(c, "SecureRandom", "DRBG").instructions().contains("aes"));
        }
        for (Capabilities.Service s : c.services()) {
            assertTrue(
                    c.enabledFeatures().containsAll(s.instructions()),
                    s.algorithm() + " claims " + s.instructions() + " beyond " + c.enabledFeatures());
        }
        // SHA-3 has no ISA-specific path on x86_64: nothing is claimed for it
        if (c.cpu().arch().equals("x86_64")) {
            assertEquals(List.of(), row(c, "MessageDigest", "SHA3-256").instructions());
        }
    }

    @Test
    void theJdkFallbackIsAskedOfTheJdkAsTheJcaWouldResolveIt() {
        assertTrue(dev.acceljce.jdk.JdkProviders.has("MessageDigest", "SHA-256"));
        assertTrue(dev.acceljce.jdk.JdkProviders.has("Cipher", "AES/GCM/NoPadding"), "registered by its full name");
        assertTrue(
                dev.acceljce.jdk.JdkProviders.has("Cipher", "AES/CBC/NoPadding"),
                "SunJCE's AES with a mode and padding");
        assertFalse(dev.acceljce.jdk.JdkProviders.has("Cipher", "AES/XYZ/NoPadding"));
        assertFalse(dev.acceljce.jdk.JdkProviders.has("Cipher", "Serpent/CBC/NoPadding"));
        assertFalse(dev.acceljce.jdk.JdkProviders.has("MessageDigest", "Whirlpool"));
    }

    @Test
    void selfTestResultsAreInTheReport() {
        Providers.requireNative();
        Capabilities c = Capabilities.of(Providers.ACCEL);
        assertEquals(SelfTest.Status.PASSED, c.selfTest().overall());
        assertEquals(
                EngineSelfTests.families(Engine.OPENSSL),
                c.selfTest().families().keySet());
        assertTrue(c.selfTest().results().size()
                >= EngineSelfTests.families(Engine.OPENSSL).size());
    }
}
