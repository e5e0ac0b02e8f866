package dev.acceljce.testing;

import javax.crypto.SecretKey;

/** A secret key of any length, the empty one included (SecretKeySpec refuses empty keys). */
public record RawKey(byte[] bytes, String algorithm) implements SecretKey {
    /** An AES key. */
    public RawKey(byte[] bytes) {
        this(bytes, "AES");
    }

    @Override
    public String getAlgorithm() {
        return algorithm;
    }

    @Override
    public String getFormat() {
        return "RAW";
    }

    @Override
    public byte[] getEncoded() {
        return bytes.clone();
    }
}
