package dev.acceljce.keys;

import dev.acceljce.openssl.EvpPkey;
import java.io.Serial;
import java.security.spec.NamedParameterSpec;

/**
 * An ML-KEM encapsulation key or ML-DSA verification key, held natively. JDK 25 has no interface
 * of its own for these: like the JDK's keys, this is a plain {@link java.security.PublicKey}
 * whose {@code getAlgorithm()} is the family ("ML-KEM", "ML-DSA") and whose {@link #getParams()}
 * names the parameter set. The X.509 encoding (the raw key in a SubjectPublicKeyInfo with the
 * parameter set's OID, no parameters) is byte for byte the JDK's.
 */
public final class AccelMlPublicKey extends AccelPublicKey {
    @Serial
    private static final long serialVersionUID = 1L;

    AccelMlPublicKey(KeyKind kind, EvpPkey.Key key, byte[] encoded) {
        super(kind, key, encoded);
    }

    public MlParameterSet parameterSet() {
        return MlParameterSet.of(kind());
    }

    @Override
    public NamedParameterSpec getParams() {
        return kind().named();
    }
}
