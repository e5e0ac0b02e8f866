package dev.acceljce.jsse;

import dev.acceljce.libssl.SslContextHandle;
import dev.acceljce.libssl.SslPrivateKey;
import java.lang.ref.WeakReference;
import java.security.KeyManagementException;
import java.security.KeyStore;
import java.security.KeyStoreException;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.WeakHashMap;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContextSpi;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.X509KeyManager;
import javax.net.ssl.X509TrustManager;

/**
 * AccelJCE's {@code SSLContext}: one libssl {@code SSL_CTX} and the Java key and trust managers
 * its engines consult on every handshake. The subclasses only say which protocols are on by
 * default.
 *
 * <p>libssl draws its randomness from AWS-LC's own generator: the {@link SecureRandom} given to
 * {@code init} is not used (as in Conscrypt).
 */
public abstract class AccelSslContext extends SSLContextSpi {
    private final List<String> clientProtocols;
    private final List<String> serverProtocols;
    /** Whether the jdk.tls.client/server.protocols properties apply (SunJSSE: its TLS and Default contexts). */
    private final boolean customizable;
    /** Whether clients ask for stapled OCSP responses (status_request). */
    private final boolean clientStapling = TlsPolicy.clientStapling();

    /** A server's OCSP stapling (jdk.tls.server.enableStatusRequestExtension, jdk.tls.stapling.*), read now. */
    private final dev.acceljce.jsse.ocsp.OcspStapler stapler = new dev.acceljce.jsse.ocsp.OcspStapler();

    private volatile TlsPolicy.Disabled disabled = TlsPolicy.Disabled.current();
    /** acceljce.tls.inlineTasks as it was when this context was made or initialised. */
    private volatile boolean inlineEngineTasks = TlsPolicy.inlineEngineTasks();

    private volatile SslContextHandle handle;
    private volatile X509ExtendedKeyManager keyManager;
    private volatile X509TrustManager trustManager;
    private final AccelSessionContext clientSessions = new AccelSessionContext();
    /** Keys as libssl holds them, per key object (identity is what a key manager hands out again). */
    private final Map<PrivateKey, Optional<SslPrivateKey>> nativeKeys = new WeakHashMap<>();
    /** The key {@link #nativeKey} was last asked for (weakly, as the map holds it). */
    private record LastKey(WeakReference<PrivateKey> key, Optional<SslPrivateKey> parsed) {}

    private volatile LastKey lastKey;

    private final AccelSessionContext serverSessions = new AccelSessionContext();

    AccelSslContext(List<String> clientProtocols, List<String> serverProtocols, boolean customizable) {
        if (customizable && TlsPolicy.protocolPropertyError() != null) {
            // as SunJSSE's TLS and Default contexts: getInstance fails (NoSuchAlgorithmException)
            throw new IllegalArgumentException(TlsPolicy.protocolPropertyError());
        }
        this.clientProtocols = clientProtocols;
        this.serverProtocols = serverProtocols;
        this.customizable = customizable;
        serverSessions.stapler(stapler);
    }

    @Override
    protected void engineInit(KeyManager[] km, TrustManager[] tm, SecureRandom random) throws KeyManagementException {
        X509ExtendedKeyManager k = null;
        if (km != null) {
            for (KeyManager m : km) {
                if (m instanceof X509ExtendedKeyManager x) {
                    k = x;
                    break;
                }
                if (m instanceof X509KeyManager x) {
                    k = new KeyManagerAdapter(x);
                    break;
                }
            }
        }
        X509TrustManager t = null;
        if (tm != null) {
            for (TrustManager m : tm) {
                if (m instanceof X509TrustManager x) {
                    t = x;
                    break;
                }
            }
        }
        if (t == null) {
            t = defaultTrustManager();
        }
        try {
            SslContextHandle h = SslContextHandle.create();
            h.setClientCertificateAuthorities(certificateAuthorities(t));
            if (TlsPolicy.certificateCompression()) {
                h.enableCertificateCompression();
            }
            h.setServerTicketCount(TlsPolicy.serverTicketCount());
            serverSessions.attach(h);
            handle = h;
        } catch (RuntimeException e) {
            throw new KeyManagementException("libssl could not make a context: " + e.getMessage(), e);
        }
        try {
            TlsTicketKeys.applyDeploymentProperties(serverSessions); // acceljce.tls.ticketKeys.file
        } catch (Exception e) {
            throw new KeyManagementException("session ticket keys: " + e.getMessage(), e);
        }
        keyManager = k;
        trustManager = t;
        // jdk.tls.disabledAlgorithms as it stands now: a Security.setProperty before init is seen
        disabled = TlsPolicy.Disabled.current();
        inlineEngineTasks = TlsPolicy.inlineEngineTasks();
    }

