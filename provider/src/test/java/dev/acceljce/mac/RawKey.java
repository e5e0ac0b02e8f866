package dev.acceljce.mac;

import javax.crypto.SecretKey;

/** A SecretKey with any encoding, the empty one included (SecretKeySpec refuses empty keys). */
record RawKey(byte[] bytes, String format) implements SecretKey {
    RawKey(byte[] bytes) {
        this(bytes, "RAW");
    }

    @Override
    public String getAlgorithm() {
        return "HmacSHA256";
    }

    @Override
    public String getFormat() {
        return format;
    }

    @Override
    public byte[] getEncoded() {
        return bytes == null ? null : bytes.clone();
    }
}
