package dev.acceljce.kdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Decisions;
import dev.acceljce.control.Engine;
import dev.acceljce.control.Path;
import dev.acceljce.openssl.EvpKdf;
import dev.acceljce.openssl.NativeResource;
import dev.acceljce.openssl.OpenSslException;
import dev.acceljce.testing.Differential;
import dev.acceljce.testing.Providers;
import dev.acceljce.testing.Wycheproof;
import java.security.InvalidAlgorithmParameterException;
import java.security.NoSuchAlgorithmException;
import java.security.spec.AlgorithmParameterSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.crypto.KDF;
import javax.crypto.KDFParameters;
import javax.crypto.SecretKey;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class HkdfTest {
    record Alg(String name, String wycheproof, int hashLength) {}

    static List<Alg> algorithms() {
        return List.of(
                new Alg("HKDF-SHA256", "hkdf_sha256", 32),
                new Alg("HKDF-SHA384", "hkdf_sha384", 48),
                new Alg("HKDF-SHA512", "hkdf_sha512", 64));
    }

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    private static KDF ours(String alg) throws Exception {
        return KDF.getInstance(alg, Providers.ACCEL);
    }

    private static KDF jdk(String alg) throws Exception {
        return KDF.getInstance(alg, Providers.jdk("KDF", alg));
    }

    @ParameterizedTest
    @MethodSource("algorithms")
    void servedNatively(Alg alg) throws Exception {
        long before = Decisions.count("KDF", alg.name, Path.NATIVE);
        KDF kdf = ours(alg.name);
        assertEquals("AccelJCE", kdf.getProviderName());
        assertEquals(before + 1, Decisions.count("KDF", alg.name, Path.NATIVE));
        assertNull(kdf.getParameters());
    }

    /**
     * Every vector as Extract-then-Expand, and the valid ones also as Extract followed by Expand of
     * the PRK. The invalid vectors ask for more than 255 blocks and must be refused.
     */
    @ParameterizedTest
    @MethodSource("algorithms")
    void wycheproof(Alg alg) throws Exception {
        KDF kdf = ours(alg.name);
        int checked = 0;
        for (Wycheproof.Case c : Wycheproof.cases(alg.wycheproof)) {
            byte[] ikm = c.hex("ikm");
            byte[] salt = c.hex("salt");
            byte[] info = c.hex("info");
            int size = c.test().get("size").asInt();
            HKDFParameterSpec both =
                    HKDFParameterSpec.ofExtract().addIKM(ikm).addSalt(salt).thenExpand(info, size);
            if (c.valid()) {
                byte[] okm = c.hex("okm");
                assertArrayEquals(okm, kdf.deriveData(both), c.toString());
                byte[] prk = kdf.deriveData(
                        HKDFParameterSpec.ofExtract().addIKM(ikm).addSalt(salt).extractOnly());
                assertEquals(alg.hashLength, prk.length, c.toString());
                SecretKey prkKey = new SecretKeySpec(prk, "Generic");
                assertArrayEquals(okm, kdf.deriveData(HKDFParameterSpec.expandOnly(prkKey, info, size)), c.toString());
            } else {
                assertTrue(c.invalid(), c.toString());
                assertThrows(InvalidAlgorithmParameterException.class, () -> kdf.deriveData(both), c.toString());
                assertThrows(
                        InvalidAlgorithmParameterException.class,
                        () -> kdf.deriveData(HKDFParameterSpec.expandOnly(
                                new SecretKeySpec(new byte[alg.hashLength], "Generic"), info, size)),
                        c.toString());
            }
            checked++;
        }
        assertTrue(checked > 50, "only " + checked + " vectors");
    }

    /**
     * HKDF-SHA1 is no JDK algorithm (SunJCE offers no KDF.HKDF-SHA1, so neither does AccelJCE); its
     * vectors run against the binding directly, which the three services share.
     */
    @Test
    void wycheproofSha1AgainstTheBinding() {
        EvpKdf.Algorithm hkdf = EvpKdf.fetch("HKDF").orElseThrow();
        for (Wycheproof.Case c : Wycheproof.cases("hkdf_sha1")) {
            int size = c.test().get("size").asInt();
            byte[] out = new byte[size];
            if (c.valid()) {
                EvpKdf.hkdf(
                        hkdf, "SHA1", EvpKdf.HKDF_EXTRACT_AND_EXPAND, c.hex("ikm"), c.hex("salt"), c.hex("info"), out);
                assertArrayEquals(c.hex("okm"), out, c.toString());
            } else {
                // the binding leaves length checks to its callers; OpenSSL itself still refuses
                assertThrows(
                        OpenSslException.class,
                        () -> EvpKdf.hkdf(
                                hkdf,
                                "SHA1",
                                EvpKdf.HKDF_EXTRACT_AND_EXPAND,
                                c.hex("ikm"),
                                c.hex("salt"),
                                c.hex("info"),
                                out),
                        c.toString());
            }
        }
    }

    /** Random inputs in all three modes, key segments as keys or bytes, lengths up to the limit. */
    @ParameterizedTest
    @MethodSource("algorithms")
    void differentialAgainstJdk(Alg alg) throws Exception {
        SplittableRandom r = new SplittableRandom(Differential.seed("hkdf " + alg.name));
        KDF ours = ours(alg.name);
        KDF jdk = jdk(alg.name);
        int cases = Differential.cases();
        for (int i = 0; i < cases; i++) {
            AlgorithmParameterSpec spec = randomSpec(r, alg.hashLength);
            Outcome expected = Outcome.of(() -> jdk.deriveData(spec));
            assertEquals(expected, Outcome.of(() -> ours.deriveData(spec)), alg.name + " case " + i);
            if (i % 16 == 0 && expected.thrown() == null) {
                SecretKey a = jdk.deriveKey("AES", spec);
                SecretKey b = ours.deriveKey("AES", spec);
                assertEquals(a, b, alg.name + " deriveKey case " + i);
                assertEquals("AES", b.getAlgorithm());
                assertEquals("RAW", b.getFormat());
            }
        }
    }

    private static AlgorithmParameterSpec randomSpec(SplittableRandom r, int hashLength) {
        int max = 255 * hashLength;
        int length = switch (r.nextInt(4)) {
            case 0 -> r.nextInt(1, max + 1);
            case 1 -> max + r.nextInt(0, 2); // the limit and one past it
            default -> r.nextInt(1, 3 * hashLength);
        };
        byte[] info = r.nextInt(8) == 0 ? null : bytes(r, r.nextInt(0, 300));
        switch (r.nextInt(3)) {
            case 0 -> {
                return extractBuilder(r).extractOnly();
            }
            case 1 -> {
                // a PRK sometimes shorter than the hash, which both must refuse
                byte[] prk = bytes(r, r.nextInt(4) == 0 ? r.nextInt(0, hashLength) + 1 : hashLength + r.nextInt(0, 64));
                return HKDFParameterSpec.expandOnly(new SecretKeySpec(prk, "HKDF-PRK"), info, length);
            }
            default -> {
                return extractBuilder(r).thenExpand(info, length);
            }
        }
    }

    private static HKDFParameterSpec.Builder extractBuilder(SplittableRandom r) {
        HKDFParameterSpec.Builder b = HKDFParameterSpec.ofExtract();
        for (int n = r.nextInt(4); n > 0; n--) {
            byte[] ikm = bytes(r, r.nextInt(0, 100));
            if (r.nextBoolean() && ikm.length > 0) {
                b.addIKM(new SecretKeySpec(ikm, "Generic"));
            } else {
                b.addIKM(ikm);
            }
        }
        for (int n = r.nextInt(3); n > 0; n--) {
            byte[] salt = bytes(r, r.nextInt(0, 200));
            if (r.nextBoolean() && salt.length > 0) {
                b.addSalt(new SecretKeySpec(salt, "Generic"));
            } else {
                b.addSalt(salt);
            }
        }
        return b;
    }

    private static byte[] bytes(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    /** An info too long for OpenSSL's buffer is derived by the JDK, with the same result. */
    @Test
    void longInfoMatchesTheJdk() throws Exception {
        byte[] info = bytes(new SplittableRandom(7), EvpKdf.hkdfMaxInfo() + 1);
        HKDFParameterSpec both =
                HKDFParameterSpec.ofExtract().addIKM(new byte[20]).thenExpand(info, 100);
        HKDFParameterSpec expand = HKDFParameterSpec.expandOnly(new SecretKeySpec(new byte[32], "Generic"), info, 77);
        for (AlgorithmParameterSpec spec : List.of(both, expand)) {
            assertArrayEquals(
                    jdk("HKDF-SHA256").deriveData(spec), ours("HKDF-SHA256").deriveData(spec));
        }
        byte[] atLimit = bytes(new SplittableRandom(8), EvpKdf.hkdfMaxInfo());
        HKDFParameterSpec spec =
                HKDFParameterSpec.ofExtract().addIKM(new byte[20]).thenExpand(atLimit, 100);
        assertArrayEquals(
                jdk("HKDF-SHA384").deriveData(spec), ours("HKDF-SHA384").deriveData(spec));
    }

    /** Each derivation frees its context; none is left for a Cleaner. */
    @Test
    void contextsAreFreed() throws Exception {
        KDF kdf = ours("HKDF-SHA256");
        kdf.deriveData(HKDFParameterSpec.ofExtract().addIKM(new byte[3]).thenExpand(null, 5));
        long before = NativeResource.liveObjects().getOrDefault("EVP_KDF_CTX", 0L);
        SplittableRandom r = new SplittableRandom(5);
        for (int i = 0; i < 500; i++) {
            AlgorithmParameterSpec spec = randomSpec(r, 32);
            Outcome.of(() -> kdf.deriveData(spec));
        }
        assertEquals(before, NativeResource.liveObjects().getOrDefault("EVP_KDF_CTX", 0L));
    }

    /** One KDF object used by several threads at once gives every thread the JDK's answers. */
    @Test
    void oneInstanceServesConcurrentThreads() throws Exception {
        KDF shared = ours("HKDF-SHA512");
        KDF jdk = jdk("HKDF-SHA512");
        List<AlgorithmParameterSpec> specs = new ArrayList<>();
        List<Outcome> expected = new ArrayList<>();
        SplittableRandom r = new SplittableRandom(11);
        for (int i = 0; i < 400; i++) {
            AlgorithmParameterSpec spec = randomSpec(r, 64);
            specs.add(spec);
            expected.add(Outcome.of(() -> jdk.deriveData(spec)));
        }
        try (ExecutorService pool = Executors.newFixedThreadPool(4)) {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int offset = t;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < specs.size(); i++) {
                        int k = (i + offset * 97) % specs.size();
                        AlgorithmParameterSpec spec = specs.get(k);
                        assertEquals(expected.get(k), Outcome.of(() -> shared.deriveData(spec)));
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        }
    }

    /** A key whose getFormat and getEncoded answer as the caller chose. */
    private record OddKey(String format, byte[] encoded) implements SecretKey {
        @Override
        public String getAlgorithm() {
            return "Generic";
        }

        @Override
        public String getFormat() {
            return format;
        }

        @Override
        public byte[] getEncoded() {
            return encoded == null ? null : encoded.clone();
        }
    }

    /** Bad inputs fail as they fail in SunJCE (same exception type), and good edge cases agree. */
    @ParameterizedTest
    @MethodSource("algorithms")
    void badInputsGiveTheJdksExceptions(Alg alg) throws Exception {
        KDF ours = ours(alg.name);
        KDF jdk = jdk(alg.name);
        SecretKey prk = new SecretKeySpec(new byte[alg.hashLength], "Generic");
        int max = 255 * alg.hashLength;
        List<AlgorithmParameterSpec> specs = new ArrayList<>(List.of(
                HKDFParameterSpec.expandOnly(prk, null, max),
                HKDFParameterSpec.expandOnly(prk, new byte[0], max + 1),
                HKDFParameterSpec.expandOnly(prk, null, Integer.MAX_VALUE),
                HKDFParameterSpec.expandOnly(new SecretKeySpec(new byte[alg.hashLength - 1], "Generic"), null, 16),
                HKDFParameterSpec.expandOnly(new OddKey("RAW", null), null, 16),
                // Expand reads the PRK without checking its format, as the JDK does
                HKDFParameterSpec.expandOnly(new OddKey("PKCS#8", new byte[alg.hashLength]), null, 16),
                HKDFParameterSpec.ofExtract().extractOnly(),
                HKDFParameterSpec.ofExtract().thenExpand(null, 1),
                HKDFParameterSpec.ofExtract().addIKM(new byte[1]).thenExpand(null, max + 1),
                HKDFParameterSpec.ofExtract()
                        .addIKM(new OddKey("X.509", new byte[4]))
                        .extractOnly(),
                HKDFParameterSpec.ofExtract()
                        .addIKM(new OddKey(null, new byte[4]))
                        .extractOnly(),
                HKDFParameterSpec.ofExtract().addSalt(new OddKey("raw", null)).extractOnly(),
                HKDFParameterSpec.ofExtract()
                        .addSalt(new OddKey("raw", new byte[3]))
                        .thenExpand(null, 9),
                HKDFParameterSpec.ofExtract()
                        .addIKM(new OddKey("X.509", new byte[4]))
                        .thenExpand(null, 9),
                new IvParameterSpec(new byte[16])));
        for (AlgorithmParameterSpec spec : specs) {
            Outcome expected = Outcome.of(() -> jdk.deriveData(spec));
            assertEquals(expected, Outcome.of(() -> ours.deriveData(spec)), alg.name + " " + spec);
            Outcome expectedKey =
                    Outcome.of(() -> jdk.deriveKey("HmacSHA256", spec).getEncoded());
            assertEquals(
                    expectedKey,
                    Outcome.of(() -> ours.deriveKey("HmacSHA256", spec).getEncoded()));
        }
        // the spec classes and KDF itself check these before any provider sees them
        assertThrows(IllegalArgumentException.class, () -> HKDFParameterSpec.expandOnly(prk, null, 0));
        assertThrows(NullPointerException.class, () -> ours.deriveData(null));
        HKDFParameterSpec ok = HKDFParameterSpec.ofExtract().extractOnly();
        assertThrows(NullPointerException.class, () -> ours.deriveKey(null, ok));
        assertThrows(NoSuchAlgorithmException.class, () -> ours.deriveKey("", ok));
        // and at the SPI, where the JDK's HKDF makes the same checks
        for (Engine library : NativeHkdf.ENGINES) {
            if (!library.available()) {
                continue;
            }
            NativeHkdf spi = new NativeHkdf(null, new HkdfVariant(alg.name, "Hmac", "SHA256", 32), library);
            assertThrows(NullPointerException.class, () -> spi.engineDeriveKey(null, ok));
            assertThrows(NoSuchAlgorithmException.class, () -> spi.engineDeriveKey("", ok));
            assertThrows(InvalidAlgorithmParameterException.class, () -> spi.engineDeriveData(null));
        }
    }

    @ParameterizedTest
    @MethodSource("algorithms")
    void kdfParametersAreRefusedAsByTheJdk(Alg alg) {
        KDFParameters params = new KDFParameters() {};
        assertThrows(
                InvalidAlgorithmParameterException.class,
                () -> KDF.getInstance(alg.name, params, Providers.jdk("KDF", alg.name)));
        assertThrows(
                InvalidAlgorithmParameterException.class, () -> KDF.getInstance(alg.name, params, Providers.ACCEL));
        withNativeOff(() -> assertThrows(
                InvalidAlgorithmParameterException.class, () -> KDF.getInstance(alg.name, params, Providers.ACCEL)));
    }

    @Test
    void jdkPathGivesIdenticalResults() {
        withNativeOff(() -> {
            for (Alg alg : algorithms()) {
                long before = Decisions.count("KDF", alg.name, Path.JDK);
                KDF viaJdkPath = ours(alg.name);
                assertEquals(before + 1, Decisions.count("KDF", alg.name, Path.JDK));
                assertNull(viaJdkPath.getParameters());
                SplittableRandom r = new SplittableRandom(alg.hashLength);
                for (int i = 0; i < 200; i++) {
                    AlgorithmParameterSpec spec = randomSpec(r, alg.hashLength);
                    assertEquals(
                            Outcome.of(() -> jdk(alg.name).deriveData(spec)),
                            Outcome.of(() -> viaJdkPath.deriveData(spec)));
                }
                assertThrows(
                        InvalidAlgorithmParameterException.class,
                        () -> viaJdkPath.deriveData(new IvParameterSpec(new byte[16])));
            }
        });
    }

    @FunctionalInterface
    interface Body {
        void run() throws Exception;
    }

    static void withNativeOff(Body body) {
        String before = System.getProperty("acceljce.native");
        System.setProperty("acceljce.native", "false");
        dev.acceljce.control.Settings.reload();
        try {
            body.run();
        } catch (Exception e) {
            throw new AssertionError(e);
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
