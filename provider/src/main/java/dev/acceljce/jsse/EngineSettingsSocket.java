package dev.acceljce.jsse;

import java.net.Socket;
import java.util.List;
import java.util.function.BiFunction;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;

/**
 * An {@link SSLSocket} whose TLS settings (suites, protocols, mode, client authentication,
 * {@link SSLParameters}, ALPN) are those of its engine, read and set there as they are. The
 * engine checks them and refuses a change once its handshake began; {@link AccelSslSocket} drives
 * it.
 */
abstract class EngineSettingsSocket extends TransportSocket {
    private BiFunction<SSLSocket, List<String>, String> alpnSelector;

    EngineSettingsSocket(Socket transport) {
        super(transport);
    }

    /** The engine now: the settings read and set go to it. */
    abstract AccelSslEngine engine();

    @Override
    public SSLSession getHandshakeSession() {
        return engine().getHandshakeSession();
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return engine().getSupportedCipherSuites();
    }

    @Override
    public String[] getEnabledCipherSuites() {
        return engine().getEnabledCipherSuites();
    }

    @Override
    public void setEnabledCipherSuites(String[] suites) {
        engine().setEnabledCipherSuites(suites);
    }

    @Override
    public String[] getSupportedProtocols() {
        return engine().getSupportedProtocols();
    }

    @Override
    public String[] getEnabledProtocols() {
        return engine().getEnabledProtocols();
    }

    @Override
    public void setEnabledProtocols(String[] protocols) {
        engine().setEnabledProtocols(protocols);
    }

    @Override
    public void setUseClientMode(boolean mode) {
        engine().setUseClientMode(mode);
    }

    @Override
    public boolean getUseClientMode() {
        return engine().getUseClientMode();
    }

    @Override
    public void setNeedClientAuth(boolean need) {
        engine().setNeedClientAuth(need);
    }

    @Override
    public boolean getNeedClientAuth() {
        return engine().getNeedClientAuth();
    }

    @Override
    public void setWantClientAuth(boolean want) {
        engine().setWantClientAuth(want);
    }

    @Override
    public boolean getWantClientAuth() {
        return engine().getWantClientAuth();
    }

    @Override
    public void setEnableSessionCreation(boolean flag) {
        engine().setEnableSessionCreation(flag);
    }

    @Override
    public boolean getEnableSessionCreation() {
        return engine().getEnableSessionCreation();
    }

    @Override
    public SSLParameters getSSLParameters() {
        return engine().getSSLParameters();
    }

    @Override
    public void setSSLParameters(SSLParameters params) {
        engine().setSSLParameters(params);
    }

    @Override
    public String getApplicationProtocol() {
        return engine().getApplicationProtocol();
    }

    @Override
    public String getHandshakeApplicationProtocol() {
        return engine().getHandshakeApplicationProtocol();
    }

    @Override
    public void setHandshakeApplicationProtocolSelector(BiFunction<SSLSocket, List<String>, String> selector) {
        alpnSelector = selector;
        engine().setHandshakeApplicationProtocolSelector(
                        selector == null ? null : (engine, offered) -> selector.apply(this, offered));
    }

    @Override
    public BiFunction<SSLSocket, List<String>, String> getHandshakeApplicationProtocolSelector() {
        return alpnSelector;
    }
}
