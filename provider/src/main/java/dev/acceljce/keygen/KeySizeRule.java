package dev.acceljce.keygen;

import java.security.InvalidParameterException;

/**
 * The key sizes a JDK key generator accepts and the bytes it makes of them, with the JDK's
 * exception types and messages (SunJCE's AESKeyGenerator, KeyGeneratorCore, HmacSHA1KeyGenerator).
 */
enum KeySizeRule {
    /** 128, 192 or 256 bits. */
    AES {
        @Override
        int bytesFor(int bits) {
            if (bits % 8 != 0 || (bits != 128 && bits != 192 && bits != 256)) {
                throw new InvalidParameterException("Wrong keysize: must be equal to 128, 192 or 256");
            }
            return bits / 8;
        }
    },
    /** 256 bits only. */
    CHACHA20 {
        @Override
        int bytesFor(int bits) {
            if (bits != 256) {
                throw new InvalidParameterException("Key length for ChaCha20 must be 256 bits");
            }
            return 32;
        }
    },
    /** SunJCE's HmacSHA1 generator: any positive size, rounded up to whole bytes. */
    HMAC_SHA1 {
        @Override
        int bytesFor(int bits) {
            if (bits <= 0) {
                throw new IllegalArgumentException("keysize must not be <= 0");
            }
            return (int) ((bits + 7L) / 8);
        }
    },
    /** SunJCE's other Hmac generators: at least 40 bits, rounded up to whole bytes. */
    HMAC {
        @Override
        int bytesFor(int bits) {
            if (bits < 40) {
                throw new InvalidParameterException("Key length must be at least 40 bits");
            }
            return (int) ((bits + 7L) / 8);
        }

        @Override
        boolean randomOnlyInitResetsSize() {
            return true;
        }
    };

    /** Key bytes for {@code bits}, or the JDK's exception for a size it refuses. */
    abstract int bytesFor(int bits);

    /** Whether {@code init(SecureRandom)} goes back to the default size (it does in KeyGeneratorCore). */
    boolean randomOnlyInitResetsSize() {
        return false;
    }
}
