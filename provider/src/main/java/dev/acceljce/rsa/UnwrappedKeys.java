package dev.acceljce.rsa;

import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.NoSuchAlgorithmException;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/** The key an unwrap recovered, built as SunJCE builds it (ConstructKeys): a SecretKeySpec, or by KeyFactory. */
final class UnwrappedKeys {
    private UnwrappedKeys() {}

    static Key construct(byte[] encoded, String algorithm, int type)
            throws InvalidKeyException, NoSuchAlgorithmException {
        switch (type) {
            case Cipher.SECRET_KEY:
                return new SecretKeySpec(encoded, algorithm);
            case Cipher.PUBLIC_KEY:
            case Cipher.PRIVATE_KEY:
                KeyFactory kf;
                try {
                    kf = KeyFactory.getInstance(algorithm);
                } catch (NoSuchAlgorithmException e) {
                    throw new NoSuchAlgorithmException(
                            "No installed providers can create keys for the " + algorithm + " algorithm", e);
                }
                try {
                    return type == Cipher.PUBLIC_KEY
                            ? kf.generatePublic(new X509EncodedKeySpec(encoded))
                            : kf.generatePrivate(new PKCS8EncodedKeySpec(encoded));
                } catch (InvalidKeySpecException e) {
                    throw new InvalidKeyException(
                            "Cannot construct " + (type == Cipher.PUBLIC_KEY ? "public" : "private") + " key", e);
                }
            default:
                throw new NoSuchAlgorithmException("Unsupported key type");
        }
    }
}