    /**
     * The names a server's CertificateRequest lists: the trust manager's accepted issuers (SunJSSE
     * asks it per handshake; here once, at init). None when they would not fit the message's
     * 16-bit list, as SunJSSE then leaves them out too (no list at all names no CA in particular).
     */
    private static List<byte[]> certificateAuthorities(X509TrustManager t) {
        X509Certificate[] accepted = t.getAcceptedIssuers();
        List<byte[]> names = new ArrayList<>();
        int size = 0;
        for (X509Certificate ca : accepted == null ? new X509Certificate[0] : accepted) {
            byte[] name = ca.getSubjectX500Principal().getEncoded();
            size += 2 + name.length;
            if (size > 0xFFFF) {
                return List.of();
            }
            names.add(name);
        }
        return names;
    }

    private static X509TrustManager defaultTrustManager() throws KeyManagementException {
        try {
            TrustManagerFactory f = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            f.init((KeyStore) null);
            for (TrustManager m : f.getTrustManagers()) {
                if (m instanceof X509TrustManager x) {
                    return x;
                }
            }
            throw new KeyManagementException("the default TrustManagerFactory has no X509TrustManager");
        } catch (NoSuchAlgorithmException | KeyStoreException e) {
            throw new KeyManagementException("no default trust manager: " + e.getMessage(), e);
        }
    }

    /** The default key manager (javax.net.ssl.keyStore ...), for the Default context. */
    static X509ExtendedKeyManager defaultKeyManager() throws KeyManagementException {
        try {
            KeyManagerFactory f = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            String path = System.getProperty("javax.net.ssl.keyStore");
            if (path == null || path.isEmpty() || "NONE".equals(path)) {
                return null;
            }
            String type = System.getProperty("javax.net.ssl.keyStoreType", KeyStore.getDefaultType());
            String password = System.getProperty("javax.net.ssl.keyStorePassword", "");
            KeyStore ks = KeyStore.getInstance(type);
            try (var in = java.nio.file.Files.newInputStream(java.nio.file.Path.of(path))) {
                ks.load(in, password.toCharArray());
            }
            f.init(ks, password.toCharArray());
            for (KeyManager m : f.getKeyManagers()) {
                if (m instanceof X509ExtendedKeyManager x) {
                    return x;
                }
            }
            return null;
        } catch (Exception e) {
            throw new KeyManagementException("the default key store could not be read: " + e.getMessage(), e);
        }
    }

