package dev.acceljce.cipher;

import dev.acceljce.control.SecretBytes;
import dev.acceljce.openssl.EvpCipher;
import java.util.Arrays;

/**
 * The (cipher, direction, key) an EVP_CIPHER_CTX's key schedule was made for, so that a re-init
 * with the same three keeps the schedule instead of expanding the key again. The key schedule
 * depends on the cipher and, for ECB/CBC and key wrap, on the direction. Holds a copy of the key
 * bytes for the comparison, wiped when replaced.
 */
final class ScheduledKey {
    private EvpCipher.Algorithm algorithm;
    private boolean encrypt;
    private byte[] key;

    /**
     * Whether the context's schedule is for exactly these; when not, forgets it first, so that
     * should the coming init fail, the next one sets the key again.
     */
    boolean keeps(EvpCipher.Algorithm alg, boolean enc, byte[] raw) {
        boolean keep = alg == algorithm && enc == encrypt && key != null && SecretBytes.equal(raw, key);
        if (!keep) {
            forget();
        }
        return keep;
    }

    /** The context's schedule is no longer to be trusted: the next init sets the key again. */
    void forget() {
        algorithm = null;
    }

    /**
     * The context now holds the schedule for these ({@code kept}: the one it had); {@code raw} is
     * wiped.
     */
    void installed(EvpCipher.Algorithm alg, boolean enc, byte[] raw, boolean kept) {
        if (!kept) {
            if (key != null) {
                Arrays.fill(key, (byte) 0);
            }
            key = raw.clone();
        }
        Arrays.fill(raw, (byte) 0);
        algorithm = alg;
        encrypt = enc;
    }
}
