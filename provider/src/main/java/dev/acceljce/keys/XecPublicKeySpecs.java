package dev.acceljce.keys;

import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.openssl.OsslParams;
import java.lang.foreign.Arena;
import java.math.BigInteger;
import java.security.spec.NamedParameterSpec;
import java.security.spec.XECPublicKeySpec;
import java.util.HexFormat;

/**
 * X25519/X448 public keys made from an XECPublicKeySpec (what JSSE builds from every x25519 or
 * x448 key share) without the DER round trip: the u-coordinate is imported with
 * EVP_PKEY_fromdata, and the key's encoding is the RFC 8410 SubjectPublicKeyInfo. OpenSSL 3.0's
 * DER decoder and encoder would cost several hundred microseconds per handshake.
 */
final class XecPublicKeySpecs {
    private static final BigInteger P25519 = BigInteger.TWO.pow(255).subtract(BigInteger.valueOf(19));
    private static final BigInteger P448 =
            BigInteger.TWO.pow(448).subtract(BigInteger.TWO.pow(224)).subtract(BigInteger.ONE);

    private XecPublicKeySpecs() {}

    /**
     * The native key of {@code spec}, or null when AccelJCE does not make it (another curve, a u
     * outside [0, p), which the JDK reduces first): the caller then asks the JDK.
     */
    static AccelPublicKey fromSpec(XECPublicKeySpec spec) {
        if (!(spec.getParams() instanceof NamedParameterSpec named)) {
            return null;
        }
        KeyKind kind = KeyKind.ofNamed(named.getName());
        if (kind != KeyKind.X25519 && kind != KeyKind.X448) {
            return null;
        }
        boolean x25519 = kind == KeyKind.X25519;
        BigInteger u = spec.getU();
        if (u == null || u.signum() < 0 || u.compareTo(x25519 ? P25519 : P448) >= 0) {
            return null;
        }
        int size = x25519 ? 32 : 56;
        byte[] raw = new byte[size];
        byte[] be = u.toByteArray();
        for (int i = 0; i < size && i < be.length; i++) {
            raw[i] = be[be.length - 1 - i]; // RFC 7748: little-endian
        }
        EvpPkey.Key key;
        try (Arena arena = Arena.ofConfined()) {
            key = EvpPkey.Key.fromPublicParams(
                    kind.opensslType(), OsslParams.in(arena).octets("pub", raw).build());
        }
        if (key == null) {
            return null;
        }
        byte[] header = HexFormat.of().parseHex(x25519 ? "302a300506032b656e032100" : "3042300506032b656f033900");
        byte[] der = new byte[header.length + size];
        System.arraycopy(header, 0, der, 0, header.length);
        System.arraycopy(raw, 0, der, header.length, size);
        return new AccelXecPublicKey(kind, key, der);
    }
}