    /**
     * libssl's form of {@code key}, parsed once per key object and kept while the key is (weakly
     * keyed: the key manager's key dropped, the native copy goes with it); null for a key libssl
     * cannot hold (no PKCS#8 encoding: a token's; or a type it does not read), which then signs
     * through the JCA.
     */
    SslPrivateKey nativeKey(PrivateKey key) {
        // the same key object as last time first: a key's hashCode (the map's lookup) may encode
        // the key (AccelJCE's keys hash their PKCS#8 form), which cost every handshake an encoding
        LastKey last = lastKey;
        if (last != null && last.key().refersTo(key)) {
            return last.parsed().orElse(null);
        }
        synchronized (nativeKeys) {
            Optional<SslPrivateKey> cached = nativeKeys.get(key);
            if (cached != null) {
                lastKey = new LastKey(new WeakReference<>(key), cached);
                return cached.orElse(null);
            }
        }
        SslPrivateKey parsed = null;
        if ("PKCS#8".equalsIgnoreCase(key.getFormat())) {
            byte[] pkcs8 = key.getEncoded();
            if (pkcs8 != null) {
                try {
                    parsed = SslPrivateKey.parse(pkcs8);
                } finally {
                    Arrays.fill(pkcs8, (byte) 0);
                }
            }
        }
        synchronized (nativeKeys) {
            nativeKeys.put(key, Optional.ofNullable(parsed));
        }
        lastKey = new LastKey(new WeakReference<>(key), Optional.ofNullable(parsed));
        return parsed;
    }

    SslContextHandle handle() {
        SslContextHandle h = handle;
        if (h == null) {
            throw new IllegalStateException("SSLContext is not initialized");
        }
        return h;
    }

    X509ExtendedKeyManager keyManager() {
        return keyManager;
    }

    X509TrustManager trustManager() {
        return trustManager;
    }

    dev.acceljce.jsse.ocsp.OcspStapler stapler() {
        return stapler;
    }

    boolean clientStapling() {
        return clientStapling;
    }

    AccelSessionContext sessionContext(boolean client) {
        return client ? clientSessions : serverSessions;
    }

    /** The named groups enabled by default: {@code jdk.tls.namedGroups} when set, else the side's built-in list. */
    String[] namedGroups(boolean client) {
        return namedGroups(client, System.getProperty("jdk.tls.namedGroups"));
    }

    private static String[] namedGroups(boolean client, String property) {
        if (property != null && !property.isBlank()) {
            return property.replace("\"", "").trim().split("\\s*,\\s*");
        }
        return (client ? TlsNames.CLIENT_GROUPS : TlsNames.SERVER_GROUPS).toArray(String[]::new);
    }

    /** Whether this context's engines run callbacks' work inside the callbacks (see {@link TlsPolicy#inlineEngineTasks()}). */
    boolean inlineEngineTasks() {
        return inlineEngineTasks;
    }

    /** jdk.tls.disabledAlgorithms as it was when this context was initialised. */
    TlsPolicy.Disabled disabled() {
        return disabled;
    }

    /**
     * A side's enabled protocols, suites and groups by default, worked out once per setting of
     * {@code jdk.tls.disabledAlgorithms} (at init) and {@code jdk.tls.namedGroups}: every engine
     * starts from them, and filtering the suites through the policy per engine was a tenth of a
     * resumed handshake's time. The arrays are never handed out, only copies.
     */
    record Defaults(
            TlsPolicy.Disabled off, String groupsProperty, String[] protocols, String[] suites, String[] groups) {
        boolean sameProtocols(String[] p) {
            return Arrays.equals(protocols, p);
        }

        boolean sameSuites(String[] s) {
            return Arrays.equals(suites, s);
        }

        boolean sameGroups(String[] g) {
            return Arrays.equals(groups, g);
        }
    }

    private volatile Defaults clientDefaults, serverDefaults;

    Defaults defaults(boolean client) {
        TlsPolicy.Disabled off = disabled;
        String groupsProperty = System.getProperty("jdk.tls.namedGroups");
        Defaults d = client ? clientDefaults : serverDefaults;
        if (d != null && d.off() == off && Objects.equals(d.groupsProperty(), groupsProperty)) {
            return d;
        }
        d = computeDefaults(client, off, groupsProperty);
        if (client) {
            clientDefaults = d;
        } else {
            serverDefaults = d;
        }
        return d;
    }

