package dev.acceljce.keys;

import dev.acceljce.openssl.EvpPkey;
import java.security.spec.NamedParameterSpec;

/**
 * The key types AccelJCE holds natively (ML-KEM and ML-DSA only with OpenSSL 3.5 or later): OpenSSL's type name, the name the JDK's keys report from
 * {@code getAlgorithm()}, and the JDK KeyFactory that parses and validates them.
 */
public enum KeyKind {
    EC("EC", "EC", "EC", null),
    RSA("RSA", "RSA", "RSA", null),
    ED25519("ED25519", "EdDSA", "Ed25519", NamedParameterSpec.ED25519),
    ED448("ED448", "EdDSA", "Ed448", NamedParameterSpec.ED448),
    X25519("X25519", "XDH", "X25519", NamedParameterSpec.X25519),
    X448("X448", "XDH", "X448", NamedParameterSpec.X448),
    ML_KEM_512("ML-KEM-512", "ML-KEM", "ML-KEM-512", NamedParameterSpec.ML_KEM_512),
    ML_KEM_768("ML-KEM-768", "ML-KEM", "ML-KEM-768", NamedParameterSpec.ML_KEM_768),
    ML_KEM_1024("ML-KEM-1024", "ML-KEM", "ML-KEM-1024", NamedParameterSpec.ML_KEM_1024),
    ML_DSA_44("ML-DSA-44", "ML-DSA", "ML-DSA-44", NamedParameterSpec.ML_DSA_44),
    ML_DSA_65("ML-DSA-65", "ML-DSA", "ML-DSA-65", NamedParameterSpec.ML_DSA_65),
    ML_DSA_87("ML-DSA-87", "ML-DSA", "ML-DSA-87", NamedParameterSpec.ML_DSA_87);

    private final String opensslType;
    private final String algorithm;
    private final String jdkFactory;
    private final NamedParameterSpec named;

    KeyKind(String opensslType, String algorithm, String jdkFactory, NamedParameterSpec named) {
        this.opensslType = opensslType;
        this.algorithm = algorithm;
        this.jdkFactory = jdkFactory;
        this.named = named;
    }

    /** OpenSSL's key type name ("EC", "RSA", "ED25519", ...). */
    public String opensslType() {
        return opensslType;
    }

    /**
     * What {@code Key.getAlgorithm()} returns, as the JDK's keys do ("EC", "RSA", "EdDSA", "XDH",
     * and the family name "ML-KEM" or "ML-DSA").
     */
    public String algorithm() {
        return algorithm;
    }

    /** The JDK KeyFactory algorithm that parses this kind exactly. */
    public String jdkFactory() {
        return jdkFactory;
    }

    /** The named parameters of an EdDSA, XDH, ML-KEM or ML-DSA kind; null for EC and RSA. */
    public NamedParameterSpec named() {
        return named;
    }

    /** The kind of a native key, or null when it is none of these (an RSA-PSS key, ...). */
    public static KeyKind of(EvpPkey.Key key) {
        String type = key.typeName();
        for (KeyKind k : values()) {
            if (k.opensslType.equalsIgnoreCase(type)) {
                return k;
            }
        }
        // a key whose name OpenSSL reports differently (an alias) is asked by name
        for (KeyKind k : values()) {
            if (key.isA(k.opensslType)) {
                return k;
            }
        }
        return null;
    }

    /** The EdDSA/XDH kind with these named parameters ("Ed25519", "X448", ...), or null. */
    public static KeyKind ofNamed(String name) {
        for (KeyKind k : values()) {
            if (k.named != null && k.named.getName().equalsIgnoreCase(name)) {
                return k;
            }
        }
        return null;
    }
}
