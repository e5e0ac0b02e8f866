package dev.acceljce.jsse;

import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.net.ssl.SSLHandshakeException;

/**
 * The private-key operations libssl asks for when it cannot hold the key itself (a token's key
 * through SunPKCS11, another provider's): done through the JCA, outside any native frame, as a
 * delegated task.
 */
final class JcaKeyOperations {
    private JcaKeyOperations() {}

    /** The signature for TLS signature scheme {@code sigalg} (its IANA code) over {@code data}. */
    static byte[] sign(PrivateKey key, int sigalg, byte[] data) throws GeneralSecurityException, SSLHandshakeException {
        TlsNames.Scheme scheme = TlsNames.scheme(sigalg);
        if (scheme == null) {
            throw new SSLHandshakeException("unsupported signature scheme 0x" + Integer.toHexString(sigalg));
        }
        Signature s = Signature.getInstance(scheme.jca());
        // the key first: the JCA picks the provider that takes this key (a token's, through
        // SunPKCS11) at initSign; parameters set before it would pick the first provider that
        // takes the parameters, which then refuses the key ("key must be RSAPrivateKey")
        s.initSign(key);
        AlgorithmParameterSpec spec = scheme.parameters();
        if (spec != null) {
            s.setParameter(spec);
        }
        s.update(data);
        return s.sign();
    }

    /**
     * The raw RSA decryption of {@code data} libssl asks for in TLS 1.2's RSA key exchange (it
     * checks the PKCS#1 padding itself, in constant time): as long as the modulus, leading zeros
     * kept. The caller wipes the result (it holds the premaster secret).
     */
    static byte[] decrypt(PrivateKey key, byte[] data) throws GeneralSecurityException, SSLHandshakeException {
        Cipher rsa = Cipher.getInstance("RSA/ECB/NoPadding");
        rsa.init(Cipher.DECRYPT_MODE, key);
        byte[] raw = rsa.doFinal(data);
        try {
            if (raw.length > data.length) {
                throw new SSLHandshakeException("RSA decryption gave " + raw.length + " bytes of " + data.length);
            }
            // a provider may drop the leading zero bytes of the integer: the modulus' length again
            byte[] plain = new byte[data.length];
            System.arraycopy(raw, 0, plain, data.length - raw.length, raw.length);
            return plain;
        } finally {
            Arrays.fill(raw, (byte) 0);
        }
    }
}
