package dev.acceljce.keys;

import java.io.Serial;
import java.math.BigInteger;
import java.security.interfaces.XECPublicKey;
import java.security.spec.AlgorithmParameterSpec;

import dev.acceljce.openssl.EvpPkey;

/** An X25519 or X448 public key, held natively. */
public final class AccelXecPublicKey extends AccelPublicKey implements XECPublicKey {
    @Serial
    private static final long serialVersionUID = 1L;

    AccelXecPublicKey(KeyKind kind, EvpPkey.Key key, byte[] encoded) {
        super(kind, key, encoded);
    }

    @Override
    public BigInteger getU() {
        return ((XECPublicKey) view()).getU();
    }

    @Override
    public AlgorithmParameterSpec getParams() {
        return kind().named();
    }
}
