package dev.acceljce.hardening;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.openssl.NativeResource;
import dev.acceljce.testing.Differential;
import dev.acceljce.testing.Providers;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.SplittableRandom;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Digests and HMACs make their native context only when a message outgrows the Java batch; until
 * then a message is finished in one call. AEAD ciphers run an object's first operation on a
 * context made for that call unless it streams encryption data. These tests cover that life: a new object per message
 * (so the context-less start is what runs), messages on both sides of the batch's size, clones
 * taken before and after the context exists, reset and re-init midway, against the JDK. And the
 * point of it: short-lived objects with one short message leave no native context behind.
 */
class ShortMessageObjectsTest {
    private static final int CASES = Math.max(200, Differential.cases() / 10);

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    /** One update of {@code data[from..from+n)} in a random style (array, byte by byte, heap, direct or read-only buffer). */
    private interface Sink {
        void update(byte[] data, int from, int n, SplittableRandom r) throws Exception;
    }

    private static void feed(Sink sink, byte[] data, int from, int len, SplittableRandom r) throws Exception {
        int pos = from;
        while (pos < from + len) {
            // pieces below and above the batch's threshold (64 bytes), single bytes too
            int n = Math.min(from + len - pos, r.nextInt(4) == 0 ? r.nextInt(1, 200) : r.nextInt(1, 40));
            sink.update(data, pos, n, r);
            pos += n;
        }
    }

    private static void digestUpdate(MessageDigest md, byte[] data, int from, int n, SplittableRandom r) {
        switch (r.nextInt(5)) {
            case 0 -> md.update(data, from, n);
            case 1 -> md.update(ByteBuffer.wrap(data, from, n));
            case 2 -> md.update(ByteBuffer.allocateDirect(n).put(data, from, n).flip());
            case 3 -> md.update(ByteBuffer.wrap(data, from, n).asReadOnlyBuffer());
            default -> {
                for (int k = 0; k < n; k++) {
                    md.update(data[from + k]);
                }
            }
        }
    }

    private static void macUpdate(Mac mac, byte[] data, int from, int n, SplittableRandom r) {
        switch (r.nextInt(4)) {
            case 0 -> mac.update(data, from, n);
            case 1 -> mac.update(ByteBuffer.wrap(data, from, n));
            case 2 -> mac.update(ByteBuffer.allocateDirect(n).put(data, from, n).flip());
            default -> {
                for (int k = 0; k < n; k++) {
                    mac.update(data[from + k]);
                }
            }
        }
    }

