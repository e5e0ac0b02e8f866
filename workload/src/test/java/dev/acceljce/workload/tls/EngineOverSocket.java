package dev.acceljce.workload.tls;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;

/**
 * A blocking pump that drives one {@link SSLEngine} over one loopback {@link SocketChannel}: the
 * handshake, application data both ways and close_notify. Blocking reads end when the test's
 * timeout interrupts the thread (the channel is interruptible).
 */
final class EngineOverSocket implements AutoCloseable {
    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

    final SSLEngine engine;
    private final SocketChannel channel;
    private ByteBuffer netIn = ByteBuffer.allocate(1 << 17).flip(); // read mode
    private final ByteBuffer netOut = ByteBuffer.allocate(1 << 17);
    private ByteBuffer appIn = ByteBuffer.allocate(1 << 17); // write mode

    EngineOverSocket(SSLEngine engine, SocketChannel channel) {
        this.engine = engine;
        this.channel = channel;
    }

    /** The handshake; when it fails, the alert the engine queued is sent before the exception goes up. */
    void handshake() throws IOException {
        engine.beginHandshake();
        try {
            while (true) {
                switch (engine.getHandshakeStatus()) {
                    case NEED_WRAP -> wrap(EMPTY);
                    case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> unwrap();
                    case NEED_TASK -> runTasks();
                    case FINISHED, NOT_HANDSHAKING -> {
                        return;
                    }
                }
            }
        } catch (SSLException e) {
            sendAlert();
            throw e;
        }
    }

    private void sendAlert() {
        try {
            while (!engine.isOutboundDone()) {
                netOut.clear();
                SSLEngineResult r = engine.wrap(EMPTY, netOut);
                netOut.flip();
                while (netOut.hasRemaining()) {
                    channel.write(netOut);
                }
                if (r.bytesProduced() == 0) {
                    break;
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // the handshake's own exception is what the caller hears
        }
    }

    void write(String text) throws IOException {
        ByteBuffer src = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        while (src.hasRemaining()) {
            wrap(src);
        }
    }

    /** Reads application data until it contains {@code end} or the peer closes; returns all of it. */
    String readUntil(String end) throws IOException {
        StringBuilder got = new StringBuilder();
        while (!got.toString().contains(end) && !engine.isInboundDone()) {
            SSLEngineResult r = unwrap();
            if (r.getStatus() == SSLEngineResult.Status.CLOSED) {
                break;
            }
            serviceHandshake();
            appIn.flip();
            byte[] b = new byte[appIn.remaining()];
            appIn.get(b);
            appIn.clear();
            got.append(new String(b, StandardCharsets.UTF_8));
        }
        return got.toString();
    }

    /** Post-handshake messages (tickets, key updates, the answer to close_notify). */
    private void serviceHandshake() throws IOException {
        while (true) {
            switch (engine.getHandshakeStatus()) {
                case NEED_WRAP -> wrap(EMPTY);
                case NEED_TASK -> runTasks();
                default -> {
                    return;
                }
            }
        }
    }

    private void runTasks() {
        Runnable t;
        while ((t = engine.getDelegatedTask()) != null) {
            t.run();
        }
    }

    private void wrap(ByteBuffer src) throws IOException {
        netOut.clear();
        SSLEngineResult r = engine.wrap(src, netOut);
        if (r.getStatus() == SSLEngineResult.Status.BUFFER_OVERFLOW) {
            throw new SSLException("wrap: " + r);
        }
        netOut.flip();
        while (netOut.hasRemaining()) {
            channel.write(netOut);
        }
    }

    private SSLEngineResult unwrap() throws IOException {
        while (true) {
            SSLEngineResult r = engine.unwrap(netIn, appIn);
            switch (r.getStatus()) {
                case BUFFER_UNDERFLOW -> {
                    netIn.compact();
                    int n = channel.read(netIn);
                    netIn.flip();
                    if (n < 0) {
                        throw new EOFException("peer closed the socket mid-record: " + r);
                    }
                }
                case BUFFER_OVERFLOW -> throw new SSLException("unwrap: " + r);
                default -> {
                    return r;
                }
            }
        }
    }

    /** Sends close_notify; the socket closes with this object. */
    void closeOutbound() throws IOException {
        engine.closeOutbound();
        while (!engine.isOutboundDone()) {
            wrap(EMPTY);
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
