package dev.acceljce.jdk;

import java.security.SignatureException;

/**
 * One answer for an ECDSA signature's format on every path. SunEC reads DER integers without their
 * leading zero as unsigned (and so accepts the unpadded form of a valid signature, Wycheproof
 * "MissingZero"), and verifies IEEE P1363 signatures of the wrong length by splitting them in
 * halves (accepting a valid signature padded with zeros, "incorrect size of signature"); it
 * returns false for well-formed DER whose integers are far too long. The native path refuses all of
 * these through {@link #precheck}, and the JDK path applies the same check to SunEC's answer. Pure
 * data formatting: no arithmetic on the values.
 */
public final class StrictEcdsa {
    private StrictEcdsa() {}

    /** What {@link #checkDer} found. */
    public enum Der {
        /** Exactly {@code SEQUENCE { INTEGER r, INTEGER s }} in DER, both non-negative. */
        STRICT,
        /**
         * Well-formed DER whose r or s is negative (a high first byte without the leading zero):
         * never a valid signature; false.
         */
        NEGATIVE_INTEGER,
        /**
         * Not DER, or longer than any signature of a served curve (one length byte): SunEC refuses
         * malformed DER with "Invalid encoding for signature"; so does AccelJCE.
         */
        MALFORMED
    }

    /**
     * Before a verification, on either path: false when {@code sig} cannot be a valid signature,
     * null when the verification decides; throws when it is not a DER signature at all.
     */
    public static Boolean precheck(byte[] sig, boolean p1363, int orderBytes) throws SignatureException {
        if (p1363) {
            return sig.length != 2 * orderBytes ? Boolean.FALSE : null;
        }
        return switch (checkDer(sig)) {
            case MALFORMED -> throw new SignatureException("Invalid encoding for signature");
            case NEGATIVE_INTEGER -> Boolean.FALSE;
            case STRICT -> null;
        };
    }

    /**
     * Checks that {@code sig} is {@code SEQUENCE { INTEGER r, INTEGER s }} in DER: definite minimal
     * lengths, minimal integers, nothing before or after; and whether an integer is negative.
     */
    public static Der checkDer(byte[] sig) {
        if (sig.length < 8 || sig[0] != 0x30) {
            return Der.MALFORMED;
        }
        int[] pos = {1};
        int len = readLength(sig, pos);
        if (len < 0 || pos[0] + len != sig.length) {
            return Der.MALFORMED;
        }
        boolean negative = false;
        for (int i = 0; i < 2; i++) {
            if (pos[0] >= sig.length || sig[pos[0]++] != 0x02) {
                return Der.MALFORMED;
            }
            int n = readLength(sig, pos);
            if (n <= 0 || pos[0] + n > sig.length) {
                return Der.MALFORMED;
            }
            int first = sig[pos[0]] & 0xFF;
            if (first == 0 && n > 1 && (sig[pos[0] + 1] & 0x80) == 0) {
                return Der.MALFORMED; // redundant leading zero, as SunEC's strict DER refuses
            }
            negative |= first >= 0x80;
            pos[0] += n;
        }
        return pos[0] != sig.length ? Der.MALFORMED : negative ? Der.NEGATIVE_INTEGER : Der.STRICT;
    }

    /** A DER length at pos[0] (advanced past it), or -1 when not in minimal definite form. */
    public static int readLength(byte[] b, int[] pos) {
        if (pos[0] >= b.length) {
            return -1;
        }
        int first = b[pos[0]++] & 0xFF;
        if (first < 0x80) {
            return first;
        }
        if (first != 0x81 || pos[0] >= b.length) {
            return -1; // signatures of the served curves never need more than one length byte
        }
        int v = b[pos[0]++] & 0xFF;
        return v < 0x80 ? -1 : v;
    }
}
