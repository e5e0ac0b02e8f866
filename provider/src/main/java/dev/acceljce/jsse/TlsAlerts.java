package dev.acceljce.jsse;

/** The TLS alert numbers (RFC 8446 6, RFC 6066 8) this stack sends on its own account. */
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
}
