package dev.acceljce.jsse;

import dev.acceljce.libssl.SslConnection;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import javax.net.ssl.SSLKeyException;

/**
 * Keying-material exporters (RFC 5705 for TLS 1.2, RFC 8446 section 7.5 for TLS 1.3) of an
 * AccelJCE-TLS session: {@code ExtendedSSLSession.exportKeyingMaterialKey/Data}. The arguments
 * are checked as SunJSSE checks them, in the same order and with the same exception types; the
 * bytes come from libssl's {@code SSL_export_keying_material}.
 *
 * <p>libssl derives them from secrets it keeps in the live connection only (TLS 1.3's exporter
 * master secret, TLS 1.2's client and server randoms), so a session exports through the
 * connection that last established or resumed it, while that connection's libssl objects exist:
 * from the end of its handshake until the engine is closed both ways (or the socket closed).
 * After that an export throws {@link IllegalStateException}, where SunJSSE, which keeps those
 * secrets in the session object, still answers. The session holds its connection weakly, so a
 * session kept in a cache keeps no connection alive.
 */
final class KeyingMaterialExporter {
    private KeyingMaterialExporter() {}

    /** The live connection a session exports through, with the engine lock that guards it. */
    static final class Source {
        private final ReentrantLock lock;
        private final SslConnection connection;

        Source(ReentrantLock lock, SslConnection connection) {
            this.lock = lock;
            this.connection = connection;
        }

        private boolean extendedMasterSecret() {
            lock.lock();
            try {
                live();
                return connection.negotiated().extendedMasterSecret();
            } finally {
                lock.unlock();
            }
        }

        private byte[] export(byte[] label, byte[] context, int length) throws SSLKeyException {
            lock.lock();
            try {
                live();
                byte[] out = connection.negotiated().exportKeyingMaterial(label, context, length);
                if (out == null) {
                    throw new SSLKeyException("libssl could not export keying material");
                }
                return out;
            } finally {
                lock.unlock();
            }
        }

        private void live() {
            if (connection.isClosed()) {
                throw new IllegalStateException(GONE);
            }
        }
    }

    private static final String GONE = "the connection of this session is closed: AccelJCE-TLS exports keying"
            + " material only while the connection that established or resumed the session is open";

    /** {@code exportKeyingMaterialKey}: a key of algorithm {@code keyAlg} holding the bytes. */
    static SecretKey key(AccelSslSession session, String keyAlg, String label, byte[] context, int length)
            throws SSLKeyException {
        Objects.requireNonNull(keyAlg, "keyAlg can not be null");
        if (keyAlg.isEmpty()) {
            throw new IllegalArgumentException("keyAlg is empty");
        }
        byte[] b = data(session, label, context, length);
        try {
            return new SecretKeySpec(b, keyAlg);
        } finally {
            Arrays.fill(b, (byte) 0);
        }
    }

    /** {@code exportKeyingMaterialData}: the bytes. */
    static byte[] data(AccelSslSession session, String label, byte[] context, int length) throws SSLKeyException {
        Objects.requireNonNull(label, "label can not be null");
        if (length < 1) {
            throw new IllegalArgumentException("length must be positive");
        }
        String protocol = session.getProtocol();
        if (TlsNames.TLS13.equals(protocol)) {
            Source source = session.exportSource();
            if (source == null) {
                throw new IllegalStateException("Exporter master secret not captured (" + why(session) + ")");
            }
            // HKDF-Expand's limit (RFC 5869): 255 times the suite's hash length
            int hashLength = session.getCipherSuite().endsWith("_SHA384") ? 48 : 32;
            if (length > 255 * hashLength) {
                throw new IllegalArgumentException("length is too large");
            }
            // HkdfLabel: opaque label<7..255> = "tls13 " + Label; opaque context<0..255>
            byte[] labelBytes = label.getBytes(StandardCharsets.UTF_8);
            if (labelBytes.length + 6 < 7 || labelBytes.length + 6 > 255) {
                throw new IllegalArgumentException("label length outside range");
            }
            byte[] c = context != null ? context : new byte[0]; // RFC 8446: no context is an empty one
            if (c.length > 255) {
                throw new IllegalArgumentException("context length outside range");
            }
            return source.export(labelBytes, c, length);
        }
        if (TlsNames.TLS12.equals(protocol)) {
            Source source = session.exportSource();
            if (source == null) {
                throw new IllegalStateException("Random nonces not captured (" + why(session) + ")");
            }
            // RFC 7627 section 5.4: no exporter over a master secret made without the extension
            if (!source.extendedMasterSecret()) {
                throw new SSLKeyException("Exporters require extended master secrets");
            }
            if (label.isEmpty()) {
                throw new IllegalArgumentException("label length outside range");
            }
            if (context != null && context.length > 0xFFFF) {
                throw new IllegalArgumentException("Only 16-bit context lengths supported");
            }
            return source.export(label.getBytes(StandardCharsets.UTF_8), context, length);
        }
        if (session.isValid() && !session.exportedBefore()) {
            // a handshake session before its protocol is known here (SunJSSE's knows it from the
            // ServerHello on): no secret yet either way
            throw new IllegalStateException("Exporter master secret not captured (the handshake has not finished)");
        }
        throw new SSLKeyException("Exporters not supported in " + protocol);
    }

    private static String why(AccelSslSession session) {
        return session.exportedBefore() ? GONE : "the handshake has not finished";
    }
}
