package dev.acceljce.keys;

import dev.acceljce.openssl.EvpPkey;
import java.io.Serial;
import java.security.interfaces.XECPrivateKey;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Optional;

/** An X25519 or X448 private key, held natively. */
public final class AccelXecPrivateKey extends AccelPrivateKey implements XECPrivateKey {
    @Serial
    private static final long serialVersionUID = 1L;

    AccelXecPrivateKey(KeyKind kind, EvpPkey.Key key) {
        super(kind, key);
    }

    @Override
    public Optional<byte[]> getScalar() {
        return Optional.ofNullable(octets("priv"));
    }

    @Override
    public AlgorithmParameterSpec getParams() {
        return kind().named();
    }
}
