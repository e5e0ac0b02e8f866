package dev.acceljce.hardening;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.List;
import java.util.SplittableRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import dev.acceljce.openssl.NativeResource;
import dev.acceljce.testing.Differential;
import dev.acceljce.testing.Providers;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Digests and HMACs make their native context only when a message outgrows the Java batch; until
 * then a message is finished in one call. These tests cover that life: a new object per message
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
        for (int i = 0; i < 2000; i++) {
            MessageDigest.getInstance("SHA-256", Providers.ACCEL).digest(message);
            Mac m = Mac.getInstance("HmacSHA256", Providers.ACCEL);
            m.init(key);
            m.doFinal(message);
        }
        // other tests' contexts may be freed meanwhile, never made: a rise of 2000 would be ours
        assertTrue(live("EVP_MD_CTX") - digestsBefore < 100, "EVP_MD_CTX made per digest object");
        assertTrue(live("EVP_MAC_CTX") - macsBefore < 100, "EVP_MAC_CTX made per Mac object");
    }

    private static long live(String kind) {
        return NativeResource.liveObjects().getOrDefault(kind, 0L);
    }
}
