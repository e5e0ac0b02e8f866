package dev.acceljce.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.security.spec.KeySpec;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.interfaces.PBEKey;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * SecretKeyFactory (PBKDF2): generateSecret with random passwords (unpaired surrogates included),
 * salts, iteration counts and key lengths, and wrong spec types; getKeySpec and translateKey of
 * keys from either provider; on AccelJCE and the JDK side by side. Iteration counts stay small so
 * the fuzzer explores inputs rather than waiting for PBKDF2.
 */
class SecretKeyFactoryFuzzTest {
    private static final String[] ALGORITHMS = {
        "PBKDF2WithHmacSHA1",
        "PBKDF2WithHmacSHA224",
        "PBKDF2WithHmacSHA256",
        "PBKDF2WithHmacSHA384",
        "PBKDF2WithHmacSHA512",
        "PBKDF2WithHmacSHA512/224",
        "PBKDF2WithHmacSHA512/256"
    };

    @FuzzTest
    void keys(FuzzedDataProvider data) throws Exception {
        Pick pick = new Pick(data);
        String alg = pick.one(ALGORITHMS);
        SecretKeyFactory ours = SecretKeyFactory.getInstance(alg, Both.ACCEL);
        SecretKeyFactory jdk = SecretKeyFactory.getInstance(alg, Both.jdk("SecretKeyFactory", alg));
        for (int step = 0; step < 6 && pick.more(); step++) {
            String name = alg + " step " + step;
            KeySpec spec;
            if (pick.choose(8) == 0) {
                spec = new SecretKeySpec(new byte[16], "AES");
            } else {
                char[] password = pick.choose(8) == 0 ? null : chars(pick);
                byte[] salt = pick.choose(8) == 0 ? null : pick.bytes(40);
                int iterations = pick.choose(8) == 0 ? pick.intIn(-3, 0) : pick.intIn(1, 20);
                int bits = pick.choose(8) == 0 ? pick.intIn(-16, 7) : pick.intIn(8, 1200);
                try {
                    spec = salt == null ? new PBEKeySpec(password) : new PBEKeySpec(password, salt, iterations, bits);
                } catch (IllegalArgumentException | NullPointerException e) {
                    continue; // PBEKeySpec refused: nothing reaches a provider
                }
            }
            KeySpec s = spec;
            Both.Outcome o = Both.same(
                    name + " generateSecret",
                    () -> describe(ours.generateSecret(s)),
                    () -> describe(jdk.generateSecret(s)));
            if (!o.failed()) {
                SecretKey a = ours.generateSecret(s);
                SecretKey j = jdk.generateSecret(s);
                Both.same(
                        name + " getKeySpec",
                        () -> describe(ours.getKeySpec(a, PBEKeySpec.class)),
                        () -> describe(jdk.getKeySpec(j, PBEKeySpec.class)));
                Both.same(
                        name + " translateKey(JDK's key)",
                        () -> describe(ours.translateKey(j)),
                        () -> describe(jdk.translateKey(j)));
                if (a.getEncoded().length > 0) {
                    Both.same(
                            name + " translateKey(our key)",
                            () -> describe(ours.translateKey(a)),
                            () -> describe(jdk.translateKey(a)));
                } else {
                    // SunJCE cannot translate a foreign empty PBKDF2 key (PBEKeySpec refuses key
                    // length 0: IllegalArgumentException), the bug we fixed in ours
                    Both.ours(name + " translateKey(our empty key)", Both.run(() -> ours.translateKey(a)));
                }
                Both.same(name + " equals", () -> a.equals(j) + " " + j.equals(a), () -> true + " " + true);
            }
            Both.same(
                    name + " translateKey(AES key)",
                    () -> describe(ours.translateKey(new SecretKeySpec(new byte[16], "AES"))),
                    () -> describe(jdk.translateKey(new SecretKeySpec(new byte[16], "AES"))));
        }
    }

    private static char[] chars(Pick pick) {
        int n = pick.intIn(0, 24);
        char[] c = new char[n];
        for (int i = 0; i < n; i++) {
            c[i] = pick.choose(6) == 0 ? (char) pick.intIn(0xD800, 0xDFFF) : (char) pick.intIn(0, 0x7FF);
        }
        return c;
    }

    private static String describe(Object o) {
        if (o instanceof PBEKey k) {
            return k.getAlgorithm() + " " + k.getFormat() + " "
                    + java.util.HexFormat.of().formatHex(k.getEncoded())
                    + " " + new String(k.getPassword()) + " "
                    + java.util.HexFormat.of().formatHex(k.getSalt())
                    + " " + k.getIterationCount();
        }
        if (o instanceof SecretKey k) {
            return k.getAlgorithm() + " " + k.getFormat() + " "
                    + java.util.HexFormat.of().formatHex(k.getEncoded());
        }
        if (o instanceof PBEKeySpec p) {
            return new String(p.getPassword()) + " " + java.util.HexFormat.of().formatHex(p.getSalt()) + " "
                    + p.getIterationCount() + " " + p.getKeyLength();
        }
        return String.valueOf(o);
    }
}
