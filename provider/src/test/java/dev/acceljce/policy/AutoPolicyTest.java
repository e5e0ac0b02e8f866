package dev.acceljce.policy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.acceljce.control.Counters;
import dev.acceljce.control.Crossovers;
import dev.acceljce.control.Settings;
import dev.acceljce.testing.AutoProfile;
import dev.acceljce.testing.Differential;
import dev.acceljce.testing.Providers;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.SplittableRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Policy auto with a crossover profile: each message goes to the path its size calls for. */
class AutoPolicyTest {
    @TempDir
    Path dir;

    @BeforeEach
    void profile() throws Exception {
        AutoProfile.install(dir, """
                digest.SHA-256 = jdk:1024:native
                hmac.HmacSHA256 = native:512:jdk
                digest.SHA-384 = native
                """);
    }

    @AfterEach
    void restore() {
        AutoProfile.remove();
    }

    private static Counters.Row row(String service) {
        return Counters.of(service);
    }

    @Test
    void eachDigestMessageTakesThePathItsSizeCallsFor() throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256", Providers.ACCEL);
        MessageDigest sun = MessageDigest.getInstance("SHA-256", "SUN");
        Counters.Row before = row("MessageDigest.SHA-256");
        assertArrayEquals(sun.digest(new byte[32]), md.digest(new byte[32])); // small: JDK
        md.update(new byte[600]);
        md.update(new byte[600]); // crosses 1024
        assertArrayEquals(sun.digest(new byte[1200]), md.digest()); // large: native
        assertArrayEquals(sun.digest(new byte[1023]), md.digest(new byte[1023])); // just below
        assertArrayEquals(sun.digest(new byte[1024]), md.digest(new byte[1024])); // at the crossover
        Counters.Row after = row("MessageDigest.SHA-256");
        assertEquals(2, after.jdkOps() - before.jdkOps());
        assertEquals(32 + 1023, after.jdkBytes() - before.jdkBytes());
        assertEquals(2, after.nativeOps() - before.nativeOps());
        assertEquals(1200 + 1024, after.nativeBytes() - before.nativeBytes());
    }

    @Test
    void perMessageDigestMatchesTheJdkForRandomSizesSplitsAndClones() throws Exception {
        SplittableRandom r = new SplittableRandom(Differential.seed("auto SHA-256"));
        MessageDigest md = MessageDigest.getInstance("SHA-256", Providers.ACCEL);
        MessageDigest sun = MessageDigest.getInstance("SHA-256", "SUN");
        byte[] data = new byte[4096];
        for (int i = 0; i < Differential.cases() / 5; i++) {
            int len = r.nextInt(data.length + 1);
            r.nextBytes(data);
            int[] cuts = Differential.splits(r, len, 5);
            for (int p = 0; p + 1 < cuts.length; p++) {
                int n = cuts[p + 1] - cuts[p];
                switch (r.nextInt(3)) {
                    case 0 -> md.update(data, cuts[p], n);
                    case 1 -> md.update(ByteBuffer.wrap(data, cuts[p], n));
                    default -> {
                        if (n > 0) {
                            md.update(data[cuts[p]]);
                            md.update(data, cuts[p] + 1, n - 1);
                        }
                    }
                }
            }
            byte[] expected = sun.digest(java.util.Arrays.copyOf(data, len));
            MessageDigest finisher = r.nextBoolean() ? (MessageDigest) md.clone() : md;
            assertArrayEquals(expected, finisher.digest(), "case " + i + " len " + len);
            md.reset();
        }
    }

    @Test
    void perMessageMacKeysTheLargePathWhenFirstNeeded() throws Exception {
        SecretKeySpec key = new SecretKeySpec(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, "HmacSHA256");
        Mac mac = Mac.getInstance("HmacSHA256", Providers.ACCEL);
        Mac sun = Mac.getInstance("HmacSHA256", "SunJCE");
        sun.init(key);
        assertThrows(java.security.InvalidKeyException.class, () -> mac.init(null));
        mac.init(key);
        Counters.Row before = row("Mac.HmacSHA256");
        assertArrayEquals(sun.doFinal(new byte[100]), mac.doFinal(new byte[100])); // small: native
        assertArrayEquals(sun.doFinal(new byte[4000]), mac.doFinal(new byte[4000])); // large: JDK
        mac.update(new byte[300]);
        mac.reset(); // abandoned
        assertArrayEquals(sun.doFinal(new byte[511]), mac.doFinal(new byte[511])); // small again
        Counters.Row after = row("Mac.HmacSHA256");
        assertEquals(2, after.nativeOps() - before.nativeOps());
        assertEquals(1, after.jdkOps() - before.jdkOps());
        assertEquals(4000, after.jdkBytes() - before.jdkBytes());
    }

    @Test
    void perMessageMacClonesKeepTheirOwnKeyOnBothPaths() throws Exception {
        SecretKeySpec first = new SecretKeySpec(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, "HmacSHA256");
        SecretKeySpec second = new SecretKeySpec(new byte[] {9, 9, 9, 9, 9, 9, 9, 9}, "HmacSHA256");
        Mac sunFirst = Mac.getInstance("HmacSHA256", "SunJCE");
        sunFirst.init(first);
        Mac sunSecond = Mac.getInstance("HmacSHA256", "SunJCE");
        sunSecond.init(second);
        Mac mac = Mac.getInstance("HmacSHA256", Providers.ACCEL);
        mac.init(first);
        mac.update(new byte[100]); // held, below the crossover
        Mac heldCopy = (Mac) mac.clone();
        mac.update(new byte[900]); // the original goes large
        Mac largeCopy = (Mac) mac.clone();
        mac.init(second); // re-keys the original only
        assertArrayEquals(sunSecond.doFinal(new byte[2000]), mac.doFinal(new byte[2000]));
        heldCopy.update(new byte[1900]); // the held copy goes large now
        assertArrayEquals(sunFirst.doFinal(new byte[2000]), heldCopy.doFinal());
        assertArrayEquals(sunFirst.doFinal(new byte[1000]), largeCopy.doFinal());
        assertArrayEquals(sunFirst.doFinal(new byte[3000]), largeCopy.doFinal(new byte[3000]));
    }

    @Test
    void oneSidedCrossoverAndPolicySettingsChooseOnePathPerObject() throws Exception {
        Counters.Row before = row("MessageDigest.SHA-384");
        MessageDigest.getInstance("SHA-384", Providers.ACCEL).digest(new byte[10]);
        assertEquals(1, row("MessageDigest.SHA-384").nativeOps() - before.nativeOps());

        Settings.set("acceljce.policy", "jdk");
        before = row("MessageDigest.SHA-256");
        MessageDigest.getInstance("SHA-256", Providers.ACCEL).digest(new byte[5000]);
        assertEquals(1, row("MessageDigest.SHA-256").jdkOps() - before.jdkOps());

        Settings.set("acceljce.policy", "native");
        before = row("MessageDigest.SHA-256");
        MessageDigest.getInstance("SHA-256", Providers.ACCEL).digest(new byte[5]);
        assertEquals(1, row("MessageDigest.SHA-256").nativeOps() - before.nativeOps());
    }

    /** The built-in table's promise: with the built-in table only, tiny digests go to the JDK, RSA to OpenSSL. */
    @Test
    void builtInDefaultsSendTinyDigestsToTheJdkAndRsaSignaturesToOpenSsl() throws Exception {
        Settings.set(
                "acceljce.profile", dir.resolve("no-such-profile.properties").toString());
        Crossovers.reload();
        Counters.Row before = row("MessageDigest.SHA-256");
        MessageDigest.getInstance("SHA-256", Providers.ACCEL).digest(new byte[32]);
        assertEquals(
                1,
                row("MessageDigest.SHA-256").jdkOps() - before.jdkOps(),
                "SHA-256 of 32 bytes under auto: " + Crossovers.lookup(dev.acceljce.control.Family.DIGEST, "SHA-256"));

        java.security.KeyPairGenerator g = java.security.KeyPairGenerator.getInstance("RSA", Providers.ACCEL);
        g.initialize(2048);
        java.security.KeyPair kp = g.generateKeyPair();
        before = row("Signature.SHA256withRSA");
        java.security.Signature s = java.security.Signature.getInstance("SHA256withRSA", Providers.ACCEL);
        s.initSign(kp.getPrivate());
        s.update(new byte[32]);
        s.sign();
        Counters.Row after = row("Signature.SHA256withRSA");
        assertEquals(1, after.nativeOps() - before.nativeOps());
        assertEquals(0, after.jdkOps() - before.jdkOps());
    }

    @Test
    void malformedCrossoverIsReportedClearly() throws Exception {
        Path bad = dir.resolve("bad.properties");
        Files.writeString(bad, "digest = fast:12:native\n");
        Settings.set("acceljce.profile", bad.toString());
        Crossovers.reload();
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> Crossovers.lookup(dev.acceljce.control.Family.DIGEST, "SHA-1"));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("fast:12:native"), e.getMessage());
    }
}
