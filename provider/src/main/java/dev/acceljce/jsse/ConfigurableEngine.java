package dev.acceljce.jsse;

import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BiFunction;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/**
 * The settings half of JSSE's {@link SSLEngine} contract: mode, suites, protocols, client
 * authentication, {@link SSLParameters}, session creation and ALPN's selector, read and set under
 * the engine's lock and kept in {@link TlsParameters} (which checks them and turns them into
 * libssl's settings when the handshake starts). {@link AccelSslEngine} is the state machine; the
 * only thing this class asks it is whether its handshake {@link #started()} (the mode is then
 * fixed).
 */
abstract class ConfigurableEngine extends SSLEngine {
    /** The engine's one lock: wrap, unwrap and every change of state or setting. */
    protected final ReentrantLock lock = new ReentrantLock();
    /** What the caller set: parameters, mode, client authentication. Under {@link #lock}. */
    protected final TlsParameters parameters;

    private boolean sessionCreation = true;
    private BiFunction<SSLEngine, List<String>, String> alpnSelector;

    ConfigurableEngine(AccelSslContext context, String host, int port) {
        super(host, port);
        this.parameters = new TlsParameters(context, false);
    }

    /** Whether the handshake began: the libssl connection exists, and the mode can no longer change. */
    abstract boolean started();

    @Override
    public void setUseClientMode(boolean mode) {
        lock.lock();
        try {
            if (started()) {
                throw new IllegalArgumentException("Cannot change mode after SSL traffic has started");
            }
            parameters.setClientMode(mode);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean getUseClientMode() {
        lock.lock();
        try {
            return parameters.clientMode();
        } finally {
            lock.unlock();
        }
    }

    /** Whether this engine is a client (the lock held, or its mode fixed). */
    boolean clientMode() {
        return parameters.clientMode();
    }

    @Override
    public SSLParameters getSSLParameters() {
        lock.lock();
        try {
            return parameters.get();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void setSSLParameters(SSLParameters p) {
        lock.lock();
        try {
            parameters.set(p);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return TlsNames.supportedSuites().toArray(String[]::new);
    }

    @Override
    public String[] getEnabledCipherSuites() {
        return getSSLParameters().getCipherSuites();
    }

    @Override
    public void setEnabledCipherSuites(String[] suites) {
        lock.lock();
        try {
            parameters.setCipherSuites(suites);
        } finally {
            lock.unlock();
        }
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
        lock.lock();
        try {
            parameters.setProtocols(protocols);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void setNeedClientAuth(boolean need) {
        lock.lock();
        try {
            parameters.setNeedClientAuth(need);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean getNeedClientAuth() {
        return getSSLParameters().getNeedClientAuth();
    }

    @Override
    public void setWantClientAuth(boolean want) {
        lock.lock();
        try {
            parameters.setWantClientAuth(want);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean getWantClientAuth() {
        return getSSLParameters().getWantClientAuth();
    }

    @Override
    public void setEnableSessionCreation(boolean flag) {
        sessionCreation = flag;
    }

    @Override
    public boolean getEnableSessionCreation() {
        return sessionCreation;
    }

    @Override
    public void setHandshakeApplicationProtocolSelector(BiFunction<SSLEngine, List<String>, String> s) {
        alpnSelector = s;
    }

    @Override
    public BiFunction<SSLEngine, List<String>, String> getHandshakeApplicationProtocolSelector() {
        return alpnSelector;
    }

    /** This side's ALPN protocols, for the server's choice (read during the handshake, lock held). */
    String[] localApplicationProtocols() {
        return parameters.current().getApplicationProtocols();
    }
}
