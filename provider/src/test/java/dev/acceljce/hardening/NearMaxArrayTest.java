package dev.acceljce.hardening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.testing.Providers;
import java.lang.foreign.Arena;
import java.nio.ByteBuffer;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.Signature;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Java heap arrays of the largest length the VM allows (found by trying: Integer.MAX_VALUE - 2 on
 * HotSpot) through every engine that takes bulk data, plus offsets and lengths at and past the int
 * limit, and direct buffers near and past 2 GiB. Each call runs on AccelJCE's object and on the
 * JDK's with the same arrays (so memory stays bounded): same output, or the same exception class.
 *
 * <p>Needs a heap of about 7 GiB: it runs in its own surefire execution ({@code huge-arrays} in
 * provider/pom.xml, -Xmx8g); in a JVM with a smaller heap it is skipped, unless
 * {@code acceljce.test.hugeArrays=true} says this JVM was meant to run it.
 */
class NearMaxArrayTest {
    private static final long NEEDED_HEAP = 7L << 30;

    /** The one shared input: the longest byte[] the VM allows, filled with a random pattern. */
    private static byte[] in;

    @BeforeAll
    static void bigHeap() {
        Providers.requireNative();
        boolean meant = Boolean.getBoolean("acceljce.test.hugeArrays");
        if (Runtime.getRuntime().maxMemory() < NEEDED_HEAP) {
            if (meant) {
                fail("acceljce.test.hugeArrays is set but the heap is "
                        + (Runtime.getRuntime().maxMemory() >> 20) + " MiB");
            }
            assumeTrue(false, "needs -Xmx8g: runs in the huge-arrays surefire execution");
        }
        in = longestArray();
        byte[] pattern = new byte[1 << 20];
        new SplittableRandom(5).nextBytes(pattern);
        for (long i = 0; i < in.length; i += pattern.length) {
            System.arraycopy(pattern, 0, in, (int) i, (int) Math.min(pattern.length, in.length - i));
        }
        in[in.length - 1] ^= 1; // the last byte counts
    }

    @AfterAll
    static void release() {
        in = null;
    }

    /** The VM refuses lengths past its limit with "Requested array size exceeds VM limit". */
    static byte[] longestArray() {
        for (int n = Integer.MAX_VALUE; n > Integer.MAX_VALUE - 64; n--) {
            try {
                return new byte[n];
            } catch (OutOfMemoryError e) {
                if (!String.valueOf(e.getMessage()).contains("VM limit")) {
                    throw e;
                }
            }
        }
        throw new AssertionError("no array near Integer.MAX_VALUE could be made");
    }

    @Test
    void vmLimitIsNearIntegerMaxValue() {
        System.out.println("longest byte[]: Integer.MAX_VALUE - " + (Integer.MAX_VALUE - in.length));
        assertTrue(in.length >= Integer.MAX_VALUE - 8);
    }

    // ---- digests, MAC

    @Test
    void digestsOfTheLongestArray() throws Exception {
        for (String alg : new String[] {"SHA-256", "SHA-512", "SHA3-256"}) {
            MessageDigest ours = MessageDigest.getInstance(alg, Providers.ACCEL);
            MessageDigest jdk = MessageDigest.getInstance(alg, Providers.jdk("MessageDigest", alg));
            if (alg.equals("SHA-256")) { // one full-size digest proves the bridge: the path is the same for all
                same(alg + " of the whole array", () -> jdk.digest(in), () -> ours.digest(in));
            }
            for (int[] r : ranges()) {
                same(alg + " update" + Arrays.toString(r), () -> update(jdk, r), () -> update(ours, r));
            }
        }
    }

    private static byte[] update(MessageDigest md, int[] range) {
        md.reset();
        md.update(in, range[0], range[1]);
        return md.digest();
    }

