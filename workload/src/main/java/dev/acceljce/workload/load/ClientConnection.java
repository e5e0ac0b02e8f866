package dev.acceljce.workload.load;

import dev.acceljce.workload.wire.Http1;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLSocket;

/**
 * One client connection of the load tools: a TCP socket to 127.0.0.1 with SunJSSE layered over
 * it, so the tools can also drop the TCP connection under TLS (no close_notify, a reset). Speaks
 * the sockets server's framed echo or HTTP/1.1 POSTs to Jetty.
 */
final class ClientConnection implements AutoCloseable {
    private static final int CONNECT_TIMEOUT_MILLIS = 30_000;

    final Socket raw;
    final SSLSocket tls;
    private final boolean http;
    private InputStream in;
    private OutputStream out;

    private ClientConnection(Socket raw, SSLSocket tls, boolean http) {
        this.raw = raw;
        this.tls = tls;
        this.http = http;
    }

    /**
     * Connects and handshakes. {@code peerName} keys the client's session cache: the same name
     * resumes the session its context cached, a new one forces a full handshake.
     */
    static ClientConnection open(SSLContext context, int port, String peerName, boolean http, int readTimeoutMillis)
            throws IOException {
        Socket raw = connect(port, readTimeoutMillis);
        try {
            SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(raw, peerName, port, true);
            tls.setEnabledProtocols(new String[] {"TLSv1.3"});
            tls.startHandshake();
            return new ClientConnection(raw, tls, http);
        } catch (IOException | RuntimeException e) {
            raw.setSoLinger(true, 0);
            raw.close();
            throw e;
        }
    }

    static Socket connect(int port, int readTimeoutMillis) throws IOException {
        Socket raw = new Socket();
        try {
            raw.setTcpNoDelay(true);
            raw.setSoTimeout(readTimeoutMillis);
            raw.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), CONNECT_TIMEOUT_MILLIS);
            return raw;
        } catch (IOException e) {
            raw.close();
            throw e;
        }
    }

    private void streams() throws IOException {
        if (in == null) {
            in = new BufferedInputStream(tls.getInputStream(), 2048);
            out = tls.getOutputStream();
        }
    }

    /** Sends one message of {@code payload} and waits for it to come back. */
    void echo(byte[] payload) throws IOException {
        send(payload);
        receive(payload.length);
    }

    void send(byte[] payload) throws IOException {
        streams();
        if (http) {
            byte[] head = ("POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " + payload.length + "\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1);
            byte[] all = new byte[head.length + payload.length];
            System.arraycopy(head, 0, all, 0, head.length);
            System.arraycopy(payload, 0, all, head.length, payload.length);
            out.write(all);
        } else {
            out.write(Frames.frame(payload));
        }
        out.flush();
    }

    void receive(int length) throws IOException {
        if (http) {
            Http1.Reply reply = Http1.readReply(in);
            if (reply.status() != 200 || reply.length() != length) {
                throw new IOException("echo answered " + reply.status() + " with " + reply.length() + " bytes");
            }
        } else {
            byte[] back = Frames.read(new DataInputStream(in));
            if (back.length != length) {
                throw new IOException("echo returned " + back.length + " of " + length + " bytes");
            }
        }
    }

    /** Ends the TCP connection under TLS with a FIN: no close_notify. */
    void dropWithoutCloseNotify() throws IOException {
        raw.close();
    }

    /** Ends the TCP connection with a reset (SO_LINGER 0): no close_notify, no FIN. */
    void reset() throws IOException {
        raw.setSoLinger(true, 0);
        raw.close();
    }

    /** Closes TLS (close_notify) and the socket. */
    @Override
    public void close() throws IOException {
        tls.close();
    }

    /**
     * A peer that vanishes in the middle of a handshake: sends its ClientHello, reads the start of
     * the server's first flight, then resets the connection without a word.
     */
    static void vanishMidHandshake(SSLContext context, int port, String peerName, int readTimeoutMillis)
            throws IOException {
        try (Socket raw = connect(port, readTimeoutMillis)) {
            SSLEngine engine = context.createSSLEngine(peerName, port);
            engine.setUseClientMode(true);
            engine.setEnabledProtocols(new String[] {"TLSv1.3"});
            ByteBuffer hello = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
            SSLEngineResult r = engine.wrap(ByteBuffer.allocate(0), hello);
            if (r.getStatus() != SSLEngineResult.Status.OK) {
                throw new IOException("ClientHello not made: " + r);
            }
            raw.getOutputStream().write(hello.array(), 0, hello.position());
            raw.getOutputStream().flush();
            if (raw.getInputStream().read(new byte[512]) < 0) {
                throw new IOException("the server closed before its first flight");
            }
            raw.setSoLinger(true, 0);
        }
    }
}
