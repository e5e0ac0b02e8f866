package dev.acceljce.cipher;

import static dev.acceljce.cipher.AeadTesting.bytes;
import static dev.acceljce.cipher.AeadTesting.sameOutcome;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Decisions;
import dev.acceljce.control.Fips;
import dev.acceljce.control.Path;
import dev.acceljce.openssl.FipsModule;
import dev.acceljce.openssl.NativeResource;
import dev.acceljce.testing.Differential;
import dev.acceljce.testing.Providers;
import dev.acceljce.testing.Wycheproof;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.SplittableRandom;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GcmTest {
    private static final String GCM = "AES/GCM/NoPadding";
    private static final Provider JDK = Providers.jdk("Cipher", GCM);

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    private static Cipher ours() throws Exception {
        return Cipher.getInstance(GCM, Providers.ACCEL);
    }

    private static Cipher jdk() throws Exception {
        return Cipher.getInstance(GCM, JDK);
    }

    private static SecretKey key(SplittableRandom r, int len) {
        return new SecretKeySpec(bytes(r, len), "AES");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                GCM,
                "AES_128/GCM/NoPadding",
                "AES_192/GCM/NoPadding",
                "AES_256/GCM/NoPadding",
                "2.16.840.1.101.3.4.1.6",
                "OID.2.16.840.1.101.3.4.1.26",
                "2.16.840.1.101.3.4.1.46"
            })
    void servedNatively(String name) throws Exception {
        String service = name.startsWith("AES") ? name : canonical(name);
        long before = Decisions.count("Cipher", service, Path.NATIVE);
        Cipher c = Cipher.getInstance(name, Providers.ACCEL);
        assertEquals(before + 1, Decisions.count("Cipher", service, Path.NATIVE), name);
        assertEquals("AccelJCE", c.getProvider().getName());
        c.init(
                Cipher.ENCRYPT_MODE,
                new SecretKeySpec(
                        new byte
                                [name.contains("192") || name.endsWith(".26")
                                        ? 24
                                        : name.contains("256") || name.endsWith(".46") ? 32 : 16],
                        "AES"));
    }

    private static String canonical(String oid) {
        return oid.endsWith(".6")
                ? "AES_128/GCM/NoPadding"
                : oid.endsWith(".26") ? "AES_192/GCM/NoPadding" : "AES_256/GCM/NoPadding";
    }

    // ---- Wycheproof

    @Test
    void wycheproof() throws Exception {
        int passed = 0;
        for (Wycheproof.Case t : Wycheproof.cases("aes_gcm")) {
            checkVector(t, ours());
            passed++;
        }
        assertEquals(316, passed);
    }

    /**
     * Valid vectors must encrypt to ct||tag and decrypt back; invalid ones (modified tags, empty
     * IVs) must be refused, with AEADBadTagException or, for an empty IV, at init as the JDK does.
     */
    static void checkVector(Wycheproof.Case t, Cipher c) throws Exception {
        SecretKey k = new SecretKeySpec(t.hex("key"), "AES");
        byte[] iv = t.hex("iv");
        byte[] aad = t.hex("aad");
        byte[] msg = t.hex("msg");
        byte[] ct = t.hex("ct");
        byte[] tag = t.hex("tag");
        int tagBits = t.group().get("tagSize").asInt();
        byte[] sealed = Arrays.copyOf(ct, ct.length + tag.length);
        System.arraycopy(tag, 0, sealed, ct.length, tag.length);
        if (Fips.on() && iv.length > AesGcmCipher.MAX_NATIVE_IV) {
            // FIPS mode: IVs the module does not take are refused, not handed to SunJCE
            InvalidAlgorithmParameterException e = assertThrows(
                    InvalidAlgorithmParameterException.class,
                    () -> c.init(Cipher.DECRYPT_MODE, k, new GCMParameterSpec(tagBits, iv)),
                    t.toString());
            assertTrue(e.getMessage().contains(FipsModule.NOT_APPROVED), e.getMessage());
            return;
        }
        if (iv.length == 0) {
            assertFalse(t.valid(), t.toString());
            assertThrows(
                    InvalidAlgorithmParameterException.class,
                    () -> c.init(Cipher.DECRYPT_MODE, k, new GCMParameterSpec(tagBits, iv)),
                    t.toString());
            return;
        }
        c.init(Cipher.DECRYPT_MODE, k, new GCMParameterSpec(tagBits, iv));
        c.updateAAD(aad);
        if (t.valid()) {
            assertArrayEquals(msg, c.doFinal(sealed), t.toString());
            c.init(Cipher.ENCRYPT_MODE, k, new GCMParameterSpec(tagBits, iv));
            c.updateAAD(aad);
            assertArrayEquals(sealed, c.doFinal(msg), t.toString());
        } else {
            assertThrows(AEADBadTagException.class, () -> c.doFinal(sealed), t.toString());
        }
    }

    // ---- differential against SunJCE

    @Test
    void differentialAgainstJdk() throws Exception {
        SplittableRandom r = new SplittableRandom(Differential.seed("AES-GCM"));
        Cipher ours = ours();
        Cipher oursDec = ours();
        Cipher jdk = jdk();
        SecretKey k = key(r, 16);
        int cases = Differential.cases();
        for (int i = 0; i < cases; i++) {
            if (r.nextInt(4) != 0) {
                k = key(r, 16 + 8 * r.nextInt(3));
            }
            int ivLen = switch (r.nextInt(8)) {
                case 0 -> r.nextInt(1, 129);
                case 1 -> r.nextInt(1, 300); // beyond OpenSSL's 128: served by the JDK's cipher
                default -> 12;
            };
            byte[] iv = bytes(r, ivLen);
            int tagBits = 96 + 8 * r.nextInt(5);
            GCMParameterSpec spec = new GCMParameterSpec(tagBits, iv);
            byte[] aad = bytes(r, r.nextInt(4) == 0 ? 0 : r.nextInt(100));
            byte[] msg = bytes(r, Differential.size(r));
            String what = "case " + i + " key " + k.getEncoded().length + " iv " + ivLen + " tag " + tagBits + " aad "
                    + aad.length + " len " + msg.length;

            jdk.init(Cipher.ENCRYPT_MODE, k, spec);
            jdk.updateAAD(aad);
            byte[] expected = jdk.doFinal(msg);

            ours.init(Cipher.ENCRYPT_MODE, k, spec);
            AeadTesting.aad(ours, aad, r);
            assertArrayEquals(expected, AeadTesting.process(ours, msg, r), () -> what + AeadTesting.trace());

            oursDec.init(Cipher.DECRYPT_MODE, k, spec);
            if (r.nextInt(8) == 0) { // a wrong tag first: refused, nothing released, then the good one
                byte[] bad = expected.clone();
                bad[r.nextInt(bad.length)] ^= (byte) (1 << r.nextInt(8));
                oursDec.updateAAD(aad);
                byte[] out = new byte[msg.length + 8];
                Arrays.fill(out, (byte) 0x5a);
                assertThrows(AEADBadTagException.class, () -> oursDec.doFinal(bad, 0, bad.length, out, 4), what);
                for (byte b : out) {
                    assertEquals((byte) 0x5a, b, what + ": output touched by a failed decryption");
                }
            }
            AeadTesting.aad(oursDec, aad, r);
            assertArrayEquals(msg, AeadTesting.process(oursDec, expected, r), () -> what + AeadTesting.trace());

            jdk.init(Cipher.DECRYPT_MODE, k, spec);
            jdk.updateAAD(aad);
            assertArrayEquals(msg, jdk.doFinal(expected), what);
        }
    }

    // ---- API contract

    @Test
    void knownAnswerAndRoundTrip() throws Exception {
        // NIST GCM test case 2 (AES-128, zero key and IV, one zero block)
        Cipher c = ours();
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "AES"), new GCMParameterSpec(128, new byte[12]));
        assertEquals(
                "0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bddf",
                HexFormat.of().formatHex(c.doFinal(new byte[16])));
    }

    @Test
    void tagLengthsAndIvLengthsAsJdk() throws Exception {
        SecretKey k = new SecretKeySpec(new byte[16], "AES");
        for (int bits = 0; bits <= 136; bits += 4) {
            GCMParameterSpec spec = new GCMParameterSpec(bits, new byte[12]);
            sameOutcome(
                    "tag " + bits,
                    () -> jdk().init(Cipher.ENCRYPT_MODE, k, spec),
                    () -> ours().init(Cipher.ENCRYPT_MODE, k, spec));
        }
        for (int len : new int[] {0, 1, 8, 11, 12, 13, 16, 64, 128, 129, 257}) {
            byte[] iv = new byte[len];
            AlgorithmParameterSpec spec = len == 0 ? new IvParameterSpec(iv) : new GCMParameterSpec(128, iv);
            sameOutcome(
                    "iv " + len,
                    () -> jdk().init(Cipher.DECRYPT_MODE, k, spec),
                    () -> ours().init(Cipher.DECRYPT_MODE, k, spec));
        }
        sameOutcome(
                "IvParameterSpec",
                () -> jdk().init(Cipher.ENCRYPT_MODE, k, new IvParameterSpec(new byte[12])),
                () -> ours().init(Cipher.ENCRYPT_MODE, k, new IvParameterSpec(new byte[12])));
    }

    @Test
    void keysAsJdk() throws Exception {
        GCMParameterSpec spec = new GCMParameterSpec(128, new byte[12]);
        for (int len : new int[] {0, 1, 15, 16, 17, 24, 31, 32, 33, 64}) {
            SecretKey k = new SecretKeySpec(new byte[Math.max(len, 1)], 0, Math.max(len, 1), "AES");
            for (String name : new String[] {GCM, "AES_128/GCM/NoPadding", "AES_256/GCM/NoPadding"}) {
                sameOutcome(
                        name + " key " + len,
                        () -> Cipher.getInstance(name, JDK).init(Cipher.ENCRYPT_MODE, k, spec),
                        () -> Cipher.getInstance(name, Providers.ACCEL).init(Cipher.ENCRYPT_MODE, k, spec));
            }
        }
        SecretKey des = new SecretKeySpec(new byte[16], "DESede");
        sameOutcome(
                "non-AES key",
                () -> jdk().init(Cipher.ENCRYPT_MODE, des, spec),
                () -> ours().init(Cipher.ENCRYPT_MODE, des, spec));
        assertEquals(jdk().getBlockSize(), ours().getBlockSize());
    }

    @Test
    void randomIvWithoutParametersAndDecryptNeedsThem() throws Exception {
        SecretKey k = new SecretKeySpec(new byte[16], "AES");
        Cipher c = ours();
        assertNull(c.getIV());
        assertNotNull(c.getParameters()); // random, not attached, as the JDK
        assertNull(c.getIV());
        c.init(Cipher.ENCRYPT_MODE, k);
        byte[] iv = c.getIV();
        assertEquals(12, iv.length);
        GCMParameterSpec p = c.getParameters().getParameterSpec(GCMParameterSpec.class);
        assertArrayEquals(iv, p.getIV());
        assertEquals(128, p.getTLen());
        byte[] ct = c.doFinal("hello".getBytes());
        Cipher d = jdk();
        d.init(Cipher.DECRYPT_MODE, k, c.getParameters());
        assertArrayEquals("hello".getBytes(), d.doFinal(ct));

        sameOutcome(
                "decrypt without params",
                () -> jdk().init(Cipher.DECRYPT_MODE, k),
                () -> ours().init(Cipher.DECRYPT_MODE, k));
        sameOutcome(
                "unwrap without params",
                () -> jdk().init(Cipher.UNWRAP_MODE, k),
                () -> ours().init(Cipher.UNWRAP_MODE, k));
        sameOutcome(
                "decrypt with null spec",
                () -> jdk().init(Cipher.DECRYPT_MODE, k, (AlgorithmParameterSpec) null),
                () -> ours().init(Cipher.DECRYPT_MODE, k, (AlgorithmParameterSpec) null));
        AlgorithmParameters aes = AlgorithmParameters.getInstance("AES");
        aes.init(new IvParameterSpec(new byte[16]));
        sameOutcome(
                "wrong AlgorithmParameters",
                () -> jdk().init(Cipher.DECRYPT_MODE, k, aes),
                () -> ours().init(Cipher.DECRYPT_MODE, k, aes));
    }

    @Test
    void ivReuseRefusedAsJdk() throws Exception {
        SecretKey k = new SecretKeySpec(new byte[16], "AES");
        SecretKey k2 = new SecretKeySpec(new byte[16], 0, 16, "AES");
        GCMParameterSpec spec = new GCMParameterSpec(128, new byte[12]);
        GCMParameterSpec spec96 = new GCMParameterSpec(96, new byte[12]);
        for (Cipher c : new Cipher[] {ours(), jdk()}) {
            String who = c.getProvider().getName();
            c.init(Cipher.ENCRYPT_MODE, k, spec);
            InvalidAlgorithmParameterException e = assertThrows(
                    InvalidAlgorithmParameterException.class, () -> c.init(Cipher.ENCRYPT_MODE, k2, spec96), who);
            assertEquals("Cannot reuse iv for GCM encryption", e.getMessage());
            // decrypting with the pair is fine, and does not clear the memory of the last encryption
            c.init(Cipher.DECRYPT_MODE, k, spec);
            assertThrows(InvalidAlgorithmParameterException.class, () -> c.init(Cipher.ENCRYPT_MODE, k, spec), who);
            c.init(Cipher.ENCRYPT_MODE, k, new GCMParameterSpec(128, new byte[13]));
            c.doFinal(new byte[3]);
            // encrypting again without a new IV
            assertThrows(IllegalStateException.class, () -> c.doFinal(new byte[3]), who);
            assertThrows(IllegalStateException.class, () -> c.update(new byte[3]), who);
            assertThrows(IllegalStateException.class, () -> c.updateAAD(new byte[3]), who);
            c.init(Cipher.ENCRYPT_MODE, k, spec); // a different IV than the last encryption: allowed
            c.doFinal(new byte[3]);
        }
    }

    @Test
    void aadRules() throws Exception {
        SecretKey k = new SecretKeySpec(new byte[16], "AES");
        for (int mode : new int[] {Cipher.ENCRYPT_MODE, Cipher.DECRYPT_MODE}) {
            for (Cipher c : new Cipher[] {ours(), jdk()}) {
                String who = c.getProvider().getName() + " mode " + mode;
                assertThrows(IllegalStateException.class, () -> c.updateAAD(new byte[1]), who);
                c.init(mode, k, new GCMParameterSpec(128, bytes(new SplittableRandom(mode), 12)));
                c.updateAAD(new byte[3]);
                c.updateAAD(ByteBuffer.allocateDirect(5));
                c.update(new byte[20]);
                assertThrows(IllegalStateException.class, () -> c.updateAAD(new byte[1]), who);
            }
        }
        // AAD is bound to the tag: the JDK decrypts what we sealed with multi-part AAD, and vice versa
        Cipher e = ours();
        byte[] iv = new byte[12];
        e.init(Cipher.ENCRYPT_MODE, k, new GCMParameterSpec(128, iv));
        e.updateAAD("head".getBytes());
        e.updateAAD(ByteBuffer.wrap("er".getBytes()));
        byte[] ct = e.doFinal("body".getBytes());
        Cipher d = jdk();
        d.init(Cipher.DECRYPT_MODE, k, new GCMParameterSpec(128, iv));
        d.updateAAD("header".getBytes());
        assertArrayEquals("body".getBytes(), d.doFinal(ct));
        Cipher d2 = ours();
        d2.init(Cipher.DECRYPT_MODE, k, new GCMParameterSpec(128, iv));
        d2.updateAAD("headex".getBytes());
        assertThrows(AEADBadTagException.class, () -> d2.doFinal(ct));
    }

    @Test
    void decryptionReleasesNothingBeforeTheTagIsVerified() throws Exception {
        SplittableRandom r = new SplittableRandom(7);
        SecretKey k = key(r, 32);
        byte[] iv = bytes(r, 12);
        byte[] msg = bytes(r, 100);
        Cipher e = ours();
        e.init(Cipher.ENCRYPT_MODE, k, new GCMParameterSpec(128, iv));
        byte[] ct = e.doFinal(msg);
        byte[] bad = ct.clone();
        bad[bad.length - 1] ^= 1;
        Cipher d = ours();
        d.init(Cipher.DECRYPT_MODE, k, new GCMParameterSpec(128, iv));

        assertEquals(0, d.update(bad, 0, 50).length, "decrypt update releases nothing");
        byte[] out = new byte[200];
        Arrays.fill(out, (byte) 1);
        assertThrows(AEADBadTagException.class, () -> d.doFinal(bad, 50, bad.length - 50, out, 0));
        assertUntouched(out, (byte) 1);

        // in place, array
        byte[] inPlace = bad.clone();
        assertThrows(AEADBadTagException.class, () -> d.doFinal(inPlace, 0, inPlace.length, inPlace, 0));
        assertArrayEquals(bad, inPlace, "in-place input must keep the ciphertext");

        // heap, direct and in-place ByteBuffers
        ByteBuffer heapOut = ByteBuffer.allocate(200);
        assertThrows(AEADBadTagException.class, () -> d.doFinal(ByteBuffer.wrap(bad), heapOut));
        assertUntouched(heapOut.array(), (byte) 0);
        assertEquals(0, heapOut.position());
        ByteBuffer direct = ByteBuffer.allocateDirect(bad.length).put(bad).flip();
        ByteBuffer directOut = direct.duplicate();
        assertThrows(AEADBadTagException.class, () -> d.doFinal(direct, directOut));
        byte[] after = new byte[bad.length];
        direct.duplicate().clear().get(after);
        assertArrayEquals(bad, after, "in-place direct buffer must keep the ciphertext");

        // and the object is ready for the same key and IV again
        assertArrayEquals(msg, d.doFinal(ct));
        assertArrayEquals(msg, d.doFinal(ct));
    }

    private static void assertUntouched(byte[] a, byte value) {
        for (byte b : a) {
            assertEquals(value, b, "output touched by a failed decryption");
        }
    }

    @Test
    void truncatedCiphertextIsABadTagAsJdk() throws Exception {
        SecretKey k = new SecretKeySpec(new byte[16], "AES");
        for (int tagBits : new int[] {96, 128}) {
            for (int len = 0; len < tagBits / 8; len++) {
                byte[] in = new byte[len];
                GCMParameterSpec spec = new GCMParameterSpec(tagBits, new byte[12]);
                Cipher c = ours();
                c.init(Cipher.DECRYPT_MODE, k, spec);
                assertThrows(AEADBadTagException.class, () -> c.doFinal(in));
                Cipher j = jdk();
                j.init(Cipher.DECRYPT_MODE, k, spec);
                assertThrows(AEADBadTagException.class, () -> j.doFinal(in));
            }
        }
    }

    @Test
    void shortBuffersLeaveTheCipherUsable() throws Exception {
        SplittableRandom r = new SplittableRandom(3);
        SecretKey k = key(r, 16);
        byte[] iv = bytes(r, 12);
        byte[] msg = bytes(r, 40);
        Cipher j = jdk();
        j.init(Cipher.ENCRYPT_MODE, k, new GCMParameterSpec(128, iv));
        byte[] expected = j.doFinal(msg);

        Cipher c = ours();
        c.init(Cipher.ENCRYPT_MODE, k, new GCMParameterSpec(128, iv));
        assertEquals(56, c.getOutputSize(40));
        assertThrows(ShortBufferException.class, () -> c.update(msg, 0, 20, new byte[19], 0));
        assertThrows(ShortBufferException.class, () -> c.update(ByteBuffer.wrap(msg, 0, 20), ByteBuffer.allocate(5)));
        byte[] out = new byte[56];
        int n = c.update(msg, 0, 20, out, 0);
        assertThrows(ShortBufferException.class, () -> c.doFinal(msg, 20, 20, new byte[35], 0));
        assertThrows(ShortBufferException.class, () -> c.doFinal(msg, 20, 20, out, 56 - 35));
        n += c.doFinal(msg, 20, 20, out, n);
        assertEquals(56, n);
        assertArrayEquals(expected, out);

        Cipher d = ours();
        d.init(Cipher.DECRYPT_MODE, k, new GCMParameterSpec(128, iv));
        assertEquals(0, d.update(expected, 0, 30, new byte[0], 0));
        assertEquals(40, d.getOutputSize(26));
        assertThrows(ShortBufferException.class, () -> d.doFinal(expected, 30, 26, new byte[39], 0));
        assertThrows(
                ShortBufferException.class,
                () -> d.doFinal(ByteBuffer.wrap(expected, 30, 26), ByteBuffer.allocate(39)));
        assertArrayEquals(msg, d.doFinal(expected, 30, 26));
    }

    @Test
    void overlappingBuffers() throws Exception {
        SplittableRandom r = new SplittableRandom(11);
        SecretKey k = key(r, 16);
        byte[] msg = bytes(r, 300);
        for (int shift : new int[] {-17, -1, 0, 1, 5, 16, 33}) {
            byte[] iv = bytes(r, 12);
            Cipher j = jdk();
            j.init(Cipher.ENCRYPT_MODE, k, new GCMParameterSpec(128, iv));
            j.updateAAD(msg, 0, 7);
            byte[] expected = j.doFinal(msg);
            Cipher c = ours();
            c.init(Cipher.ENCRYPT_MODE, k, new GCMParameterSpec(128, iv));
            byte[] buf = new byte[400];
            int inOff = 50;
            System.arraycopy(msg, 0, buf, inOff, msg.length);
            c.updateAAD(buf, inOff, 7); // AAD from the same array, before it is overwritten
            int n = c.doFinal(buf, inOff, 300, buf, inOff + shift);
            assertArrayEquals(expected, Arrays.copyOfRange(buf, inOff + shift, inOff + shift + n), "shift " + shift);

            Cipher d = ours();
            d.init(Cipher.DECRYPT_MODE, k, new GCMParameterSpec(128, iv));
            d.updateAAD(msg, 0, 7);
            System.arraycopy(expected, 0, buf, inOff, expected.length);
            ByteBuffer all = ByteBuffer.wrap(buf);
            ByteBuffer in = all.duplicate().position(inOff).limit(inOff + expected.length);
            ByteBuffer out = all.duplicate().position(inOff + shift);
            assertEquals(300, d.doFinal(in, out));
            assertArrayEquals(msg, Arrays.copyOfRange(buf, inOff + shift, inOff + shift + 300), "shift " + shift);
        }
    }

    /** Beyond one native chunk (1 MiB): heap arrays, direct buffers, in place. */
    @Test
    void inputsLargerThanOneNativeChunk() throws Exception {
        SplittableRandom r = new SplittableRandom(21);
        SecretKey k = key(r, 32);
        byte[] msg = bytes(r, 3 * 1024 * 1024 + 17);
        byte[] iv = bytes(r, 12);
        Cipher j = jdk();
        j.init(Cipher.ENCRYPT_MODE, k, new GCMParameterSpec(128, iv));
        byte[] expected = j.doFinal(msg);
        Cipher c = ours();
        c.init(Cipher.ENCRYPT_MODE, k, new GCMParameterSpec(128, iv));
        byte[] buf = Arrays.copyOf(msg, expected.length);
        assertEquals(expected.length, c.doFinal(buf, 0, msg.length, buf, 0));
        assertArrayEquals(expected, buf);
        Cipher d = ours();
        d.init(Cipher.DECRYPT_MODE, k, new GCMParameterSpec(128, iv));
        ByteBuffer in = ByteBuffer.allocateDirect(expected.length).put(expected).flip();
        ByteBuffer out = ByteBuffer.allocateDirect(msg.length);
        d.update(in.duplicate().limit(1_500_000), out);
        assertEquals(msg.length, d.doFinal(in.position(1_500_000), out));
        byte[] got = new byte[msg.length];
        out.flip().get(got);
        assertArrayEquals(msg, got);
    }

    @Test
    void wrapAndUnwrap() throws Exception {
        SecretKey k = new SecretKeySpec(new byte[32], "AES");
        SecretKey secret = new SecretKeySpec(bytes(new SplittableRandom(1), 24), "HmacSHA256");
        GCMParameterSpec spec = new GCMParameterSpec(128, new byte[12]);
        Cipher w = ours();
        w.init(Cipher.WRAP_MODE, k, spec);
        byte[] wrapped = w.wrap(secret);
        Cipher j = jdk();
        j.init(Cipher.UNWRAP_MODE, k, spec);
        assertArrayEquals(
                secret.getEncoded(),
                j.unwrap(wrapped, "HmacSHA256", Cipher.SECRET_KEY).getEncoded());
        Cipher u = ours();
        u.init(Cipher.UNWRAP_MODE, k, spec);
        assertEquals(secret, u.unwrap(wrapped, "HmacSHA256", Cipher.SECRET_KEY));
        wrapped[0] ^= 1;
        assertThrows(InvalidKeyException.class, () -> u.unwrap(wrapped, "HmacSHA256", Cipher.SECRET_KEY));
    }

    @Test
    void badArgumentsGiveJdkExceptions() {
        SecretKey k = new SecretKeySpec(new byte[16], "AES");
        AeadTesting.badCallsAsJdk(
                GcmTest::jdk, GcmTest::ours, (c, mode) -> c.init(mode, k, new GCMParameterSpec(128, new byte[12])));
    }

    @Test
    void jdkPathGivesIdenticalResults() throws Exception {
        SplittableRandom r = new SplittableRandom(5);
        SecretKey k = key(r, 32);
        byte[] iv = bytes(r, 12);
        byte[] msg = bytes(r, 1000);
        byte[] aad = bytes(r, 20);
        Cipher nat = ours();
        nat.init(Cipher.ENCRYPT_MODE, k, new GCMParameterSpec(120, iv));
        nat.updateAAD(aad);
        byte[] expected = nat.doFinal(msg);
        String before = System.getProperty("acceljce.native");
        System.setProperty("acceljce.native", "false");
        dev.acceljce.control.Settings.reload();
        try {
            long jdkBefore = Decisions.count("Cipher", GCM, Path.JDK);
            Cipher c = ours();
            assertEquals(jdkBefore + 1, Decisions.count("Cipher", GCM, Path.JDK));
            c.init(Cipher.ENCRYPT_MODE, k, new GCMParameterSpec(120, iv));
            c.updateAAD(aad);
            assertArrayEquals(expected, c.doFinal(msg));
            c.init(Cipher.DECRYPT_MODE, k, new GCMParameterSpec(120, iv));
            c.updateAAD(aad);
            assertArrayEquals(msg, AeadTesting.process(c, expected, r));
            for (Wycheproof.Case t : Wycheproof.cases("aes_gcm")) {
                checkVector(t, Cipher.getInstance(GCM, Providers.ACCEL));
            }
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

    @Test
    void seedBenchmarkPathReusesTheKeySchedule() throws Exception {
        // the benchmark's shape: re-init with the same key and a new IV, one doFinal per message
        SecretKey k = new SecretKeySpec(new byte[16], "AES");
        Cipher c = ours();
        Cipher j = jdk();
        SecureRandom random = new SecureRandom();
        c.init(Cipher.ENCRYPT_MODE, k);
        c.doFinal(new byte[1]); // an object's first message runs on a context made for that call
        c.init(Cipher.ENCRYPT_MODE, k); // a reused object keeps its context from here on
        long contexts = NativeResource.liveObjects().getOrDefault("EVP_CIPHER_CTX", 0L);
        for (int size = 32; size <= 16384; size *= 2) {
            byte[] iv = new byte[12];
            random.nextBytes(iv);
            byte[] msg = new byte[size];
            random.nextBytes(msg);
            c.init(Cipher.ENCRYPT_MODE, k, new GCMParameterSpec(128, iv));
            j.init(Cipher.ENCRYPT_MODE, k, new GCMParameterSpec(128, iv));
            assertArrayEquals(j.doFinal(msg), c.doFinal(msg), "size " + size);
        }
        // no native object per operation (the Cleaner may free others meanwhile, never add)
        assertTrue(NativeResource.liveObjects().getOrDefault("EVP_CIPHER_CTX", 0L) <= contexts);
    }
}
