package dev.acceljce.jdk;

import java.util.Locale;
import javax.crypto.IllegalBlockSizeException;

/**
 * One rule for every path: an empty ciphertext for a block mode with PKCS#5 padding (ECB, CBC) is
 * refused. Every PKCS#5 encryption ends with a padding block, so an empty message is not one
 * (Project Wycheproof, aes_cbc_pkcs5_test.json tcId 25, 97 and 169: "invalid"). OpenSSL refuses
 * it; SunJCE returns an empty plaintext. The native path refuses it itself, and the JDK path checks
 * here before SunJCE sees the message, so the same call has the same outcome under every policy,
 * CPU class and library.
 */
public final class PaddedDecryption {
    /** The message both paths give (the length part is SunJCE's own wording for a non-multiple). */
    public static final String EMPTY_MESSAGE =
            "Input length must be a non-zero multiple of 16 when decrypting with padded cipher";

    private PaddedDecryption() {}

    /**
     * Whether {@code transformation} (a full one, or a base name whose defaults are ECB and
     * PKCS5Padding, as SunJCE's) decrypts with PKCS#5 padding in ECB or CBC mode.
     */
    public static boolean applies(String transformation, int blockSize) {
        if (blockSize <= 0) {
            return false; // stream ciphers, RSA: no padding block
        }
        String[] parts = transformation.toUpperCase(Locale.ROOT).split("/");
        String mode = parts.length > 1 ? parts[1] : "ECB";
        String padding = parts.length > 2 ? parts[2] : "PKCS5PADDING";
        return (mode.equals("ECB") || mode.equals("CBC"))
                && (padding.equals("PKCS5PADDING") || padding.equals("PKCS7PADDING"));
    }

    /** Throws when a padded decryption ends with no ciphertext at all. */
    public static void refuseEmpty(long totalInput, int blockSize) throws IllegalBlockSizeException {
        if (totalInput == 0) {
            throw new IllegalBlockSizeException(
                    blockSize == 16 ? EMPTY_MESSAGE : EMPTY_MESSAGE.replace("16", Integer.toString(blockSize)));
        }
    }
}
