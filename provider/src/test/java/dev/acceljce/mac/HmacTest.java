package dev.acceljce.mac;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Decisions;
import dev.acceljce.control.Path;
import dev.acceljce.openssl.NativeResource;
import dev.acceljce.testing.Differential;
import dev.acceljce.testing.Providers;
import java.nio.ByteBuffer;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyPairGenerator;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import javax.crypto.Mac;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class HmacTest {
    static List<String> algorithms() {
        return List.of(
                "HmacSHA1",
                "HmacSHA224",
                "HmacSHA256",
                "HmacSHA384",
                "HmacSHA512",
                "HmacSHA512/224",
                "HmacSHA512/256",
                "HmacSHA3-224",
                "HmacSHA3-256",
                "HmacSHA3-384",
                "HmacSHA3-512");
    }

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    private static Mac ours(String alg) throws Exception {
        return Mac.getInstance(alg, Providers.ACCEL);
    }

    private static Mac jdk(String alg) throws Exception {
        return Mac.getInstance(alg, Providers.jdk("Mac", alg));
    }

    @ParameterizedTest
    @MethodSource("algorithms")
    void servedNativelyWithTheJdkMacLength(String alg) throws Exception {
        long before = Decisions.count("Mac", alg, Path.NATIVE);
        Mac mac = ours(alg);
        assertEquals("AccelJCE", mac.getProvider().getName());
        assertEquals(before + 1, Decisions.count("Mac", alg, Path.NATIVE));
        assertEquals(jdk(alg).getMacLength(), mac.getMacLength());
    }

    @Test
    void knownAnswers() throws Exception {
        // RFC 4231 test case 2 and RFC 2202 test case 2
        byte[] key = "Jefe".getBytes();
        byte[] data = "what do ya want for nothing?".getBytes();
        Mac mac = ours("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        assertEquals(
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
                HexFormat.of().formatHex(mac.doFinal(data)));
        mac = ours("HmacSHA1");
        mac.init(new SecretKeySpec(key, "HmacSHA1"));
        assertEquals("effcdf6ae5eb2fa2d27416d5f184df9c259a7c79", HexFormat.of().formatHex(mac.doFinal(data)));
    }

    @Test
    void oidsAndAliasesResolve() throws Exception {
        for (String name : List.of("1.2.840.113549.2.9", "OID.1.2.840.113549.2.9", "hmacsha256")) {
            Mac mac = Mac.getInstance(name, Providers.ACCEL);
            mac.init(new SecretKeySpec(new byte[16], "H"));
            Mac jdk = jdk("HmacSHA256");
            jdk.init(new SecretKeySpec(new byte[16], "H"));
            assertArrayEquals(jdk.doFinal(), mac.doFinal(), name);
        }
        Mac.getInstance("2.16.840.1.101.3.4.2.16", Providers.ACCEL);
        Mac.getInstance("OID.1.2.840.113549.2.7", Providers.ACCEL);
    }

    /**
     * Random keys (0..200 bytes, sometimes the previous one again), random sizes 0..64 KiB, random
     * split points and update styles, doFinal/clone/reset paths: against the JDK's HMAC.
     */
    @ParameterizedTest
    @MethodSource("algorithms")
    void differentialAgainstJdk(String alg) throws Exception {
        SplittableRandom r = new SplittableRandom(Differential.seed("hmac " + alg));
        Mac ours = ours(alg);
        Mac jdk = jdk(alg);
        byte[] data = new byte[64 * 1024 + 64];
        r.nextBytes(data);
        Key key = null;
        int cases = Differential.cases();
        for (int i = 0; i < cases; i++) {
            if (key == null || r.nextInt(4) != 0) {
                byte[] k = new byte[r.nextInt(201)];
                r.nextBytes(k);
                key = k.length == 0 || r.nextBoolean() ? new RawKey(k) : new SecretKeySpec(k, alg);
                jdk.init(key);
                ours.init(key);
            } else if (r.nextBoolean()) {
                ours.init(key); // the same key again: the restart path
            }
            int len = Differential.size(r);
            int off = r.nextInt(64);
            // fresh bytes in a window only: cheaper than refilling 64 KiB per case
            int from0 = r.nextInt(data.length - 64);
            for (int k = 0; k < 64; k++) {
                data[from0 + k] = (byte) r.nextInt();
            }
            int[] cuts = Differential.splits(r, len, 6);
            for (int p = 0; p + 1 < cuts.length; p++) {
                int from = off + cuts[p];
                int n = cuts[p + 1] - cuts[p];
                switch (r.nextInt(5)) {
                    case 0 -> ours.update(data, from, n);
                    case 1 -> ours.update(ByteBuffer.wrap(data, from, n));
                    case 2 ->
                        ours.update(
                                ByteBuffer.allocateDirect(n).put(data, from, n).flip());
                    case 3 -> ours.update(ByteBuffer.wrap(data, from, n).asReadOnlyBuffer());
                    default -> {
                        for (int k = 0; k < Math.min(n, 8); k++) {
                            ours.update(data[from + k]);
                        }
                        ours.update(data, from + Math.min(n, 8), n - Math.min(n, 8));
                    }
                }
            }
            jdk.update(data, off, len);
            byte[] expected = jdk.doFinal();
            switch (r.nextInt(3)) {
                case 0 -> assertArrayEquals(expected, ours.doFinal(), alg + " case " + i + " len " + len);
                case 1 -> {
                    Mac copy = (Mac) ours.clone();
                    byte[] out = new byte[expected.length + 3];
                    copy.doFinal(out, 3);
                    assertArrayEquals(expected, Arrays.copyOfRange(out, 3, out.length), alg + " clone case " + i);
                    ours.reset();
                }
                default -> {
                    byte[] out = new byte[expected.length + 1];
                    ours.doFinal(out, 1);
                    assertArrayEquals(expected, Arrays.copyOfRange(out, 1, out.length), alg + " case " + i);
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("algorithms")
    void emptyAndLongKeysAsTheJdk(String alg) throws Exception {
        SplittableRandom r = new SplittableRandom(7);
        // empty, shorter than, equal to and longer than the block, and beyond one native chunk
        for (int len : new int[] {0, 1, 63, 64, 65, 127, 128, 129, 144, 145, 1000, (1 << 20) + 3}) {
            byte[] k = new byte[len];
            r.nextBytes(k);
            Mac ours = ours(alg);
            Mac jdk = jdk(alg);
            ours.init(new RawKey(k));
            jdk.init(new RawKey(k));
            assertArrayEquals(jdk.doFinal("m".getBytes()), ours.doFinal("m".getBytes()), alg + " key " + len);
        }
    }

    @Test
    void badKeysAndParametersAsTheJdk() throws Exception {
        Key publicKey = KeyPairGenerator.getInstance("EC").generateKeyPair().getPublic();
        Key noEncoding = new RawKey(null);
        Key x509Format = new RawKey(new byte[5], "X.509");
        SecretKeySpec good = new SecretKeySpec(new byte[20], "HmacSHA256");
        AlgorithmParameterSpec iv = new IvParameterSpec(new byte[16]);
        Mac ours = ours("HmacSHA256");
        Mac jdk = jdk("HmacSHA256");
        sameOutcome(() -> jdk.init(null), () -> ours.init(null), InvalidKeyException.class);
        sameOutcome(() -> jdk.init(publicKey), () -> ours.init(publicKey), InvalidKeyException.class);
        sameOutcome(() -> jdk.init(noEncoding), () -> ours.init(noEncoding), InvalidKeyException.class);
        sameOutcome(() -> jdk.init(good, iv), () -> ours.init(good, iv), InvalidAlgorithmParameterException.class);
        // the JDK accepts any SecretKey with an encoding, whatever format it names: so do we
        jdk.init(x509Format);
        ours.init(x509Format);
        assertArrayEquals(jdk.doFinal(), ours.doFinal());
    }

    @Test
    void stateAndRangeErrorsAsTheJdk() throws Exception {
        Mac ours = ours("HmacSHA384");
        Mac jdk = jdk("HmacSHA384");
        sameOutcome(() -> jdk.update((byte) 1), () -> ours.update((byte) 1), IllegalStateException.class);
        sameOutcome(() -> jdk.update(new byte[3]), () -> ours.update(new byte[3]), IllegalStateException.class);
        sameOutcome(jdk::doFinal, ours::doFinal, IllegalStateException.class);
        SecretKeySpec key = new SecretKeySpec(new byte[20], "HmacSHA384");
        jdk.init(key);
        ours.init(key);
        sameOutcome(
                () -> jdk.update(new byte[10], 5, 6),
                () -> ours.update(new byte[10], 5, 6),
                IllegalArgumentException.class);
        sameOutcome(
                () -> jdk.update(new byte[10], -1, 2),
                () -> ours.update(new byte[10], -1, 2),
                IllegalArgumentException.class);
        sameOutcome(
                () -> jdk.update((ByteBuffer) null),
                () -> ours.update((ByteBuffer) null),
                IllegalArgumentException.class);
        sameOutcome(
                () -> jdk.doFinal(new byte[60], 20), () -> ours.doFinal(new byte[60], 20), ShortBufferException.class);
        // the failed calls did not disturb the state
        jdk.update((byte[]) null);
        ours.update((byte[]) null);
        assertArrayEquals(jdk.doFinal("x".getBytes()), ours.doFinal("x".getBytes()));
    }

    private static void sameOutcome(Executable jdkCall, Executable ourCall, Class<? extends Throwable> expected) {
        Throwable j = assertThrows(expected, jdkCall);
        Throwable o = assertThrows(expected, ourCall);
        assertEquals(j.getClass(), o.getClass());
    }

    @Test
    void doFinalResetAndReinitKeepOrReplaceTheKey() throws Exception {
        SecretKeySpec k1 = new SecretKeySpec("key one".getBytes(), "HmacSHA512");
        SecretKeySpec k2 = new SecretKeySpec("key two".getBytes(), "HmacSHA512");
        Mac ours = ours("HmacSHA512");
        Mac jdk = jdk("HmacSHA512");
        jdk.init(k1);
        byte[] m1 = jdk.doFinal("abc".getBytes());
        jdk.init(k2);
        byte[] m2 = jdk.doFinal("abc".getBytes());
        assertFalse(Arrays.equals(m1, m2));

        ours.init(k1);
        assertArrayEquals(m1, ours.doFinal("abc".getBytes()));
        assertArrayEquals(m1, ours.doFinal("abc".getBytes()), "doFinal resets with the same key");
        ours.update("partial message to discard".getBytes());
        ours.update((byte) 1);
        ours.reset();
        assertArrayEquals(m1, ours.doFinal("abc".getBytes()), "reset discards input");
        ours.update(new byte[1000]);
        ours.init(k1);
        assertArrayEquals(m1, ours.doFinal("abc".getBytes()), "re-init with the same key discards input");
        ours.update(new byte[1000]);
        ours.init(k2);
        assertArrayEquals(m2, ours.doFinal("abc".getBytes()), "re-init with a new key");
        ours.init(k1);
        assertArrayEquals(m1, ours.doFinal("abc".getBytes()), "and back");
    }

    @Test
    void cloneIsIndependent() throws Exception {
        SecretKeySpec key = new SecretKeySpec("k".getBytes(), "HmacSHA256");
        Mac jdk = jdk("HmacSHA256");
        jdk.init(key);
        Mac mac = ours("HmacSHA256");
        Mac uninitialisedCopy = (Mac) mac.clone();
        mac.init(key);
        mac.update("hello ".getBytes());
        Mac copy = (Mac) mac.clone();
        mac.update("world".getBytes());
        copy.update("there".getBytes());
        assertArrayEquals(jdk.doFinal("hello world".getBytes()), mac.doFinal());
        assertArrayEquals(jdk.doFinal("hello there".getBytes()), copy.doFinal());
        // both still work with their key after the other is re-keyed
        copy.init(new SecretKeySpec("other".getBytes(), "HmacSHA256"));
        assertArrayEquals(jdk.doFinal("z".getBytes()), mac.doFinal("z".getBytes()));
        uninitialisedCopy.init(key);
        assertArrayEquals(jdk.doFinal("y".getBytes()), uninitialisedCopy.doFinal("y".getBytes()));
    }

    @Test
    void byteBuffersAdvanceAndLargeInputsAreChunked() throws Exception {
        SecretKeySpec key = new SecretKeySpec(new byte[32], "HmacSHA3-256");
        Mac ours = ours("HmacSHA3-256");
        Mac jdk = jdk("HmacSHA3-256");
        ours.init(key);
        jdk.init(key);
        ByteBuffer direct = ByteBuffer.allocateDirect(100);
        for (int i = 0; i < 100; i++) {
            direct.put((byte) i);
        }
        direct.position(10).limit(90);
        ours.update(direct);
        assertEquals(90, direct.position());
        ByteBuffer small = ByteBuffer.wrap(new byte[] {1, 2, 3, 4}, 1, 2).asReadOnlyBuffer();
        ours.update(small);
        assertEquals(3, small.position());
        direct.position(10).limit(90);
        jdk.update(direct);
        jdk.update(new byte[] {2, 3});
        assertArrayEquals(jdk.doFinal(), ours.doFinal());

        byte[] big = new byte[(3 << 20) + 17];
        new SplittableRandom(3).nextBytes(big);
        assertArrayEquals(jdk.doFinal(big), ours.doFinal(big));
        ByteBuffer bigDirect = ByteBuffer.allocateDirect(big.length).put(big).flip();
        ours.update(bigDirect);
        assertArrayEquals(jdk.doFinal(big), ours.doFinal());
    }

    /** Mac objects created and used on many threads at once (contexts come from shared templates). */
    @Test
    void concurrentMacsOnManyThreads() throws Exception {
        int threads = 8;
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
        try {
            List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
            for (int t = 0; t < threads; t++) {
                long seed = t;
                done.add(pool.submit(() -> {
                    SplittableRandom r = new SplittableRandom(seed);
                    List<String> algs = algorithms();
                    for (int i = 0; i < 300; i++) {
                        String alg = algs.get(r.nextInt(algs.size()));
                        byte[] k = new byte[r.nextInt(1, 100)];
                        byte[] m = new byte[r.nextInt(2000)];
                        r.nextBytes(k);
                        r.nextBytes(m);
                        Mac ours = ours(alg);
                        Mac jdk = jdk(alg);
                        ours.init(new SecretKeySpec(k, alg));
                        jdk.init(new SecretKeySpec(k, alg));
                        assertArrayEquals(jdk.doFinal(m), ours.doFinal(m), alg);
                    }
                    return null;
                }));
            }
            for (java.util.concurrent.Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void nativeContextsAreFreedWhenMacsAreDropped() throws Exception {
        SecretKeySpec key = new SecretKeySpec(new byte[32], "HmacSHA256");
        for (int i = 0; i < 20_000; i++) {
            Mac m = ours("HmacSHA256");
            m.init(key);
            m.doFinal();
        }
        long deadline = System.nanoTime() + 10_000_000_000L;
        long live;
        do {
            System.gc();
            Thread.sleep(20);
            live = NativeResource.liveObjects().getOrDefault("EVP_MAC_CTX", 0L);
        } while (live > 10_000 && System.nanoTime() < deadline);
        assertTrue(live <= 10_000, "EVP_MAC_CTX still live: " + live);
    }

    @Test
    void jdkPathGivesIdenticalResults() throws Exception {
        String before = System.getProperty("acceljce.native");
        System.setProperty("acceljce.native", "false");
        dev.acceljce.control.Settings.reload();
        try {
            for (String alg : algorithms()) {
                long jdkBefore = Decisions.count("Mac", alg, Path.JDK);
                Mac mac = ours(alg);
                assertEquals(jdkBefore + 1, Decisions.count("Mac", alg, Path.JDK));
                SecretKeySpec key = new SecretKeySpec("k".getBytes(), alg);
                mac.init(key);
                Mac jdk = jdk(alg);
                jdk.init(key);
                assertArrayEquals(jdk.doFinal("x".getBytes()), mac.doFinal("x".getBytes()), alg);
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
}
