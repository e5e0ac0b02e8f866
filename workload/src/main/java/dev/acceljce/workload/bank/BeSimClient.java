package dev.acceljce.workload.bank;

import dev.acceljce.workload.tls.TlsContexts;
import dev.acceljce.workload.tls.TlsSetting;
import dev.acceljce.workload.wire.Http1;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

/**
 * The bank's client of BeSim. {@link #newConnectionPerCall} is EEJS's set-up: every call opens a
 * new TLS connection and does a full handshake (the session is invalidated after the call, so
 * it is never resumed). {@link #pooled} keeps up to {@code size} connections open and reuses them.
 */
public abstract sealed class BeSimClient {
    final SSLContext context;
    final TlsSetting tls;
    final int port;

    private final java.util.concurrent.atomic.LongAdder connections = new java.util.concurrent.atomic.LongAdder();

    BeSimClient(SSLContext context, TlsSetting tls, int port) {
        this.context = context;
        this.tls = tls;
        this.port = port;
    }

    public static BeSimClient newConnectionPerCall(SSLContext context, TlsSetting tls, int port) {
        return new NewConnection(context, tls, port);
    }

    public static BeSimClient pooled(SSLContext context, TlsSetting tls, int port, int size) {
        return new Pooled(context, tls, port, size);
    }

    /** One BeSim request; returns the reply's length. */
    public abstract int call(String operation) throws IOException;

    /** "new-connection" or "pooled". */
    public abstract String mode();

    /** Connections opened to BeSim so far, each a full handshake with the bank as the client. */
    public long connections() {
        return connections.sum();
    }

    public void reset() {
        connections.reset();
    }

    Connection open() throws IOException {
        connections.increment();
        SSLSocket s = (SSLSocket) context.getSocketFactory().createSocket(InetAddress.getLoopbackAddress(), port);
        s.setSSLParameters(TlsContexts.restrict(s.getSSLParameters(), tls));
        s.setTcpNoDelay(true);
        return new Connection(
                s,
                new BufferedInputStream(s.getInputStream(), 2048),
                new BufferedOutputStream(s.getOutputStream(), 512));
    }

    record Connection(SSLSocket socket, InputStream in, OutputStream out) {
        int get(String path, boolean close) throws IOException {
            Http1.writeGet(out, path, null, close);
            return Http1.readReply(in).length();
        }

        void close() {
            try {
                socket.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
    }

    static final class NewConnection extends BeSimClient {
        NewConnection(SSLContext context, TlsSetting tls, int port) {
            super(context, tls, port);
        }

        @Override
        public int call(String operation) throws IOException {
            Connection c = open();
            try {
                return c.get("/besim/" + operation, true);
            } finally {
                c.socket().getSession().invalidate(); // never resumed: every call is a full handshake
                c.close();
            }
        }

        @Override
        public String mode() {
            return "new-connection";
        }
    }

    static final class Pooled extends BeSimClient {
        private final BlockingQueue<Connection> idle;

        Pooled(SSLContext context, TlsSetting tls, int port, int size) {
            super(context, tls, port);
            this.idle = new ArrayBlockingQueue<>(size);
        }

        @Override
        public int call(String operation) throws IOException {
            Connection c = idle.poll();
            if (c == null) {
                c = open();
            }
            try {
                int n = c.get("/besim/" + operation, false);
                if (!idle.offer(c)) {
                    c.close();
                }
                return n;
            } catch (IOException e) {
                c.close();
                throw e;
            }
        }

        @Override
        public String mode() {
            return "pooled";
        }
    }
}
