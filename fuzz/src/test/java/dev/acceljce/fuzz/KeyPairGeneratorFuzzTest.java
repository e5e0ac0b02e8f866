package dev.acceljce.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.RSAKeyGenParameterSpec;

/**
 * KeyPairGenerator: initialize with random key sizes (negative, tiny, odd, huge) and parameter
 * specs of every kind (curve names valid and not, RSA exponents), then generateKeyPair, on
 * AccelJCE and the JDK side by side. Keys are random: how each call ends and the keys' algorithm,
 * formats and sizes are compared. RSA sizes stay at most 2048 bits so generation stays quick.
 */
class KeyPairGeneratorFuzzTest {
    private static final String[] ALGORITHMS = Services.of("KeyPairGenerator");

    @FuzzTest
    void sequences(FuzzedDataProvider data) throws Exception {
        Pick pick = new Pick(data);
        String alg = pick.one(ALGORITHMS);
        KeyPairGenerator ours = KeyPairGenerator.getInstance(alg, Both.ACCEL);
        KeyPairGenerator jdk = KeyPairGenerator.getInstance(alg, Both.jdk("KeyPairGenerator", alg));
        for (int step = 0; step < 4 && pick.more(); step++) {
            String name = alg + " step " + step;
            if (pick.bool()) {
                int bits = pick.choose(4) == 0
                        ? pick.intIn(Integer.MIN_VALUE, 2048)
                        : pick.one(new Integer[] {0, 1, 255, 256, 384, 448, 512, 521, 1024, 2048});
                Both.same(
                        name + " initialize(" + bits + ")",
                        () -> {
                            ours.initialize(bits);
                            return null;
                        },
                        () -> {
                            jdk.initialize(bits);
                            return null;
                        });
            } else {
                AlgorithmParameterSpec spec = switch (pick.choose(4)) {
                    case 0 ->
                        new ECGenParameterSpec(pick.one(new String[] {
                            "secp256r1",
                            "secp384r1",
                            "secp521r1",
                            "secp256k1",
                            "prime256v1",
                            "1.2.840.10045.3.1.7",
                            "nope",
                            ""
                        }));
                    case 1 ->
                        new NamedParameterSpec(pick.one(new String[] {"X25519", "X448", "Ed25519", "Ed448", "P-256"}));
                    case 2 ->
                        new RSAKeyGenParameterSpec(
                                pick.one(new Integer[] {512, 1024, 2048, 1000}),
                                java.math.BigInteger.valueOf(pick.one(new Long[] {3L, 65537L, 1L, 2L, 4L, -3L})));
                    default -> null;
                };
                Both.same(
                        name + " initialize(" + spec + ")",
                        () -> {
                            ours.initialize(spec);
                            return null;
                        },
                        () -> {
                            jdk.initialize(spec);
                            return null;
                        });
            }
            Both.same(
                    name + " generateKeyPair",
                    () -> describe(ours.generateKeyPair()),
                    () -> describe(jdk.generateKeyPair()));
        }
    }

    private static String describe(KeyPair kp) {
        return kp.getPublic().getAlgorithm() + " " + kp.getPublic().getFormat() + " "
                + kp.getPublic().getEncoded().length / 8 + " / "
                + kp.getPrivate().getAlgorithm() + " "
                + kp.getPrivate().getFormat();
    }
}
