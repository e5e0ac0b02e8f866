package dev.acceljce.keygen;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Decisions;
import dev.acceljce.control.Path;
import dev.acceljce.testing.Providers;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class KeyGeneratorTest {
    private static final int[] SIZES = {
        Integer.MIN_VALUE,
        -8,
        -1,
        0,
        1,
        7,
        8,
        39,
        40,
        41,
        64,
        100,
        112,
        127,
        128,
        129,
        160,
        192,
        224,
        255,
        256,
        257,
        384,
        512,
        1024,
        4096
    };

    static List<String> algorithms() {
        return List.of(
                "AES",
                "ChaCha20",
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

    private static KeyGenerator ours(String alg) throws Exception {
        return KeyGenerator.getInstance(alg, Providers.ACCEL);
    }

    private static KeyGenerator jdk(String alg) throws Exception {
        return KeyGenerator.getInstance(alg, Providers.jdk("KeyGenerator", alg));
    }

    /** What a call produced: a key's length, algorithm and format, or an exception's type and message. */
    private static String outcome(Callable<SecretKey> call) {
        try {
            SecretKey k = call.call();
            return k.getEncoded().length + " bytes " + k.getAlgorithm() + " " + k.getFormat() + " "
                    + k.getClass().getName();
        } catch (Exception e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    @ParameterizedTest
    @MethodSource("algorithms")
    void sizesDefaultsAndExceptionsAsTheJdk(String alg) throws Exception {
        long before = Decisions.count("KeyGenerator", alg, Path.NATIVE);
        assertEquals(
                outcome(() -> jdk(alg).generateKey()), outcome(() -> ours(alg).generateKey()), alg + " default");
        assertEquals(before + 1, Decisions.count("KeyGenerator", alg, Path.NATIVE));
        for (int size : SIZES) {
            assertEquals(outcome(() -> init(jdk(alg), size)), outcome(() -> init(ours(alg), size)), alg + " " + size);
        }
        AlgorithmParameterSpec iv = new IvParameterSpec(new byte[16]);
        assertEquals(
                outcome(() -> {
                    KeyGenerator g = jdk(alg);
                    g.init(iv);
                    return g.generateKey();
                }),
                outcome(() -> {
                    KeyGenerator g = ours(alg);
                    g.init(iv);
                    return g.generateKey();
                }),
                alg + " parameters");
        assertEquals(
                outcome(() -> {
                    KeyGenerator g = jdk(alg);
                    g.init((AlgorithmParameterSpec) null, new SecureRandom());
                    return g.generateKey();
                }),
                outcome(() -> {
                    KeyGenerator g = ours(alg);
                    g.init((AlgorithmParameterSpec) null, new SecureRandom());
                    return g.generateKey();
                }),
                alg + " null parameters");
        // init(SecureRandom) after a sized init: some JDK generators go back to the default size
        int sized = alg.equals("AES") ? 128 : 256;
        assertEquals(
                outcome(() -> {
                    KeyGenerator g = jdk(alg);
                    g.init(sized);
                    g.init(new SecureRandom());
                    return g.generateKey();
                }),
                outcome(() -> {
                    KeyGenerator g = ours(alg);
                    g.init(sized);
                    g.init(new SecureRandom());
                    return g.generateKey();
                }),
                alg + " size then random");
    }

    private static SecretKey init(KeyGenerator g, int size) {
        g.init(size);
        return g.generateKey();
    }

    /** A caller's SecureRandom is used as is: the same seeded SHA1PRNG gives the JDK's key bytes. */
    @ParameterizedTest
    @MethodSource("algorithms")
    void callersRandomIsUsed(String alg) throws Exception {
        int size = alg.equals("AES") ? 192 : 256;
        KeyGenerator ours = ours(alg);
        KeyGenerator jdk = jdk(alg);
        ours.init(size, seeded());
        jdk.init(size, seeded());
        assertArrayEquals(jdk.generateKey().getEncoded(), ours.generateKey().getEncoded());
        ours.init(seeded());
        jdk.init(seeded());
        assertArrayEquals(jdk.generateKey().getEncoded(), ours.generateKey().getEncoded());
    }

    private static SecureRandom seeded() throws Exception {
        SecureRandom r = SecureRandom.getInstance("SHA1PRNG", "SUN");
        r.setSeed(new byte[] {1, 2, 3});
        return r;
    }

    @Test
    void uninitialisedGeneratorsDrawFromOpenSslAndNeverRepeat() throws Exception {
        Set<String> seen = new HashSet<>();
        for (String alg : algorithms()) {
            KeyGenerator g = ours(alg);
            for (int i = 0; i < 50; i++) {
                byte[] k = g.generateKey().getEncoded();
                assertFalse(Arrays.equals(k, new byte[k.length]));
                assertTrue(seen.add(alg + java.util.HexFormat.of().formatHex(k)));
            }
        }
        // a null random at init means the same
        KeyGenerator g = ours("HmacSHA256");
        g.init(1024, null);
        assertEquals(128, g.generateKey().getEncoded().length);
    }

    @Test
    void jdkPathGivesTheJdkGenerator() throws Exception {
        String before = System.getProperty("acceljce.native");
        System.setProperty("acceljce.native", "false");
        dev.acceljce.control.Settings.reload();
        try {
            for (String alg : algorithms()) {
                long jdkBefore = Decisions.count("KeyGenerator", alg, Path.JDK);
                KeyGenerator g = ours(alg);
                assertEquals(jdkBefore + 1, Decisions.count("KeyGenerator", alg, Path.JDK));
                int size = alg.equals("AES") ? 128 : 256;
                g.init(size, seeded());
                KeyGenerator jdk = jdk(alg);
                jdk.init(size, seeded());
                assertArrayEquals(
                        jdk.generateKey().getEncoded(), g.generateKey().getEncoded(), alg);
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
