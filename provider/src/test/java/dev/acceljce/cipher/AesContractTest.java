package dev.acceljce.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Decisions;
import dev.acceljce.control.Path;
import dev.acceljce.openssl.NativeResource;
import dev.acceljce.testing.Providers;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.Security;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The API contract of the AES ciphers, point by point against SunJCE. */
class AesContractTest {
    private static final SplittableRandom RANDOM = new SplittableRandom(7);
    private static final SecretKeySpec KEY128 = key(16);
    private static final SecretKeySpec KEY192 = key(24);
    private static final SecretKeySpec KEY256 = key(32);
    private static final IvParameterSpec IV = new IvParameterSpec(bytes(16));

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }

    private static SecretKeySpec key(int n) {
        return new SecretKeySpec(bytes(n), "AES");
    }

    private static Cipher ours(String t) throws Exception {
        return Cipher.getInstance(t, Providers.ACCEL);
    }

    private static Cipher jdk(String t) throws Exception {
        return Cipher.getInstance(t, "SunJCE");
    }

    /** Both calls throw, and the same exception type. */
    private static void sameException(Executable ours, Executable jdk) {
        Throwable expected = assertThrows(Throwable.class, jdk, "SunJCE accepted it");
        assertThrows(expected.getClass(), ours, "AccelJCE must throw " + expected);
    }

    // ---- names ----

    @Test
    void everySunJceAesNameResolves() throws Exception {
        Provider sunJce = Security.getProvider("SunJCE");
        List<String> missing = new ArrayList<>();
        for (Provider.Service s : sunJce.getServices()) {
            String alg = s.getAlgorithm();
            if (!s.getType().equals("Cipher") || !alg.startsWith("AES") || alg.contains("GCM")) {
                continue;
            }
            List<String> names = new ArrayList<>(List.of(alg));
            Provider.Service ourService = Providers.ACCEL.getService("Cipher", alg);
            if (ourService == null) {
                missing.add(alg);
                continue;
            }
            for (String alias : aliases(s)) {
                names.add(alias);
            }
            for (String n : names) {
                if (Providers.ACCEL.getService("Cipher", n) == null) {
                    missing.add(n);
                }
            }
        }
        assertTrue(missing.isEmpty(), "not registered: " + missing);
        for (String t : List.of(
                "AES/ECB/NoPadding",
                "AES/ECB/PKCS5Padding",
                "AES/CBC/NoPadding",
                "AES/CBC/PKCS5Padding",
                "AES/CTR/NoPadding",
                "AES/CFB/NoPadding",
                "AES/OFB/NoPadding",
                "AESWrap",
                "AESWrapPad",
                "AESWrap_192",
                "2.16.840.1.101.3.4.1.48",
                "OID.2.16.840.1.101.3.4.1.2",
                "2.16.840.1.101.3.4.1")) {
            assertEquals("AccelJCE", ours(t).getProvider().getName(), t);
        }
    }

    /** Provider.Service hides its aliases; its toString lists them. */
    private static List<String> aliases(Provider.Service s) {
        String text = s.toString();
        int i = text.indexOf("aliases: [");
        if (i < 0) {
            return List.of();
        }
        String list = text.substring(i + 10, text.indexOf(']', i));
        return Arrays.stream(list.split(","))
                .map(String::trim)
                .filter(a -> !a.isEmpty())
                .toList();
    }

    @Test
    void servedNatively() throws Exception {
        for (String t : List.of(
                "AES/CBC/PKCS5Padding",
                "AES",
                "AESWrap",
                "AES_256/CFB/NoPadding",
                "AES/KW/PKCS5Padding",
                "AES_128/KW/PKCS5Padding")) {
            String service = Providers.ACCEL.getService("Cipher", t).getAlgorithm();
            long before = Decisions.count("Cipher", service, Path.NATIVE);
            ours(t);
            assertEquals(before + 1, Decisions.count("Cipher", service, Path.NATIVE), t);
        }
    }

    // ---- keys, IVs, parameters ----

    @ParameterizedTest
    @ValueSource(
            strings = {
                "AES/CBC/PKCS5Padding",
                "AES/CTR/NoPadding",
                "AES",
                "AES_128/ECB/NoPadding",
                "AES_256/OFB/NoPadding",
                "AESWrap",
                "AESWrapPad_192"
            })
    void badKeys(String t) throws Exception {
        Cipher o = ours(t);
        Cipher j = jdk(t);
        for (int size : new int[] {0, 8, 15, 17, 20, 31, 33, 64}) {
            byte[] raw = new byte[Math.max(size, 1)];
            Key k = size == 0 ? new OddKey(new byte[0]) : new SecretKeySpec(raw, "AES");
            sameException(() -> o.init(Cipher.ENCRYPT_MODE, k), () -> j.init(Cipher.ENCRYPT_MODE, k));
        }
        if (t.startsWith("AES_")) {
            Key wrongSize = t.startsWith("AES_128") ? KEY256 : KEY128;
            sameException(() -> o.init(Cipher.ENCRYPT_MODE, wrongSize), () -> j.init(Cipher.ENCRYPT_MODE, wrongSize));
        }
        if (t.startsWith("AESWrap")) {
            // deliberate: SunJCE's key wrap fails with NullPointerException on a null key
            assertThrows(InvalidKeyException.class, () -> o.init(Cipher.ENCRYPT_MODE, (Key) null));
        } else {
            sameException(() -> o.init(Cipher.ENCRYPT_MODE, (Key) null), () -> j.init(Cipher.ENCRYPT_MODE, (Key) null));
        }
        Key des = new SecretKeySpec(new byte[16], "DES");
        sameException(() -> o.init(Cipher.ENCRYPT_MODE, des), () -> j.init(Cipher.ENCRYPT_MODE, des));
        Key noEncoding = new OddKey(null);
        sameException(() -> o.init(Cipher.ENCRYPT_MODE, noEncoding), () -> j.init(Cipher.ENCRYPT_MODE, noEncoding));
    }

    /** An AES key with whatever encoding the test wants (SecretKeySpec refuses empty ones). */
    private record OddKey(byte[] encoded) implements Key {
        @Override
        public String getAlgorithm() {
            return "AES";
        }

        @Override
        public String getFormat() {
            return "RAW";
        }

        @Override
        public byte[] getEncoded() {
            return encoded == null ? null : encoded.clone();
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "AES/CBC/NoPadding",
                "AES/CTR/NoPadding",
                "AES/CFB8/NoPadding",
                "AES/OFB/NoPadding",
                "AES_192/CFB/NoPadding"
            })
    void ivRules(String t) throws Exception {
        Cipher o = ours(t);
        Cipher j = jdk(t);
        SecretKeySpec k = t.startsWith("AES_192") ? key(24) : KEY128;
        for (int n : new int[] {0, 8, 12, 15, 17, 32}) {
            IvParameterSpec bad = new IvParameterSpec(new byte[Math.max(n, 1)], 0, Math.max(n, 1));
            sameException(() -> o.init(Cipher.ENCRYPT_MODE, k, bad), () -> j.init(Cipher.ENCRYPT_MODE, k, bad));
        }
        GCMParameterSpec gcm = new GCMParameterSpec(128, new byte[16]);
        sameException(() -> o.init(Cipher.ENCRYPT_MODE, k, gcm), () -> j.init(Cipher.ENCRYPT_MODE, k, gcm));
        // decryption needs the IV: the exception depends on how it was (not) given
        sameException(() -> o.init(Cipher.DECRYPT_MODE, k), () -> j.init(Cipher.DECRYPT_MODE, k));
        sameException(
                () -> o.init(Cipher.DECRYPT_MODE, k, (IvParameterSpec) null),
                () -> j.init(Cipher.DECRYPT_MODE, k, (IvParameterSpec) null));
        sameException(
                () -> o.init(Cipher.DECRYPT_MODE, k, (AlgorithmParameters) null),
                () -> j.init(Cipher.DECRYPT_MODE, k, (AlgorithmParameters) null));

        // encryption without an IV draws one, exposed by getIV and getParameters
        o.init(Cipher.ENCRYPT_MODE, k);
        byte[] iv1 = o.getIV();
        assertEquals(16, iv1.length);
        AlgorithmParameters params = o.getParameters();
        assertEquals("AES", params.getAlgorithm());
        assertArrayEquals(iv1, params.getParameterSpec(IvParameterSpec.class).getIV());
        byte[] plain = bytes(48);
        byte[] ct = o.doFinal(plain);
        o.init(Cipher.ENCRYPT_MODE, k);
        assertFalse(Arrays.equals(iv1, o.getIV()), "a fresh IV per init");
        j.init(Cipher.DECRYPT_MODE, k, params);
        assertArrayEquals(plain, j.doFinal(ct));
        o.init(Cipher.DECRYPT_MODE, k, params);
        assertArrayEquals(plain, o.doFinal(ct));
        // getIV returns a copy
        o.getIV()[0] ^= 1;
        assertArrayEquals(iv1, o.getIV());
        // before init: no IV, but parameters with a random IV, as SunJCE
        assertNull(ours(t).getIV());
        assertEquals(
                16,
                ours(t).getParameters().getParameterSpec(IvParameterSpec.class).getIV().length);
    }

    @Test
    void ecbHasNoIv() throws Exception {
        Cipher o = ours("AES/ECB/PKCS5Padding");
        Cipher j = jdk("AES/ECB/PKCS5Padding");
        sameException(() -> o.init(Cipher.ENCRYPT_MODE, KEY128, IV), () -> j.init(Cipher.ENCRYPT_MODE, KEY128, IV));
        o.init(Cipher.DECRYPT_MODE, KEY128);
        assertNull(o.getIV());
        assertNull(o.getParameters());
        assertEquals(16, o.getBlockSize());
        assertEquals(16, ours("AES/CTR/NoPadding").getBlockSize());
        assertEquals(16, ours("AES/CFB8/NoPadding").getBlockSize());
        assertEquals(8, ours("AESWrap").getBlockSize());
    }

    // ---- state ----

    @Test
    void useBeforeInit() throws Exception {
        for (String t : List.of("AES/CBC/PKCS5Padding", "AES/CTR/NoPadding", "AESWrap")) {
            Cipher o = ours(t);
            Cipher j = jdk(t);
            sameException(() -> o.update(new byte[16]), () -> j.update(new byte[16]));
            sameException(() -> o.doFinal(), () -> j.doFinal());
            sameException(() -> o.getOutputSize(16), () -> j.getOutputSize(16));
            sameException(() -> o.wrap(KEY128), () -> j.wrap(KEY128));
        }
    }

    @Test
    void modeMismatch() throws Exception {
        for (String t : List.of("AES/CBC/PKCS5Padding", "AESWrap")) {
            Cipher o = ours(t);
            Cipher j = jdk(t);
            o.init(Cipher.ENCRYPT_MODE, KEY128, t.startsWith("AES/") ? IV : null);
            j.init(Cipher.ENCRYPT_MODE, KEY128, t.startsWith("AES/") ? IV : null);
            sameException(() -> o.wrap(KEY128), () -> j.wrap(KEY128));
            o.init(Cipher.WRAP_MODE, KEY128, t.startsWith("AES/") ? IV : null);
            j.init(Cipher.WRAP_MODE, KEY128, t.startsWith("AES/") ? IV : null);
            sameException(() -> o.update(new byte[16]), () -> j.update(new byte[16]));
            assertArrayEquals(j.wrap(KEY256), o.wrap(KEY256));
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "AES/ECB/PKCS5Padding",
                "AES/CBC/PKCS5Padding",
                "AES/CBC/NoPadding",
                "AES/CTR/NoPadding",
                "AES/CFB/NoPadding",
                "AES/OFB/NoPadding",
                "AES/CFB8/NoPadding"
            })
    void doFinalResetsAndReinitKeepsWorking(String t) throws Exception {
        boolean ecb = t.contains("ECB");
        Cipher o = ours(t);
        Cipher j = jdk(t);
        byte[] plain = bytes(64);
        for (int round = 0; round < 3; round++) {
            // same key both directions, then a new key: the key-schedule reuse must not leak across
            SecretKeySpec k = round < 2 ? KEY128 : KEY256;
            init(o, Cipher.ENCRYPT_MODE, k, ecb);
            init(j, Cipher.ENCRYPT_MODE, k, ecb);
            byte[] ct = j.doFinal(plain);
            byte[] first = o.update(plain, 0, 7);
            assertArrayEquals(ct, concat(first, o.doFinal(plain, 7, 57)), "in two parts");
            assertArrayEquals(ct, o.doFinal(plain), "doFinal returns to the state after init");
            assertArrayEquals(ct, o.doFinal(plain), "and again");
            init(o, Cipher.DECRYPT_MODE, k, ecb);
            assertArrayEquals(plain, o.doFinal(ct));
            assertArrayEquals(plain, o.doFinal(ct));
            init(o, Cipher.ENCRYPT_MODE, k, ecb);
            assertArrayEquals(ct, o.doFinal(plain));
        }
    }

    private static void init(Cipher c, int mode, SecretKeySpec k, boolean ecb) throws Exception {
        if (ecb) {
            c.init(mode, k);
        } else {
            c.init(mode, k, IV);
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] x = a == null ? new byte[0] : a;
        byte[] y = b == null ? new byte[0] : b;
        byte[] out = Arrays.copyOf(x, x.length + y.length);
        System.arraycopy(y, 0, out, x.length, y.length);
        return out;
    }

    // ---- sizes and short buffers ----

    @ParameterizedTest
    @ValueSource(
            strings = {
                "AES/ECB/PKCS5Padding",
                "AES/ECB/NoPadding",
                "AES/CBC/PKCS5Padding",
                "AES/CTR/NoPadding",
                "AES/CFB/NoPadding",
                "AESWrap",
                "AESWrapPad"
            })
    void outputSizesAsSunJce(String t) throws Exception {
        boolean ecb = t.contains("ECB") || t.startsWith("AESWrap");
        Cipher o = ours(t);
        Cipher j = jdk(t);
        init(o, Cipher.ENCRYPT_MODE, KEY128, ecb);
        init(j, Cipher.ENCRYPT_MODE, KEY128, ecb);
        for (int n : new int[] {0, 1, 5, 11, 16, 17, 31, 32, 100}) {
            assertEquals(j.getOutputSize(n), o.getOutputSize(n), t + " encrypt " + n);
        }
        o.update(new byte[5]);
        j.update(new byte[5]);
        for (int n : new int[] {0, 1, 11, 27}) {
            assertEquals(j.getOutputSize(n), o.getOutputSize(n), t + " encrypt after 5, " + n);
        }
        init(o, Cipher.DECRYPT_MODE, KEY128, ecb);
        init(j, Cipher.DECRYPT_MODE, KEY128, ecb);
        for (int n : new int[] {0, 1, 16, 24, 32, 100}) {
            assertEquals(j.getOutputSize(n), o.getOutputSize(n), t + " decrypt " + n);
        }
    }

    /** Every update returns what SunJCE's returns, and getOutputSize agrees before each call. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "AES/ECB/PKCS5Padding",
                "AES/ECB/NoPadding",
                "AES/CBC/PKCS5Padding",
                "AES/CBC/NoPadding",
                "AES/CTR/NoPadding",
                "AES/CFB/NoPadding",
                "AES/CFB8/NoPadding",
                "AES/OFB/NoPadding",
                "AESWrap"
            })
    void updateSizesAsSunJce(String t) throws Exception {
        boolean ecb = t.contains("ECB") || t.startsWith("AESWrap");
        SplittableRandom r = new SplittableRandom(11);
        for (int mode : new int[] {Cipher.ENCRYPT_MODE, Cipher.DECRYPT_MODE}) {
            Cipher o = ours(t);
            Cipher j = jdk(t);
            init(o, mode, KEY128, ecb);
            init(j, mode, KEY128, ecb);
            for (int step = 0; step < 200; step++) {
                int n = r.nextInt(0, 41);
                assertEquals(j.getOutputSize(n), o.getOutputSize(n), t + " mode " + mode + " step " + step);
                byte[] in = bytes(n);
                assertArrayEquals(j.update(in), o.update(in), t + " mode " + mode + " step " + step + " len " + n);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "AES/ECB/PKCS5Padding",
                "AES/CBC/NoPadding",
                "AES/CBC/PKCS5Padding",
                "AES/CTR/NoPadding",
                "AES/OFB/NoPadding",
                "AESWrapPad"
            })
    void shortBuffersChangeNothing(String t) throws Exception {
        boolean ecb = t.contains("ECB") || t.startsWith("AESWrap");
        Cipher o = ours(t);
        Cipher j = jdk(t);
        byte[] plain = bytes(80);
        init(j, Cipher.ENCRYPT_MODE, KEY128, ecb);
        byte[] ct = j.doFinal(plain);
        init(o, Cipher.ENCRYPT_MODE, KEY128, ecb);

        byte[] first = o.update(plain, 0, 20);
        int need = o.getOutputSize(60);
        assertThrows(ShortBufferException.class, () -> o.doFinal(plain, 20, 60, new byte[need - 1], 0));
        assertThrows(ShortBufferException.class, () -> o.doFinal(plain, 20, 60, new byte[need + 10], 11));
        assertThrows(
                ShortBufferException.class,
                () -> o.doFinal(ByteBuffer.wrap(plain, 20, 60), ByteBuffer.allocateDirect(need - 1)));
        ByteBuffer in = ByteBuffer.wrap(plain, 20, 60);
        ByteBuffer small = ByteBuffer.allocate(need - 1);
        assertThrows(ShortBufferException.class, () -> o.doFinal(in, small));
        assertEquals(20, in.position(), "input untouched after ShortBufferException");
        assertEquals(0, small.position());
        if (!t.startsWith("AESWrap")) {
            int updateNeed = o.getOutputSize(20);
            byte[] tiny = new byte[Math.max(0, updateNeed - 17)];
            if (updateNeed > 16) {
                assertThrows(ShortBufferException.class, () -> o.update(plain, 20, 20, tiny, 0));
            }
        }
        byte[] out = new byte[need];
        int n = o.doFinal(plain, 20, 60, out, 0);
        assertArrayEquals(ct, concat(first, Arrays.copyOf(out, n)), "state unchanged by the refused calls");

        // decrypting with padding: a buffer for the plaintext only is enough (SunJCE allows it)
        init(o, Cipher.DECRYPT_MODE, KEY128, ecb);
        init(j, Cipher.DECRYPT_MODE, KEY128, ecb);
        byte[] exact = new byte[plain.length];
        if (t.contains("PKCS5")) {
            assertThrows(ShortBufferException.class, () -> o.doFinal(ct, 0, ct.length, new byte[plain.length - 1], 0));
            assertEquals(plain.length, o.doFinal(ct, 0, ct.length, exact, 0));
            assertArrayEquals(plain, exact);
            assertEquals(plain.length, j.doFinal(ct, 0, ct.length, new byte[plain.length], 0));
        }
        assertArrayEquals(plain, o.doFinal(ct));
    }

    @Test
    void shortBufferOnPaddedDecryptKeepsState() throws Exception {
        Cipher o = ours("AES/CBC/PKCS5Padding");
        byte[] plain = bytes(37);
        o.init(Cipher.ENCRYPT_MODE, KEY128, IV);
        byte[] ct = o.doFinal(plain);
        o.init(Cipher.DECRYPT_MODE, KEY128, IV);
        byte[] head = o.update(ct, 0, 21);
        byte[] out = new byte[64];
        // room for the plaintext's rest minus one byte: refused after trying, state restored
        int rest = plain.length - head.length;
        assertThrows(ShortBufferException.class, () -> o.doFinal(ct, 21, ct.length - 21, out, 64 - (rest - 1)));
        int n = o.doFinal(ct, 21, ct.length - 21, out, 64 - rest);
        assertEquals(rest, n);
        assertArrayEquals(plain, concat(head, Arrays.copyOfRange(out, 64 - rest, 64)));
    }

    // ---- bad lengths and padding ----

    @Test
    void illegalBlockSizes() throws Exception {
        for (String t :
                List.of("AES/ECB/NoPadding", "AES/CBC/NoPadding", "AES/CBC/PKCS5Padding", "AES_256/CBC/NoPadding")) {
            boolean ecb = t.contains("ECB");
            SecretKeySpec k = t.startsWith("AES_256") ? KEY256 : KEY128;
            Cipher o = ours(t);
            Cipher j = jdk(t);
            for (int mode : new int[] {Cipher.ENCRYPT_MODE, Cipher.DECRYPT_MODE}) {
                init(o, mode, k, ecb);
                init(j, mode, k, ecb);
                if (mode == Cipher.ENCRYPT_MODE && t.contains("PKCS5")) {
                    continue;
                }
                o.update(new byte[9]);
                j.update(new byte[9]);
                sameException(() -> o.doFinal(new byte[8]), () -> j.doFinal(new byte[8]));
                // nothing changed, as in SunJCE: the 9 buffered bytes are still there
                byte[] input = bytes(7);
                assertArrayEquals(
                        DifferentialOutcome.of(() -> j.doFinal(input)),
                        DifferentialOutcome.of(() -> o.doFinal(input)),
                        t + " after IllegalBlockSizeException");
            }
        }
    }

    @Test
    void badPadding() throws Exception {
        Cipher o = ours("AES/CBC/PKCS5Padding");
        Cipher j = jdk("AES/CBC/PKCS5Padding");
        byte[] plain = bytes(40);
        o.init(Cipher.ENCRYPT_MODE, KEY128, IV);
        byte[] ct = o.doFinal(plain);
        o.init(Cipher.DECRYPT_MODE, KEY256, IV);
        j.init(Cipher.DECRYPT_MODE, KEY256, IV);
        // with a wrong key the padding is wrong (or, rarely, valid: then both return garbage)
        byte[] jdkResult = DifferentialOutcome.of(() -> j.doFinal(ct));
        byte[] ourResult = DifferentialOutcome.of(() -> o.doFinal(ct));
        assertArrayEquals(jdkResult, ourResult);
        byte[] tampered = ct.clone();
        tampered[tampered.length - 17] ^= 0x01; // flips the last padding byte
        o.init(Cipher.DECRYPT_MODE, KEY128, IV);
        j.init(Cipher.DECRYPT_MODE, KEY128, IV);
        sameException(() -> o.doFinal(tampered), () -> j.doFinal(tampered));
        // deliberate: after BadPaddingException we are back at the state after init (SunJCE keeps
        // some of the failed input buffered and returns garbage for the next ciphertext)
        assertArrayEquals(plain, o.doFinal(ct));
        o.update(ct, 0, 20);
        assertThrows(BadPaddingException.class, () -> o.doFinal(tampered, 20, tampered.length - 20));
        assertArrayEquals(plain, o.doFinal(ct));
        // an empty padded ciphertext has no padding block: refused (SunJCE returns nothing)
        assertThrows(IllegalBlockSizeException.class, () -> o.doFinal(new byte[0]));
    }

    /** A result, or a marker array naming the exception, for comparing outcomes. */
    private static final class DifferentialOutcome {
        static byte[] of(AesDifferentialTest.Op op) {
            try {
                return op.run();
            } catch (Exception e) {
                return e.getClass().getName().getBytes();
            }
        }
    }

    // ---- arguments ----

    @Test
    void badOffsetsAndLengths() throws Exception {
        for (String t : List.of("AES/CBC/PKCS5Padding", "AES/CTR/NoPadding", "AESWrap")) {
            boolean ecb = t.startsWith("AESWrap");
            Cipher o = ours(t);
            Cipher j = jdk(t);
            init(o, Cipher.ENCRYPT_MODE, KEY128, ecb);
            init(j, Cipher.ENCRYPT_MODE, KEY128, ecb);
            byte[] in = new byte[32];
            byte[] out = new byte[64];
            sameException(() -> o.update(in, 20, 13), () -> j.update(in, 20, 13));
            sameException(() -> o.update(in, -1, 4), () -> j.update(in, -1, 4));
            sameException(() -> o.update(in, 4, -1), () -> j.update(in, 4, -1));
            sameException(() -> o.update(in, 0, 32, out, -1), () -> j.update(in, 0, 32, out, -1));
            if (!ecb) { // key wrap collects without writing: no output array needed
                sameException(() -> o.update(in, 0, 32, null, 0), () -> j.update(in, 0, 32, null, 0));
            }
            sameException(() -> o.doFinal(in, 5, 40), () -> j.doFinal(in, 5, 40));
            sameException(() -> o.doFinal(in, 0, 32, out, -3), () -> j.doFinal(in, 0, 32, out, -3));
            sameException(() -> o.update((byte[]) null), () -> j.update((byte[]) null));
            ByteBuffer readOnly = ByteBuffer.allocate(64).asReadOnlyBuffer();
            sameException(() -> o.update(ByteBuffer.wrap(in), readOnly), () -> j.update(ByteBuffer.wrap(in), readOnly));
            ByteBuffer same = ByteBuffer.allocate(64);
            sameException(() -> o.update(same, same), () -> j.update(same, same));
            if (!ecb) {
                sameException(() -> o.update(in, 0, 32, out, 60), () -> j.update(in, 0, 32, out, 60));
                sameException(() -> o.update(in, 0, 32, out, 70), () -> j.update(in, 0, 32, out, 70));
            }
            // still usable afterwards
            init(o, Cipher.ENCRYPT_MODE, KEY128, ecb);
            init(j, Cipher.ENCRYPT_MODE, KEY128, ecb);
            assertArrayEquals(j.doFinal(in), o.doFinal(in));
        }
    }

    // ---- ByteBuffers and overlapping ranges ----

    @ParameterizedTest
    @ValueSource(strings = {"AES/CBC/PKCS5Padding", "AES/ECB/NoPadding", "AES/CTR/NoPadding", "AES/CFB8/NoPadding"})
    void byteBuffersAdvanceAsTheJdks(String t) throws Exception {
        boolean ecb = t.contains("ECB");
        Cipher o = ours(t);
        Cipher j = jdk(t);
        byte[] plain = bytes(ecb ? 96 : 100);
        for (int mode : new int[] {Cipher.ENCRYPT_MODE, Cipher.DECRYPT_MODE}) {
            init(o, mode, KEY128, ecb);
            init(j, mode, KEY128, ecb);
            byte[] data = mode == Cipher.ENCRYPT_MODE ? plain : jdkEncrypt(t, plain, ecb);
            ByteBuffer direct = ByteBuffer.allocateDirect(data.length + 20);
            direct.position(7);
            direct.put(data);
            direct.flip().position(7);
            ByteBuffer readOnly = ByteBuffer.wrap(data).asReadOnlyBuffer();
            ByteBuffer ourOut = ByteBuffer.allocateDirect(200).position(3);
            ByteBuffer jdkOut = ByteBuffer.allocate(200).position(3);
            int split = 33;
            direct.limit(7 + split);
            readOnly.limit(split);
            int a = o.update(direct, ourOut);
            int b = j.update(readOnly, jdkOut);
            assertEquals(b, a, t + " update result");
            assertEquals(7 + split, direct.position());
            assertEquals(split, readOnly.position());
            direct.limit(7 + data.length);
            readOnly.limit(data.length);
            o.doFinal(direct, ourOut);
            j.doFinal(readOnly, jdkOut);
            assertEquals(jdkOut.position(), ourOut.position(), t + " output position");
            assertFalse(direct.hasRemaining());
            byte[] x = new byte[jdkOut.position() - 3];
            byte[] y = new byte[x.length];
            jdkOut.flip().position(3);
            jdkOut.get(x);
            ourOut.flip().position(3);
            ourOut.get(y);
            assertArrayEquals(x, y, t);
        }
    }

    private static byte[] jdkEncrypt(String t, byte[] plain, boolean ecb) throws Exception {
        Cipher j = jdk(t);
        init(j, Cipher.ENCRYPT_MODE, KEY128, ecb);
        return j.doFinal(plain);
    }

    @ParameterizedTest
    @ValueSource(strings = {"AES/CBC/PKCS5Padding", "AES/ECB/NoPadding", "AES/CTR/NoPadding", "AES/OFB/NoPadding"})
    void inPlaceAndOverlappingRanges(String t) throws Exception {
        boolean ecb = t.contains("ECB");
        Cipher o = ours(t);
        byte[] plain = bytes(96);
        for (int mode : new int[] {Cipher.ENCRYPT_MODE, Cipher.DECRYPT_MODE}) {
            byte[] data = mode == Cipher.ENCRYPT_MODE ? plain : jdkEncrypt(t, plain, ecb);
            Cipher j = jdk(t);
            init(j, mode, KEY128, ecb);
            byte[] expected = j.doFinal(data);
            for (int shift = -24; shift <= 24; shift++) {
                for (int held : new int[] {0, 5, 16}) {
                    init(o, mode, KEY128, ecb);
                    byte[] work = new byte[256];
                    int base = 64;
                    System.arraycopy(data, 0, work, base, data.length);
                    byte[] head = o.update(data, 0, held);
                    int n = o.doFinal(work, base + held, data.length - held, work, base + shift);
                    assertArrayEquals(
                            expected,
                            concat(head, Arrays.copyOfRange(work, base + shift, base + shift + n)),
                            t + " mode " + mode + " shift " + shift + " held " + held);
                }
                init(o, mode, KEY128, ecb);
                byte[] work = new byte[256];
                System.arraycopy(data, 0, work, 64, data.length);
                int n1 = o.update(work, 64, 40, work, 64 + shift);
                byte[] first = Arrays.copyOfRange(work, 64 + shift, 64 + shift + n1);
                byte[] rest = o.doFinal(data, 40, data.length - 40);
                assertArrayEquals(expected, concat(first, rest), t + " update shift " + shift);
            }
        }
    }

    // ---- modes only SunJCE has, and the general service ----

    @Test
    void generalServiceModes() throws Exception {
        for (String t : List.of(
                "AES",
                "AES/CFB128/NoPadding",
                "AES/OFB128/NoPadding",
                "AES/PCBC/PKCS5Padding",
                "AES/CTS/NoPadding",
                "AES/CFB16/NoPadding",
                "AES/OFB32/NoPadding",
                "AES/CBC/ISO10126Padding",
                "AES/CFB/PKCS5Padding",
                "AES/OFB/PKCS5Padding")) {
            Cipher o = ours(t);
            Cipher j = jdk(t);
            boolean ecb = t.equals("AES");
            init(o, Cipher.ENCRYPT_MODE, KEY128, ecb);
            init(j, Cipher.ENCRYPT_MODE, KEY128, ecb);
            byte[] plain = bytes(45);
            byte[] ct = o.doFinal(plain);
            if (!t.contains("ISO10126")) { // random padding bytes
                assertArrayEquals(j.doFinal(plain), ct, t);
            }
            init(j, Cipher.DECRYPT_MODE, KEY128, ecb);
            assertArrayEquals(plain, j.doFinal(ct), t);
            init(o, Cipher.DECRYPT_MODE, KEY128, ecb);
            assertArrayEquals(plain, o.doFinal(ct), t);
        }
        sameException(() -> ours("AES/XYZ/NoPadding"), () -> jdk("AES/XYZ/NoPadding"));
        sameException(() -> ours("AES/CTR/PKCS5Padding"), () -> jdk("AES/CTR/PKCS5Padding"));
        sameException(() -> ours("AES/CBC/FooPadding"), () -> jdk("AES/CBC/FooPadding"));
        sameException(() -> ours("AES_128/CBC/PKCS5Padding"), () -> jdk("AES_128/CBC/PKCS5Padding"));
        assertThrows(NoSuchPaddingException.class, () -> ours("AES/CTR/PKCS5Padding"));
        assertThrows(NoSuchAlgorithmException.class, () -> ours("AES/XYZ/NoPadding"));
    }

    // ---- wrap and unwrap ----

    @Test
    void wrapAndUnwrapKeysOfEveryType() throws Exception {
        KeyPair rsa = KeyPairGenerator.getInstance("RSA").generateKeyPair();
        for (String t : List.of("AESWrapPad", "AES/CBC/PKCS5Padding", "AES/KW/PKCS5Padding")) {
            boolean ecb = !t.contains("CBC");
            Cipher o = ours(t);
            init(o, Cipher.WRAP_MODE, KEY256, ecb);
            byte[] wrappedPrivate = o.wrap(rsa.getPrivate());
            byte[] wrappedPublic = o.wrap(rsa.getPublic());
            byte[] wrappedSecret = o.wrap(KEY128);
            init(o, Cipher.UNWRAP_MODE, KEY256, ecb);
            assertEquals(rsa.getPrivate(), o.unwrap(wrappedPrivate, "RSA", Cipher.PRIVATE_KEY), t);
            assertEquals(rsa.getPublic(), o.unwrap(wrappedPublic, "RSA", Cipher.PUBLIC_KEY), t);
            assertEquals(KEY128, o.unwrap(wrappedSecret, "AES", Cipher.SECRET_KEY), t);
            Cipher j = jdk(t);
            init(j, Cipher.UNWRAP_MODE, KEY256, ecb);
            assertEquals(KEY128, j.unwrap(wrappedSecret, "AES", Cipher.SECRET_KEY), t);
            byte[] bad = wrappedSecret.clone();
            bad[bad.length - 1] ^= 1;
            sameException(() -> o.unwrap(bad, "AES", Cipher.SECRET_KEY), () -> j.unwrap(bad, "AES", Cipher.SECRET_KEY));
        }
    }

    @Test
    void keyWrapContract() throws Exception {
        Cipher o = ours("AESWrap");
        Cipher j = jdk("AESWrap");
        assertNull(o.getIV());
        assertArrayEquals(j.getParameters().getEncoded(), o.getParameters().getEncoded());
        Cipher unusedPad = ours("AESWrapPad");
        assertArrayEquals(
                jdk("AESWrapPad").getParameters().getEncoded(),
                unusedPad.getParameters().getEncoded());
        o.init(Cipher.ENCRYPT_MODE, KEY128);
        j.init(Cipher.ENCRYPT_MODE, KEY128);
        assertArrayEquals(j.getIV(), o.getIV());
        assertArrayEquals(j.getParameters().getEncoded(), o.getParameters().getEncoded());
        assertNull(o.update(new byte[16]), "updates only collect");
        assertEquals(0, o.update(new byte[8], 0, 8, new byte[0], 0));
        j.update(new byte[24]);
        assertArrayEquals(j.doFinal(), o.doFinal());
        for (int n : new int[] {0, 8, 12, 20}) {
            sameException(() -> o.doFinal(new byte[n]), () -> j.doFinal(new byte[n]));
        }
        // a custom 8-byte IV (RFC 3394's ICV)
        IvParameterSpec icv = new IvParameterSpec(bytes(8));
        o.init(Cipher.ENCRYPT_MODE, KEY128, icv);
        j.init(Cipher.ENCRYPT_MODE, KEY128, icv);
        byte[] wrapped = o.doFinal(new byte[32]);
        assertArrayEquals(j.doFinal(new byte[32]), wrapped);
        o.init(Cipher.DECRYPT_MODE, KEY128, icv);
        assertArrayEquals(new byte[32], o.doFinal(wrapped));
        o.init(Cipher.DECRYPT_MODE, KEY128);
        j.init(Cipher.DECRYPT_MODE, KEY128);
        sameException(() -> o.doFinal(wrapped), () -> j.doFinal(wrapped));
        for (int n : new int[] {8, 16, 23, 25}) {
            sameException(() -> o.doFinal(new byte[n]), () -> j.doFinal(new byte[n]));
        }
        IvParameterSpec longIv = new IvParameterSpec(new byte[16]);
        sameException(
                () -> o.init(Cipher.ENCRYPT_MODE, KEY128, longIv), () -> j.init(Cipher.ENCRYPT_MODE, KEY128, longIv));

        Cipher op = ours("AESWrapPad");
        Cipher jp = jdk("AESWrapPad");
        op.init(Cipher.ENCRYPT_MODE, KEY128);
        jp.init(Cipher.ENCRYPT_MODE, KEY128);
        assertArrayEquals(jp.getIV(), op.getIV());
        for (int n : new int[] {1, 7, 8, 9, 100}) {
            byte[] m = bytes(n);
            assertArrayEquals(jp.doFinal(m), op.doFinal(m), "KWP " + n);
        }
        sameException(() -> op.doFinal(new byte[0]), () -> jp.doFinal(new byte[0]));
        IvParameterSpec notAiv = new IvParameterSpec(new byte[4]);
        sameException(
                () -> op.init(Cipher.ENCRYPT_MODE, KEY128, notAiv), () -> jp.init(Cipher.ENCRYPT_MODE, KEY128, notAiv));
        IvParameterSpec aiv = new IvParameterSpec(jp.getIV());
        op.init(Cipher.ENCRYPT_MODE, KEY128, aiv);
        op.init(Cipher.DECRYPT_MODE, KEY128);
        jp.init(Cipher.DECRYPT_MODE, KEY128);
        for (int n : new int[] {8, 15, 17}) {
            sameException(() -> op.doFinal(new byte[n]), () -> jp.doFinal(new byte[n]));
        }
        assertThrows(IllegalBlockSizeException.class, () -> op.doFinal(new byte[4]));
    }

    @Test
    void keyWrapWithPkcs5Padding() throws Exception {
        Cipher o = ours("AES/KW/PKCS5Padding");
        Cipher j = jdk("AES/KW/PKCS5Padding");
        o.init(Cipher.ENCRYPT_MODE, KEY128);
        j.init(Cipher.ENCRYPT_MODE, KEY128);
        for (int n : new int[] {0, 1, 7, 8, 9, 15, 16, 17, 24}) {
            assertEquals(j.getOutputSize(n), o.getOutputSize(n), "encrypt size " + n);
        }
        for (int n : new int[] {0, 1, 7}) {
            sameException(() -> o.doFinal(new byte[n]), () -> j.doFinal(new byte[n]));
        }
        for (int n : new int[] {8, 9, 16, 33}) {
            byte[] m = bytes(n);
            assertArrayEquals(j.doFinal(m), o.doFinal(m), "wrap " + n);
        }
        o.init(Cipher.DECRYPT_MODE, KEY128);
        j.init(Cipher.DECRYPT_MODE, KEY128);
        for (int n : new int[] {0, 8, 16, 24, 32}) {
            assertEquals(j.getOutputSize(n), o.getOutputSize(n), "decrypt size " + n);
        }
        // KW-authenticated data with malformed padding: BadPaddingException, as SunJCE
        Cipher kw = ours("AESWrap");
        kw.init(Cipher.ENCRYPT_MODE, KEY128);
        byte[][] malformed = {new byte[16], new byte[16], new byte[24]};
        malformed[1][15] = 9;
        Arrays.fill(malformed[2], 16, 24, (byte) 8);
        malformed[2][20] = 7;
        for (byte[] m : malformed) {
            byte[] w = kw.doFinal(m);
            sameException(() -> o.doFinal(w), () -> j.doFinal(w));
        }
        byte[] wellFormed = new byte[24];
        Arrays.fill(wellFormed, 16, 24, (byte) 8);
        byte[] w = kw.doFinal(wellFormed);
        assertArrayEquals(j.doFinal(w), o.doFinal(w));
        byte[] shortOut = new byte[w.length - 9];
        sameException(() -> o.doFinal(w, 0, w.length, shortOut, 0), () -> j.doFinal(w, 0, w.length, shortOut, 0));
        o.init(Cipher.UNWRAP_MODE, KEY128);
        j.init(Cipher.UNWRAP_MODE, KEY128);
        byte[] bad = kw.doFinal(malformed[2]);
        sameException(() -> o.unwrap(bad, "AES", Cipher.SECRET_KEY), () -> j.unwrap(bad, "AES", Cipher.SECRET_KEY));
    }

    // ---- JDK path and native resources ----

    @Test
    void jdkPathGivesIdenticalResults() throws Exception {
        List<String> names = List.of(
                "AES/CBC/PKCS5Padding",
                "AES/CTR/NoPadding",
                "AES_256/ECB/NoPadding",
                "AES",
                "AESWrap",
                "AESWrapPad_128",
                "AES/CFB8/NoPadding",
                "AES_192/KW/PKCS5Padding");
        List<Cipher> jdkPath = new ArrayList<>();
        String old = System.getProperty("acceljce.native.aes");
        System.setProperty("acceljce.native.aes", "false");
        dev.acceljce.control.Settings.reload();
        try {
            for (String t : names) {
                String service = Providers.ACCEL.getService("Cipher", t).getAlgorithm();
                long before = Decisions.count("Cipher", service, Path.JDK);
                jdkPath.add(ours(t));
                assertEquals(before + 1, Decisions.count("Cipher", service, Path.JDK), t);
            }
        } finally {
            if (old == null) {
                System.clearProperty("acceljce.native.aes");
                dev.acceljce.control.Settings.reload();
            } else {
                System.setProperty("acceljce.native.aes", old);
                dev.acceljce.control.Settings.reload();
            }
        }
        for (int i = 0; i < names.size(); i++) {
            String t = names.get(i);
            boolean ecb = t.equals("AES") || t.contains("ECB") || t.contains("Wrap") || t.contains("/KW");
            SecretKeySpec k = t.contains("256") ? KEY256 : t.contains("192") ? KEY192 : KEY128;
            Cipher viaJdk = jdkPath.get(i);
            Cipher viaNative = ours(t);
            byte[] plain = bytes(t.startsWith("AESWrap") || t.contains("ECB") ? 64 : 77);
            assertTrue(viaNative.getProvider() == Providers.ACCEL);
            init(viaJdk, Cipher.ENCRYPT_MODE, k, ecb);
            init(viaNative, Cipher.ENCRYPT_MODE, k, ecb);
            byte[] ct = viaNative.doFinal(plain);
            assertArrayEquals(ct, viaJdk.doFinal(plain), t);
            init(viaJdk, Cipher.DECRYPT_MODE, k, ecb);
            assertArrayEquals(plain, viaJdk.doFinal(ct), t);
            assertEquals(viaNative.getBlockSize(), viaJdk.getBlockSize(), t);
        }
    }

    @Test
    void masterSwitchRoutesToTheJdk() throws Exception {
        String old = System.getProperty("acceljce.native");
        System.setProperty("acceljce.native", "false");
        dev.acceljce.control.Settings.reload();
        Cipher viaJdk;
        try {
            long before = Decisions.count("Cipher", "AES/CBC/PKCS5Padding", Path.JDK);
            viaJdk = ours("AES/CBC/PKCS5Padding");
            assertEquals(before + 1, Decisions.count("Cipher", "AES/CBC/PKCS5Padding", Path.JDK));
        } finally {
            if (old == null) {
                System.clearProperty("acceljce.native");
                dev.acceljce.control.Settings.reload();
            } else {
                System.setProperty("acceljce.native", old);
                dev.acceljce.control.Settings.reload();
            }
        }
        byte[] plain = bytes(1000);
        viaJdk.init(Cipher.ENCRYPT_MODE, KEY192, IV);
        Cipher viaNative = ours("AES/CBC/PKCS5Padding");
        viaNative.init(Cipher.ENCRYPT_MODE, KEY192, IV);
        assertArrayEquals(viaJdk.doFinal(plain), viaNative.doFinal(plain));
    }

    /**
     * Cipher.doFinal() and doFinal(output, offset) hand the SPI a null input: on the JDK route
     * (modes OpenSSL is not used for) that ends the operation as SunJCE's own cipher does.
     */
    @Test
    void jdkRouteFinishesWithoutFinalInput() throws Exception {
        for (String t : List.of("AES/PCBC/PKCS5Padding", "AES/CTS/NoPadding")) {
            byte[] in = bytes(40);
            Cipher o = ours(t);
            Cipher j = Cipher.getInstance(t, Providers.jdk("Cipher", "AES"));
            o.init(Cipher.ENCRYPT_MODE, KEY128, IV);
            j.init(Cipher.ENCRYPT_MODE, KEY128, IV);
            assertArrayEquals(j.update(in), o.update(in), t);
            assertArrayEquals(j.doFinal(), o.doFinal(), t);
            assertArrayEquals(j.update(in), o.update(in), t);
            byte[] expected = new byte[64];
            byte[] actual = new byte[64];
            assertEquals(j.doFinal(expected, 0), o.doFinal(actual, 0), t);
            assertArrayEquals(expected, actual, t);
        }
    }

    /** Inputs beyond Native.MAX_CHUNK (1 MiB) are fed to OpenSSL in pieces; key wrap in one call. */
    @Test
    void inputsLargerThanOneNativeChunk() throws Exception {
        byte[] big = bytes(3 * 1024 * 1024 + 21);
        for (String t : List.of("AES/CBC/PKCS5Padding", "AES/CTR/NoPadding", "AES/OFB/NoPadding", "AESWrapPad")) {
            boolean ecb = t.startsWith("AESWrap");
            byte[] input = t.startsWith("AESWrap") ? Arrays.copyOf(big, 1024 * 1024 + 1024 + 5) : big;
            Cipher o = ours(t);
            Cipher j = jdk(t);
            init(o, Cipher.ENCRYPT_MODE, KEY256, ecb);
            init(j, Cipher.ENCRYPT_MODE, KEY256, ecb);
            byte[] ct = j.doFinal(input);
            assertArrayEquals(ct, o.doFinal(input), t);
            init(o, Cipher.DECRYPT_MODE, KEY256, ecb);
            byte[] head = o.update(ct, 0, 5);
            byte[] out = new byte[o.getOutputSize(ct.length - 5)];
            int n = o.doFinal(ct, 5, ct.length - 5, out, 0);
            assertArrayEquals(input, concat(head, Arrays.copyOf(out, n)), t);
        }
    }

    @Test
    void oneNativeContextPerObject() throws Exception {
        Cipher o = ours("AES/CBC/NoPadding");
        o.init(Cipher.ENCRYPT_MODE, KEY128, IV);
        long before = NativeResource.liveObjects().getOrDefault("EVP_CIPHER_CTX", 0L);
        for (int i = 0; i < 500; i++) {
            o.init(i % 2 == 0 ? Cipher.ENCRYPT_MODE : Cipher.DECRYPT_MODE, i % 3 == 0 ? KEY256 : KEY128, IV);
            o.doFinal(new byte[32]);
        }
        long after = NativeResource.liveObjects().getOrDefault("EVP_CIPHER_CTX", 0L);
        assertTrue(after - before <= 0, "contexts created by re-init: " + (after - before));
        assertNotNull(o.getIV());
    }

    @Test
    void reinitWithSameKeyAfterDirectionChangeIsCorrect() throws Exception {
        // the key schedule differs per direction for ECB/CBC: reuse only when nothing changed
        Cipher o = ours("AES/ECB/NoPadding");
        Cipher j = jdk("AES/ECB/NoPadding");
        byte[] block = bytes(32);
        for (int i = 0; i < 6; i++) {
            int mode = i % 2 == 0 ? Cipher.ENCRYPT_MODE : Cipher.DECRYPT_MODE;
            o.init(mode, KEY128);
            j.init(mode, KEY128);
            assertArrayEquals(j.doFinal(block), o.doFinal(block), "round " + i);
            o.init(mode, KEY128);
            assertArrayEquals(j.doFinal(block), o.doFinal(block), "same again, round " + i);
        }
    }
}
