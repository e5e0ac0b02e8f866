package dev.acceljce.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.testing.FixedRandom;
import dev.acceljce.testing.Providers;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.SecureRandomSpi;
import java.security.spec.ECGenParameterSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link CallerRandom}'s rule, source by source: which a caller may pass and keep the native path
 * (none, AccelJCE's DRBG, the JDK's default strong ones), which send the call to the JDK
 * (SHA1PRNG, subclasses, other providers' sources, look-alikes of SUN), and the call trace's line
 * with the reason.
 */
class CallerRandomTest {
    @AfterEach
    void clear() {
        Settings.set("acceljce.trace", null);
        Settings.reload();
    }

    @Test
    void noSourceAndTheDefaultsAreLikeOurs() throws Exception {
        assertTrue(CallerRandom.nativeMayIgnore(null));
        // what new SecureRandom() is here (the JDK's default: NativePRNG on Linux, or DRBG)
        assertTrue(CallerRandom.nativeMayIgnore(new SecureRandom()), new SecureRandom().getAlgorithm());
        assertTrue(CallerRandom.nativeMayIgnore(new SecureRandom(new byte[] {1, 2, 3})));
        for (String a : List.of("DRBG", "NativePRNG", "NativePRNGBlocking", "NativePRNGNonBlocking")) {
            assertTrue(CallerRandom.nativeMayIgnore(SecureRandom.getInstance(a, "SUN")), a);
        }
        assertTrue(CallerRandom.nativeMayIgnore(SecureRandom.getInstanceStrong()));
        assertTrue(CallerRandom.nativeMayIgnore(SecureRandom.getInstance("DRBG", Providers.ACCEL)));
        // AccelJCE's DRBG on its JDK path (a JDK DRBG behind AccelJCE's name) is no different
        assertTrue(CallerRandom.nativeMayIgnore(
                SecureRandom.getInstance("DRBG", dev.acceljce.AccelJceProvider.pathView(Path.JDK))));
    }

    @Test
    void deterministicSubclassedAndForeignSourcesAreNot() throws Exception {
        SecureRandom sha1 = SecureRandom.getInstance("SHA1PRNG", "SUN");
        assertFalse(CallerRandom.nativeMayIgnore(sha1), "SHA1PRNG: deterministic when seeded first");
        assertFalse(CallerRandom.nativeMayIgnore(new FixedRandom(1)), "a subclass");
        // a subclass claiming the SUN provider and a strong algorithm is still a subclass
        SecureRandom claimsSun = new SecureRandom(new ZeroSpi(), java.security.Security.getProvider("SUN")) {};
        assertFalse(CallerRandom.nativeMayIgnore(claimsSun));
        // a provider named SUN that is not the JDK's
        Provider lookAlike = new Provider("SUN", "1", "not the JDK's") {
            {
                putService(new Service(this, "SecureRandom", "NativePRNG", ZeroSpi.class.getName(), null, null));
            }
        };
        assertFalse(CallerRandom.nativeMayIgnore(SecureRandom.getInstance("NativePRNG", lookAlike)));
    }

    @Test
    void aHandOffIsTracedWithItsReason() throws Exception {
        Settings.set("acceljce.trace", "calls");
        List<String> lines = TraceLines.captured(() -> {
            try {
                KeyPairGenerator g = KeyPairGenerator.getInstance("EC", Providers.ACCEL);
                g.initialize(new ECGenParameterSpec("secp256r1"), SecureRandom.getInstance("SHA1PRNG", "SUN"));
                g.generateKeyPair();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        assertTrue(
                lines.stream()
                        .anyMatch(l -> l.startsWith("KeyPairGenerator.EC: hands to the JDK: the caller's SecureRandom")
                                && l.contains("SHA1PRNG from SUN")),
                String.join("\n", lines));
    }

    @Test
    void withoutAJdkProviderTheNativePathServesAndTheTraceSaysTheSourceIsNotUsed() {
        Settings.set("acceljce.trace", "calls");
        List<Boolean> decided = new ArrayList<>();
        List<String> lines = TraceLines.captured(
                () -> decided.add(CallerRandom.handToJdk(new FixedRandom(1), "KeyPairGenerator", "EC", () -> false)));
        assertEquals(List.of(false), decided);
        assertTrue(lines.stream().anyMatch(l -> l.contains("not used")), String.join("\n", lines));
        // a source like ours does not even ask whether the JDK is there
        assertFalse(CallerRandom.handToJdk(null, "KeyPairGenerator", "EC", () -> {
            throw new AssertionError("asked");
        }));
    }

    /** Returns zeros: a stand-in SPI for sources built by hand. */
    public static final class ZeroSpi extends SecureRandomSpi {
        @Override
        protected void engineSetSeed(byte[] seed) {}

        @Override
        protected void engineNextBytes(byte[] bytes) {
            java.util.Arrays.fill(bytes, (byte) 0);
        }

        @Override
        protected byte[] engineGenerateSeed(int numBytes) {
            return new byte[numBytes];
        }
    }
}
