package dev.acceljce.cipher;

import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/** Key checks and wrapped-key reconstruction shared by the AES ciphers, with SunJCE's messages. */
final class AesKeys {
    private AesKeys() {}

    /** The raw bytes of an AES key of a legal size (or of {@code fixedSize} bytes when non-zero). */
    static byte[] rawKey(Key key, int fixedSize) throws InvalidKeyException {
        if (key == null) {
            throw new InvalidKeyException("No key given");
        }
        String alg = key.getAlgorithm();
        if (alg == null || !(alg.equalsIgnoreCase("AES") || alg.equalsIgnoreCase("Rijndael"))) {
            throw new InvalidKeyException("Wrong algorithm: AES or Rijndael required");
        }
        byte[] raw = key.getEncoded();
        if (raw == null) {
            throw new InvalidKeyException("RAW key bytes missing");
        }
        checkLength(raw.length, fixedSize);
        return raw;
    }

    static void checkLength(int length, int fixedSize) throws InvalidKeyException {
        if (fixedSize != 0 && length != fixedSize) {
            throw new InvalidKeyException("The key must be " + fixedSize + " bytes");
        }
        if (length != 16 && length != 24 && length != 32) {
            throw new InvalidKeyException("Invalid AES key length: " + length + " bytes");
        }
    }

    /** The key the JCA asks a cipher to wrap, as bytes. */
    static byte[] encodingToWrap(Key key) throws InvalidKeyException {
        byte[] encoded = key == null ? null : key.getEncoded();
        if (encoded == null || encoded.length == 0) {
            throw new InvalidKeyException("Cannot get an encoding of the key to be wrapped");
        }
        return encoded;
    }

    /** Rebuilds an unwrapped key as the JDK's ConstructKeys does. */
    static Key construct(byte[] encoded, String algorithm, int type)
            throws InvalidKeyException, NoSuchAlgorithmException {
        try {
            return switch (type) {
                case Cipher.SECRET_KEY -> new SecretKeySpec(encoded, algorithm);
                case Cipher.PUBLIC_KEY ->
                    KeyFactory.getInstance(algorithm).generatePublic(new X509EncodedKeySpec(encoded));
                case Cipher.PRIVATE_KEY ->
                    KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(encoded));
                default -> throw new InvalidKeyException("Unknown key type " + type);
            };
        } catch (InvalidKeySpecException | IllegalArgumentException e) {
            throw new InvalidKeyException("Cannot construct the unwrapped " + algorithm + " key", e);
        }
    }

    /** The randomness for generated IVs when the caller gave none. */
    static SecureRandom random(SecureRandom given) {
        return given != null ? given : DefaultRandom.INSTANCE;
    }

    private static final class DefaultRandom {
        static final SecureRandom INSTANCE = new SecureRandom();
    }
}
