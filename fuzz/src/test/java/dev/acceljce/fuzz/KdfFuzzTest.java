package dev.acceljce.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.KDF;
import javax.crypto.SecretKey;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * KDF (HKDF): random Extract, Expand and ExtractThenExpand specs (IKM and salt split in random
 * segments, keys with empty or null encodings, PRKs of any length, info up to past OpenSSL's limit,
 * any output length) through deriveData and deriveKey, on AccelJCE and the JDK side by side.
 */
class KdfFuzzTest {
    private static final String[] ALGORITHMS = {"HKDF-SHA256", "HKDF-SHA384", "HKDF-SHA512"};

    @FuzzTest
    void derivations(FuzzedDataProvider data) throws Exception {
        Pick pick = new Pick(data);
        String alg = pick.one(ALGORITHMS);
        KDF ours = KDF.getInstance(alg, Both.ACCEL);
        KDF jdk = KDF.getInstance(alg, Both.jdk("KDF", alg));
        for (int step = 0; step < 8 && pick.more(); step++) {
            AlgorithmParameterSpec spec;
            try {
                spec = spec(pick);
            } catch (IllegalArgumentException | NullPointerException e) {
                continue; // the JDK's spec classes refused the arguments: nothing reaches a provider
            }
            String name = alg + " step " + step + " " + spec.getClass().getSimpleName();
            if (pick.bool()) {
                Both.same(name + " deriveData", () -> ours.deriveData(spec), () -> jdk.deriveData(spec));
            } else {
                String keyAlg = pick.one(new String[] {"AES", "Generic", "", "HmacSHA256"});
                Both.same(
                        name + " deriveKey(" + keyAlg + ")",
                        () -> encoded(ours.deriveKey(keyAlg, spec)),
                        () -> encoded(jdk.deriveKey(keyAlg, spec)));
            }
        }
    }

    private static String encoded(SecretKey k) {
        return k.getAlgorithm() + " " + k.getFormat() + " "
                + java.util.HexFormat.of().formatHex(k.getEncoded());
    }

    private static AlgorithmParameterSpec spec(Pick pick) {
        int length = pick.choose(6) == 0 ? pick.index(20000) : pick.intIn(1, 300);
        byte[] info =
                pick.choose(10) == 0 ? new byte[pick.intIn(1000, 40000)] : pick.choose(5) == 0 ? null : pick.bytes(64);
        return switch (pick.choose(3)) {
            case 0 -> builder(pick).extractOnly();
            case 1 -> HKDFParameterSpec.expandOnly(key(pick, pick.choose(4) == 0 ? 100 : 80), info, length);
            default -> builder(pick).thenExpand(info, length);
        };
    }

    private static HKDFParameterSpec.Builder builder(Pick pick) {
        HKDFParameterSpec.Builder b = HKDFParameterSpec.ofExtract();
        int parts = pick.intIn(0, 4);
        for (int i = 0; i < parts; i++) {
            if (pick.bool()) {
                if (pick.bool()) {
                    b.addIKM(key(pick, 40));
                } else {
                    b.addIKM(nonEmpty(pick.bytes(40)));
                }
            } else if (pick.bool()) {
                b.addSalt(key(pick, 40));
            } else {
                b.addSalt(nonEmpty(pick.bytes(40)));
            }
        }
        return b;
    }

    private static byte[] nonEmpty(byte[] b) {
        return b.length == 0 ? new byte[] {0} : b;
    }

    private static SecretKey key(Pick pick, int max) {
        return switch (pick.choose(8)) {
            case 0 -> new RawKey("Generic", "RAW", new byte[0]);
            case 1 -> new RawKey("Generic", "RAW", null);
            case 2 -> new RawKey("Generic", "X.509", pick.bytes(max));
            default -> new SecretKeySpec(nonEmpty(pick.bytes(max)), "Generic");
        };
    }
}
