package dev.acceljce.jsse;

import dev.acceljce.libssl.SslContextHandle;
import dev.acceljce.libssl.SslSession;
import java.security.Principal;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSessionBindingEvent;
import javax.net.ssl.SSLSessionBindingListener;
import javax.net.ssl.SSLSessionContext;

/**
 * What one handshake negotiated, as JSSE shows it. The engine fills it while the handshake runs
 * (it is then the handshake session the key and trust managers are given: local certificates
 * once chosen, the peer's chain once received, the requested server names and both sides'
 * signature algorithms) and freezes it when the handshake finishes.
 */
final class AccelSslSession extends ExtendedSSLSession {
    /** The largest record: 16 KiB of plaintext, TLS 1.2's 2 KiB of expansion, the header. */
    static final int PACKET_BUFFER_SIZE = 16384 + 2048 + 5;

    static final int APPLICATION_BUFFER_SIZE = 16384;
    private static final SecureRandom IDS = new SecureRandom();
    /**
     * Random bytes for session ids, drawn 64 ids at a time: one generator call per session was
     * 5% of a resumed handshake's Java time (a TLS 1.3 server session gets a new id each time).
     * Guarded by itself.
     */
    private static final byte[] ID_POOL = new byte[32 * 64];

    private static int idPoolUsed = ID_POOL.length;

    private static void randomId(byte[] b) {
        synchronized (ID_POOL) {
            if (idPoolUsed + b.length > ID_POOL.length) {
                IDS.nextBytes(ID_POOL);
                idPoolUsed = 0;
            }
            System.arraycopy(ID_POOL, idPoolUsed, b, 0, b.length);
            java.util.Arrays.fill(ID_POOL, idPoolUsed, idPoolUsed + b.length, (byte) 0); // handed out once only
            idPoolUsed += b.length;
        }
    }

    private final SSLSessionContext context;
    private final String peerHost;
    private final int peerPort;
    private volatile long creationTime = System.currentTimeMillis();
    private volatile long lastAccessedTime = creationTime;
    private final Map<String, Object> values = new ConcurrentHashMap<>();
    private volatile byte[] id = new byte[0];
    private volatile boolean valid = true;
    volatile String protocol = "NONE";
    volatile String cipherSuite = "SSL_NULL_WITH_NULL_NULL";
    volatile X509Certificate[] localCertificates;
    volatile X509Certificate[] peerCertificates;
    /** What the server stapled: the leaf's OCSP response, or nothing. */
    volatile List<byte[]> statusResponses = List.of();

    volatile List<SNIServerName> requestedServerNames = List.of();
    volatile String[] localSignatureAlgorithms = new String[0];
    volatile String[] peerSignatureAlgorithms = new String[0];

    AccelSslSession(SSLSessionContext context, String peerHost, int peerPort) {
        this.context = context;
        this.peerHost = peerHost;
        this.peerPort = peerPort;
    }

    /**
     * Gives the session its identifier once established: libssl's session id when it has one,
     * else 32 random bytes (as SunJSSE's TLS 1.3 ids).
     */
    void established(byte[] libsslId) {
        byte[] b = libsslId;
        if (b == null || b.length == 0) {
            b = new byte[32];
            randomId(b);
        }
        id = b.clone();
        lastAccessedTime = System.currentTimeMillis();
    }

    /** Server: libssl's session in its session-id cache (TLS 1.2 without tickets), and the context holding it. */
    private volatile SslSession libsslCached;

    private volatile SslContextHandle cachedBy;

    /** Server: the session sits in {@code context}'s session-id cache as {@code s} (owned from now on). */
    void cachedIn(SslContextHandle context, SslSession s) {
        cachedBy = context;
        libsslCached = s;
    }

    /**
     * Server: this session continues a ticket sealed elsewhere (another server sharing the ticket
     * keys, or this one before a restart): its creation time is the one libssl read from the
     * ticket, when that is earlier than now.
     */
    void resumedFromTicket(long createdMillis) {
        if (createdMillis > 0 && createdMillis < creationTime) {
            creationTime = createdMillis;
        }
    }

    /** The connection exports come from (see {@link KeyingMaterialExporter}), held weakly; null before any. */
    private volatile java.lang.ref.WeakReference<KeyingMaterialExporter.Source> exportSource;

    /** A connection established or resumed this session: exports come from it from now on. */
    void exportsFrom(KeyingMaterialExporter.Source source) {
        exportSource = new java.lang.ref.WeakReference<>(source);
    }

    KeyingMaterialExporter.Source exportSource() {
        java.lang.ref.WeakReference<KeyingMaterialExporter.Source> r = exportSource;
        return r == null ? null : r.get();
    }

    /** Some connection was this session's export source (perhaps gone now). */
    boolean exportedBefore() {
        return exportSource != null;
    }

    /** A resumed connection used this session. */
    void touched() {
        lastAccessedTime = System.currentTimeMillis();
    }

    @Override
    public byte[] getId() {
        return id.clone();
    }

