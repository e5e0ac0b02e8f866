package dev.acceljce.jsse;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import javax.net.ssl.SSLServerSocketFactory;

/** The server sockets of an {@link AccelSslContext}. */
final class AccelSslServerSocketFactory extends SSLServerSocketFactory {
    private final AccelSslContext context;

    AccelSslServerSocketFactory(AccelSslContext context) {
        this.context = context;
    }

    @Override
    public String[] getDefaultCipherSuites() {
        return context.defaultParameters(false).getCipherSuites();
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return TlsNames.supportedSuites().toArray(String[]::new);
    }

    /** An unbound server socket: {@code bind} gives it its address. */
    @Override
    public ServerSocket createServerSocket() throws IOException {
        return new AccelSslServerSocket(context);
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return new AccelSslServerSocket(context, port, 50, null);
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog) throws IOException {
        return new AccelSslServerSocket(context, port, backlog, null);
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog, InetAddress address) throws IOException {
        return new AccelSslServerSocket(context, port, backlog, address);
    }
}
