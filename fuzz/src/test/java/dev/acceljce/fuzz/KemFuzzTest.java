package dev.acceljce.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import javax.crypto.KEM;
import javax.crypto.SecretKey;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;

/**
 * KEM (ML-KEM, ML-KEM-512/768/1024): newEncapsulator / newDecapsulator with keys of every origin
 * (the JDK's and AccelJCE's own key pairs of all three parameter sets, keys decoded from fuzzed
 * X.509 / PKCS#8 encodings, keys of other algorithms, private for public and the reverse, null)
 * and random parameter specs; encapsulate(from, to, algorithm) and decapsulate(encapsulation,
 * from, to, algorithm) with random ranges and algorithm names; encapsulations genuine (from either
 * side), truncated, extended, with bits flipped, random or null; secretSize and encapsulationSize;
 * on AccelJCE and the JDK side by side. Decapsulation is deterministic (implicit rejection
 * included) and compared; encapsulation is random, so each side's encapsulation must decapsulate
 * on the other side to the same key.
 *
 * <p>ML-KEM is registered only when the loaded OpenSSL is 3.5 or later (the bundled library, which
 * the fuzz module runs on); on an older library the target is skipped.
 */
class KemFuzzTest {
    static {
        // ML-KEM needs OpenSSL 3.5: this target loads the bundled library, which the module's
        // other targets skip (fuzz/pom.xml). Each target runs in a JVM of its own, and nothing
        // has loaded the provider in this one yet.
        System.clearProperty("acceljce.openssl.skipBundled");
    }

