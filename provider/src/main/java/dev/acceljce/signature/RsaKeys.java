package dev.acceljce.signature;

import dev.acceljce.control.Fips;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.openssl.EvpPkey;
import java.security.InvalidKeyException;

/**
 * SunRsaSign's RSA key-size rules at Signature init: the modulus size rounded up to a whole byte
 * within 512..16384 bits (RSAKeyFactory.checkKeyLengths), and room for the encoding. (The JDK
 * also limits the public exponent to 64 bits above 3072-bit moduli; that rule is not repeated.)
 */
final class RsaKeys {
    /** The modulus size of a key, read through a reference of our own. */
    static int bits(AccelKey key) throws InvalidKeyException {
        try (EvpPkey.Key ref = key.share()) {
            return ref.bits();
        }
    }

    static final int MIN_BITS = 512;
    static final int MAX_BITS = 16384;

    static void checkSize(int bits) throws InvalidKeyException {
        int rounded = (bits + 7) & ~7;
        if (rounded < MIN_BITS) {
            throw new InvalidKeyException("RSA keys must be at least " + MIN_BITS + " bits long");
        }
        if (rounded > MAX_BITS) {
            throw new InvalidKeyException("RSA keys must be no longer than " + MAX_BITS + " bits");
        }
    }

    /**
     * FIPS mode's rule (SP 800-131A Rev. 2): signing needs a modulus of at least 2048 bits;
     * verifying accepts 1024 bits and more (legacy use).
     */
    static void checkFips(int bits, boolean signing) throws InvalidKeyException {
        int min = signing ? Fips.MIN_RSA_BITS : 1024;
        if (Fips.on() && bits < min) {
            throw new InvalidKeyException(Fips.refused((signing ? "signing" : "verifying") + " with a " + bits
                    + "-bit RSA key (approved: " + min + " bits and more)"));
        }
    }

    /**
     * SunRsaSign's check that a PKCS#1 v1.5 DigestInfo fits the key (at init): the DigestInfo of
     * a SHA-1 digest is 15 bytes plus the digest, of SHA-2/SHA-3 (9-byte OIDs) 19 plus the digest.
     */
    static void checkPkcs1Fits(int bits, String digestName, int digestSize) throws InvalidKeyException {
        int digestInfo = ("SHA1".equals(digestName) ? 15 : 19) + digestSize;
        if (digestInfo > (bits + 7) / 8 - 11) {
            throw new InvalidKeyException("Key is too short for this signature algorithm");
        }
    }

    /** SunRsaSign's check that a PSS encoding with this digest and salt fits the key. */
    static void checkPssFits(int bits, int digestSize, int saltLength) throws InvalidKeyException {
        int emLen = (bits - 1 + 7) / 8;
        if (emLen - digestSize - saltLength - 2 < 0) {
            throw new InvalidKeyException("Key is too short for this signature algorithm");
        }
    }

    static int modulusBytes(int bits) {
        return (bits + 7) / 8;
    }
}
