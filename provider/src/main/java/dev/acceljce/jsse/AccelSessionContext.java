package dev.acceljce.jsse;

import java.util.Collections;
import java.util.Enumeration;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSessionContext;

/**
 * The sizes and timeouts of a side's sessions, as {@code SSLContext} hands them out. Sessions are
 * not kept here yet: resumption (libssl's cache and TLS 1.3 tickets) is still to be built, so
 * {@link #getIds()} is empty and {@link #getSession(byte[])} finds nothing.
 */
final class AccelSessionContext implements SSLSessionContext {
    private volatile int timeout = 86400;
    private volatile int cacheSize = 20480;

    @Override
    public SSLSession getSession(byte[] sessionId) {
        if (sessionId == null) {
            throw new NullPointerException("session id cannot be null");
        }
        return null;
    }

    @Override
    public Enumeration<byte[]> getIds() {
        return Collections.emptyEnumeration();
    }

    @Override
    public void setSessionTimeout(int seconds) {
        if (seconds < 0) {
            throw new IllegalArgumentException("seconds < 0");
        }
        timeout = seconds;
    }

    @Override
    public int getSessionTimeout() {
        return timeout;
    }

    @Override
    public void setSessionCacheSize(int size) {
        if (size < 0) {
            throw new IllegalArgumentException("size < 0");
        }
        cacheSize = size;
    }

    @Override
    public int getSessionCacheSize() {
        return cacheSize;
    }
}
