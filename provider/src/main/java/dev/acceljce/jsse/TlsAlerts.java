package dev.acceljce.jsse;

import dev.acceljce.libssl.SslConnection;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * The TLS alert numbers (RFC 8446 6, RFC 6066 8) this stack sends on its own account, and the
 * exception and alert of a connection's fatal error.
 */
final class TlsAlerts {
    static final int HANDSHAKE_FAILURE = 40;
    static final int BAD_CERTIFICATE = 42;
    static final int UNSUPPORTED_CERTIFICATE = 43;
    static final int CERTIFICATE_REVOKED = 44;
    static final int CERTIFICATE_EXPIRED = 45;
    static final int CERTIFICATE_UNKNOWN = 46;
    static final int INTERNAL_ERROR = 80;
    static final int BAD_CERTIFICATE_STATUS_RESPONSE = 113;

    private TlsAlerts() {}

    /**
     * The exception for a fatal error {@code during} a libssl call: libssl's error queue in its
     * message (drained), {@code ourCause} (what a callback of ours learnt) as its cause;
     * SSLHandshakeException before the handshake finished.
     */
    static SSLException fatal(String during, boolean established, Throwable ourCause) {
        String queue = SslConnection.drainErrors();
        String message = during + " failed" + (queue.isEmpty() ? "" : ": " + queue);
        SSLException e = established ? new SSLException(message) : new SSLHandshakeException(message);
        if (ourCause != null) {
            e.initCause(ourCause);
        }
        return e;
    }

    /**
     * When our side failed (a key manager, a JCA signature), libssl queued no alert for that: the
     * peer hears one, as from SunJSSE (handshake_failure when no credentials fit, internal_error
     * otherwise), unless the connection is gone or already has bytes to send.
     */
    static void tellPeerOfOurFailure(SslConnection connection, Throwable ourCause) {
        if (ourCause != null && connection != null && !connection.isClosed() && connection.pendingOutput() == 0) {
            connection.sendFatalAlert(ourCause instanceof SSLHandshakeException ? HANDSHAKE_FAILURE : INTERNAL_ERROR);
        }
    }
}
