package dev.acceljce.jsse;

import java.io.ByteArrayInputStream;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertPathValidatorException.BasicReason;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Locale;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * The trust manager's verdict on the peer's chain, and the alert a refusal is answered with, as
 * SunJSSE chooses it. libssl has checked the handshake's signatures; the chain's trust is the
 * application's trust manager's, run here as a delegated task, outside native code.
 */
final class PeerVerification {
    /** What the handshake shows the trust manager: read from libssl in the verify callback. */
    record Request(List<byte[]> chain, String suite, boolean tls13) {}

    /** The verdict: 0 to accept, else the alert to send, with the trust manager's reason. */
    record Verdict(int alert, Throwable problem) {}

    private PeerVerification() {}

    /**
     * Parses and checks the peer's chain. The parsed chain goes into {@code session} before the
     * trust manager runs (a trust manager may read the handshake session's peer certificates),
     * and out again when refused. The trust manager is given {@code socket} when the engine runs
     * under one, else {@code engine}.
     */
    static Verdict verify(
            X509TrustManager tm,
            boolean client,
            SSLSocket socket,
            SSLEngine engine,
            AccelSslSession session,
            Request request) {
        X509Certificate[] chain;
        try {
            CertificateFactory cf = CertificateFactory.getInstance("X.509");
            chain = new X509Certificate[request.chain().size()];
            for (int i = 0; i < chain.length; i++) {
                chain[i] = (X509Certificate) cf.generateCertificate(
                        new ByteArrayInputStream(request.chain().get(i)));
            }
        } catch (CertificateException | RuntimeException e) {
            return new Verdict(TlsAlerts.BAD_CERTIFICATE, e);
        }
        session.peerCertificates = chain;
        try {
            if (chain.length == 0) {
                throw new CertificateException("empty certificate chain");
            }
            if (client) {
                checkServer(tm, chain, request.tls13() ? "UNKNOWN" : keyExchange(request.suite()), socket, engine);
            } else {
                checkClient(tm, chain, socket, engine);
            }
            return new Verdict(0, null);
        } catch (CertificateException | RuntimeException e) {
            session.peerCertificates = null;
            int alert = client ? serverCertificateAlert(e, request.tls13(), session) : TlsAlerts.CERTIFICATE_UNKNOWN;
            return new Verdict(alert, e);
        }
    }

    private static void checkServer(
            X509TrustManager tm, X509Certificate[] chain, String authType, SSLSocket socket, SSLEngine engine)
            throws CertificateException {
        if (!(tm instanceof X509ExtendedTrustManager x)) {
            tm.checkServerTrusted(chain.clone(), authType);
        } else if (socket != null) {
            x.checkServerTrusted(chain.clone(), authType, socket);
        } else {
            x.checkServerTrusted(chain.clone(), authType, engine);
        }
    }

    private static void checkClient(X509TrustManager tm, X509Certificate[] chain, SSLSocket socket, SSLEngine engine)
            throws CertificateException {
        String authType = switch (chain[0].getPublicKey().getAlgorithm()) {
            case "RSA", "DSA", "EC", "RSASSA-PSS" -> chain[0].getPublicKey().getAlgorithm();
            default -> "UNKNOWN";
        };
        if (!(tm instanceof X509ExtendedTrustManager x)) {
            tm.checkClientTrusted(chain.clone(), authType);
        } else if (socket != null) {
            x.checkClientTrusted(chain.clone(), authType, socket);
        } else {
            x.checkClientTrusted(chain.clone(), authType, engine);
        }
    }

    /**
     * The alert a client sends when the trust manager refused the server's certificate, by the
     * reason the validator gave, as SunJSSE's client chooses it: revoked (or of unknown status)
     * is bad_certificate_status_response when the server stapled a response, certificate_revoked
     * (certificate_unknown) when not; expired, bad signature, algorithm constraints have their own.
     */
    private static int serverCertificateAlert(Exception e, boolean tls13, AccelSslSession session) {
        if (!(e.getCause() instanceof CertPathValidatorException cpve)) {
            return TlsAlerts.CERTIFICATE_UNKNOWN;
        }
        boolean stapled = !session.statusResponses.isEmpty();
        if (cpve.getReason() == BasicReason.REVOKED) {
            return stapled ? TlsAlerts.BAD_CERTIFICATE_STATUS_RESPONSE : TlsAlerts.CERTIFICATE_REVOKED;
        } else if (cpve.getReason() == BasicReason.UNDETERMINED_REVOCATION_STATUS) {
            return stapled ? TlsAlerts.BAD_CERTIFICATE_STATUS_RESPONSE : TlsAlerts.CERTIFICATE_UNKNOWN;
        } else if (cpve.getReason() == BasicReason.EXPIRED) {
            return TlsAlerts.CERTIFICATE_EXPIRED;
        } else if (cpve.getReason() == BasicReason.INVALID_SIGNATURE || cpve.getReason() == BasicReason.NOT_YET_VALID) {
            return TlsAlerts.BAD_CERTIFICATE;
        } else if (cpve.getReason() == BasicReason.ALGORITHM_CONSTRAINED) {
            String m = String.valueOf(e.getMessage()).toUpperCase(Locale.ROOT);
            // RFC 8446: a certificate refused for an MD5 or SHA-1 signature is bad_certificate
            return tls13 && (m.contains("MD5WITH") || m.contains("SHA1WITH"))
                    ? TlsAlerts.BAD_CERTIFICATE
                    : TlsAlerts.UNSUPPORTED_CERTIFICATE;
        }
        return TlsAlerts.CERTIFICATE_UNKNOWN;
    }

    /** "ECDHE_ECDSA", "ECDHE_RSA", "RSA": the key exchange of a TLS 1.2 suite, as SunJSSE names it. */
    private static String keyExchange(String suite) {
        if (suite == null) {
            return "UNKNOWN";
        }
        int with = suite.indexOf("_WITH_");
        return with > 4 ? suite.substring(4, with) : "UNKNOWN";
    }
}
