package dev.acceljce.keys;

import java.security.spec.NamedParameterSpec;

/**
 * The ML-KEM (FIPS 203) and ML-DSA (FIPS 204) parameter sets: their OIDs and the fixed sizes the
 * SPIs check before native code sees any input.
 */
public enum MlParameterSet {
    ML_KEM_512(KeyKind.ML_KEM_512, "2.16.840.1.101.3.4.4.1", 800, 1632, 768),
    ML_KEM_768(KeyKind.ML_KEM_768, "2.16.840.1.101.3.4.4.2", 1184, 2400, 1088),
    ML_KEM_1024(KeyKind.ML_KEM_1024, "2.16.840.1.101.3.4.4.3", 1568, 3168, 1568),
    ML_DSA_44(KeyKind.ML_DSA_44, "2.16.840.1.101.3.4.3.17", 1312, 2560, 2420),
    ML_DSA_65(KeyKind.ML_DSA_65, "2.16.840.1.101.3.4.3.18", 1952, 4032, 3309),
    ML_DSA_87(KeyKind.ML_DSA_87, "2.16.840.1.101.3.4.3.19", 2592, 4896, 4627);

    /** The ML-KEM shared secret, for every parameter set. */
    public static final int SHARED_SECRET_SIZE = 32;

    private final KeyKind kind;
    private final String oid;
    private final int publicKeySize;
    private final int expandedPrivateKeySize;
    private final int outputSize;

    MlParameterSet(KeyKind kind, String oid, int publicKeySize, int expandedPrivateKeySize, int outputSize) {
        this.kind = kind;
        this.oid = oid;
        this.publicKeySize = publicKeySize;
        this.expandedPrivateKeySize = expandedPrivateKeySize;
        this.outputSize = outputSize;
    }

    public KeyKind kind() {
        return kind;
    }

    /** The standard name: "ML-KEM-768", "ML-DSA-65", ... (also OpenSSL's key and algorithm name). */
    public String standardName() {
        return kind.opensslType();
    }

    public NamedParameterSpec spec() {
        return kind.named();
    }

    public String oid() {
        return oid;
    }

    public boolean isKem() {
        return kind.algorithm().equals("ML-KEM");
    }

    /** The raw encapsulation (ML-KEM) or verification (ML-DSA) key, in bytes. */
    public int publicKeySize() {
        return publicKeySize;
    }

    /** The expanded decapsulation (ML-KEM) or signing (ML-DSA) key, in bytes. */
    public int expandedPrivateKeySize() {
        return expandedPrivateKeySize;
    }

    /** The ML-KEM ciphertext or the ML-DSA signature, in bytes. */
    public int outputSize() {
        return outputSize;
    }

    /** The parameter set of a key kind, or null when it is not ML-KEM/ML-DSA. */
    public static MlParameterSet of(KeyKind kind) {
        for (MlParameterSet p : values()) {
            if (p.kind == kind) {
                return p;
            }
        }
        return null;
    }

    /** The parameter set with this standard name (case-insensitive), or null. */
    public static MlParameterSet ofName(String name) {
        for (MlParameterSet p : values()) {
            if (p.standardName().equalsIgnoreCase(name)) {
                return p;
            }
        }
        return null;
    }
}
