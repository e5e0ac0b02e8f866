package dev.acceljce.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.security.AlgorithmParameters;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;

/**
 * AlgorithmParameters: init from fuzzed encodings (a DER decoder per algorithm) and from random
 * specs, then getEncoded, getParameterSpec and toString, on AccelJCE and the JDK side by side.
 * Our GCM/AES/ChaCha20-Poly1305 decoders accept DER only (the JDK also takes some BER): where the
 * JDK accepts an encoding we refuse, its re-encoding must differ from the input (it was not DER).
 */
class AlgorithmParametersFuzzTest {
    private static final String[] ALGORITHMS = Services.of("AlgorithmParameters");

    @FuzzTest
    void encodings(FuzzedDataProvider data) throws Exception {
        Pick pick = new Pick(data);
        String alg = pick.one(ALGORITHMS);
        AlgorithmParameters ours = AlgorithmParameters.getInstance(alg, Both.ACCEL);
        AlgorithmParameters jdk = AlgorithmParameters.getInstance(alg, Both.jdk("AlgorithmParameters", alg));
        Both.Outcome init;
        if (pick.bool()) {
            byte[] enc = pick.bytes(120);
            Both.Outcome a = Both.run(() -> {
                ours.init(enc);
                return null;
            });
            Both.Outcome j = Both.run(() -> {
                jdk.init(enc);
                return null;
            });
            if (a.failed() && !j.failed() && a.error() instanceof java.io.IOException) {
                byte[] again = jdk.getEncoded();
                if (!java.util.Arrays.equals(again, enc)) {
                    return; // not DER: we refuse what the JDK reads leniently (documented)
                }
            }
            if (a.error() instanceof java.io.IOException && j.error() instanceof java.io.IOException) {
                // the declared exception on both sides (SunJCE sometimes throws its subclass EOFException)
                Both.ours(alg + " init(encoding)", a);
                return;
            }
            Both.check(alg + " init(encoding of " + enc.length + ")", a, j, true);
            init = a;
        } else {
            AlgorithmParameterSpec spec = spec(pick, alg);
            init = Both.same(
                    alg + " init(" + spec + ")",
                    () -> {
                        ours.init(spec);
                        return null;
                    },
                    () -> {
                        jdk.init(spec);
                        return null;
                    });
        }
        if (init.failed()) {
            return;
        }
        Both.same(alg + " getEncoded", ours::getEncoded, jdk::getEncoded);
        Both.same(alg + " toString", ours::toString, jdk::toString);
        for (Class<? extends AlgorithmParameterSpec> c : java.util.List.of(
                GCMParameterSpec.class,
                IvParameterSpec.class,
                PSSParameterSpec.class,
                ECGenParameterSpec.class,
                AlgorithmParameterSpec.class)) {
            Both.same(
                    alg + " getParameterSpec(" + c.getSimpleName() + ")",
                    () -> show(ours.getParameterSpec(c)),
                    () -> show(jdk.getParameterSpec(c)));
        }
    }

    private static AlgorithmParameterSpec spec(Pick pick, String alg) {
        return switch (pick.choose(5)) {
            case 0 -> new GCMParameterSpec(pick.intIn(0, 200), pick.bytes(40));
            case 1 -> new IvParameterSpec(pick.bytes(40).length == 0 ? new byte[1] : new byte[pick.intIn(1, 40)]);
            case 2 ->
                new PSSParameterSpec(
                        pick.one(new String[] {"SHA-256", "SHA-1", "SHA-512/224", "SHA3-384"}),
                        "MGF1",
                        MGF1ParameterSpec.SHA256,
                        pick.intIn(0, 100),
                        pick.bool() ? 1 : 2);
            case 3 ->
                new ECGenParameterSpec(
                        pick.one(new String[] {"secp256r1", "secp384r1", "nope", "1.2.840.10045.3.1.7"}));
            default -> new javax.crypto.spec.ChaCha20ParameterSpec(new byte[12], 1);
        };
    }

    private static String show(AlgorithmParameterSpec s) throws InvalidParameterSpecException {
        if (s instanceof GCMParameterSpec g) {
            return "GCM " + g.getTLen() + " " + java.util.HexFormat.of().formatHex(g.getIV());
        }
        if (s instanceof IvParameterSpec iv) {
            return "IV " + java.util.HexFormat.of().formatHex(iv.getIV());
        }
        if (s instanceof PSSParameterSpec p) {
            return "PSS " + p;
        }
        if (s instanceof ECGenParameterSpec e) {
            return "EC " + e.getName();
        }
        return String.valueOf(s == null ? null : s.getClass().getName());
    }
}
