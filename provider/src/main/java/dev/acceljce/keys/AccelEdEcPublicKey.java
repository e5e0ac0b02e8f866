package dev.acceljce.keys;

import java.io.Serial;
import java.security.interfaces.EdECPublicKey;
import java.security.spec.EdECPoint;
import java.security.spec.NamedParameterSpec;

import dev.acceljce.openssl.EvpPkey;

/** An Ed25519 or Ed448 public key, held natively. */
public final class AccelEdEcPublicKey extends AccelPublicKey implements EdECPublicKey {
    @Serial
    private static final long serialVersionUID = 1L;

    AccelEdEcPublicKey(KeyKind kind, EvpPkey.Key key, byte[] encoded) {
        super(kind, key, encoded);
    }

    @Override
    public EdECPoint getPoint() {
        return ((EdECPublicKey) view()).getPoint();
    }

    @Override
    public NamedParameterSpec getParams() {
        return kind().named();
    }
}
