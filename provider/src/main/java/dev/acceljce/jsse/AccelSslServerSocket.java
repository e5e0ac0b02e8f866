package dev.acceljce.jsse;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;

/**
 * AccelJCE's {@link SSLServerSocket}: a plain server socket whose {@link #accept()} hands out
 * {@link AccelSslSocket}s in server mode, each with a copy of the settings made here. The
 * handshake runs on the accepted socket's first read, write, {@code getSession} or {@code
 * startHandshake} (as SunJSSE's), so a slow client holds up no {@code accept}.
 */
final class AccelSslServerSocket extends SSLServerSocket {
    private final AccelSslContext context;
    /** What accepted sockets get; guarded by this. */
    private SSLParameters parameters;

    private boolean clientMode;
    private boolean sessionCreation = true;

    AccelSslServerSocket(AccelSslContext context) throws IOException {
        super();
        this.context = context;
        this.parameters = context.defaultParameters(false);
    }

    AccelSslServerSocket(AccelSslContext context, int port, int backlog, InetAddress address) throws IOException {
        super(port, backlog, address);
        this.context = context;
        this.parameters = context.defaultParameters(false);
    }

    @Override
    public Socket accept() throws IOException {
        if (isClosed()) {
            throw new SocketException("Socket is closed");
        }
        if (!isBound()) {
            throw new SocketException("Socket is not bound yet");
        }
        Socket plain = new Socket();
        implAccept(plain);
        try {
            AccelSslSocket s = new AccelSslSocket(context, plain, null, true, getUseClientMode(), null);
            synchronized (this) {
                s.setSSLParameters(parameters);
                s.setEnableSessionCreation(sessionCreation);
            }
            return s;
        } catch (RuntimeException e) {
            plain.close();
            throw e;
        }
    }

    @Override
    public synchronized SSLParameters getSSLParameters() {
        return TlsParameters.copy(parameters);
    }

    @Override
    public synchronized void setSSLParameters(SSLParameters p) {
        // checked as an engine checks them: a bad name fails here, not at the next accept
        TlsParameters checked = new TlsParameters(context, false);
        checked.setClientMode(clientMode);
        checked.set(p);
        parameters = checked.get();
    }

    @Override
    public String[] getEnabledCipherSuites() {
        return getSSLParameters().getCipherSuites();
    }

    @Override
    public void setEnabledCipherSuites(String[] suites) {
        SSLParameters p = getSSLParameters();
        p.setCipherSuites(suites);
        setSSLParameters(p);
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return TlsNames.supportedSuites().toArray(String[]::new);
    }

    @Override
    public String[] getSupportedProtocols() {
        return TlsNames.PROTOCOLS.toArray(String[]::new);
    }

    @Override
    public String[] getEnabledProtocols() {
        return getSSLParameters().getProtocols();
    }

    @Override
    public void setEnabledProtocols(String[] protocols) {
        SSLParameters p = getSSLParameters();
        p.setProtocols(protocols);
        setSSLParameters(p);
    }

    @Override
    public void setNeedClientAuth(boolean need) {
        SSLParameters p = getSSLParameters();
        p.setNeedClientAuth(need);
        setSSLParameters(p);
    }

    @Override
    public boolean getNeedClientAuth() {
        return getSSLParameters().getNeedClientAuth();
    }

    @Override
    public void setWantClientAuth(boolean want) {
        SSLParameters p = getSSLParameters();
        p.setWantClientAuth(want);
        setSSLParameters(p);
    }

    @Override
    public boolean getWantClientAuth() {
        return getSSLParameters().getWantClientAuth();
    }

    @Override
    public synchronized void setUseClientMode(boolean mode) {
        clientMode = mode;
    }

    @Override
    public synchronized boolean getUseClientMode() {
        return clientMode;
    }

    @Override
    public synchronized void setEnableSessionCreation(boolean flag) {
        sessionCreation = flag;
    }

    @Override
    public synchronized boolean getEnableSessionCreation() {
        return sessionCreation;
    }

    @Override
    public String toString() {
        return "AccelJCE-TLS server socket " + super.toString();
    }
}
