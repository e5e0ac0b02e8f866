package dev.acceljce.jsse;

import java.security.cert.X509Certificate;
import java.util.Objects;
import javax.net.ssl.SSLContext;

/**
 * OCSP stapling on an AccelJCE-TLS server. Responses are fetched from the certificate's responder
 * as SunJSSE's server does, with the same system properties, read when the context is made:
 * {@code jdk.tls.server.enableStatusRequestExtension=true} turns it on, and
 * {@code jdk.tls.stapling.responseTimeout}, {@code .cacheSize}, {@code .cacheLifetime},
 * {@code .responderURI}, {@code .responderOverride} tune it. A cached response is fetched again in
 * the background before it expires.
 *
 * <p>An application that gets its responses elsewhere hands them in here: such a response is
 * stapled for its certificate whenever a client asks, whether fetching is on or not, until it is
 * removed. It must be a DER {@code OCSPResponse}; the server does not check it (the client does),
 * so an application replaces it before its nextUpdate.
 */
public final class TlsStapling {
    private TlsStapling() {}

    /**
     * Staples {@code ocspResponse} (DER) whenever a server of {@code context} presents {@code leaf}
     * to a client that asks for a status.
     *
     * @throws IllegalArgumentException when the context is not AccelJCE-TLS's, or the response is
     *     empty or longer than a handshake message carries
     */
    public static void setResponse(SSLContext context, X509Certificate leaf, byte[] ocspResponse) {
        Objects.requireNonNull(leaf, "leaf");
        Objects.requireNonNull(ocspResponse, "ocspResponse");
        sessions(context).stapler().setResponse(leaf, ocspResponse);
    }

    /** Stops stapling the response given for {@code leaf} (fetched ones, when on, take over). */
    public static void removeResponse(SSLContext context, X509Certificate leaf) {
        Objects.requireNonNull(leaf, "leaf");
        sessions(context).stapler().setResponse(leaf, null);
    }

    private static AccelSessionContext sessions(SSLContext context) {
        Objects.requireNonNull(context, "context");
        if (!(context.getServerSessionContext() instanceof AccelSessionContext s) || s.stapler() == null) {
            throw new IllegalArgumentException(
                    "not an AccelJCE-TLS SSLContext: " + context.getProvider().getName());
        }
        return s;
    }
}
