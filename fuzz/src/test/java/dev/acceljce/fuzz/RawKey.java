package dev.acceljce.fuzz;

import javax.crypto.SecretKey;

/**
 * A SecretKey with any encoding, empty and null included (SecretKeySpec refuses both), and any
 * algorithm and format names: what a buggy or hostile caller can hand to init.
 */
record RawKey(String algorithm, String format, byte[] encoded) implements SecretKey {
    @Override
    public String getAlgorithm() {
        return algorithm;
    }

    @Override
    public String getFormat() {
        return format;
    }

    @Override
    public byte[] getEncoded() {
        return encoded == null ? null : encoded.clone();
    }
}
