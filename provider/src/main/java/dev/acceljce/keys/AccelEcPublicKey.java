package dev.acceljce.keys;

import java.io.Serial;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;

import dev.acceljce.openssl.EvpPkey;

/** An EC public key on a named curve, held natively. */
public final class AccelEcPublicKey extends AccelPublicKey implements ECPublicKey {
    @Serial
    private static final long serialVersionUID = 1L;

    private final Curves curve;

    AccelEcPublicKey(EvpPkey.Key key, byte[] encoded, Curves curve) {
        super(KeyKind.EC, key, encoded);
        this.curve = curve;
    }

    public Curves curve() {
        return curve;
    }

    @Override
    public ECPoint getW() {
        return ((ECPublicKey) view()).getW();
    }

    @Override
    public ECParameterSpec getParams() {
        return curve.params();
    }
}