    @Test
    void hmacOfTheLongestArray() throws Exception {
        SecretKeySpec key = new SecretKeySpec(new byte[32], "HmacSHA256");
        Mac ours = Mac.getInstance("HmacSHA256", Providers.ACCEL);
        Mac jdk = Mac.getInstance("HmacSHA256", Providers.jdk("Mac", "HmacSHA256"));
        ours.init(key);
        jdk.init(key);
        same("HmacSHA256 of the whole array", () -> jdk.doFinal(in), () -> ours.doFinal(in));
        for (int[] r : ranges()) {
            same("HmacSHA256 update" + Arrays.toString(r), () -> update(jdk, r), () -> update(ours, r));
        }
        byte[] out = new byte[64];
        for (int off : new int[] {-1, 32, 33, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
            same("HmacSHA256 doFinal(out, " + off + ")", () -> finish(jdk, out, off), () -> finish(ours, out, off));
        }
    }

    private static byte[] update(Mac mac, int[] range) {
        mac.reset();
        mac.update(in, range[0], range[1]);
        return mac.doFinal();
    }

    private static byte[] finish(Mac mac, byte[] out, int off) throws Exception {
        mac.reset();
        mac.update(in, 0, 1000);
        mac.doFinal(out, off);
        return out.clone();
    }

    /** {offset, length} pairs near and past the end of {@link #in}, overflowing int, negative. */
    private static List<int[]> ranges() {
        int n = in.length;
        List<int[]> r = new ArrayList<>();
        r.add(new int[] {n - 1, 1});
        r.add(new int[] {n, 0});
        r.add(new int[] {n - 17, 17});
        r.add(new int[] {n - 1, 2});
        r.add(new int[] {n, 1});
        r.add(new int[] {n - 10, Integer.MAX_VALUE});
        r.add(new int[] {Integer.MAX_VALUE, Integer.MAX_VALUE});
        r.add(new int[] {1, n});
        r.add(new int[] {-1, 1});
        r.add(new int[] {0, -1});
        r.add(new int[] {Integer.MIN_VALUE, 16});
        r.add(new int[] {16, Integer.MIN_VALUE});
        return r;
    }

    // ---- ciphers

    @Test
    void aeadCiphersAtTheLimit() throws Exception {
        byte[] a = new byte[in.length];
        int fits = in.length - 16; // the longest plaintext whose ciphertext and tag fit in an array
        for (String t : new String[] {"AES/GCM/NoPadding", "ChaCha20-Poly1305"}) {
            boolean gcm = t.startsWith("AES");
            SecretKeySpec key = new SecretKeySpec(new byte[32], gcm ? "AES" : "ChaCha20");
            int[] nonce = {0};
            Cipher ours = Cipher.getInstance(t, Providers.ACCEL);
            Cipher jdk = Cipher.getInstance(t, "SunJCE");
            Init enc = c -> c.init(Cipher.ENCRYPT_MODE, key, aeadParams(gcm, nonce[0]));
            Init dec = c -> c.init(Cipher.DECRYPT_MODE, key, aeadParams(gcm, nonce[0]));

            warmUp(t);
            encryptionsEqual(t, jdk, ours, enc, fits, a);
            // in place, so that in, a and our working copy fit the heap
            decryptInPlace(ours, dec, a, in.length, fits);

            // SunJCE refuses an encryption init with the nonce of the previous one: a fresh nonce per call
            nonce[0]++;
            same(t + " doFinal(in) whose output exceeds an array", () -> whole(jdk, enc), () -> whole(ours, enc));
            nonce[0]++;
            same(
                    t + " doFinal(in, out) whose output exceeds the array",
                    () -> into(jdk, enc, in.length, a),
                    () -> into(ours, enc, in.length, a));
            for (int size :
                    new int[] {Integer.MAX_VALUE, in.length, fits, Integer.MAX_VALUE - 16, Integer.MAX_VALUE - 15}) {
                nonce[0]++;
                same(
                        t + " encrypt getOutputSize(" + size + ")",
                        () -> outputSize(jdk, enc, size),
                        () -> outputSize(ours, enc, size));
                same(
                        t + " decrypt getOutputSize(" + size + ")",
                        () -> outputSize(jdk, dec, size),
                        () -> outputSize(ours, dec, size));
            }
            for (int[] r : ranges()) {
                nonce[0]++;
                same(t + " update" + Arrays.toString(r), () -> update(jdk, enc, r), () -> update(ours, enc, r));
                nonce[0]++;
                same(t + " doFinal" + Arrays.toString(r), () -> doFinal(jdk, enc, r), () -> doFinal(ours, enc, r));
            }
            for (int off : new int[] {-1, 1, in.length - 15, in.length, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
                nonce[0]++;
                same(
                        t + " doFinal(100 bytes, out, " + off + ")",
                        () -> outputAt(jdk, enc, a, off),
                        () -> outputAt(ours, enc, a, off));
            }
        }
    }

    private static AlgorithmParameterSpec aeadParams(boolean gcm, int nonce) {
        byte[] iv = ByteBuffer.allocate(12).putInt(8, nonce).array();
        return gcm ? new GCMParameterSpec(128, iv) : new IvParameterSpec(iv);
    }

    @Test
    void streamCiphersAndPaddingAtTheLimit() throws Exception {
        byte[] a = new byte[in.length];
        MessageDigest sha = MessageDigest.getInstance("SHA-256", Providers.ACCEL);
        SecretKeySpec key = new SecretKeySpec(new byte[16], "AES");
        IvParameterSpec iv = new IvParameterSpec(new byte[16]);
        for (String t : new String[] {"AES/CTR/NoPadding", "AES/CBC/PKCS5Padding"}) {
            boolean padded = t.endsWith("PKCS5Padding");
            // CBC: the longest input whose padded output fits an array
            int len = padded ? (in.length & ~15) - 1 : in.length;
            Cipher ours = Cipher.getInstance(t, Providers.ACCEL);
            Cipher jdk = Cipher.getInstance(t, "SunJCE");
            Init enc = c -> c.init(Cipher.ENCRYPT_MODE, key, iv);
            Init dec = c -> c.init(Cipher.DECRYPT_MODE, key, iv);

            warmUp(t);
            // compared by hash: SunJCE's padding copies the input, a second output would not fit
            same(
                    t + " encrypt " + len + " bytes",
                    () -> intoAndHash(jdk, enc, len, a, sha),
                    () -> intoAndHash(ours, enc, len, a, sha));
            int ctLen = padded ? (len & ~15) + 16 : len;
            decryptInPlace(ours, dec, a, ctLen, len);
            if (padded) {
                same(
                        t + " doFinal(in) whose padded output exceeds an array",
                        () -> whole(jdk, enc),
                        () -> whole(ours, enc));
            }
            for (int size : new int[] {Integer.MAX_VALUE, in.length, Integer.MAX_VALUE - 16, Integer.MAX_VALUE - 15}) {
                same(
                        t + " encrypt getOutputSize(" + size + ")",
                        () -> outputSize(jdk, enc, size),
                        () -> outputSize(ours, enc, size));
                same(
                        t + " decrypt getOutputSize(" + size + ")",
                        () -> outputSize(jdk, dec, size),
                        () -> outputSize(ours, dec, size));
            }
            for (int[] r : ranges()) {
                same(t + " update" + Arrays.toString(r), () -> update(jdk, enc, r), () -> update(ours, enc, r));
                same(t + " doFinal" + Arrays.toString(r), () -> doFinal(jdk, enc, r), () -> doFinal(ours, enc, r));
            }
            for (int off : new int[] {-1, 1, in.length - 15, in.length, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
                same(
                        t + " doFinal(100 bytes, out, " + off + ")",
                        () -> outputAt(jdk, enc, a, off),
                        () -> outputAt(ours, enc, a, off));
            }
        }
    }

    /** Our ciphertext of in[0..len) lands in {@code out}, equal to the JDK's. */
    private static void encryptionsEqual(String t, Cipher jdk, Cipher ours, Init enc, int len, byte[] out)
            throws Exception {
        byte[] b = new byte[in.length];
        same(
                t + " encrypt " + len + " bytes into an array",
                () -> into(jdk, enc, len, b),
                () -> into(ours, enc, len, out));
        assertEquals(-1, Arrays.mismatch(out, b), t + " ciphertexts");
    }

    private interface Init {
        void init(Cipher c) throws Exception;
    }

    private static int into(Cipher c, Init init, int len, byte[] out) throws Exception {
        init.init(c);
        return c.doFinal(in, 0, len, out, 0);
    }

    private static List<Object> intoAndHash(Cipher c, Init init, int len, byte[] out, MessageDigest sha)
            throws Exception {
        int n = into(c, init, len, out);
        sha.update(out, 0, n);
        return List.of(n, ByteBuffer.wrap(sha.digest()));
    }

    /** Decrypts ct[0..ctLen) in place with c: the plaintext must be in[0..len). */
    private static void decryptInPlace(Cipher c, Init dec, byte[] ct, int ctLen, int len) throws Exception {
        dec.init(c);
        assertEquals(
                len, c.doFinal(ct, 0, ctLen, ct, 0), c.getAlgorithm() + " decryption of " + ctLen + " bytes in place");
        assertEquals(-1, Arrays.mismatch(in, 0, len, ct, 0, len), c.getAlgorithm() + " plaintext");
    }

    /**
     * Compiles the JDK's cipher loops first (on an object of its own: GCM refuses a repeated IV),
     * so that the one 2 GiB call does not run without its intrinsics.
     */
    private static void warmUp(String transformation) throws Exception {
        Cipher c = Cipher.getInstance(transformation, "SunJCE");
        boolean chacha = transformation.startsWith("ChaCha");
        SecretKeySpec key = new SecretKeySpec(new byte[chacha ? 32 : 16], chacha ? "ChaCha20" : "AES");
        byte[] small = new byte[4096];
        for (int i = 0; i < 3000; i++) {
            if (i % 500 == 0) {
                byte[] iv = ByteBuffer.allocate(chacha || transformation.contains("GCM") ? 12 : 16)
                        .putInt(0, i)
                        .array();
                c.init(
                        Cipher.ENCRYPT_MODE,
                        key,
                        transformation.contains("GCM") ? new GCMParameterSpec(128, iv) : new IvParameterSpec(iv));
            }
            c.update(small, 0, small.length, small, 0);
        }
    }

    private static byte[] whole(Cipher c, Init init) throws Exception {
        init.init(c);
        return c.doFinal(in);
    }

    private static int outputSize(Cipher c, Init init, int size) throws Exception {
        init.init(c);
        return c.getOutputSize(size);
    }

    private static byte[] update(Cipher c, Init init, int[] range) throws Exception {
        init.init(c);
        byte[] u = c.update(in, range[0], range[1]);
        byte[] f = c.doFinal();
        return concat(u, f);
    }

    private static byte[] doFinal(Cipher c, Init init, int[] range) throws Exception {
        init.init(c);
        return c.doFinal(in, range[0], range[1]);
    }

    private static byte[] outputAt(Cipher c, Init init, byte[] out, int off) throws Exception {
        init.init(c);
        int n = c.doFinal(in, 0, 100, out, off);
        return Arrays.copyOfRange(out, off, off + n);
    }

    private static byte[] concat(byte[] x, byte[] y) {
        byte[] a = x == null ? new byte[0] : x;
        byte[] b = y == null ? new byte[0] : y;
        byte[] r = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    // ---- signatures

    /**
     * Each signature object is made inside the call that uses it, so that at most one provider's
     * copy of a buffered (Ed25519) message is alive at a time: the JDK's EdDSA holds the message
     * twice (its ByteArrayOutputStream and the array it hands to the signer).
     */
    @Test
    void signaturesOverTheLongestArray() throws Exception {
        for (String[] s :
                new String[][] {{"SHA256withECDSA", "EC"}, {"SHA256withRSA", "RSA"}, {"Ed25519", "Ed25519"}}) {
            String alg = s[0];
            KeyPairGenerator g = KeyPairGenerator.getInstance(s[1], Providers.jdk("KeyPairGenerator", s[1]));
            if (s[1].equals("EC")) {
                g.initialize(new ECGenParameterSpec("secp256r1"));
            } else if (s[1].equals("RSA")) {
                g.initialize(2048);
            }
            KeyPair kp = g.generateKeyPair();
            Provider jdk = Providers.jdk("Signature", alg);
            Provider ours = Providers.ACCEL;
            byte[] ourSig = sign(ours, alg, kp);
            assertTrue(verify(jdk, alg, kp, ourSig), alg + ": the JDK verifies our signature of the whole array");
            if (alg.equals("SHA256withRSA")) { // deterministic; Ed25519 too, but SunEC's takes 15 s here
                same(alg + " signature (deterministic)", () -> sign(jdk, alg, kp), () -> ourSig);
            }
            Signature os = Signature.getInstance(alg, ours);
            Signature js = Signature.getInstance(alg, jdk);
            for (int[] r : ranges()) {
                same(
                        alg + " update" + Arrays.toString(r),
                        () -> verifyRange(js, kp, r, ourSig),
                        () -> verifyRange(os, kp, r, ourSig));
            }
        }
    }

    /** Two updates of 3/4 of the array: the JDK's EdDSA and ours end in OutOfMemoryError. */
    @Test
    void ed25519MessageBeyondTheArrayLimitInTwoUpdates() throws Exception {
        KeyPair kp = KeyPairGenerator.getInstance("Ed25519", Providers.jdk("KeyPairGenerator", "Ed25519"))
                .generateKeyPair();
        int part = in.length / 4 * 3;
        same(
                "Ed25519 message of 2 x " + part + " bytes",
                () -> twoUpdates(Providers.jdk("Signature", "Ed25519"), kp, part),
                () -> twoUpdates(Providers.ACCEL, kp, part));
    }

    private static byte[] twoUpdates(Provider p, KeyPair kp, int part) throws Exception {
        Signature s = Signature.getInstance("Ed25519", p);
        s.initSign(kp.getPrivate());
        s.update(in, 0, part);
        s.update(in, 0, part);
        return s.sign();
    }

    private static byte[] sign(Provider p, String alg, KeyPair kp) throws Exception {
        Signature s = Signature.getInstance(alg, p);
        s.initSign(kp.getPrivate());
        s.update(in);
        return s.sign();
    }

    private static boolean verify(Provider p, String alg, KeyPair kp, byte[] sig) throws Exception {
        Signature s = Signature.getInstance(alg, p);
        s.initVerify(kp.getPublic());
        s.update(in);
        return s.verify(sig);
    }

    private static boolean verifyRange(Signature s, KeyPair kp, int[] r, byte[] sig) throws Exception {
        s.initVerify(kp.getPublic());
        s.update(in, r[0], r[1]);
        return s.verify(sig);
    }

    // ---- direct buffers

    /**
     * Three 1 GiB direct-buffer updates (3 GiB in all) through a digest, a MAC and AES-GCM. SunJCE's
     * GCM refuses to go past Integer.MAX_VALUE bytes in one operation (ProviderException; its
     * decryption could not hold more either), and so does ours.
     */
    @Test
    void moreThanTwoGibibytesThroughDirectBuffers() throws Exception {
        long gib = 1L << 30;
        try (Arena arena = Arena.ofConfined()) {
            ByteBuffer src = arena.allocate(gib).asByteBuffer();
            ByteBuffer oursOut = arena.allocate(gib).asByteBuffer();
            ByteBuffer jdkOut = arena.allocate(gib).asByteBuffer();
            src.put(0, in, 0, (int) gib);

            MessageDigest od = MessageDigest.getInstance("SHA-256", Providers.ACCEL);
            MessageDigest jd = MessageDigest.getInstance("SHA-256", Providers.jdk("MessageDigest", "SHA-256"));
            Mac om = Mac.getInstance("HmacSHA256", Providers.ACCEL);
            Mac jm = Mac.getInstance("HmacSHA256", Providers.jdk("Mac", "HmacSHA256"));
            SecretKeySpec hk = new SecretKeySpec(new byte[32], "HmacSHA256");
            om.init(hk);
            jm.init(hk);
            SecretKeySpec key = new SecretKeySpec(new byte[16], "AES");
            GCMParameterSpec gp = new GCMParameterSpec(128, new byte[12]);
            Cipher oc = Cipher.getInstance("AES/GCM/NoPadding", Providers.ACCEL);
            Cipher jc = Cipher.getInstance("AES/GCM/NoPadding", "SunJCE");
            oc.init(Cipher.ENCRYPT_MODE, key, gp);
            jc.init(Cipher.ENCRYPT_MODE, key, gp);
            for (int round = 0; round < 3; round++) {
                od.update(src.duplicate());
                jd.update(src.duplicate());
                om.update(src.duplicate());
                jm.update(src.duplicate());
                oursOut.clear();
                jdkOut.clear();
                // the third GiB takes the operation past Integer.MAX_VALUE bytes
                same(
                        "GCM update of GiB " + round,
                        () -> jc.update(src.duplicate(), jdkOut),
                        () -> oc.update(src.duplicate(), oursOut));
                if (round < 2) {
                    assertEquals(-1, oursOut.flip().mismatch(jdkOut.flip()), "GCM output of GiB " + round);
                }
            }
            assertEquals(-1, Arrays.mismatch(jd.digest(), od.digest()), "SHA-256 of 3 GiB");
            assertEquals(-1, Arrays.mismatch(jm.doFinal(), om.doFinal()), "HmacSHA256 of 3 GiB");
        }
    }

    /**
     * Cipher.update(ByteBuffer, ByteBuffer) with direct buffers of the longest length a memory
     * segment can be viewed as a ByteBuffer (Integer.MAX_VALUE - 8), and into one too short.
     */
    @Test
    void cipherUpdateOfADirectBufferNearTwoGibibytes() throws Exception {
        int longest = Integer.MAX_VALUE - 8;
        try (Arena arena = Arena.ofConfined()) {
            ByteBuffer src = arena.allocate(longest).asByteBuffer();
            ByteBuffer out = arena.allocate(longest).asByteBuffer();
            src.put(0, in, 0, longest);
            for (String t : new String[] {"AES/CTR/NoPadding"}) {
                SecretKeySpec key = new SecretKeySpec(new byte[16], "AES");
                IvParameterSpec iv = new IvParameterSpec(new byte[16]);
                Cipher ours = Cipher.getInstance(t, Providers.ACCEL);
                Cipher jdk = Cipher.getInstance(t, "SunJCE");
                MessageDigest sha = MessageDigest.getInstance("SHA-256", Providers.ACCEL);
                // the reference: our heap-array result, itself compared with SunJCE's in
                // streamCiphersAndPaddingAtTheLimit (SunJCE's CTR takes 10 s for this buffer here)
                byte[] heapOut = new byte[longest];
                ours.init(Cipher.ENCRYPT_MODE, key, iv);
                assertEquals(longest, ours.update(in, 0, longest, heapOut, 0));
                List<Object> expected = List.of(longest, longest, ByteBuffer.wrap(sha.digest(heapOut)));
                heapOut = null;
                ours.init(Cipher.ENCRYPT_MODE, key, iv);
                assertEquals(expected, updateAndHash(ours, src, out, sha), t + " update(direct " + longest + " bytes)");
                ours.init(Cipher.ENCRYPT_MODE, key, iv);
                jdk.init(Cipher.ENCRYPT_MODE, key, iv);
                ByteBuffer shortOut = out.slice(0, longest - 32);
                same(
                        t + " update(direct " + longest + " bytes) into a short buffer",
                        () -> updateAndHash(jdk, src, shortOut, sha),
                        () -> updateAndHash(ours, src, shortOut, sha));
            }
        }
    }

    private static Object updateAndHash(Cipher c, ByteBuffer src, ByteBuffer out, MessageDigest sha) throws Exception {
        ByteBuffer s = src.duplicate();
        ByteBuffer o = out.duplicate();
        int n = c.update(s, o);
        sha.update(o.flip());
        return List.of(n, s.position(), ByteBuffer.wrap(sha.digest()));
    }

    // ---- comparison

    private interface Call {
        Object call() throws Throwable;
    }

    /** Same result (arrays by content) or an exception of the same class. */
    private static void same(String what, Call jdk, Call ours) {
        long t0 = System.nanoTime();
        Object j = outcome(jdk);
        long t1 = System.nanoTime();
        Object o = outcome(ours);
        long t2 = System.nanoTime();
        if (t2 - t0 > 200_000_000L) {
            System.out.printf("%s: JDK %d ms, AccelJCE %d ms%n", what, (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000);
        }
        if (j instanceof Throwable jt) {
            if (!(o instanceof Throwable ot) || ot.getClass() != jt.getClass()) {
                fail(
                        what + ": the JDK throws " + jt + ", AccelJCE " + describe(o),
                        o instanceof Throwable ot2 ? ot2 : null);
            }
            System.out.println(what + ": both " + jt.getClass().getSimpleName());
            return;
        }
        if (o instanceof Throwable ot) {
            fail(what + ": the JDK gives " + describe(j) + ", AccelJCE throws " + ot, ot);
        }
        boolean equal = j instanceof byte[] jb && o instanceof byte[] ob ? Arrays.equals(jb, ob) : Objects.equals(j, o);
        assertTrue(equal, what + ": the JDK gives " + describe(j) + ", AccelJCE " + describe(o));
    }

    private static Object outcome(Call c) {
        try {
            return c.call();
        } catch (Throwable t) {
            return t;
        }
    }

    private static String describe(Object o) {
        return o instanceof byte[] b ? "byte[" + b.length + "]" : String.valueOf(o);
    }
}
