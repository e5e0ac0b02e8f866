package dev.acceljce.jsse;

import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLHandshakeException;

/**
 * The time a server-side {@link AccelSslSocket} gives a peer to finish its handshake: {@value
 * #PROPERTY} (milliseconds, a system property read when each handshake starts; unset, zero,
 * negative or not a number: no limit, as SunJSSE). Without it a client that sends its ClientHello
 * one byte per second, or stops half-way, holds the accepting thread for as long as the socket's
 * own read timeout allows, which is forever by default.
 *
 * <p>The limit is a deadline over the whole handshake, not a per-read timeout: each read from the
 * transport waits at most the time left (or the socket's own {@code SO_TIMEOUT}, if shorter), so a
 * byte now and then does not extend it. When it passes, the handshake fails with an {@link
 * SSLHandshakeException} and the socket closes. The socket's {@code SO_TIMEOUT} is put back once
 * the handshake ends. Writes are not bounded: a handshake flight fits in the kernel's send buffer.
 */
final class HandshakeDeadline {
    static final String PROPERTY = "acceljce.tls.handshakeTimeoutMillis";

    private final long limitMillis;
    private final long deadlineNanos;
    /** The transport's SO_TIMEOUT when the handshake started (0: none). */
    private final int callerTimeout;
    /** Whether the last read's timeout was the time left (else the caller's own, shorter one). */
    private boolean deadlineRead;

    private HandshakeDeadline(long limitMillis, int callerTimeout) {
        this.limitMillis = limitMillis;
        this.deadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(limitMillis);
        this.callerTimeout = callerTimeout;
    }

    /** The configured limit in milliseconds, 0 when there is none. */
    static long configuredMillis() {
        String v = System.getProperty(PROPERTY);
        if (v == null) {
            return 0;
        }
        try {
            return Math.max(0, Long.parseLong(v.trim()));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** A deadline starting now for a handshake over {@code transport}, or null when no limit is set. */
    static HandshakeDeadline start(Socket transport) throws SocketException {
        long limit = configuredMillis();
        return limit == 0 ? null : new HandshakeDeadline(limit, transport.getSoTimeout());
    }

    /**
     * Before a blocking read: sets the transport's read timeout to the time left (or the caller's
     * own timeout if that is shorter); throws once the deadline has passed.
     */
    void beforeRead(Socket transport) throws IOException {
        long leftMillis = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
        if (leftMillis <= 0) {
            throw expired(null);
        }
        int timeout = (int) Math.min(leftMillis, Integer.MAX_VALUE);
        deadlineRead = callerTimeout <= 0 || timeout <= callerTimeout;
        transport.setSoTimeout(deadlineRead ? timeout : callerTimeout);
    }

    /**
     * A read timed out: the handshake's own failure when the deadline is what ended it, the
     * caller's timeout as it was otherwise.
     */
    IOException onTimeout(SocketTimeoutException e) {
        return deadlineRead ? expired(e) : e;
    }

    /** The handshake ended (either way): the caller's read timeout again. */
    void end(Socket transport) {
        try {
            if (!transport.isClosed()) {
                transport.setSoTimeout(callerTimeout);
            }
        } catch (SocketException ignored) {
            // closed meanwhile: nothing to restore
        }
    }

    private SSLHandshakeException expired(Throwable cause) {
        SSLHandshakeException e = new SSLHandshakeException(
                "the handshake did not finish within " + limitMillis + " ms (" + PROPERTY + ")");
        if (cause != null) {
            e.initCause(cause);
        }
        return e;
    }
}
