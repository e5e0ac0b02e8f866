package dev.acceljce.jsse;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketOption;
import java.nio.channels.SocketChannel;
import java.util.Set;
import javax.net.ssl.SSLSocket;

/**
 * An {@link SSLSocket} layered over a plain {@link Socket}, the transport, which answers for
 * everything TLS does not change: addresses, binding, socket options, the connected and bound
 * states. What TLS changes (streams, closing, the handshake, its settings) is
 * {@link AccelSslSocket}'s. The {@code Socket} this class inherits from is never connected.
 */
abstract class TransportSocket extends SSLSocket {
    /** The plain socket the records travel over. */
    protected final Socket transport;

    TransportSocket(Socket transport) {
        this.transport = transport;
    }

    @Override
    public void bind(SocketAddress local) throws IOException {
        transport.bind(local);
    }

    @Override
    public boolean isConnected() {
        return transport.isConnected();
    }

    @Override
    public boolean isBound() {
        return transport.isBound();
    }

    @Override
    public InetAddress getInetAddress() {
        return transport.getInetAddress();
    }

    @Override
    public InetAddress getLocalAddress() {
        return transport.getLocalAddress();
    }

    @Override
    public int getPort() {
        return transport.getPort();
    }

    @Override
    public int getLocalPort() {
        return transport.getLocalPort();
    }

    @Override
    public SocketAddress getRemoteSocketAddress() {
        return transport.getRemoteSocketAddress();
    }

    @Override
    public SocketAddress getLocalSocketAddress() {
        return transport.getLocalSocketAddress();
    }

    /** No channel: TLS runs over the streams (as SunJSSE's sockets). */
    @Override
    public SocketChannel getChannel() {
        return null;
    }

    @Override
    public void setTcpNoDelay(boolean on) throws SocketException {
        transport.setTcpNoDelay(on);
    }

    @Override
    public boolean getTcpNoDelay() throws SocketException {
        return transport.getTcpNoDelay();
    }

    @Override
    public void setSoLinger(boolean on, int linger) throws SocketException {
        transport.setSoLinger(on, linger);
    }

    @Override
    public int getSoLinger() throws SocketException {
        return transport.getSoLinger();
    }

    @Override
    public void setSoTimeout(int timeout) throws SocketException {
        transport.setSoTimeout(timeout);
    }

    @Override
    public int getSoTimeout() throws SocketException {
        return transport.getSoTimeout();
    }

    @Override
    public void setSendBufferSize(int size) throws SocketException {
        transport.setSendBufferSize(size);
    }

    @Override
    public int getSendBufferSize() throws SocketException {
        return transport.getSendBufferSize();
    }

    @Override
    public void setReceiveBufferSize(int size) throws SocketException {
        transport.setReceiveBufferSize(size);
    }

    @Override
    public int getReceiveBufferSize() throws SocketException {
        return transport.getReceiveBufferSize();
    }

    @Override
    public void setKeepAlive(boolean on) throws SocketException {
        transport.setKeepAlive(on);
    }

    @Override
    public boolean getKeepAlive() throws SocketException {
        return transport.getKeepAlive();
    }

    @Override
    public void setTrafficClass(int tc) throws SocketException {
        transport.setTrafficClass(tc);
    }

    @Override
    public int getTrafficClass() throws SocketException {
        return transport.getTrafficClass();
    }

    @Override
    public void setReuseAddress(boolean on) throws SocketException {
        transport.setReuseAddress(on);
    }

    @Override
    public boolean getReuseAddress() throws SocketException {
        return transport.getReuseAddress();
    }

    @Override
    public void setPerformancePreferences(int connectionTime, int latency, int bandwidth) {
        transport.setPerformancePreferences(connectionTime, latency, bandwidth);
    }

    @Override
    public <T> Socket setOption(SocketOption<T> name, T value) throws IOException {
        transport.setOption(name, value);
        return this;
    }

    @Override
    public <T> T getOption(SocketOption<T> name) throws IOException {
        return transport.getOption(name);
    }

    @Override
    public Set<SocketOption<?>> supportedOptions() {
        return transport.supportedOptions();
    }

    /** TLS has no urgent data (as SunJSSE). */
    @Override
    public void sendUrgentData(int data) throws SocketException {
        throw new SocketException("This method is not supported by SSLSockets");
    }

    @Override
    public void setOOBInline(boolean on) throws SocketException {
        throw new SocketException(
                "This method is ineffective, since sending urgent data is not supported by SSLSockets");
    }

    @Override
    public boolean getOOBInline() throws SocketException {
        throw new SocketException(
                "This method is ineffective, since sending urgent data is not supported by SSLSockets");
    }
}