    static final String[] ALGORITHMS = Services.of("KEM");
    private static final String[] SETS = {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"};

    @BeforeAll
    static void mlKemRegistered() {
        Assumptions.assumeTrue(
                ALGORITHMS.length > 0,
                "AccelJCE registers ML-KEM only with OpenSSL >= 3.5 (the bundled library); this one has none");
    }

    /** A key pair of a parameter set (or a wrong algorithm), the JDK's or AccelJCE's. */
    private static KeyPair keys(String kind, boolean ours) {
        return ours && kind.startsWith("ML-KEM") ? FuzzKeys.ours(kind) : FuzzKeys.jdk(kind);
    }

    /** A key pair that fits {@code alg} most of the time. */
    private static KeyPair pair(Pick pick, String alg) {
        String kind = switch (pick.choose(8)) {
            case 0 -> pick.one(new String[] {"EC-256", "X25519", "RSA-1024", "Ed25519"});
            case 1, 2 -> pick.one(SETS);
            default -> alg.equals("ML-KEM") ? pick.one(SETS) : alg;
        };
        return keys(kind, pick.bool());
    }

    /** A key decoded from a fuzzed copy of a genuine encoding, or null when the factory refuses it. */
    private static Key decoded(Pick pick, Key genuine, boolean pub) throws Exception {
        byte[] der = pick.mutated(genuine.getEncoded(), 3, 4000);
        KeyFactory f = KeyFactory.getInstance("ML-KEM", pick.bool() ? Both.ACCEL : Both.jdk("KeyFactory", "ML-KEM"));
        try {
            return pub
                    ? f.generatePublic(new X509EncodedKeySpec(der))
                    : f.generatePrivate(new PKCS8EncodedKeySpec(der));
        } catch (java.security.spec.InvalidKeySpecException e) {
            return null;
        }
    }

    private static AlgorithmParameterSpec spec(Pick pick) {
        return switch (pick.choose(10)) {
            case 0 -> new NamedParameterSpec(pick.one(SETS));
            case 1 -> NamedParameterSpec.X25519;
            default -> null;
        };
    }

    /** A range of the 32-byte secret: mostly valid, sometimes past an end or reversed. */
    private static int[] range(Pick pick) {
        return switch (pick.choose(6)) {
            case 0 -> new int[] {pick.index(32), pick.index(32)};
            case 1 -> new int[] {0, 32};
            default -> {
                int from = pick.intIn(0, 32);
                yield new int[] {from, pick.intIn(from, 32)};
            }
        };
    }

    private static String keyAlgorithm(Pick pick) {
        return pick.one(new String[] {"AES", "Generic", "HmacSHA256", "", null, "ML-KEM", "DES"});
    }

    @FuzzTest
    void sequences(FuzzedDataProvider data) throws Exception {
        Pick pick = new Pick(data);
        String alg = pick.one(ALGORITHMS);
        KEM ours = KEM.getInstance(alg, Both.ACCEL);
        KEM jdk = KEM.getInstance(alg, Both.jdk("KEM", alg));
        KEM ref = KEM.getInstance("ML-KEM", Both.jdk("KEM", "ML-KEM"));
        for (int step = 0; step < 8 && pick.more(); step++) {
            String name = alg + " step " + step;
            KeyPair kp = pair(pick, alg);
            AlgorithmParameterSpec spec = spec(pick);
            if (pick.bool()) {
                encapsulate(pick, name, ours, jdk, ref, kp, spec);
            } else {
                decapsulate(pick, name, ours, jdk, ref, kp, spec);
            }
        }
    }

    private static void encapsulate(
            Pick pick, String name, KEM ours, KEM jdk, KEM ref, KeyPair kp, AlgorithmParameterSpec spec)
            throws Exception {
        Key key = switch (pick.choose(8)) {
            case 0 -> decoded(pick, kp.getPublic(), true);
            case 1 -> pick.bool() ? null : kp.getPrivate();
            default -> kp.getPublic();
        };
        // a key of the pair: its private half can check the encapsulations
        boolean genuine = key == kp.getPublic();
        if (key != null && !(key instanceof PublicKey)) {
            return; // newEncapsulator takes a PublicKey: a private key cannot be passed at all
        }
        PublicKey pk = (PublicKey) key;
        SecureRandom random = pick.bool() ? new SecureRandom() : null;
        KEM.Encapsulator[] e = new KEM.Encapsulator[2];
        Both.Outcome o = Both.same(
                name + " newEncapsulator(" + MacFuzzTest.describe(pk) + ", " + spec + ")",
                () -> sizes(e[0] = ours.newEncapsulator(pk, spec, random)),
                () -> sizes(e[1] = jdk.newEncapsulator(pk, spec, random)));
        if (o.failed()) {
            return;
        }
        for (int i = 0; i < 3 && pick.more(); i++) {
            boolean whole = pick.choose(4) == 0;
            int[] r = whole ? new int[] {0, 32} : range(pick);
            String keyAlg = whole ? "Generic" : keyAlgorithm(pick);
            KEM.Encapsulated[] out = new KEM.Encapsulated[2];
            Both.Outcome enc = Both.sameEnding(
                    name + " encapsulate(" + r[0] + ", " + r[1] + ", " + keyAlg + ")",
                    () -> describe(out[0] = whole ? e[0].encapsulate() : e[0].encapsulate(r[0], r[1], keyAlg)),
                    () -> describe(out[1] = whole ? e[1].encapsulate() : e[1].encapsulate(r[0], r[1], keyAlg)));
            if (enc.failed()) {
                continue;
            }
            Both.same(name + " encapsulated", () -> describe(out[0]), () -> describe(out[1]));
            if (genuine) {
                // each side's encapsulation decapsulates on the other side to the key it made
                KEM.Decapsulator oursD = ours.newDecapsulator(kp.getPrivate());
                KEM.Decapsulator jdkD = ref.newDecapsulator(kp.getPrivate());
                cross(
                        name + " AccelJCE's encapsulation on the JDK",
                        out[0],
                        jdkD.decapsulate(out[0].encapsulation(), r[0], r[1], keyAlg));
                cross(
                        name + " the JDK's encapsulation on AccelJCE",
                        out[1],
                        oursD.decapsulate(out[1].encapsulation(), r[0], r[1], keyAlg));
            }
        }
    }

    private static void cross(String step, KEM.Encapsulated made, SecretKey decapsulated) {
        if (!java.util.Arrays.equals(made.key().getEncoded(), decapsulated.getEncoded())
                || !made.key().getAlgorithm().equals(decapsulated.getAlgorithm())) {
            throw new AssertionError(
                    step + ": encapsulated " + describe(made.key()) + " but decapsulated " + describe(decapsulated));
        }
    }

    private static void decapsulate(
            Pick pick, String name, KEM ours, KEM jdk, KEM ref, KeyPair kp, AlgorithmParameterSpec spec)
            throws Exception {
        Key key = switch (pick.choose(8)) {
            case 0 -> decoded(pick, kp.getPrivate(), false);
            case 1 -> pick.bool() ? null : kp.getPublic();
            default -> kp.getPrivate();
        };
        if (key != null && !(key instanceof PrivateKey)) {
            return;
        }
        PrivateKey sk = (PrivateKey) key;
        KEM.Decapsulator[] d = new KEM.Decapsulator[2];
        Both.Outcome o = Both.same(
                name + " newDecapsulator(" + MacFuzzTest.describe(sk) + ", " + spec + ")",
                () -> sizes(d[0] = ours.newDecapsulator(sk, spec)),
                () -> sizes(d[1] = jdk.newDecapsulator(sk, spec)));
        if (o.failed()) {
            return;
        }
        for (int i = 0; i < 3 && pick.more(); i++) {
            byte[] enc = encapsulation(pick, ref, kp);
            boolean whole = pick.choose(4) == 0;
            int[] r = whole ? new int[] {0, 32} : range(pick);
            String keyAlg = whole ? "Generic" : keyAlgorithm(pick);
            Both.same(
                    name + " decapsulate(byte[" + (enc == null ? "null" : enc.length) + "], " + r[0] + ", " + r[1]
                            + ", " + keyAlg + ")",
                    () -> describe(whole ? d[0].decapsulate(enc) : d[0].decapsulate(enc, r[0], r[1], keyAlg)),
                    () -> describe(whole ? d[1].decapsulate(enc) : d[1].decapsulate(enc, r[0], r[1], keyAlg)));
        }
    }

    /** An encapsulation to decapsulate: genuine for the pair's public key, then fuzzed, or random, or null. */
    private static byte[] encapsulation(Pick pick, KEM ref, KeyPair kp) throws Exception {
        byte[] enc;
        if (pick.choose(4) != 0 && kp.getPublic().getAlgorithm().startsWith("ML-KEM")) {
            enc = ref.newEncapsulator(kp.getPublic()).encapsulate().encapsulation();
        } else {
            enc = pick.bytes(1600);
        }
        return switch (pick.choose(8)) {
            case 0 -> java.util.Arrays.copyOf(enc, pick.intIn(0, enc.length + 2)); // truncated or extended
            case 1, 2 -> {
                int n = pick.intIn(1, 3);
                for (int i = 0; i < n && enc.length > 0; i++) {
                    enc[pick.intIn(0, enc.length - 1)] ^= (byte) pick.intIn(1, 255);
                }
                yield enc;
            }
            case 3 -> pick.choose(4) == 0 ? null : enc;
            default -> enc;
        };
    }

    private static String sizes(Object encapsulatorOrDecapsulator) {
        return encapsulatorOrDecapsulator instanceof KEM.Encapsulator e
                ? "secret " + e.secretSize() + ", encapsulation " + e.encapsulationSize()
                : "secret " + ((KEM.Decapsulator) encapsulatorOrDecapsulator).secretSize() + ", encapsulation "
                        + ((KEM.Decapsulator) encapsulatorOrDecapsulator).encapsulationSize();
    }

    /** What an encapsulation looks like without its random bytes. */
    private static String describe(KEM.Encapsulated e) {
        return e.key().getAlgorithm() + " " + e.key().getFormat() + " "
                + e.key().getEncoded().length + " bytes, " + e.encapsulation().length + "-byte encapsulation, params "
                + java.util.Arrays.toString(e.params());
    }

    private static String describe(SecretKey k) {
        return k.getAlgorithm() + " " + k.getFormat() + " "
                + java.util.HexFormat.of().formatHex(k.getEncoded());
    }
}
