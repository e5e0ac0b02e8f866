package dev.acceljce.jdk;

import java.util.Locale;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;

/**
 * The length rules a decryption's whole input must meet before the JDK's cipher ends it, so that
 * the JDK path refuses what the native path refuses, with the same exception: an empty padded
 * ECB/CBC ciphertext ({@link PaddedDecryption}), and a key-wrap ciphertext of a length RFC 3394 or
 * RFC 5649 cannot produce ({@link #checkUnwrapLength}; SunJCE fails on fewer than 8 bytes with
 * NegativeArraySizeException, Wycheproof aes_wrap tcId 14-24, 56-66, 111-115). One per cipher
 * object on the JDK path: {@link #initialized} picks the rule, {@link #added} counts the input
 * given to update, {@link #ending} checks before doFinal, {@link #ended} starts the next message.
 * A refusal changes nothing, as SunJCE's own length checks.
 */
public final class DecryptionInput {
    private static final int SEMIBLOCK = 8;

    private enum Rule {
        NONE,
        PADDED_BLOCK,
        KEY_WRAP,
        KEY_WRAP_PADDED
    }

    /** Repeats the cipher's last init. */
    @FunctionalInterface
    public interface Init {
        void run() throws java.security.GeneralSecurityException;
    }

    private Rule rule = Rule.NONE;
    /** The rule decryptions of {@link #ruleOf} follow: found once, not on every init (string work). */
    private Rule decryptRule;

    private String ruleOf;
    private int ruleBlockSize;
    private Init again;
    private int blockSize;
    private long held;

    /**
     * A new init of a cipher for {@code transformation} (a full one or a base name); {@code again}
     * repeats it (for {@link #paddingRefused}).
     */
    public void initialized(int opmode, String transformation, int blockSize, Init again) {
        this.again = again;
        boolean decrypt = opmode == Cipher.DECRYPT_MODE || opmode == Cipher.UNWRAP_MODE;
        if (!decrypt) {
            rule = Rule.NONE;
        } else {
            if (!transformation.equals(ruleOf) || blockSize != ruleBlockSize) {
                decryptRule = decryptRule(transformation, blockSize);
                ruleOf = transformation;
                ruleBlockSize = blockSize;
            }
            rule = decryptRule;
        }
        this.blockSize = blockSize;
        held = 0;
    }

    private static Rule decryptRule(String transformation, int blockSize) {
        String t = transformation.toUpperCase(Locale.ROOT);
        if (t.startsWith("AESWRAPPAD") || t.contains("/KWP/")) {
            return Rule.KEY_WRAP_PADDED;
        } else if (t.startsWith("AESWRAP") || t.contains("/KW/")) {
            return Rule.KEY_WRAP;
        } else if (PaddedDecryption.applies(transformation, blockSize)) {
            return Rule.PADDED_BLOCK;
        }
        return Rule.NONE;
    }

    /** {@code n} bytes given to update. */
    public void added(long n) {
        held += n;
    }

    /** Before a doFinal with {@code lastInput} more bytes: throws where the native path refuses. */
    public void ending(long lastInput) throws IllegalBlockSizeException {
        switch (rule) {
            case PADDED_BLOCK -> PaddedDecryption.refuseEmpty(held + lastInput, blockSize);
            case KEY_WRAP -> checkUnwrapLength(held + lastInput, false);
            case KEY_WRAP_PADDED -> checkUnwrapLength(held + lastInput, true);
            case NONE -> {}
        }
    }

    /**
     * A padded decryption was refused for its padding: back to the state after init, as the native
     * path (SunJCE keeps part of the refused message, and the next message decrypts to garbage).
     */
    public void paddingRefused() {
        held = 0;
        if (rule == Rule.PADDED_BLOCK && again != null) {
            try {
                again.run();
            } catch (java.security.GeneralSecurityException e) {
                throw new java.security.ProviderException("cannot restart the cipher after a padding failure", e);
            }
        }
    }

    /** A message ended (or a wrap or unwrap ran): the next one starts empty. */
    public void ended() {
        held = 0;
    }

    /**
     * A cipher is initialised with a key: InvalidKeyException for null, as the native ciphers
     * (SunJCE's key wrap fails with NullPointerException).
     */
    public static void requireKey(java.security.Key key) throws java.security.InvalidKeyException {
        if (key == null) {
            throw new java.security.InvalidKeyException("No key given");
        }
    }

    /**
     * The shortest ciphertext key unwrapping takes is 3 semiblocks for KW (RFC 3394: 2 of data and
     * the integrity block), 2 for KWP (RFC 5649), always whole semiblocks; both paths check this.
     */
    public static void checkUnwrapLength(long len, boolean padded) throws IllegalBlockSizeException {
        int min = padded ? 2 * SEMIBLOCK : 3 * SEMIBLOCK;
        if (len < min || len % SEMIBLOCK != 0) {
            throw new IllegalBlockSizeException("data should be at least " + min + " bytes and multiples of 8");
        }
    }
}
