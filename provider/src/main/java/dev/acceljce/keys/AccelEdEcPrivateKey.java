package dev.acceljce.keys;

import dev.acceljce.openssl.EvpPkey;
import java.io.Serial;
import java.security.interfaces.EdECPrivateKey;
import java.security.spec.NamedParameterSpec;
import java.util.Optional;

/** An Ed25519 or Ed448 private key, held natively. */
public final class AccelEdEcPrivateKey extends AccelPrivateKey implements EdECPrivateKey {
    @Serial
    private static final long serialVersionUID = 1L;

    AccelEdEcPrivateKey(KeyKind kind, EvpPkey.Key key) {
        super(kind, key);
    }

    @Override
    public Optional<byte[]> getBytes() {
        return Optional.ofNullable(octets("priv"));
    }

    @Override
    public NamedParameterSpec getParams() {
        return kind().named();
    }
}
