package dev.acceljce.cipher;

import static dev.acceljce.cipher.AeadTesting.bytes;
import static dev.acceljce.cipher.AeadTesting.sameOutcome;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Decisions;
import dev.acceljce.control.Path;
import dev.acceljce.testing.Differential;
import dev.acceljce.testing.Providers;
import dev.acceljce.testing.Wycheproof;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidKeyException;
import java.security.Provider;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.SplittableRandom;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ChaCha20Poly1305Test {
    private static final String ALG = "ChaCha20-Poly1305";
    private static final Provider JDK = Providers.jdk("Cipher", ALG);

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    private static Cipher ours() throws Exception {
        return Cipher.getInstance(ALG, Providers.ACCEL);
    }

    private static Cipher jdk() throws Exception {
        return Cipher.getInstance(ALG, JDK);
    }

    private static SecretKey key(SplittableRandom r) {
        return new SecretKeySpec(bytes(r, 32), "ChaCha20");
    }

    @Test
    void servedNativelyUnderNameAndOid() throws Exception {
        long before = Decisions.count("Cipher", ALG, Path.NATIVE);
        for (String name : new String[] {
            ALG, "1.2.840.113549.1.9.16.3.18", "OID.1.2.840.113549.1.9.16.3.18", "ChaCha20-Poly1305/None/NoPadding"
        }) {
            Cipher c = Cipher.getInstance(name, Providers.ACCEL);
            assertEquals("AccelJCE", c.getProvider().getName());
            c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[32], "ChaCha20"));
        }
        assertEquals(before + 4, Decisions.count("Cipher", ALG, Path.NATIVE));
        assertThrows(Exception.class, () -> Cipher.getInstance("ChaCha20-Poly1305/GCM/NoPadding", Providers.ACCEL));
    }

    @Test
    void wycheproof() throws Exception {
        int n = 0;
        for (Wycheproof.Case t : Wycheproof.cases("chacha20_poly1305")) {
            checkVector(t, ours());
            n++;
        }
        assertEquals(325, n);
    }

    /**
     * Valid vectors encrypt to ct||tag and decrypt back; invalid ones are refused: modified tags
     * with AEADBadTagException, nonces other than 12 bytes at init (as the JDK).
     */
    static void checkVector(Wycheproof.Case t, Cipher c) throws Exception {
        SecretKey k = new SecretKeySpec(t.hex("key"), "ChaCha20");
        byte[] iv = t.hex("iv");
        byte[] aad = t.hex("aad");
        byte[] msg = t.hex("msg");
        byte[] sealed = concat(t.hex("ct"), t.hex("tag"));
        if (t.hasFlag("InvalidNonceSize")) {
            assertThrows(
                    java.security.InvalidAlgorithmParameterException.class,
                    () -> c.init(Cipher.DECRYPT_MODE, k, new IvParameterSpec(iv)),
                    t.toString());
            return;
        }
        if (t.valid()) {
            // encryption first: after a decryption init with the pair, the JDK refuses to encrypt with it
            c.init(Cipher.ENCRYPT_MODE, k, new IvParameterSpec(iv));
            c.updateAAD(aad);
            assertArrayEquals(sealed, c.doFinal(msg), t.toString());
            c.init(Cipher.DECRYPT_MODE, k, new IvParameterSpec(iv));
            c.updateAAD(aad);
            assertArrayEquals(msg, c.doFinal(sealed), t.toString());
        } else {
            c.init(Cipher.DECRYPT_MODE, k, new IvParameterSpec(iv));
            c.updateAAD(aad);
            assertThrows(AEADBadTagException.class, () -> c.doFinal(sealed), t.toString());
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void differentialAgainstJdk() throws Exception {
        SplittableRandom r = new SplittableRandom(Differential.seed(ALG));
        Cipher ours = ours();
        Cipher oursDec = ours();
        Cipher jdk = jdk();
        Cipher jdkDec = jdk();
        SecretKey k = key(r);
        int cases = Differential.cases();
        for (int i = 0; i < cases; i++) {
            if (r.nextInt(4) != 0) {
                k = key(r);
            }
            IvParameterSpec nonce = new IvParameterSpec(bytes(r, 12));
            byte[] aad = bytes(r, r.nextInt(4) == 0 ? 0 : r.nextInt(100));
            byte[] msg = bytes(r, Differential.size(r));
            String what = "case " + i + " aad " + aad.length + " len " + msg.length;

            jdk.init(Cipher.ENCRYPT_MODE, k, nonce);
            jdk.updateAAD(aad);
            byte[] expected = jdk.doFinal(msg);

            ours.init(Cipher.ENCRYPT_MODE, k, nonce);
            AeadTesting.aad(ours, aad, r);
            assertArrayEquals(expected, AeadTesting.process(ours, msg, r), () -> what + AeadTesting.trace());

            oursDec.init(Cipher.DECRYPT_MODE, k, nonce);
            if (r.nextInt(8) == 0) {
                byte[] bad = expected.clone();
                bad[r.nextInt(bad.length)] ^= (byte) (1 << r.nextInt(8));
                oursDec.updateAAD(aad);
                ByteBuffer out = ByteBuffer.allocateDirect(msg.length + 4);
                assertThrows(AEADBadTagException.class, () -> oursDec.doFinal(ByteBuffer.wrap(bad), out), what);
                assertEquals(0, out.position(), what);
                while (out.hasRemaining()) {
                    assertEquals(0, out.get(), what + ": output touched by a failed decryption");
                }
            }
            AeadTesting.aad(oursDec, aad, r);
            assertArrayEquals(msg, AeadTesting.process(oursDec, expected, r), () -> what + AeadTesting.trace());

            jdkDec.init(Cipher.DECRYPT_MODE, k, nonce);
            jdkDec.updateAAD(aad);
            assertArrayEquals(msg, jdkDec.doFinal(expected), what);
        }
    }

    @Test
    void parametersAndKeysAsJdk() throws Exception {
        SecretKey k = new SecretKeySpec(new byte[32], "ChaCha20");
        for (int len : new int[] {0, 8, 11, 12, 13, 16, 24}) {
            IvParameterSpec spec = new IvParameterSpec(new byte[len]);
            sameOutcome(
                    "nonce " + len,
                    () -> jdk().init(Cipher.ENCRYPT_MODE, k, spec),
                    () -> ours().init(Cipher.ENCRYPT_MODE, k, spec));
        }
        for (AlgorithmParameterSpec spec : new AlgorithmParameterSpec[] {
            new ChaCha20ParameterSpec(new byte[12], 1), new GCMParameterSpec(128, new byte[12])
        }) {
            sameOutcome(
                    spec.getClass().getSimpleName(),
                    () -> jdk().init(Cipher.ENCRYPT_MODE, k, spec),
                    () -> ours().init(Cipher.ENCRYPT_MODE, k, spec));
        }
        for (int len : new int[] {1, 16, 31, 33}) {
            SecretKey bad = new SecretKeySpec(new byte[len], "ChaCha20");
            sameOutcome(
                    "key " + len,
                    () -> jdk().init(Cipher.ENCRYPT_MODE, bad, new IvParameterSpec(new byte[12])),
                    () -> ours().init(Cipher.ENCRYPT_MODE, bad, new IvParameterSpec(new byte[12])));
        }
        sameOutcome(
                "decrypt without params",
                () -> jdk().init(Cipher.DECRYPT_MODE, k),
                () -> ours().init(Cipher.DECRYPT_MODE, k));
        sameOutcome(
                "decrypt null spec",
                () -> jdk().init(Cipher.DECRYPT_MODE, k, (AlgorithmParameterSpec) null),
                () -> ours().init(Cipher.DECRYPT_MODE, k, (AlgorithmParameterSpec) null));
        sameOutcome(
                "wrap mode",
                () -> jdk().init(Cipher.WRAP_MODE, k, new IvParameterSpec(new byte[12])),
                () -> ours().init(Cipher.WRAP_MODE, k, new IvParameterSpec(new byte[12])));
        AlgorithmParameters gcm = AlgorithmParameters.getInstance("GCM");
        gcm.init(new GCMParameterSpec(128, new byte[12]));
        sameOutcome(
                "GCM AlgorithmParameters",
                () -> jdk().init(Cipher.ENCRYPT_MODE, k, gcm),
                () -> ours().init(Cipher.ENCRYPT_MODE, k, gcm));
        assertEquals(jdk().getBlockSize(), ours().getBlockSize());
    }

    @Test
    void randomNonceAndParameters() throws Exception {
        SecretKey k = new SecretKeySpec(new byte[32], "ChaCha20");
        Cipher c = ours();
        assertNull(c.getIV());
        assertNotNull(c.getParameters());
        c.init(Cipher.ENCRYPT_MODE, k);
        byte[] nonce = c.getIV();
        assertEquals(12, nonce.length);
        AlgorithmParameters p = c.getParameters();
        assertEquals(ALG, p.getAlgorithm());
        byte[] ct = c.doFinal("text".getBytes());
        Cipher d = jdk();
        d.init(Cipher.DECRYPT_MODE, k, p);
        assertArrayEquals("text".getBytes(), d.doFinal(ct));
        Cipher d2 = ours();
        d2.init(Cipher.DECRYPT_MODE, k, p);
        assertArrayEquals("text".getBytes(), d2.doFinal(ct));
    }

    @Test
    void nonceReuseAndFinishRulesAsJdk() throws Exception {
        SecretKey k = new SecretKeySpec(new byte[32], "ChaCha20");
        IvParameterSpec n = new IvParameterSpec(new byte[12]);
        for (Cipher c : new Cipher[] {ours(), jdk()}) {
            String who = c.getProvider().getName();
            c.init(Cipher.ENCRYPT_MODE, k, n);
            byte[] ct = c.doFinal(new byte[5]);
            assertThrows(IllegalStateException.class, () -> c.update(new byte[3]), who);
            assertThrows(IllegalStateException.class, () -> c.doFinal(new byte[3]), who);
            InvalidKeyException e =
                    assertThrows(InvalidKeyException.class, () -> c.init(Cipher.ENCRYPT_MODE, k, n), who);
            assertEquals("Matching key and nonce from previous initialization", e.getMessage());
            // decryption may repeat the pair, and a decryption is ready again after doFinal
            c.init(Cipher.DECRYPT_MODE, k, n);
            assertArrayEquals(new byte[5], c.doFinal(ct), who);
            assertArrayEquals(new byte[5], c.doFinal(ct), who);
            c.init(Cipher.DECRYPT_MODE, k, n);
            // the previous init (a decryption) had this pair: encrypting with it is refused
            assertThrows(InvalidKeyException.class, () -> c.init(Cipher.ENCRYPT_MODE, k, n), who);
            c.init(Cipher.ENCRYPT_MODE, k, new IvParameterSpec(new byte[] {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
            c.updateAAD(new byte[2]);
            c.update(new byte[1]);
            assertThrows(IllegalStateException.class, () -> c.updateAAD(new byte[1]), who);
        }
    }

    @Test
    void decryptionReleasesNothingBeforeTheTagIsVerified() throws Exception {
        SplittableRandom r = new SplittableRandom(9);
        SecretKey k = key(r);
        IvParameterSpec n = new IvParameterSpec(bytes(r, 12));
        byte[] msg = bytes(r, 77);
        Cipher e = ours();
        e.init(Cipher.ENCRYPT_MODE, k, n);
        byte[] ct = e.doFinal(msg);
        byte[] bad = ct.clone();
        bad[10] ^= 4;
        Cipher d = ours();
        d.init(Cipher.DECRYPT_MODE, k, n);
        byte[] inPlace = bad.clone();
        assertEquals(0, d.update(inPlace, 0, 40, inPlace, 0));
        assertThrows(AEADBadTagException.class, () -> d.doFinal(inPlace, 40, inPlace.length - 40, inPlace, 0));
        assertArrayEquals(bad, inPlace);
        ByteBuffer heap = ByteBuffer.wrap(bad.clone());
        assertThrows(AEADBadTagException.class, () -> d.doFinal(heap.duplicate(), heap.duplicate()));
        assertArrayEquals(bad, heap.array());
        assertArrayEquals(msg, d.doFinal(ct));
        // shorter than the tag
        sameOutcome(
                "15 bytes",
                () -> {
                    Cipher j = jdk();
                    j.init(Cipher.DECRYPT_MODE, k, n);
                    j.doFinal(new byte[15]);
                },
                () -> d.doFinal(new byte[15]));
        assertArrayEquals(msg, d.doFinal(ct));
    }

    @Test
    void shortBuffersLeaveTheCipherUsable() throws Exception {
        SplittableRandom r = new SplittableRandom(4);
        SecretKey k = key(r);
        IvParameterSpec n = new IvParameterSpec(bytes(r, 12));
        byte[] msg = bytes(r, 50);
        Cipher j = jdk();
        j.init(Cipher.ENCRYPT_MODE, k, n);
        byte[] expected = j.doFinal(msg);
        Cipher c = ours();
        c.init(Cipher.ENCRYPT_MODE, k, n);
        assertThrows(ShortBufferException.class, () -> c.update(msg, 0, 10, new byte[9], 0));
        byte[] out = new byte[66];
        int w = c.update(msg, 0, 10, out, 0);
        // the JDK's ChaCha20-Poly1305 cannot continue after this; the JCA contract says retry
        assertThrows(ShortBufferException.class, () -> c.doFinal(msg, 10, 40, out, 11));
        w += c.doFinal(msg, 10, 40, out, w);
        assertEquals(66, w);
        assertArrayEquals(expected, out);
        Cipher d = ours();
        d.init(Cipher.DECRYPT_MODE, k, n);
        assertEquals(50, d.getOutputSize(66));
        assertThrows(ShortBufferException.class, () -> d.doFinal(ByteBuffer.wrap(expected), ByteBuffer.allocate(49)));
        ByteBuffer o = ByteBuffer.allocate(50);
        assertEquals(50, d.doFinal(ByteBuffer.wrap(expected), o));
        assertArrayEquals(msg, o.array());
    }

    @Test
    void badArgumentsGiveJdkExceptions() {
        SecretKey k = new SecretKeySpec(new byte[32], "ChaCha20");
        AeadTesting.badCallsAsJdk(
                ChaCha20Poly1305Test::jdk,
                ChaCha20Poly1305Test::ours,
                (c, mode) -> c.init(mode, k, new IvParameterSpec(new byte[12])));
    }

    /** Beyond one native chunk (1 MiB), in pieces that straddle chunk boundaries. */
    @Test
    void inputsLargerThanOneNativeChunk() throws Exception {
        SplittableRandom r = new SplittableRandom(22);
        SecretKey k = key(r);
        IvParameterSpec n = new IvParameterSpec(bytes(r, 12));
        byte[] msg = bytes(r, 2 * 1024 * 1024 + 1000);
        Cipher j = jdk();
        j.init(Cipher.ENCRYPT_MODE, k, n);
        byte[] expected = j.doFinal(msg);
        Cipher c = ours();
        c.init(Cipher.ENCRYPT_MODE, k, n);
        byte[] first = c.update(msg, 0, 1_100_000);
        byte[] rest = c.doFinal(msg, 1_100_000, msg.length - 1_100_000);
        assertArrayEquals(expected, concat(first, rest));
        Cipher d = ours();
        d.init(Cipher.DECRYPT_MODE, k, n);
        assertArrayEquals(msg, d.doFinal(expected));
    }

    @Test
    void jdkPathGivesIdenticalResults() throws Exception {
        String before = System.getProperty("acceljce.native");
        System.setProperty("acceljce.native", "false");
        dev.acceljce.control.Settings.reload();
        try {
            long jdkBefore = Decisions.count("Cipher", ALG, Path.JDK);
            Cipher c = ours();
            assertTrue(Decisions.count("Cipher", ALG, Path.JDK) > jdkBefore);
            for (Wycheproof.Case t : Wycheproof.cases("chacha20_poly1305")) {
                checkVector(t, Cipher.getInstance(ALG, Providers.ACCEL));
            }
            SplittableRandom r = new SplittableRandom(2);
            SecretKey k = key(r);
            IvParameterSpec n = new IvParameterSpec(bytes(r, 12));
            byte[] msg = bytes(r, 3000);
            c.init(Cipher.ENCRYPT_MODE, k, n);
            byte[] viaJdkPath = c.doFinal(msg);
            System.clearProperty("acceljce.native");
            dev.acceljce.control.Settings.reload();
            Cipher nat = ours();
            nat.init(Cipher.ENCRYPT_MODE, k, n);
            assertArrayEquals(viaJdkPath, nat.doFinal(msg));
        } finally {
            if (before == null) {
                System.clearProperty("acceljce.native");
                dev.acceljce.control.Settings.reload();
            } else {
                System.setProperty("acceljce.native", before);
                dev.acceljce.control.Settings.reload();
            }
        }
    }
}