    @Override
    public SSLSessionContext getSessionContext() {
        return context;
    }

    @Override
    public long getCreationTime() {
        return creationTime;
    }

    @Override
    public long getLastAccessedTime() {
        return lastAccessedTime;
    }

    @Override
    public void invalidate() {
        valid = false;
        SslSession cached = libsslCached;
        if (cached != null) {
            // tickets are refused by the ticket callback; a session-id resumption is libssl's alone
            try {
                cachedBy.forget(cached);
            } catch (IllegalStateException freed) {
                // the context was freed: nothing can resume the session any more
            }
        }
    }

    @Override
    public boolean isValid() {
        return valid;
    }

    @Override
    public void putValue(String name, Object value) {
        if (name == null || value == null) {
            throw new IllegalArgumentException("arguments can not be null");
        }
        Object old = values.put(name, value);
        if (old instanceof SSLSessionBindingListener l) {
            l.valueUnbound(new SSLSessionBindingEvent(this, name));
        }
        if (value instanceof SSLSessionBindingListener l) {
            l.valueBound(new SSLSessionBindingEvent(this, name));
        }
    }

    @Override
    public Object getValue(String name) {
        if (name == null) {
            throw new IllegalArgumentException("argument can not be null");
        }
        return values.get(name);
    }

    @Override
    public void removeValue(String name) {
        if (name == null) {
            throw new IllegalArgumentException("argument can not be null");
        }
        Object old = values.remove(name);
        if (old instanceof SSLSessionBindingListener l) {
            l.valueUnbound(new SSLSessionBindingEvent(this, name));
        }
    }

    @Override
    public String[] getValueNames() {
        return values.keySet().toArray(String[]::new);
    }

    @Override
    public Certificate[] getPeerCertificates() throws SSLPeerUnverifiedException {
        X509Certificate[] p = peerCertificates;
        if (p == null || p.length == 0) {
            throw new SSLPeerUnverifiedException("peer not authenticated");
        }
        return p.clone();
    }

    @Override
    public Certificate[] getLocalCertificates() {
        X509Certificate[] l = localCertificates;
        return l == null || l.length == 0 ? null : l.clone();
    }

    @Override
    @SuppressWarnings("removal")
    public javax.security.cert.X509Certificate[] getPeerCertificateChain() {
        throw new UnsupportedOperationException("This method is deprecated and marked for removal.");
    }

    @Override
    public Principal getPeerPrincipal() throws SSLPeerUnverifiedException {
        return ((X509Certificate) getPeerCertificates()[0]).getSubjectX500Principal();
    }

    @Override
    public Principal getLocalPrincipal() {
        X509Certificate[] l = localCertificates;
        return l == null || l.length == 0 ? null : l[0].getSubjectX500Principal();
    }

    @Override
    public String getCipherSuite() {
        return cipherSuite;
    }

    @Override
    public String getProtocol() {
        return protocol;
    }

    @Override
    public String getPeerHost() {
        return peerHost;
    }

    @Override
    public int getPeerPort() {
        return peerPort;
    }

    @Override
    public int getPacketBufferSize() {
        return PACKET_BUFFER_SIZE;
    }

    @Override
    public int getApplicationBufferSize() {
        return APPLICATION_BUFFER_SIZE;
    }

    @Override
    public String[] getLocalSupportedSignatureAlgorithms() {
        return localSignatureAlgorithms.clone();
    }

    @Override
    public String[] getPeerSupportedSignatureAlgorithms() {
        return peerSignatureAlgorithms.clone();
    }

    @Override
    public List<SNIServerName> getRequestedServerNames() {
        return new ArrayList<>(requestedServerNames);
    }

    /** A client's: the OCSP response the server stapled for its certificate, when it did (copies). */
    @Override
    public List<byte[]> getStatusResponses() {
        List<byte[]> r = statusResponses;
        List<byte[]> out = new ArrayList<>(r.size());
        for (byte[] b : r) {
            out.add(b.clone());
        }
        return java.util.Collections.unmodifiableList(out);
    }

    /**
     * RFC 5705 / RFC 8446 exported keying material as a key, through the connection that last
     * established or resumed this session, while it is open (see {@link KeyingMaterialExporter}).
     */
    @Override
    public javax.crypto.SecretKey exportKeyingMaterialKey(String keyAlg, String label, byte[] context, int length)
            throws javax.net.ssl.SSLKeyException {
        return KeyingMaterialExporter.key(this, keyAlg, label, context, length);
    }

    /** RFC 5705 / RFC 8446 exported keying material as bytes (see {@link #exportKeyingMaterialKey}). */
    @Override
    public byte[] exportKeyingMaterialData(String label, byte[] context, int length)
            throws javax.net.ssl.SSLKeyException {
        return KeyingMaterialExporter.data(this, label, context, length);
    }

    @Override
    public String toString() {
        return "Session(" + creationTime + "|" + cipherSuite + ")";
    }
}
