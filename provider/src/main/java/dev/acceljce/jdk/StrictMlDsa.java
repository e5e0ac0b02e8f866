package dev.acceljce.jdk;

import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.openssl.LibCrypto;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.util.Arrays;
import java.util.Locale;

/**
 * One answer for ML-DSA signing keys on every path. JDK 25's ML-DSA signs with an expanded private
 * key whose s1 or s2 coefficients lie outside FIPS 204's range (Wycheproof's "private key with s1/s2
 * vector out of range" vectors, which are invalid); OpenSSL refuses to import such a key, and so
 * does the native path. The JDK path asks OpenSSL the same question before the JDK signs, and
 * refuses with the native path's exception. Only the import is asked: no arithmetic here.
 */
final class StrictMlDsa {
    private StrictMlDsa() {}

    /** Whether {@code algorithm} is a Signature of ML-DSA ("ML-DSA", "ML-DSA-65", ...). */
    static boolean applies(String algorithm) {
        return algorithm.toUpperCase(Locale.ROOT).startsWith("ML-DSA");
    }

    /**
     * Refuses an encoded ML-DSA private key the loaded OpenSSL will not import. Keys OpenSSL was not
     * shown (no PKCS#8 encoding), and every key when the library has no ML-DSA, are left to the JDK.
     */
    static void checkSigningKey(PrivateKey key) throws InvalidKeyException {
        String algorithm = key.getAlgorithm();
        if (algorithm == null
                || !applies(algorithm)
                || !"PKCS#8".equalsIgnoreCase(key.getFormat())
                || !LibCrypto.isAvailable()
                || !EvpPkey.hasKeyType("ML-DSA-44")) {
            return;
        }
        byte[] der = key.getEncoded();
        if (der == null) {
            return;
        }
        try (EvpPkey.Key imported = EvpPkey.Key.fromPrivateDer(der)) {
            if (imported == null) {
                throw new InvalidKeyException("invalid " + algorithm + " key: OpenSSL refuses it");
            }
        } finally {
            Arrays.fill(der, (byte) 0);
        }
    }
}
