package dev.acceljce.random;

import static java.security.DrbgParameters.Capability.NONE;
import static java.security.DrbgParameters.Capability.PR_AND_RESEED;
import static java.security.DrbgParameters.Capability.RESEED_ONLY;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Decisions;
import dev.acceljce.control.Path;
import dev.acceljce.testing.Providers;
import java.security.DrbgParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.SecureRandomParameters;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class DrbgTest {
    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    private static SecureRandom drbg() throws Exception {
        return SecureRandom.getInstance("DRBG", Providers.ACCEL);
    }

    private static SecureRandom drbg(SecureRandomParameters params) throws Exception {
        return SecureRandom.getInstance("DRBG", params, Providers.ACCEL);
    }

    @Test
    void servedNativelyAndThreadSafe() throws Exception {
        long before = Decisions.count("SecureRandom", "DRBG", Path.NATIVE);
        SecureRandom r = drbg();
        assertEquals("AccelJCE", r.getProvider().getName());
        assertEquals("DRBG", r.getAlgorithm());
        assertEquals(before + 1, Decisions.count("SecureRandom", "DRBG", Path.NATIVE));
        assertEquals("true", Providers.ACCEL.getService("SecureRandom", "DRBG").getAttribute("ThreadSafe"));
        DrbgParameters.Instantiation p = assertInstanceOf(DrbgParameters.Instantiation.class, r.getParameters());
        assertEquals(256, p.getStrength());
        assertEquals(RESEED_ONLY, p.getCapability());
        assertNull(p.getPersonalizationString());
    }

    @Test
    void outputSizesUpToOneMebibyteAndBeyondOneChunk() throws Exception {
        SecureRandom r = drbg();
        for (int len : new int[] {
            0,
            1,
            2,
            15,
            16,
            17,
            31,
            32,
            33,
            64,
            100,
            1000,
            4096,
            65_536,
            65_537,
            (1 << 20) - 1,
            1 << 20,
            (1 << 20) + 1,
            3 << 20
        }) {
            byte[] a = new byte[len];
            byte[] b = new byte[len];
            r.nextBytes(a);
            r.nextBytes(b);
            if (len >= 16) {
                assertFalse(Arrays.equals(a, b), "two outputs of " + len + " bytes are equal");
                assertFalse(Arrays.equals(a, new byte[len]), "all zero output of " + len + " bytes");
                // the tail was written too (chunking must not leave a gap)
                assertFalse(Arrays.equals(Arrays.copyOfRange(a, len - 16, len), new byte[16]), "zero tail " + len);
            }
        }
    }

    @Test
    void manyThreadsShareOneInstanceWithoutErrorsOrRepeats() throws Exception {
        SecureRandom shared = drbg();
        int threads = 16;
        int perThread = 2_000;
        Set<String> seen = ConcurrentHashMap.newKeySet();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new java.util.ArrayList<>();
            for (int t = 0; t < threads; t++) {
                done.add(pool.submit(() -> {
                    start.await();
                    byte[] buf = new byte[16];
                    for (int i = 0; i < perThread; i++) {
                        if (i % 100 == 0) {
                            shared.setSeed(new byte[] {(byte) i});
                        }
                        shared.nextBytes(buf);
                        assertTrue(seen.add(HexFormat.of().formatHex(buf)), "repeated output");
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(threads * perThread, seen.size());
    }

    @Test
    void setSeedDoesNotMakeOutputRepeat() throws Exception {
        SecureRandom a = drbg();
        SecureRandom b = drbg();
        byte[] seed = "the same seed".getBytes();
        a.setSeed(seed);
        b.setSeed(seed);
        byte[] x = new byte[32];
        byte[] y = new byte[32];
        a.nextBytes(x);
        b.nextBytes(y);
        assertFalse(Arrays.equals(x, y));
        a.setSeed(seed);
        byte[] z = new byte[32];
        a.nextBytes(z);
        assertFalse(Arrays.equals(x, z));
        // long seeds, empty and large seeds are mixed in too; null is refused as by the JDK
        a.setSeed(0L);
        a.setSeed(42L);
        a.setSeed(new byte[0]);
        a.setSeed(new byte[(1 << 20) + 5]);
        assertThrows(NullPointerException.class, () -> a.setSeed(null));
        a.nextBytes(z);
        assertFalse(Arrays.equals(x, z));
    }

    /** Not a proof of randomness: catches a stuck, zeroed or badly biased output. */
    @Test
    void outputLooksUniform() throws Exception {
        byte[] data = new byte[1 << 20];
        drbg().nextBytes(data);
        long ones = 0;
        long[] counts = new long[256];
        for (byte b : data) {
            ones += Integer.bitCount(b & 0xff);
            counts[b & 0xff]++;
        }
        double bits = data.length * 8.0;
        // sd of the ones fraction is 1/(2*sqrt(bits)) ~ 0.00017; allow ~10 sd
        assertEquals(0.5, ones / bits, 0.002);
        double expected = data.length / 256.0;
        double chi2 = 0;
        for (long c : counts) {
            chi2 += (c - expected) * (c - expected) / expected;
        }
        // 255 degrees of freedom: mean 255, sd ~22.6
        assertTrue(chi2 < 450, "chi-square " + chi2);
    }

    @Test
    void instantiationParametersAsFarAsOpenSslCanHonourThem() throws Exception {
        for (DrbgParameters.Capability c : List.of(NONE, RESEED_ONLY, PR_AND_RESEED)) {
            for (int strength : new int[] {-1, 112, 128, 192, 256}) {
                SecureRandom r = drbg(DrbgParameters.instantiation(strength, c, null));
                DrbgParameters.Instantiation p = (DrbgParameters.Instantiation) r.getParameters();
                assertEquals(c, p.getCapability());
                assertEquals(256, p.getStrength());
                byte[] out = new byte[40];
                r.nextBytes(out);
                assertFalse(Arrays.equals(out, new byte[40]));
            }
        }
        // what the JDK's DRBG also refuses (too strong, foreign parameter type), and a
        // personalization string, which OpenSSL's shared DRBG cannot take
        SecureRandomParameters foreign = new SecureRandomParameters() {};
        for (SecureRandomParameters bad : List.of(
                DrbgParameters.instantiation(512, NONE, null),
                DrbgParameters.instantiation(257, RESEED_ONLY, null),
                foreign,
                DrbgParameters.instantiation(128, RESEED_ONLY, "app".getBytes()))) {
            NoSuchAlgorithmException e = assertThrows(NoSuchAlgorithmException.class, () -> drbg(bad));
            assertInstanceOf(InvalidAlgorithmParameterException.class, e.getCause(), bad.toString());
        }
        assertThrows(
                NoSuchAlgorithmException.class,
                () -> SecureRandom.getInstance(
                        "DRBG", DrbgParameters.instantiation(512, NONE, null), Providers.jdk("SecureRandom", "DRBG")));
    }

    @Test
    void nextBytesWithParameters() throws Exception {
        SecureRandom plain = drbg();
        SecureRandom pr = drbg(DrbgParameters.instantiation(256, PR_AND_RESEED, null));
        SecureRandom jdk = SecureRandom.getInstance("DRBG", Providers.jdk("SecureRandom", "DRBG"));
        byte[] out = new byte[48];
        plain.nextBytes(out, DrbgParameters.nextBytes(-1, false, null));
        plain.nextBytes(out, DrbgParameters.nextBytes(256, false, "additional input".getBytes()));
        pr.nextBytes(out, DrbgParameters.nextBytes(128, true, "additional input".getBytes()));
        byte[] big = new byte[(1 << 20) + 100];
        pr.nextBytes(big, DrbgParameters.nextBytes(256, true, new byte[5000]));
        assertFalse(Arrays.equals(Arrays.copyOfRange(big, big.length - 32, big.length), new byte[32]));
        // the JDK's exceptions for the same misuse
        sameOutcome(
                () -> jdk.nextBytes(out, DrbgParameters.nextBytes(-1, true, null)),
                () -> plain.nextBytes(out, DrbgParameters.nextBytes(-1, true, null)),
                IllegalArgumentException.class);
        assertThrows(
                IllegalArgumentException.class, () -> plain.nextBytes(out, DrbgParameters.nextBytes(512, false, null)));
        sameOutcome(
                () -> jdk.nextBytes(out, new SecureRandomParameters() {}),
                () -> plain.nextBytes(out, new SecureRandomParameters() {}),
                IllegalArgumentException.class);
        sameOutcome(() -> jdk.nextBytes(out, null), () -> plain.nextBytes(out, null), IllegalArgumentException.class);
        sameOutcome(() -> jdk.nextBytes(null), () -> plain.nextBytes(null), NullPointerException.class);
    }

    @Test
    void reseedAndGenerateSeed() throws Exception {
        SecureRandom plain = drbg();
        SecureRandom pr = drbg(DrbgParameters.instantiation(256, PR_AND_RESEED, null));
        SecureRandom none = drbg(DrbgParameters.instantiation(128, NONE, null));
        SecureRandom jdk = SecureRandom.getInstance("DRBG", Providers.jdk("SecureRandom", "DRBG"));
        plain.reseed();
        none.reseed();
        plain.reseed(DrbgParameters.reseed(false, "ai".getBytes()));
        pr.reseed(DrbgParameters.reseed(true, "ai".getBytes()));
        pr.reseed();
        sameOutcome(
                () -> jdk.reseed(DrbgParameters.reseed(true, null)),
                () -> plain.reseed(DrbgParameters.reseed(true, null)),
                IllegalArgumentException.class);
        sameOutcome(
                () -> jdk.reseed(new SecureRandomParameters() {}),
                () -> plain.reseed(new SecureRandomParameters() {}),
                IllegalArgumentException.class);

        assertEquals(0, plain.generateSeed(0).length);
        sameOutcome(() -> jdk.generateSeed(-1), () -> plain.generateSeed(-1), IllegalArgumentException.class);
        Set<String> seeds = new HashSet<>();
        for (int len : new int[] {1, 31, 32, 33, 100, 1000}) {
            byte[] s = plain.generateSeed(len);
            assertEquals(len, s.length);
            if (len >= 32) {
                assertTrue(seeds.add(HexFormat.of().formatHex(s)));
                assertFalse(Arrays.equals(Arrays.copyOfRange(s, len - 16, len), new byte[16]));
            }
        }
    }

    private static void sameOutcome(Executable jdkCall, Executable ourCall, Class<? extends Throwable> expected) {
        Throwable j = assertThrows(expected, jdkCall);
        Throwable o = assertThrows(expected, ourCall);
        assertEquals(j.getClass(), o.getClass());
    }

    @Test
    void jdkPathServesTheJdkDrbg() throws Exception {
        String before = System.getProperty("acceljce.native");
        System.setProperty("acceljce.native", "false");
        dev.acceljce.control.Settings.reload();
        try {
            long jdkBefore = Decisions.count("SecureRandom", "DRBG", Path.JDK);
            SecureRandom r = drbg(DrbgParameters.instantiation(192, PR_AND_RESEED, "ps".getBytes()));
            assertEquals(jdkBefore + 1, Decisions.count("SecureRandom", "DRBG", Path.JDK));
            DrbgParameters.Instantiation p = (DrbgParameters.Instantiation) r.getParameters();
            assertArrayEquals("ps".getBytes(), p.getPersonalizationString());
            byte[] out = new byte[32];
            r.nextBytes(out);
            assertFalse(Arrays.equals(out, new byte[32]));
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
