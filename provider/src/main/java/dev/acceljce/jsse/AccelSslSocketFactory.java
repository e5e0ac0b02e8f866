package dev.acceljce.jsse;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.util.Objects;
import javax.net.ssl.SSLSocketFactory;

/**
 * The client sockets of an {@link AccelSslContext}: {@link AccelSslSocket}s over a plain socket
 * this factory connects, or over one the caller gives (layered, e.g. after a proxy's CONNECT).
 */
final class AccelSslSocketFactory extends SSLSocketFactory {
    private final AccelSslContext context;

    AccelSslSocketFactory(AccelSslContext context) {
        this.context = context;
    }

    @Override
    public String[] getDefaultCipherSuites() {
        return context.defaultParameters(true).getCipherSuites();
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return TlsNames.supportedSuites().toArray(String[]::new);
    }

    /** An unconnected client socket: {@code connect} gives it its peer. */
    @Override
    public Socket createSocket() {
        return new AccelSslSocket(context, new Socket(), null, true, true, null);
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return connected(host, new InetSocketAddress(host, port), null);
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return connected(host, new InetSocketAddress(host, port), new InetSocketAddress(localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return connected(null, new InetSocketAddress(host, port), null);
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        return connected(null, new InetSocketAddress(address, port), new InetSocketAddress(localAddress, localPort));
    }

    private Socket connected(String host, InetSocketAddress peer, InetSocketAddress local) throws IOException {
        Socket plain = new Socket();
        try {
            if (local != null) {
                plain.bind(local);
            }
            plain.connect(peer);
            return new AccelSslSocket(context, plain, host, true, true, null);
        } catch (IOException | RuntimeException e) {
            plain.close();
            throw e;
        }
    }

    /** A client socket over {@code s}, already connected; {@code host} names the peer (SNI, identity). */
    @Override
    public Socket createSocket(Socket s, String host, int port, boolean autoClose) throws IOException {
        Objects.requireNonNull(s, "the underlying socket is null");
        if (!s.isConnected()) {
            throw new SocketException("Underlying socket is not connected");
        }
        return new AccelSslSocket(context, s, host, autoClose, true, null);
    }

    /**
     * A server socket over {@code s}, whose first bytes the caller already read ({@code
     * consumed}, e.g. to look at the ClientHello's SNI before choosing the context).
     */
    @Override
    public Socket createSocket(Socket s, InputStream consumed, boolean autoClose) throws IOException {
        Objects.requireNonNull(s, "the underlying socket is null");
        if (!s.isConnected()) {
            throw new SocketException("Underlying socket is not connected");
        }
        byte[] first = consumed == null ? null : consumed.readAllBytes();
        return new AccelSslSocket(context, s, null, autoClose, false, first);
    }
}
