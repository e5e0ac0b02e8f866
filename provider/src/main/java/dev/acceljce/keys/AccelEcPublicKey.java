package dev.acceljce.keys;

import java.io.Serial;
import java.math.BigInteger;
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
        if (view() instanceof ECPublicKey jdk) {
            return jdk.getW();
        }
        int size = (curve.fieldBits() + 7) / 8;
        byte[] point = rawPublic(1 + 2 * size); // uncompressed: 04 || x || y
        return new ECPoint(new BigInteger(1, java.util.Arrays.copyOfRange(point, 1, 1 + size)),
                new BigInteger(1, java.util.Arrays.copyOfRange(point, 1 + size, point.length)));
    }

    @Override
    public ECParameterSpec getParams() {
        return curve.params();
    }
}
