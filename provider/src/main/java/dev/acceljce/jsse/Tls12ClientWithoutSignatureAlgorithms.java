package dev.acceljce.jsse;

import dev.acceljce.libssl.SslConnection;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.util.ArrayList;
import java.util.List;

/**
 * A server's answer to a TLS 1.2 ClientHello without a signature_algorithms extension, as old and
 * embedded clients send. RFC 5246 7.4.1.4.1: the server then assumes the client takes SHA-1 with
 * the certificate's key type (rsa_pkcs1_sha1, ecdsa_sha1); libssl signs with those when this side
 * has them enabled (a caller named them and jdk.tls.disabledAlgorithms allows them).
 *
 * <p>When it has not (the default), no ECDHE suite can be signed. SunJSSE's server then completes
 * with the RSA key exchange when both sides enabled it for an RSA certificate (it signs nothing),
 * and fails otherwise. libssl would fail even then: it picks a signature algorithm for every suite
 * with a certificate, RSA key exchange included, and finds none in common. So for such a client
 * and an RSA certificate, the connection is left the RSA key-exchange suites it enabled (none: the
 * handshake fails as before), and rsa_pkcs1_sha1 is added to the schemes it signs with: with those
 * suites libssl chooses it but signs nothing (no ServerKeyExchange in the RSA key exchange). What
 * the server accepts from the client (its CertificateVerify) is not changed, and nothing changes
 * for a client that sent the extension.
 */
final class Tls12ClientWithoutSignatureAlgorithms {
    private static final int RSA_PKCS1_SHA1 = 0x0201;

    private final List<String> tls12Suites;
    private final List<String> signingSchemes;

    /**
     * @param tls12Suites the TLS 1.2 suites the connection enables (standard names; not copied)
     * @param signingSchemes the schemes it signs with, in libssl's names ("RSA+SHA1"; not copied)
     */
    Tls12ClientWithoutSignatureAlgorithms(List<String> tls12Suites, List<String> signingSchemes) {
        this.tls12Suites = tls12Suites;
        this.signingSchemes = signingSchemes;
    }

    /**
     * From the server's certificate callback, when the client is TLS 1.2 and sent no
     * signature_algorithms, with the certificate chosen (its {@code key}).
     */
    void narrow(SslConnection connection, PublicKey key) {
        boolean rsa = key instanceof RSAPublicKey || "RSA".equals(key.getAlgorithm());
        boolean ec = key instanceof ECPublicKey;
        if ((rsa && signingSchemes.contains("RSA+SHA1")) || (ec && signingSchemes.contains("ECDSA+SHA1"))) {
            return; // libssl signs with SHA-1, as the RFC has the client expect
        }
        if (!rsa) {
            return; // nothing can serve the client: libssl fails the handshake
        }
        List<String> unsigned = new ArrayList<>();
        for (String s : tls12Suites) {
            if (s.startsWith("TLS_RSA_WITH_")) {
                unsigned.add(s);
            }
        }
        if (unsigned.isEmpty() || !connection.settings().narrowTls12SuitesInCallback(String.join(":", unsigned))) {
            return;
        }
        List<Integer> codes = new ArrayList<>();
        for (TlsNames.Scheme s : TlsNames.SCHEMES) {
            if (signingSchemes.contains(s.libssl())) {
                codes.add(s.code());
            }
        }
        codes.add(RSA_PKCS1_SHA1);
        connection
                .settings()
                .setSigningAlgorithmsInCallback(
                        codes.stream().mapToInt(Integer::intValue).toArray());
    }
}
