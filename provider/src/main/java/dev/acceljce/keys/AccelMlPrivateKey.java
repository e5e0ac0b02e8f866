package dev.acceljce.keys;

import dev.acceljce.openssl.EvpPkey;
import java.io.ByteArrayOutputStream;
import java.io.Serial;
import java.security.spec.NamedParameterSpec;
import java.util.Arrays;

/**
 * An ML-KEM decapsulation key or ML-DSA signing key, held natively; {@link #getParams()} names the
 * parameter set, as the JDK's keys do.
 *
 * <p>PKCS#8 format: the JDK 25 one, byte for byte. The private key is the {@code expandedKey}
 * choice of the IETF LAMPS formats (an OCTET STRING holding the expanded FIPS 203/204 key inside
 * the PrivateKeyInfo's privateKey OCTET STRING). OpenSSL 3.5 would write {@code seed-priv}
 * (both seed and expanded key) by default, which JDK 25's KeyFactory cannot parse, so the
 * encoding is built here from the key's "priv" component instead of asking OpenSSL's encoder.
 * Import takes all the forms OpenSSL 3.5 reads (seed only, expanded only, both); a key imported
 * from its seed is therefore written back without the seed.
 */
public final class AccelMlPrivateKey extends AccelPrivateKey {
    @Serial
    private static final long serialVersionUID = 1L;

    AccelMlPrivateKey(KeyKind kind, EvpPkey.Key key) {
        super(kind, key);
    }

    /** The JDK's ML-KEM and ML-DSA private keys are destroyed by destroy() (they zero their material). */
    @Override
    boolean destroysByDefault() {
        return true;
    }

    public MlParameterSet parameterSet() {
        return MlParameterSet.of(kind());
    }

    @Override
    public NamedParameterSpec getParams() {
        return kind().named();
    }

    @Override
    byte[] encode(EvpPkey.Key live) {
        MlParameterSet set = parameterSet();
        byte[] expanded = live.octetParam("priv", set.expandedPrivateKeySize());
        if (expanded == null || expanded.length != set.expandedPrivateKeySize()) {
            throw new IllegalStateException("OpenSSL gave no expanded " + set.standardName() + " private key");
        }
        byte[] inner = null;
        byte[] outer = null;
        try {
            inner = tlv(0x04, expanded);
            outer = tlv(0x04, inner);
            byte[] algorithm = tlv(0x30, tlv(0x06, oidContents(set.oid())));
            byte[] body = concat(new byte[] {0x02, 0x01, 0x00}, algorithm, outer);
            try {
                return tlv(0x30, body);
            } finally {
                Arrays.fill(body, (byte) 0);
            }
        } finally {
            Arrays.fill(expanded, (byte) 0);
            if (inner != null) {
                Arrays.fill(inner, (byte) 0);
            }
            if (outer != null) {
                Arrays.fill(outer, (byte) 0);
            }
        }
    }

    private static byte[] tlv(int tag, byte[] contents) {
        int n = contents.length;
        byte[] head = n < 0x80
                ? new byte[] {(byte) tag, (byte) n}
                : n < 0x100
                        ? new byte[] {(byte) tag, (byte) 0x81, (byte) n}
                        : new byte[] {(byte) tag, (byte) 0x82, (byte) (n >>> 8), (byte) n};
        return concat(head, contents);
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int off = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, off, p.length);
            off += p.length;
        }
        return out;
    }

    /** The contents octets of an OBJECT IDENTIFIER (base-128 arcs, the first two combined). */
    private static byte[] oidContents(String oid) {
        String[] arcs = oid.split("\\.");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long first = Long.parseLong(arcs[0]) * 40 + Long.parseLong(arcs[1]);
        base128(out, first);
        for (int i = 2; i < arcs.length; i++) {
            base128(out, Long.parseLong(arcs[i]));
        }
        return out.toByteArray();
    }

    private static void base128(ByteArrayOutputStream out, long v) {
        int shift = 63 - Long.numberOfLeadingZeros(v | 1);
        for (int s = shift / 7 * 7; s > 0; s -= 7) {
            out.write((int) ((v >>> s) & 0x7F) | 0x80);
        }
        out.write((int) (v & 0x7F));
    }
}
