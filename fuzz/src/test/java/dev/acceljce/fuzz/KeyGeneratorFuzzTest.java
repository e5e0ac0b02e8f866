package dev.acceljce.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.crypto.spec.IvParameterSpec;

/**
 * KeyGenerator: random sequences of init (any key size, parameters, a SecureRandom or none) and
 * generateKey, on AccelJCE and the JDK side by side. The key bytes are random: their length,
 * algorithm and format are compared, and how each call ends.
 */
class KeyGeneratorFuzzTest {
    private static final String[] ALGORITHMS = Services.of("KeyGenerator");

    @FuzzTest
    void sequences(FuzzedDataProvider data) throws Exception {
        Pick pick = new Pick(data);
        String alg = pick.one(ALGORITHMS);
        KeyGenerator ours = KeyGenerator.getInstance(alg, Both.ACCEL);
        KeyGenerator jdk = KeyGenerator.getInstance(alg, Both.jdk("KeyGenerator", alg));
        SecureRandom random = new SecureRandom();
        for (int step = 0; step < 10 && pick.more(); step++) {
            String name = alg + " step " + step;
            switch (pick.choose(4)) {
                case 0 -> {
                    // up to 2^20 bits: from 2^31 - 7 bits on SunJCE's Hmac generators overflow
                    // (NegativeArraySizeException) where ours rounds correctly (docs/hardening.md)
                    int bits = pick.choose(3) == 0
                            ? pick.intIn(Integer.MIN_VALUE, 1 << 20)
                            : pick.one(new Integer[] {0, 1, 39, 40, 64, 128, 192, 255, 256, 257, 512, 1024});
                    SecureRandom r = pick.bool() ? random : null;
                    Both.same(
                            name + " init(" + bits + ")",
                            () -> {
                                ours.init(bits, r);
                                return null;
                            },
                            () -> {
                                jdk.init(bits, r);
                                return null;
                            });
                }
                case 1 -> {
                    AlgorithmParameterSpec p = pick.bool() ? null : new IvParameterSpec(new byte[16]);
                    Both.same(
                            name + " init(" + p + ")",
                            () -> {
                                ours.init(p);
                                return null;
                            },
                            () -> {
                                jdk.init(p);
                                return null;
                            });
                }
                case 2 ->
                    Both.same(
                            name + " init(SecureRandom)",
                            () -> {
                                ours.init(random);
                                return null;
                            },
                            () -> {
                                jdk.init(random);
                                return null;
                            });
                default ->
                    Both.same(
                            name + " generateKey",
                            () -> describe(ours.generateKey()),
                            () -> describe(jdk.generateKey()));
            }
        }
    }

    private static String describe(SecretKey k) {
        return k.getAlgorithm() + " " + k.getFormat() + " " + k.getEncoded().length;
    }
}
