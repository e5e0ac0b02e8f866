package dev.acceljce.jsse;

import java.io.IOException;
import java.net.Socket;
import java.nio.ByteBuffer;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;

/**
 * The writing side of an {@link AccelSslSocket}: wraps what the engine gives into records and
 * writes them to the transport, several records per write. Every call is made with the socket's
 * write lock held; this class takes no lock. Its buffer is borrowed from {@link SocketBuffers}
 * for one call and given back, so an idle socket holds none.
 */
final class OutboundRecords {
    /** A record's largest size on the wire: header, 2^14 of data, 2 KiB of expansion. */
    private static final int MAX_RECORD = SocketBuffers.RECORD;

    private final Socket transport;
    /** Records wrapped and not yet written, during a call; else {@link SocketBuffers#NONE}. */
    private ByteBuffer netOut = SocketBuffers.NONE;

    OutboundRecords(Socket transport) {
        this.transport = transport;
    }

    /**
     * Wraps all the engine gives for {@code src} (or its pending handshake or alert records when
     * {@code src} is empty) and writes it to the transport, four records per write at most. The
     * caller holds the write lock.
     */
    SSLEngineResult wrapAndSend(AccelSslEngine e, ByteBuffer src) throws IOException {
        netOut = SocketBuffers.take(SocketBuffers.WRITE_BATCH);
        try {
            return wrapAndSendBatches(e, src);
        } finally {
            netOut = SocketBuffers.give(netOut);
        }
    }

    private SSLEngineResult wrapAndSendBatches(AccelSslEngine e, ByteBuffer src) throws IOException {
        SSLEngineResult r;
        while (true) {
            r = e.wrap(src, netOut);
            if (r.getStatus() == Status.BUFFER_OVERFLOW) {
                if (netOut.position() == 0) {
                    netOut = ByteBuffer.allocate(netOut.capacity() * 2);
                    continue;
                }
                flush();
                continue;
            }
            boolean more = r.getStatus() == Status.OK
                    && (src.hasRemaining()
                            || r.getHandshakeStatus() == HandshakeStatus.NEED_WRAP && r.bytesProduced() > 0);
            if (!more) {
                break;
            }
            if (netOut.remaining() < MAX_RECORD) {
                flush();
            }
        }
        flush();
        return r;
    }

    /** Writes what {@link #netOut} holds; the transport is not touched when that is nothing. */
    private void flush() throws IOException {
        netOut.flip();
        if (netOut.hasRemaining()) {
            transport.getOutputStream().write(netOut.array(), netOut.position(), netOut.remaining());
        }
        netOut.clear();
    }
}
