package dev.acceljce.policy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.acceljce.control.Counters;
import dev.acceljce.testing.AutoProfile;
import dev.acceljce.testing.Differential;
import dev.acceljce.testing.Providers;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.security.InvalidAlgorithmParameterException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Policy auto for ciphers: each message (init..doFinal, AAD included) goes to the path its size
 * calls for, with the JDK's results and exceptions whatever the mix of calls.
 */
class AutoPolicyCipherTest {
    private static final String GCM = "AES/GCM/NoPadding";
    private static final String CBC = "AES/CBC/PKCS5Padding";
    private static final int THRESHOLD = 256;

    @TempDir
    Path dir;

    @BeforeEach
    void profile() throws Exception {
        AutoProfile.install(dir, """
                gcm = jdk:%d:native
                aes.AES/CBC/PKCS5Padding = native:%d:jdk
                """.formatted(THRESHOLD, THRESHOLD));
    }

    @AfterEach
    void restore() {
        AutoProfile.remove();
    }

    private static SecretKeySpec aes(SplittableRandom r) {
        byte[] k = new byte[r.nextBoolean() ? 16 : 32];
        r.nextBytes(k);
        return new SecretKeySpec(k, "AES");
    }

    private static byte[] bytes(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    @Test
    void eachGcmMessageTakesThePathItsSizeCallsFor() throws Exception {
        SplittableRandom r = new SplittableRandom(1);
        SecretKeySpec key = aes(r);
        Cipher accel = Cipher.getInstance(GCM, Providers.ACCEL);
        Cipher sun = Cipher.getInstance(GCM, "SunJCE");
        Counters.Row before = Counters.of("Cipher." + GCM);
        int[][] messages = {{13, 32}, {0, 2000}, {13, 242}, {13, 243}, {300, 0}};
        for (int[] m : messages) {
            GCMParameterSpec iv = new GCMParameterSpec(128, bytes(r, 12));
            byte[] aad = bytes(r, m[0]);
            byte[] text = bytes(r, m[1]);
            accel.init(Cipher.ENCRYPT_MODE, key, iv);
            sun.init(Cipher.ENCRYPT_MODE, key, iv);
            accel.updateAAD(aad);
            sun.updateAAD(aad);
            assertArrayEquals(sun.doFinal(text), accel.doFinal(text), Arrays.toString(m));
        }
        Counters.Row after = Counters.of("Cipher." + GCM);
        // below 256 bytes of AAD and text: the JDK; from 256 on: OpenSSL
        assertEquals(2, after.jdkOps() - before.jdkOps());
        assertEquals(32 + 242, after.jdkBytes() - before.jdkBytes());
        assertEquals(3, after.nativeOps() - before.nativeOps());
        assertEquals(2000 + 243, after.nativeBytes() - before.nativeBytes());
    }

    /** Random AAD and data split over every kind of call, both directions, tags corrupted at times. */
    @Test
    void gcmMessagesMatchTheJdkForRandomSizesSplitsAndBufferStyles() throws Exception {
        SplittableRandom r = new SplittableRandom(Differential.seed("auto AES-GCM"));
        Cipher accel = Cipher.getInstance(GCM, Providers.ACCEL);
        Cipher sun = Cipher.getInstance(GCM, "SunJCE");
        for (int i = 0; i < Differential.cases() / 10; i++) {
            SecretKeySpec key = aes(r);
            GCMParameterSpec iv = new GCMParameterSpec(128, bytes(r, 12));
            byte[] aad = bytes(r, r.nextInt(4) == 0 ? r.nextInt(400) : r.nextInt(16));
            byte[] text = bytes(r, r.nextInt(2 * THRESHOLD));
            Plan plan = Plan.random(r, aad.length, text.length);
            accel.init(Cipher.ENCRYPT_MODE, key, iv);
            sun.init(Cipher.ENCRYPT_MODE, key, iv);
            byte[] expected = plan.run(sun, aad, text);
            assertArrayEquals(expected, plan.run(accel, aad, text), "encrypt case " + i + " " + plan);

            byte[] ct = expected.clone();
            if (r.nextInt(4) == 0) {
                ct[r.nextInt(ct.length)] ^= 1;
            }
            // two messages on one decrypt init: decrypt may go on without a new init, and switch paths
            accel.init(Cipher.DECRYPT_MODE, key, iv);
            sun.init(Cipher.DECRYPT_MODE, key, iv);
            String history = "";
            for (int round = 0; round < 2; round++) {
                Plan p = Plan.random(r, aad.length, ct.length);
                Object want = outcome(() -> p.run(sun, aad, ct));
                Object got = outcome(() -> p.run(accel, aad, ct));
                history += " round " + round + " " + p + " -> " + want;
                assertEquals(want, got, "decrypt case " + i + history);
                if (want instanceof Class<?>) {
                    // after an exception "this cipher object may need to be reset" (Cipher.doFinal):
                    // JDK 25's GCM refuses AAD after some tag failures, OpenSSL's starts afresh
                    accel.init(Cipher.DECRYPT_MODE, key, iv);
                    sun.init(Cipher.DECRYPT_MODE, key, iv);
                }
            }
        }
    }

    @Test
    void gcmKeepsTheJdksIvRulesAcrossPaths() throws Exception {
        SplittableRandom r = new SplittableRandom(2);
        SecretKeySpec key = aes(r);
        GCMParameterSpec iv1 = new GCMParameterSpec(128, bytes(r, 12));
        GCMParameterSpec iv2 = new GCMParameterSpec(128, bytes(r, 12));
        for (String provider : new String[] {"SunJCE", "AccelJCE"}) {
            Cipher c = provider.equals("SunJCE")
                    ? Cipher.getInstance(GCM, provider)
                    : Cipher.getInstance(GCM, Providers.ACCEL);
            c.init(Cipher.ENCRYPT_MODE, key, iv1);
            c.doFinal(new byte[1000]); // large
            assertThrows(IllegalStateException.class, () -> c.doFinal(new byte[10]), provider);
            assertThrows(IllegalStateException.class, () -> c.updateAAD(new byte[10]), provider);
            assertThrows(
                    InvalidAlgorithmParameterException.class, () -> c.init(Cipher.ENCRYPT_MODE, key, iv1), provider);
            c.init(Cipher.ENCRYPT_MODE, key, iv2);
            c.doFinal(new byte[10]); // small
            c.init(Cipher.ENCRYPT_MODE, key, iv1); // not the last IV: allowed
            Cipher sun = Cipher.getInstance(GCM, "SunJCE");
            sun.init(Cipher.DECRYPT_MODE, key, iv1);
            byte[] plain = bytes(r, 2000);
            assertArrayEquals(plain, sun.doFinal(c.doFinal(plain)), provider); // large again, iv1
        }
    }

    @Test
    void anIvTheSmallPathGeneratedServesALargeMessage() throws Exception {
        SplittableRandom r = new SplittableRandom(3);
        SecretKeySpec key = aes(r);
        Cipher accel = Cipher.getInstance(GCM, Providers.ACCEL);
        accel.init(Cipher.ENCRYPT_MODE, key);
        byte[] plain = bytes(r, 5000);
        byte[] ct = accel.doFinal(plain);
        Cipher sun = Cipher.getInstance(GCM, "SunJCE");
        sun.init(Cipher.DECRYPT_MODE, key, accel.getParameters());
        assertArrayEquals(plain, sun.doFinal(ct));
    }

    @Test
    void heldBytesFollowTheJcaRulesForAadOrderAndShortBuffers() throws Exception {
        SplittableRandom r = new SplittableRandom(4);
        SecretKeySpec key = aes(r);
        GCMParameterSpec iv = new GCMParameterSpec(128, bytes(r, 12));
        Cipher accel = Cipher.getInstance(GCM, Providers.ACCEL);
        Cipher sun = Cipher.getInstance(GCM, "SunJCE");
        for (Cipher c : List.of(accel, sun)) {
            c.init(Cipher.ENCRYPT_MODE, key, iv);
            c.update(new byte[17]);
            assertThrows(IllegalStateException.class, () -> c.updateAAD(new byte[1]));
        }
        // a decision that meets a short output buffer keeps the message: the retry completes it
        accel.init(Cipher.DECRYPT_MODE, key, iv);
        sun.init(Cipher.DECRYPT_MODE, key, iv);
        Cipher enc = Cipher.getInstance(GCM, "SunJCE");
        enc.init(Cipher.ENCRYPT_MODE, key, iv);
        byte[] plain = bytes(r, 600);
        byte[] ct = enc.doFinal(plain);
        accel.update(ct, 0, 100);
        byte[] small = new byte[10];
        assertThrows(ShortBufferException.class, () -> accel.doFinal(ct, 100, ct.length - 100, small, 0));
        byte[] out = new byte[accel.getOutputSize(ct.length - 100)];
        int n = accel.doFinal(ct, 100, ct.length - 100, out, 0);
        assertArrayEquals(plain, Arrays.copyOf(out, n));
        // and a tag failure leaves the object ready for the next message, as the JDK's is
        ct[0] ^= 1;
        assertThrows(AEADBadTagException.class, () -> accel.doFinal(ct));
        ct[0] ^= 1;
        assertArrayEquals(plain, accel.doFinal(ct));
    }

    /**
     * CBC (native below 256 bytes here, the JDK from there): several messages on one init. Decrypt
     * picks a path per message; encrypt stays on its first message's path until the next init.
     */
    @Test
    void cbcMessagesOnOneInitTakeTheirPathsExactly() throws Exception {
        SplittableRandom r = new SplittableRandom(Differential.seed("auto AES-CBC"));
        Cipher accel = Cipher.getInstance(CBC, Providers.ACCEL);
        Cipher sun = Cipher.getInstance(CBC, "SunJCE");
        Counters.Row before = Counters.of("Cipher." + CBC);
        long nativeOps = 0;
        long jdkOps = 0;
        for (int i = 0; i < Differential.cases() / 50; i++) {
            SecretKeySpec key = aes(r);
            IvParameterSpec iv = new IvParameterSpec(bytes(r, 16));
            boolean encrypt = r.nextBoolean();
            int mode = encrypt ? Cipher.ENCRYPT_MODE : Cipher.DECRYPT_MODE;
            Boolean firstNative = null;
            for (int m = 0; m < 3; m++) {
                byte[] in = bytes(r, r.nextInt(2 * THRESHOLD));
                if (!encrypt) {
                    sun.init(Cipher.ENCRYPT_MODE, key, iv);
                    in = sun.doFinal(in);
                }
                if (m == 0) {
                    accel.init(mode, key, iv);
                }
                sun.init(mode, key, iv);
                byte[] input = in;
                Plan plan = Plan.random(r, 0, in.length);
                assertArrayEquals(
                        plan.run(sun, new byte[0], input),
                        plan.run(accel, new byte[0], input),
                        "case " + i + " message " + m + " " + plan);
                boolean onNative = in.length < THRESHOLD;
                if (encrypt) {
                    firstNative = firstNative == null ? onNative : firstNative;
                    onNative = firstNative;
                }
                if (onNative) {
                    nativeOps++;
                } else {
                    jdkOps++;
                }
            }
        }
        Counters.Row after = Counters.of("Cipher." + CBC);
        assertEquals(nativeOps, after.nativeOps() - before.nativeOps());
        assertEquals(jdkOps, after.jdkOps() - before.jdkOps());
    }

    @Test
    void cipherServicesWithoutModeAndPaddingStillChoosePerObject() throws Exception {
        // "AES" gets its mode and padding from the JCA after creation: it is judged per object
        Cipher c = Cipher.getInstance("AES/PCBC/PKCS5Padding", Providers.ACCEL);
        SecretKeySpec key = new SecretKeySpec(new byte[16], "AES");
        c.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[16]));
        Cipher sun = Cipher.getInstance("AES/PCBC/PKCS5Padding", "SunJCE");
        sun.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[16]));
        assertArrayEquals(sun.doFinal(new byte[40]), c.doFinal(new byte[40]));
    }

    private interface Run {
        byte[] get() throws Exception;
    }

    /** The output, or the class of the exception the run ended with. */
    private static Object outcome(Run run) {
        try {
            return Arrays.toString(run.get());
        } catch (Exception e) {
            return e.getClass();
        }
    }

    /** One message's calls: AAD in pieces, data in pieces, each piece through a random call style. */
    private record Plan(int[] aadCuts, int[] dataCuts, int[] styles) {
        static Plan random(SplittableRandom r, int aadLength, int dataLength) {
            int[] aadCuts = Differential.splits(r, aadLength, 3);
            int[] dataCuts = Differential.splits(r, dataLength, 5);
            int[] styles = new int[dataCuts.length];
            for (int i = 0; i < styles.length; i++) {
                styles[i] = r.nextInt(4);
            }
            return new Plan(aadCuts, dataCuts, styles);
        }

        byte[] run(Cipher c, byte[] aad, byte[] in) throws Exception {
            for (int p = 0; p + 1 < aadCuts.length; p++) {
                int n = aadCuts[p + 1] - aadCuts[p];
                if (styles[p % styles.length] % 2 == 0) {
                    c.updateAAD(aad, aadCuts[p], n);
                } else {
                    c.updateAAD(ByteBuffer.wrap(aad, aadCuts[p], n));
                }
            }
            List<byte[]> parts = new ArrayList<>();
            int last = dataCuts.length - 2;
            for (int p = 0; p <= last; p++) {
                int off = dataCuts[p];
                int n = dataCuts[p + 1] - off;
                boolean fin = p == last;
                switch (styles[p]) {
                    case 0 -> parts.add(fin ? c.doFinal(in, off, n) : c.update(in, off, n));
                    case 1 -> {
                        byte[] out = new byte[c.getOutputSize(n)];
                        int k = fin ? c.doFinal(in, off, n, out, 0) : c.update(in, off, n, out, 0);
                        parts.add(Arrays.copyOf(out, k));
                    }
                    case 2 -> parts.add(viaBuffers(c, in, off, n, fin, false));
                    default -> parts.add(viaBuffers(c, in, off, n, fin, true));
                }
            }
            int total = 0;
            for (byte[] b : parts) {
                total += b == null ? 0 : b.length;
            }
            ByteBuffer all = ByteBuffer.allocate(total);
            for (byte[] b : parts) {
                if (b != null) {
                    all.put(b);
                }
            }
            return all.array();
        }

        private static byte[] viaBuffers(Cipher c, byte[] in, int off, int n, boolean fin, boolean direct)
                throws Exception {
            ByteBuffer src = direct ? ByteBuffer.allocateDirect(n) : ByteBuffer.allocate(n);
            src.put(in, off, n).flip();
            int size = c.getOutputSize(n);
            ByteBuffer dst = direct ? ByteBuffer.allocateDirect(size) : ByteBuffer.allocate(size);
            int k = fin ? c.doFinal(src, dst) : c.update(src, dst);
            byte[] out = new byte[k];
            dst.flip().get(out);
            return out;
        }

        @Override
        public String toString() {
            return "aad " + Arrays.toString(aadCuts) + " data " + Arrays.toString(dataCuts) + " styles "
                    + Arrays.toString(styles);
        }
    }
}
