package dev.acceljce.keys;

import dev.acceljce.openssl.EvpPkey;
import java.io.Serial;
import java.security.interfaces.EdECPublicKey;
import java.security.spec.EdECPoint;
import java.security.spec.NamedParameterSpec;

/** An Ed25519 or Ed448 public key, held natively. */
public final class AccelEdEcPublicKey extends AccelPublicKey implements EdECPublicKey {
    @Serial
    private static final long serialVersionUID = 1L;

    AccelEdEcPublicKey(KeyKind kind, EvpPkey.Key key, byte[] encoded) {
        super(kind, key, encoded);
    }

    @Override
    public EdECPoint getPoint() {
        // RFC 8032 5.1.2: y little-endian, the top bit of the last byte is x's parity
        byte[] raw = rawPublic(RawPublicKeys.length(kind()));
        boolean xOdd = (raw[raw.length - 1] & 0x80) != 0;
        raw[raw.length - 1] &= 0x7f;
        return new EdECPoint(xOdd, new java.math.BigInteger(1, reversed(raw)));
    }

    @Override
    EvpPkey.Key importPublic() {
        return fromRaw(kind(), rawPublic(RawPublicKeys.length(kind())));
    }

    /** An EdDSA or XDH public key imported from its raw bytes. */
    static EvpPkey.Key fromRaw(KeyKind kind, byte[] raw) {
        try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
            return EvpPkey.Key.fromPublicParams(
                    kind.opensslType(),
                    dev.acceljce.openssl.OsslParams.in(arena).octets("pub", raw).build());
        }
    }

    static byte[] reversed(byte[] b) {
        byte[] r = new byte[b.length];
        for (int i = 0; i < b.length; i++) {
            r[i] = b[b.length - 1 - i];
        }
        return r;
    }

    @Override
    public NamedParameterSpec getParams() {
        return kind().named();
    }
}
