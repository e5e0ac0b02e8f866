package dev.acceljce.signature;

import java.util.Arrays;

/**
 * ECDSA signature formats: strict DER checking (the JDK accepts some encodings Wycheproof marks
 * invalid, such as integers without their leading zero or with redundant ones; AccelJCE refuses
 * them) and conversion between DER and IEEE P1363 (r || s, each the order's length). Pure data
 * formatting: no arithmetic on the values.
 */
final class EcdsaEncoding {
    private EcdsaEncoding() {}

    /** What {@link #checkDer} found. */
    enum Der {
        /** Exactly {@code SEQUENCE { INTEGER r, INTEGER s }} in DER, both non-negative. */
        STRICT,
        /**
         * Well-formed DER whose r or s is negative (a high first byte without the leading zero):
         * never a valid signature. SunEC reads such integers as unsigned and returns false (or
         * true, for the unpadded form of a valid signature); AccelJCE returns false.
         */
        NEGATIVE_INTEGER,
        /** Not DER: what SunEC refuses with "Invalid encoding for signature". */
        MALFORMED
    }

    /**
     * Checks that {@code sig} is {@code SEQUENCE { INTEGER r, INTEGER s }} in DER: definite minimal
     * lengths, minimal integers, nothing before or after; and whether an integer is negative.
     */
    static Der checkDer(byte[] sig) {
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
    private static int readLength(byte[] b, int[] pos) {
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

    /** DER (as OpenSSL produced it) to P1363 with {@code orderBytes} per integer. */
    static byte[] derToP1363(byte[] der, int orderBytes) {
        byte[] out = new byte[2 * orderBytes];
        int[] pos = {1};
        readLength(der, pos);
        for (int i = 0; i < 2; i++) {
            pos[0]++; // INTEGER tag
            int n = readLength(der, pos);
            int start = pos[0];
            while (n > 0 && der[start] == 0) {
                start++;
                n--;
            }
            System.arraycopy(der, start, out, (i + 1) * orderBytes - n, n);
            pos[0] = start + n;
        }
        return out;
    }

    /** P1363 ({@code 2 * orderBytes} bytes, checked by the caller) to DER. */
    static byte[] p1363ToDer(byte[] sig, int orderBytes) {
        byte[] r = integer(Arrays.copyOfRange(sig, 0, orderBytes));
        byte[] s = integer(Arrays.copyOfRange(sig, orderBytes, 2 * orderBytes));
        int body = r.length + s.length;
        byte[] out = new byte[body + (body < 0x80 ? 2 : 3)];
        int p = 0;
        out[p++] = 0x30;
        if (body >= 0x80) {
            out[p++] = (byte) 0x81;
        }
        out[p++] = (byte) body;
        System.arraycopy(r, 0, out, p, r.length);
        System.arraycopy(s, 0, out, p + r.length, s.length);
        return out;
    }

    /** A DER INTEGER (tag, length, minimal two's-complement content) of an unsigned magnitude. */
    private static byte[] integer(byte[] magnitude) {
        int start = 0;
        while (start < magnitude.length - 1 && magnitude[start] == 0) {
            start++;
        }
        boolean pad = (magnitude[start] & 0x80) != 0;
        int n = magnitude.length - start + (pad ? 1 : 0);
        byte[] out = new byte[2 + n];
        out[0] = 0x02;
        out[1] = (byte) n;
        System.arraycopy(magnitude, start, out, 2 + (pad ? 1 : 0), magnitude.length - start);
        return out;
    }
}
