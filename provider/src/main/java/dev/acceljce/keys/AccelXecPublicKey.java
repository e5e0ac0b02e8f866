package dev.acceljce.keys;

import dev.acceljce.openssl.EvpPkey;
import java.io.Serial;
import java.math.BigInteger;
import java.security.interfaces.XECPublicKey;
import java.security.spec.AlgorithmParameterSpec;

/** An X25519 or X448 public key, held natively. */
public final class AccelXecPublicKey extends AccelPublicKey implements XECPublicKey {
    @Serial
    private static final long serialVersionUID = 1L;

    AccelXecPublicKey(KeyKind kind, EvpPkey.Key key, byte[] encoded) {
        super(kind, key, encoded);
    }

    @Override
    public BigInteger getU() {
        // RFC 7748 5: u little-endian; X25519 ignores the top bit, as the JDK's key does
        byte[] raw = rawPublic(RawPublicKeys.length(kind()));
        if (kind() == KeyKind.X25519) {
            raw[31] &= 0x7f;
        }
        return new BigInteger(1, AccelEdEcPublicKey.reversed(raw));
    }

    @Override
    EvpPkey.Key importPublic() {
        return AccelEdEcPublicKey.fromRaw(kind(), rawPublic(RawPublicKeys.length(kind())));
    }

    @Override
    public AlgorithmParameterSpec getParams() {
        return kind().named();
    }
}
