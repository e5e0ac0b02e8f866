package dev.acceljce.jsse;

import java.security.PublicKey;
import java.security.cert.X509Certificate;
import java.security.spec.NamedParameterSpec;
import javax.net.ssl.X509ExtendedKeyManager;

/**
 * Whether a certificate the key manager chose can sign with one of the signature schemes the peer
 * listed, where its key type alone does not tell. The key manager is asked by key type ("ML-DSA"),
 * but each ML-DSA scheme names one parameter set: an ML-DSA-87 certificate cannot answer a peer
 * that lists mldsa44 only. Such a certificate is passed over, as a TLS 1.2 ECDSA certificate on a
 * curve the client did not list is, so the handshake fails with SunJSSE's "No available
 * authentication scheme" instead of libssl's signing error.
 */
final class SchemeFit {
    private SchemeFit() {}

    /** True unless {@code alias}'s leaf holds an ML-DSA key whose parameter set none of {@code peerSchemes} names. */
    static boolean fits(X509ExtendedKeyManager km, String alias, int[] peerSchemes) {
        X509Certificate[] chain = km.getCertificateChain(alias);
        if (chain == null || chain.length == 0) {
            return true; // the caller refuses an empty chain itself
        }
        String set = mlDsaParameterSet(chain[0].getPublicKey());
        if (set == null) {
            return true;
        }
        for (int code : peerSchemes) {
            TlsNames.Scheme s = TlsNames.scheme(code);
            if (s != null && s.jca().equalsIgnoreCase(set)) {
                return true;
            }
        }
        return false;
    }

    /** "ML-DSA-44", "ML-DSA-65" or "ML-DSA-87" for an ML-DSA public key, else null. */
    static String mlDsaParameterSet(PublicKey key) {
        if (key == null || !"ML-DSA".equalsIgnoreCase(key.getAlgorithm())) {
            return null;
        }
        return key.getParams() instanceof NamedParameterSpec n ? n.getName() : null;
    }
}
