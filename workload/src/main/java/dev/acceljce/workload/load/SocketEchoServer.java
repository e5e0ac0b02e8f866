package dev.acceljce.workload.load;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSocket;

/**
 * An {@code SSLServerSocket} on 127.0.0.1, each accepted connection served by a virtual thread:
 * handshake, then echo length-prefixed messages ({@link Frames}) until the peer closes.
 */
final class SocketEchoServer implements AutoCloseable {
    private final SSLServerSocket server;
    private final ServerStats stats;
    private final int idleTimeoutMillis;
    private final Thread acceptor;

    SocketEchoServer(SSLServerSocketFactory factory, int port, int idleTimeoutMillis, ServerStats stats)
            throws IOException {
        this.server = (SSLServerSocket) factory.createServerSocket(port, 8192, InetAddress.getLoopbackAddress());
        server.setEnabledProtocols(new String[] {"TLSv1.3"});
        this.stats = stats;
        this.idleTimeoutMillis = idleTimeoutMillis;
        this.acceptor = Thread.ofPlatform().name("acceptor").daemon().start(this::acceptLoop);
    }

    int port() {
        return server.getLocalPort();
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                stats.accepted.increment();
                Thread.ofVirtual().start(() -> serve((SSLSocket) s));
            } catch (IOException | RuntimeException e) {
                // out of descriptors, or a stack that cannot make its native connection: the
                // server goes on (Conscrypt throws a RuntimeException from accept)
                if (!server.isClosed()) {
                    stats.failed(e);
                    try {
                        Thread.sleep(10);
                    } catch (InterruptedException stop) {
                        return;
                    }
                }
            }
        }
    }

    private void serve(SSLSocket s) {
        stats.open.incrementAndGet();
        try (s) {
            s.setSoTimeout(idleTimeoutMillis);
            long started = System.currentTimeMillis();
            s.startHandshake();
            stats.handshake(started, s.getSession().getCreationTime());
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            DataInputStream data = new DataInputStream(in);
            while (true) {
                byte[] message;
                try {
                    message = Frames.read(data);
                } catch (EOFException end) {
                    stats.closedCleanly.increment();
                    break;
                }
                out.write(Frames.frame(message));
                out.flush();
                stats.echoes.increment();
            }
        } catch (Throwable t) {
            stats.failed(t);
            for (Throwable closing : t.getSuppressed()) {
                stats.failed(closing); // what close() threw after the connection failed
            }
        } finally {
            stats.open.decrementAndGet();
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        acceptor.interrupt();
    }
}
