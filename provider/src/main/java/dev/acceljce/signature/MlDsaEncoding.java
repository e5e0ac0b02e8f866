package dev.acceljce.signature;

import dev.acceljce.keys.MlParameterSet;
import java.security.SignatureException;

/**
 * The two signature-format checks the JDK's ML-DSA makes before verifying (FIPS 204 sigDecode),
 * with its exceptions: the length, and the hint encoding (HintBitUnpack, Algorithm 21: per row, an
 * end index that never decreases and stays within omega, strictly increasing positions within a
 * row, zero padding after the last one). OpenSSL makes the same checks but only answers
 * "invalid", where the JDK throws {@link SignatureException}. No arithmetic happens here.
 */
final class MlDsaEncoding {
    private MlDsaEncoding() {}

    static void check(MlParameterSet set, byte[] signature) throws SignatureException {
        if (signature == null || signature.length != set.outputSize()) {
            throw new SignatureException("Incorrect signature length");
        }
        int omega;
        int k;
        switch (set) {
            case ML_DSA_44 -> {
                omega = 80;
                k = 4;
            }
            case ML_DSA_65 -> {
                omega = 55;
                k = 6;
            }
            case ML_DSA_87 -> {
                omega = 75;
                k = 8;
            }
            default -> throw new IllegalArgumentException(set + " is not ML-DSA");
        }
        int offset = signature.length - omega - k;
        int idx = 0;
        for (int i = 0; i < k; i++) {
            int end = signature[offset + omega + i] & 0xFF;
            if (end < idx || end > omega) {
                throw new SignatureException("Invalid hints encoding");
            }
            int first = idx;
            for (; idx < end; idx++) {
                if (idx > first && (signature[offset + idx - 1] & 0xFF) >= (signature[offset + idx] & 0xFF)) {
                    throw new SignatureException("Invalid hints encoding");
                }
            }
        }
        for (; idx < omega; idx++) {
            if (signature[offset + idx] != 0) {
                throw new SignatureException("Invalid hints encoding");
            }
        }
    }
}