    private Defaults computeDefaults(boolean client, TlsPolicy.Disabled off, String groupsProperty) {
        List<String> protocols = client ? clientProtocols : serverProtocols;
        if (customizable && TlsPolicy.customizedProtocols(client) != null) {
            protocols = TlsPolicy.customizedProtocols(client);
        }
        List<String> suites = TlsPolicy.customizedSuites(client);
        if (suites == null) {
            suites = TlsNames.defaultSuites();
        }
        // as SunJSSE: what jdk.tls.disabledAlgorithms turns off is not enabled, and only the suites
        // the side's protocols can use are
        List<String> enabled = new java.util.ArrayList<>();
        for (String v : protocols) {
            if (!off.protocol(v)) {
                enabled.add(v);
            }
        }
        boolean tls13 = enabled.contains(TlsNames.TLS13), tls12 = enabled.contains(TlsNames.TLS12);
        List<String> usable = new java.util.ArrayList<>();
        for (String s : suites) {
            if ((TlsNames.isTls13Suite(s) ? tls13 : tls12) && !off.suite(s)) {
                usable.add(s);
            }
        }
        return new Defaults(
                off,
                groupsProperty,
                enabled.toArray(String[]::new),
                usable.toArray(String[]::new),
                namedGroups(client, groupsProperty));
    }

    /** A new SSLParameters holding the side's defaults (the caller's to change). */
    SSLParameters defaultParameters(boolean client) {
        Defaults d = defaults(client);
        SSLParameters p = new SSLParameters(d.suites(), d.protocols()); // copies both arrays
        p.setNamedGroups(d.groups()); // copies
        p.setUseCipherSuitesOrder(true); // as SunJSSE: a server's order decides
        p.setSignatureSchemes(TlsNames.defaultSchemes());
        return p;
    }

    @Override
    protected SSLEngine engineCreateSSLEngine() {
        handle();
        return new AccelSslEngine(this, null, -1);
    }

    @Override
    protected SSLEngine engineCreateSSLEngine(String host, int port) {
        handle();
        return new AccelSslEngine(this, host, port);
    }

    @Override
    protected SSLSocketFactory engineGetSocketFactory() {
        handle();
        return new AccelSslSocketFactory(this);
    }

    @Override
    protected SSLServerSocketFactory engineGetServerSocketFactory() {
        handle();
        return new AccelSslServerSocketFactory(this);
    }

    @Override
    protected SSLSessionContext engineGetServerSessionContext() {
        return serverSessions;
    }

    @Override
    protected SSLSessionContext engineGetClientSessionContext() {
        return clientSessions;
    }

    @Override
    protected SSLParameters engineGetDefaultSSLParameters() {
        return defaultParameters(false);
    }

    @Override
    protected SSLParameters engineGetSupportedSSLParameters() {
        SSLParameters p = new SSLParameters(
                TlsNames.supportedSuites().toArray(String[]::new), TlsNames.PROTOCOLS.toArray(String[]::new));
        p.setNamedGroups(TlsNames.supportedGroups().toArray(String[]::new));
        return p;
    }

    /** {@code SSLContext.getInstance("TLS")} and {@code "TLSv1.3"}: TLS 1.3 and 1.2 on both sides. */
    public static final class Tls extends AccelSslContext {
        public Tls() {
            super(TlsNames.PROTOCOLS, TlsNames.PROTOCOLS, true);
        }
    }

    /** {@code "TLSv1.2"}: a client offers TLS 1.2 only, a server still takes 1.3 (as SunJSSE). */
    public static final class Tls12 extends AccelSslContext {
        public Tls12() {
            super(List.of(TlsNames.TLS12), TlsNames.PROTOCOLS, false);
        }
    }

    /** {@code "Default"}: initialised on creation from the javax.net.ssl system properties. */
    public static final class Default extends AccelSslContext {
        public Default() throws KeyManagementException {
            super(TlsNames.PROTOCOLS, TlsNames.PROTOCOLS, true);
            super.engineInit(new KeyManager[] {defaultKeyManager()}, null, null);
        }

        @Override
        protected void engineInit(KeyManager[] km, TrustManager[] tm, SecureRandom random)
                throws KeyManagementException {
            throw new KeyManagementException("Default SSLContext is initialized automatically");
        }
    }
}