    private static byte[] concat(byte[] data, int aFrom, int aLen, int bFrom, int bLen) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(data, aFrom, aLen);
        out.write(data, bFrom, bLen);
        return out.toByteArray();
    }

    @ParameterizedTest
    @ValueSource(strings = {"SHA-256", "SHA-384", "SHA3-256", "MD5"})
    void digestsOfANewObjectPerMessage(String alg) throws Exception {
        SplittableRandom r = new SplittableRandom(Differential.seed("short digest " + alg));
        MessageDigest jdk = MessageDigest.getInstance(alg, Providers.jdk("MessageDigest", alg));
        byte[] data = new byte[2048];
        for (int i = 0; i < CASES; i++) {
            r.nextBytes(data);
            MessageDigest ours = MessageDigest.getInstance(alg, Providers.ACCEL);
            if (r.nextInt(4) == 0) { // a discarded start: reset must forget it, context or not
                feed((d, f, n, rr) -> digestUpdate(ours, d, f, n, rr), data, 1500, r.nextInt(400), r);
                ours.reset();
            }
            int prefix = r.nextInt(400);
            feed((d, f, n, rr) -> digestUpdate(ours, d, f, n, rr), data, 0, prefix, r);
            int what = r.nextInt(3);
            String where = alg + " case " + i + " prefix " + prefix;
            if (what == 0) {
                assertArrayEquals(jdk.digest(concat(data, 0, prefix, 0, 0)), ours.digest(), where);
                continue;
            }
            MessageDigest copy = (MessageDigest) ours.clone();
            int a = r.nextInt(400);
            int b = r.nextInt(400);
            feed((d, f, n, rr) -> digestUpdate(ours, d, f, n, rr), data, 400, a, r);
            feed((d, f, n, rr) -> digestUpdate(copy, d, f, n, rr), data, 1000, b, r);
            assertArrayEquals(jdk.digest(concat(data, 0, prefix, 400, a)), ours.digest(), where + " original " + a);
            assertArrayEquals(jdk.digest(concat(data, 0, prefix, 1000, b)), copy.digest(), where + " copy " + b);
            if (what == 2) { // the same objects again, now past their first message
                feed((d, f, n, rr) -> digestUpdate(copy, d, f, n, rr), data, 0, a, r);
                assertArrayEquals(jdk.digest(concat(data, 0, a, 0, 0)), copy.digest(), where + " copy again");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"HmacSHA256", "HmacSHA512", "HmacSHA3-256", "HmacSHA1"})
    void macsOfANewObjectPerMessage(String alg) throws Exception {
        SplittableRandom r = new SplittableRandom(Differential.seed("short hmac " + alg));
        Mac jdk = Mac.getInstance(alg, Providers.jdk("Mac", alg));
        byte[] data = new byte[2048];
        for (int i = 0; i < CASES; i++) {
            r.nextBytes(data);
            byte[] k = new byte[r.nextInt(1, 150)];
            r.nextBytes(k);
            SecretKeySpec key = new SecretKeySpec(k, alg);
            Mac ours = Mac.getInstance(alg, Providers.ACCEL);
            ours.init(key);
            jdk.init(key);
            if (r.nextInt(4) == 0) { // a discarded start, then maybe another key
                feed((d, f, n, rr) -> macUpdate(ours, d, f, n, rr), data, 1500, r.nextInt(400), r);
                if (r.nextBoolean()) {
                    ours.reset();
                } else {
                    k[0]++;
                    key = new SecretKeySpec(k, alg);
                    ours.init(key);
                    jdk.init(key);
                }
            }
            int prefix = r.nextInt(400);
            feed((d, f, n, rr) -> macUpdate(ours, d, f, n, rr), data, 0, prefix, r);
            String where = alg + " case " + i + " prefix " + prefix;
            if (r.nextBoolean()) {
                assertArrayEquals(jdk.doFinal(concat(data, 0, prefix, 0, 0)), ours.doFinal(), where);
                // a second message on the same object, with the key it kept
                int a = r.nextInt(400);
                feed((d, f, n, rr) -> macUpdate(ours, d, f, n, rr), data, 400, a, r);
                assertArrayEquals(jdk.doFinal(concat(data, 400, a, 0, 0)), ours.doFinal(), where + " then " + a);
                continue;
            }
            Mac copy = (Mac) ours.clone();
            int a = r.nextInt(400);
            int b = r.nextInt(400);
            feed((d, f, n, rr) -> macUpdate(ours, d, f, n, rr), data, 400, a, r);
            feed((d, f, n, rr) -> macUpdate(copy, d, f, n, rr), data, 1000, b, r);
            assertArrayEquals(jdk.doFinal(concat(data, 0, prefix, 400, a)), ours.doFinal(), where + " original " + a);
            assertArrayEquals(jdk.doFinal(concat(data, 0, prefix, 1000, b)), copy.doFinal(), where + " copy " + b);
        }
    }

    private static final String GCM = "AES/GCM/NoPadding";
    private static final String CHACHA = "ChaCha20-Poly1305";

    private static Cipher aead(String alg, java.security.Provider p, int mode, byte[] key, byte[] iv) throws Exception {
        Cipher c = Cipher.getInstance(alg, p);
        c.init(
                mode,
                new SecretKeySpec(key, alg.equals(GCM) ? "AES" : "ChaCha20"),
                alg.equals(GCM) ? new GCMParameterSpec(128, iv) : new IvParameterSpec(iv));
        return c;
    }

    /** AAD in pieces, then the data in pieces (update) or all in doFinal; returns the output. */
    private static byte[] run(Cipher c, byte[] aad, byte[] data, boolean streamed, SplittableRandom r)
            throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int cut = aad.length == 0 ? 0 : r.nextInt(aad.length + 1);
        c.updateAAD(aad, 0, cut);
        c.updateAAD(ByteBuffer.wrap(aad, cut, aad.length - cut));
        if (streamed && data.length > 0) {
            int d = r.nextInt(data.length + 1);
            byte[] part = c.update(data, 0, d);
            if (part != null) {
                out.write(part);
            }
            out.write(c.doFinal(data, d, data.length - d));
        } else {
            out.write(c.doFinal(data));
        }
        return out.toByteArray();
    }

    @ParameterizedTest
    @ValueSource(strings = {GCM, CHACHA})
    void aeadOfANewObjectPerMessage(String alg) throws Exception {
        SplittableRandom r = new SplittableRandom(Differential.seed("short aead " + alg));
        java.security.Provider jdk = Providers.jdk("Cipher", alg);
        for (int i = 0; i < CASES; i++) {
            byte[] key = new byte[alg.equals(GCM) ? 16 << r.nextInt(2) : 32];
            byte[] iv = new byte[12];
            byte[] aad = new byte[r.nextInt(3) == 0 ? 0 : r.nextInt(1, 300)];
            byte[] data = new byte[r.nextInt(600)];
            r.nextBytes(key);
            r.nextBytes(iv);
            r.nextBytes(aad);
            r.nextBytes(data);
            String where = alg + " case " + i + " aad " + aad.length + " data " + data.length;
            byte[] sealed =
                    run(aead(alg, Providers.ACCEL, Cipher.ENCRYPT_MODE, key, iv), aad, data, r.nextBoolean(), r);
            // the JDK's output with the AAD given through updateAAD
            Cipher j = aead(alg, jdk, Cipher.ENCRYPT_MODE, key, iv);
            j.updateAAD(aad);
            assertArrayEquals(j.doFinal(data), sealed, where);
            // decryption: the same object twice without a new init (one-call context, then kept),
            // a bad tag first in some cases; nothing of a bad message may change the next one
            Cipher open = aead(alg, Providers.ACCEL, Cipher.DECRYPT_MODE, key, iv);
            if (r.nextBoolean()) {
                byte[] bad = sealed.clone();
                bad[r.nextInt(bad.length)] ^= 1;
                assertThrows(AEADBadTagException.class, () -> run(open, aad, bad, r.nextBoolean(), r), where);
            }
            assertArrayEquals(data, run(open, aad, sealed, r.nextBoolean(), r), where + " first");
            assertArrayEquals(data, run(open, aad, sealed, r.nextBoolean(), r), where + " again");
            // a reused encryption object: a new IV, now on a kept context
            Cipher again = aead(alg, Providers.ACCEL, Cipher.ENCRYPT_MODE, key, iv);
            run(again, aad, data, r.nextBoolean(), r);
            iv[0]++;
            again.init(
                    Cipher.ENCRYPT_MODE,
                    new SecretKeySpec(key, alg.equals(GCM) ? "AES" : "ChaCha20"),
                    alg.equals(GCM) ? new GCMParameterSpec(128, iv) : new IvParameterSpec(iv));
            Cipher j2 = aead(alg, jdk, Cipher.ENCRYPT_MODE, key, iv);
            j2.updateAAD(aad);
            assertArrayEquals(j2.doFinal(data), run(again, aad, data, r.nextBoolean(), r), where + " reused");
        }
    }

    /**
     * The reason for the design: an object made for one short message holds no native context.
     * Counted without a GC in between, so each context made would still be counted live.
     */
    @Test
    void shortLivedObjectsMakeNoNativeContext() throws Exception {
        byte[] message = new byte[32];
        SecretKeySpec key = new SecretKeySpec(new byte[32], "HmacSHA256");
        long digestsBefore = live("EVP_MD_CTX");
        long macsBefore = live("EVP_MAC_CTX");
        long ciphersBefore = live("EVP_CIPHER_CTX");
        byte[] iv = new byte[12];
        for (int i = 0; i < 2000; i++) {
            iv[0] = (byte) i;
            iv[1] = (byte) (i >> 8);
            Cipher c = aead(GCM, Providers.ACCEL, Cipher.ENCRYPT_MODE, new byte[16], iv);
            c.updateAAD(message, 0, 13);
            c.doFinal(message);
            MessageDigest.getInstance("SHA-256", Providers.ACCEL).digest(message);
            Mac m = Mac.getInstance("HmacSHA256", Providers.ACCEL);
            m.init(key);
            m.doFinal(message);
        }
        // other tests' contexts may be freed meanwhile, never made: a rise of 2000 would be ours
        assertTrue(live("EVP_MD_CTX") - digestsBefore < 100, "EVP_MD_CTX made per digest object");
        assertTrue(live("EVP_MAC_CTX") - macsBefore < 100, "EVP_MAC_CTX made per Mac object");
        assertTrue(live("EVP_CIPHER_CTX") - ciphersBefore < 100, "EVP_CIPHER_CTX made per AES-GCM object");
    }

    private static long live(String kind) {
        return NativeResource.liveObjects().getOrDefault(kind, 0L);
    }
}
