package dev.acceljce.signature;

import dev.acceljce.jdk.StrictEcdsa;
import java.util.Arrays;

/**
 * ECDSA signature formats: conversion between DER and IEEE P1363 (r || s, each the order's
 * length). The strict checks both paths apply are {@link StrictEcdsa}'s. Pure data formatting: no
 * arithmetic on the values.
 */
final class EcdsaEncoding {
    private EcdsaEncoding() {}

    /** DER (as OpenSSL produced it) to P1363 with {@code orderBytes} per integer. */
    static byte[] derToP1363(byte[] der, int orderBytes) {
        byte[] out = new byte[2 * orderBytes];
        int[] pos = {1};
        StrictEcdsa.readLength(der, pos);
        for (int i = 0; i < 2; i++) {
            pos[0]++; // INTEGER tag
            int n = StrictEcdsa.readLength(der, pos);
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
