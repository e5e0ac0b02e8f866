package dev.acceljce.testing;

import java.io.ByteArrayOutputStream;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.EncodedKeySpec;

/**
 * Test-side encodings of ML-KEM/ML-DSA keys from the raw bytes in test vectors: X.509 and
 * expanded PKCS#8 through the JDK's own KeyFactory (its "RAW" key spec), and the seed-only
 * PKCS#8 form (which the JDK does not read) assembled here.
 */
public final class MlEncodings {
    private MlEncodings() {}

    /** An encoded key spec of format "RAW", which the JDK's ML-KEM/ML-DSA KeyFactories take. */
    public static EncodedKeySpec raw(byte[] bytes) {
        return new EncodedKeySpec(bytes) {
            @Override
            public String getFormat() {
                return "RAW";
            }
        };
    }

    /** The JDK's X.509 encoding of raw public key bytes (any length: the JDK checks at use). */
    public static byte[] x509(String parameterSet, byte[] raw) throws Exception {
        PublicKey k = KeyFactory.getInstance(parameterSet, Providers.jdk("KeyFactory", parameterSet))
                .generatePublic(raw(raw));
        return k.getEncoded();
    }

    /** The JDK's PKCS#8 encoding (expanded key) of raw private key bytes. */
    public static byte[] pkcs8Expanded(String parameterSet, byte[] raw) throws Exception {
        PrivateKey k = KeyFactory.getInstance(parameterSet, Providers.jdk("KeyFactory", parameterSet))
                .generatePrivate(raw(raw));
        return k.getEncoded();
    }

    /** PKCS#8 with the seed-only private key ([0] IMPLICIT OCTET STRING), as OpenSSL writes it. */
    public static byte[] pkcs8Seed(String oid, byte[] seed) {
        byte[] algorithm = tlv(0x30, tlv(0x06, oid(oid)));
        byte[] privateKey = tlv(0x04, tlv(0x80, seed));
        return tlv(0x30, concat(new byte[] {0x02, 0x01, 0x00}, algorithm, privateKey));
    }

    public static byte[] tlv(int tag, byte[] contents) {
        int n = contents.length;
        byte[] head = n < 0x80
                ? new byte[] {(byte) tag, (byte) n}
                : n < 0x100
                        ? new byte[] {(byte) tag, (byte) 0x81, (byte) n}
                        : new byte[] {(byte) tag, (byte) 0x82, (byte) (n >>> 8), (byte) n};
        return concat(head, contents);
    }

    public static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private static byte[] oid(String dotted) {
        String[] arcs = dotted.split("\\.");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long[] values = new long[arcs.length - 1];
        values[0] = Long.parseLong(arcs[0]) * 40 + Long.parseLong(arcs[1]);
        for (int i = 2; i < arcs.length; i++) {
            values[i - 1] = Long.parseLong(arcs[i]);
        }
        for (long v : values) {
            byte[] tmp = new byte[10];
            int n = 0;
            do {
                tmp[n++] = (byte) (v & 0x7F);
                v >>>= 7;
            } while (v != 0);
            for (int i = n - 1; i >= 0; i--) {
                out.write(tmp[i] | (i > 0 ? 0x80 : 0));
            }
        }
        return out.toByteArray();
    }
}
