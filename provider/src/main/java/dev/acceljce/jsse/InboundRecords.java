package dev.acceljce.jsse;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;

/**
 * The reading side of an {@link AccelSslSocket}: reads records from the transport, unwraps them
 * one at a time, and keeps the plaintext until the application reads it. Every call is made with
 * the socket's read lock held; this class takes no lock.
 *
 * <p>The two buffers are borrowed from {@link SocketBuffers} while bytes are in them and given
 * back when empty: an idle socket holds {@link SocketBuffers#NONE} in each, and waits for its
 * peer's next record with only {@link #waitingFor}'s five bytes.
 */
final class InboundRecords {
    /** A record's largest size on the wire: header, 2^14 of data, 2 KiB of expansion. */
    private static final int MAX_RECORD = SocketBuffers.RECORD;

    private final Socket transport;
    /** Records read from the transport and not yet unwrapped, in fill mode (bytes in [0, position)). */
    private ByteBuffer netIn = SocketBuffers.NONE;
    /** Plaintext unwrapped and not yet read, in fill mode. */
    private ByteBuffer appIn = SocketBuffers.NONE;
    /** Where a reader with nothing buffered waits for the first bytes of the next record. */
    private final byte[] waitingFor = new byte[5];
    /** A server's handshake deadline while its handshake runs, else null. */
    private HandshakeDeadline deadline;

    /** Reads from {@code transport}; {@code consumed} are bytes already read from it (or null). */
    InboundRecords(Socket transport, byte[] consumed) {
        this.transport = transport;
        if (consumed != null && consumed.length > 0) {
            ensureRoom(consumed.length);
            netIn.put(consumed);
        }
    }

    /** Bounds the reads of a server's handshake from here on ({@link HandshakeDeadline}); a client's: none. */
    void startHandshake(boolean server) throws java.net.SocketException {
        deadline = server ? HandshakeDeadline.start(transport) : null;
    }

    /** The handshake ended: reads are the application's again. */
    void endHandshake() {
        if (deadline != null) {
            deadline.end(transport);
            deadline = null;
        }
    }

    /** Plaintext unwrapped and not yet read, in bytes. */
    int buffered() {
        return appIn.position();
    }

    /** Moves up to {@code len} bytes of the buffered plaintext into {@code b}: how many. */
    int take(byte[] b, int off, int len) {
        appIn.flip();
        int n = Math.min(len, appIn.remaining());
        appIn.get(b, off, n);
        appIn.compact();
        if (appIn.position() == 0) {
            appIn = SocketBuffers.give(appIn);
        }
        return n;
    }

    /**
     * Unwraps one record into {@link #appIn}, reading from the transport until a whole one is
     * there. The caller holds the read lock. EOF from the transport before a record is whole
     * throws {@link EOFException}.
     */
    Status unwrapRecord(AccelSslEngine e) throws IOException {
        try {
            if (netIn.position() == 0
                    && !e.isInboundDone()
                    && e.getHandshakeStatus() == HandshakeStatus.NOT_HANDSHAKING) {
                fill(); // an idle connection waits here, before it borrows room for plaintext
            }
            if (appIn.capacity() == 0) {
                appIn = SocketBuffers.take(SocketBuffers.PLAINTEXT);
            }
            return unwrapOneRecord(e);
        } finally {
            if (netIn.position() == 0) {
                netIn = SocketBuffers.give(netIn);
            }
            if (appIn.position() == 0) {
                appIn = SocketBuffers.give(appIn);
            }
        }
    }

    private Status unwrapOneRecord(AccelSslEngine e) throws IOException {
        while (true) {
            netIn.flip();
            SSLEngineResult r;
            try {
                r = e.unwrap(netIn, appIn);
            } finally {
                netIn.compact();
            }
            switch (r.getStatus()) {
                case BUFFER_UNDERFLOW -> fill();
                case BUFFER_OVERFLOW -> {
                    ByteBuffer bigger = ByteBuffer.allocate(
                            appIn.capacity() + e.getSession().getApplicationBufferSize());
                    appIn.flip();
                    bigger.put(appIn);
                    appIn = bigger;
                }
                default -> {
                    if (r.getHandshakeStatus() == HandshakeStatus.NEED_TASK) {
                        AccelSslSocket.runTasks(e);
                    }
                    return r.getStatus();
                }
            }
        }
    }

    /**
     * As {@link #fillFromTransport()}, each read bounded by the handshake's deadline while a
     * server handshakes under one ({@link HandshakeDeadline}).
     */
    private void fill() throws IOException {
        HandshakeDeadline d = deadline;
        if (d != null) {
            d.beforeRead(transport);
        }
        try {
            fillFromTransport();
        } catch (java.net.SocketTimeoutException t) {
            throw d == null ? t : d.onTimeout(t);
        }
    }

    /**
     * Reads what the transport has (at least one byte) into {@link #netIn}. With nothing buffered
     * and nothing arrived, the wait (an idle connection's) holds no record-sized buffer: the first
     * bytes of the next record go into {@link #waitingFor}, then into a borrowed buffer.
     */
    private void fillFromTransport() throws IOException {
        InputStream in = transport.getInputStream();
        if (netIn.position() == 0 && in.available() == 0) {
            netIn = SocketBuffers.give(netIn);
            int n = in.read(waitingFor, 0, waitingFor.length);
            if (n < 0) {
                throw new EOFException("the peer closed the connection");
            }
            ensureRoom(n);
            netIn.put(waitingFor, 0, n);
            return;
        }
        ensureRoom(1);
        int n = in.read(netIn.array(), netIn.position(), netIn.remaining());
        if (n < 0) {
            throw new EOFException("the peer closed the connection");
        }
        netIn.position(netIn.position() + n);
    }

    /** Room for {@code n} more bytes in {@link #netIn}: a borrowed buffer, or a larger one of its own. */
    private void ensureRoom(int n) {
        if (netIn.remaining() < n) {
            ByteBuffer bigger = netIn.position() + n <= MAX_RECORD
                    ? SocketBuffers.take(MAX_RECORD)
                    : ByteBuffer.allocate(netIn.position() + Math.max(n, MAX_RECORD));
            netIn.flip();
            bigger.put(netIn);
            SocketBuffers.give(netIn);
            netIn = bigger;
        }
    }
}
