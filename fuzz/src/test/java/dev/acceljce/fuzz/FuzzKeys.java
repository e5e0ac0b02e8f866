package dev.acceljce.fuzz;

import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The key pairs the fuzz targets use, the same in every run: the JDK's generators driven by a
 * SHA1PRNG seeded with the kind's name. With random keys a finding may not replay from its kept
 * input (fuzz finding 19 did not); with these, the input decides everything but OpenSSL's own
 * signing nonces and salts.
 */
final class FuzzKeys {
    private static final Map<String, KeyPair> KEYS = new ConcurrentHashMap<>();

    private FuzzKeys() {}

    /**
     * The JDK's key pair of {@code kind}: "RSA" (2048 bits), "RSA-1024", "EC-256", "EC-384",
     * "EC-521", or a generator's name ("Ed25519", "X448", "ML-KEM-768", ...).
     */
    static KeyPair jdk(String kind) {
        return KEYS.computeIfAbsent(kind, FuzzKeys::generate);
    }

    /**
     * AccelJCE's own key objects (its key classes, not the JDK's) for another key pair of the same
     * kind: the JDK's deterministic pair, imported through AccelJCE's KeyFactory.
     */
    static KeyPair ours(String kind) {
        return KEYS.computeIfAbsent(kind + "/ours", k -> {
            KeyPair jdk = generate(k);
            try {
                KeyFactory f = KeyFactory.getInstance(jdk.getPublic().getAlgorithm(), Both.ACCEL);
                return new KeyPair(
                        f.generatePublic(new X509EncodedKeySpec(jdk.getPublic().getEncoded())),
                        f.generatePrivate(
                                new PKCS8EncodedKeySpec(jdk.getPrivate().getEncoded())));
            } catch (Exception e) {
                throw new IllegalStateException(k, e);
            }
        });
    }

    /** A random generator that gives the same bytes in every run for the same {@code name}. */
    static SecureRandom seeded(String name) {
        try {
            SecureRandom r = SecureRandom.getInstance("SHA1PRNG", "SUN");
            r.setSeed(name.getBytes(StandardCharsets.UTF_8)); // before any output: the only seed
            return r;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static KeyPair generate(String name) {
        String kind = name.endsWith("/ours") ? name.substring(0, name.length() - 5) : name;
        SecureRandom random = seeded(name);
        try {
            String alg = kind.startsWith("RSA") ? "RSA" : kind.startsWith("EC-") ? "EC" : kind;
            KeyPairGenerator g = KeyPairGenerator.getInstance(alg, Both.jdk("KeyPairGenerator", alg));
            switch (kind) {
                case "RSA" -> g.initialize(2048, random);
                case "RSA-1024" -> g.initialize(1024, random);
                case "EC-256", "EC-384", "EC-521" ->
                    g.initialize(new ECGenParameterSpec("secp" + kind.substring(3) + "r1"), random);
                default -> g.initialize(new NamedParameterSpec(kind), random);
            }
            return g.generateKeyPair();
        } catch (Exception e) {
            throw new IllegalStateException(name, e);
        }
    }
}
