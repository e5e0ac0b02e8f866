package dev.acceljce.jsse;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.acceljce.awslc.AwsLcErrors;
import dev.acceljce.control.Counters;
import dev.acceljce.keys.Curves;
import dev.acceljce.libssl.SslCallbacks;
import dev.acceljce.libssl.SslConnection;
import dev.acceljce.libssl.SslPrivateKey;
import dev.acceljce.libssl.SslSession;
import dev.acceljce.libssl.TicketKeys;
import java.io.ByteArrayInputStream;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertPathValidatorException.BasicReason;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.security.spec.AlgorithmParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;
import javax.security.auth.x500.X500Principal;

/**
 * An {@link SSLEngine} whose TLS runs in AWS-LC's libssl ({@link SslConnection}). This class
 * keeps JSSE's contract and does no TLS itself: it frames the caller's bytes into records for
 * libssl (one record per {@code unwrap}, as SunJSSE consumes them), moves what libssl writes into
 * the caller's buffers, and translates libssl's "wants" into handshake statuses.
 *
 * <p>Key-manager, trust-manager and private-key work never runs inside libssl: the callbacks ask
 * for it and return "retry", the handshake status becomes {@code NEED_TASK}, and
 * {@link #getDelegatedTask()} hands out the work; the next step of the handshake picks up the
 * answer. One lock serialises wrap, unwrap and every state change; a delegated task runs without
 * it and takes it only to store its result.
 */
final class AccelSslEngine extends SSLEngine implements SslCallbacks.Handler {
    private static final int RECORD_HEADER = 5;
    /** The largest record body TLS allows (2^14 plus 2 KiB of expansion). */
    private static final int MAX_RECORD_BODY = 16384 + 2048;

    private static final int CONTENT_APPLICATION_DATA = 23;
    private static final int ALERT_BAD_CERTIFICATE = 42, ALERT_CERTIFICATE_UNKNOWN = 46;
    private static final int ALERT_UNSUPPORTED_CERTIFICATE = 43, ALERT_CERTIFICATE_REVOKED = 44;
    private static final int ALERT_CERTIFICATE_EXPIRED = 45, ALERT_BAD_CERTIFICATE_STATUS_RESPONSE = 113;
    private static final int ALERT_HANDSHAKE_FAILURE = 40, ALERT_INTERNAL_ERROR = 80;

    private final AccelSslContext context;
    private final ReentrantLock lock = new ReentrantLock();

    private SSLParameters parameters;
    private boolean clientMode;
    private boolean modeSet;
    private boolean sessionCreation = true;

    private SslConnection connection;
    private AccelSslSession handshakeSession;
    private AccelSslSession session;
    private int lastWant;
    private boolean handshakeDone;
    /** The handshake finished; FINISHED is reported once its last bytes have been wrapped. */
    private boolean finishedToReport;

    private boolean inboundDone;
    private boolean outboundDone;
    private boolean closing;
    /** A fatal error: its alert is wrapped next, then the engine is closed. */
    private SSLException failure;
    /** What a delegated task or a callback learnt about a failure, for the exception's cause. */
    private Throwable failureCause;

    /** The cached session a client offered, until the handshake says whether it was resumed. */
    private AccelSessionContext.Resumption resumption;
    /** Server: the session the client's ticket continues, until the handshake says whether it resumed. */
    private AccelSslSession ticketOrigin;
    /** Server: tickets sealed before the handshake finished, mapped to its session when it has one. */
    private List<byte[]> sealedTickets;
    /** Where this connection's records are counted, once the handshake finished. */
    private Counters.Tally records = Counters.Tally.NONE;

    private Runnable pendingTask;
    /** The key manager's answer, once its task ran: null chain means "no certificate". */
    private Credentials credentials;

    private boolean credentialsReady;
    /** The trust manager's answer, once its task ran: 0 to accept, else the alert to send. */
    private int verifyAlert;

    private boolean verifyReady;
    private byte[] signature;
    private boolean signatureFailed;
    private boolean signatureReady;

    private record Credentials(X509Certificate[] chain, PrivateKey key) {}

    /**
     * The socket this engine runs under ({@link AccelSslSocket}), or null for an engine of its own:
     * the key and trust managers are then given the socket, not the engine, as SunJSSE gives its
     * sockets' managers (a key manager choosing by socket, a trust manager reading the socket's
     * endpoint identification).
     */
    private volatile SSLSocket socket;

    AccelSslEngine(AccelSslContext context, String host, int port) {
        super(host, port);
        this.context = context;
        this.parameters = context.defaultParameters(false);
    }

    /** Makes this the engine of {@code s} (before its handshake). */
    void runUnder(SSLSocket s) {
        socket = s;
    }

    // ------------------------------------------------------------------ mode and parameters

    @Override
    public void setUseClientMode(boolean mode) {
        lock.lock();
        try {
            if (connection != null) {
                throw new IllegalArgumentException("Cannot change mode after SSL traffic has started");
            }
            if (!modeSet || clientMode != mode) {
                AccelSslContext.Defaults defaults = context.defaults(mode);
                AccelSslContext.Defaults previous = context.defaults(clientMode);
                // keep what the caller set; what was still the other side's default follows the mode
                if (previous.sameProtocols(parameters.getProtocols())) {
                    parameters.setProtocols(defaults.protocols());
                }
                if (previous.sameGroups(parameters.getNamedGroups())) {
                    parameters.setNamedGroups(defaults.groups());
                }
                if (previous.sameSuites(parameters.getCipherSuites())) {
                    parameters.setCipherSuites(defaults.suites());
                }
            }
            clientMode = mode;
            modeSet = true;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean getUseClientMode() {
        return clientMode;
    }

    @Override
    public SSLParameters getSSLParameters() {
        lock.lock();
        try {
            return copy(parameters);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void setSSLParameters(SSLParameters p) {
        lock.lock();
        try {
            SSLParameters next = copy(parameters);
            if (p.getProtocols() != null) {
                next.setProtocols(checkProtocols(p.getProtocols()));
            }
            if (p.getCipherSuites() != null) {
                next.setCipherSuites(checkSuites(p.getCipherSuites()));
            }
            if (p.getNamedGroups() != null) {
                next.setNamedGroups(p.getNamedGroups());
            }
            if (p.getSignatureSchemes() != null) {
                next.setSignatureSchemes(p.getSignatureSchemes());
            }
            if (p.getNeedClientAuth()) {
                next.setNeedClientAuth(true);
            } else {
                next.setWantClientAuth(p.getWantClientAuth());
            }
            next.setServerNames(p.getServerNames());
            next.setEndpointIdentificationAlgorithm(p.getEndpointIdentificationAlgorithm());
            next.setAlgorithmConstraints(p.getAlgorithmConstraints());
            next.setUseCipherSuitesOrder(p.getUseCipherSuitesOrder());
            next.setApplicationProtocols(p.getApplicationProtocols());
            next.setMaximumPacketSize(p.getMaximumPacketSize());
            parameters = next;
        } finally {
            lock.unlock();
        }
    }

    static SSLParameters copy(SSLParameters p) {
        SSLParameters c = new SSLParameters(p.getCipherSuites(), p.getProtocols());
        if (p.getNeedClientAuth()) {
            c.setNeedClientAuth(true);
        } else {
            c.setWantClientAuth(p.getWantClientAuth());
        }
        c.setNamedGroups(p.getNamedGroups());
        c.setSignatureSchemes(p.getSignatureSchemes());
        c.setServerNames(p.getServerNames());
        c.setEndpointIdentificationAlgorithm(p.getEndpointIdentificationAlgorithm());
        c.setAlgorithmConstraints(p.getAlgorithmConstraints());
        c.setUseCipherSuitesOrder(p.getUseCipherSuitesOrder());
        c.setApplicationProtocols(p.getApplicationProtocols());
        c.setMaximumPacketSize(p.getMaximumPacketSize());
        return c;
    }

    private static String[] checkProtocols(String[] protocols) {
        for (String p : protocols) {
            if (p == null || !TlsNames.PROTOCOLS.contains(p) && !"SSLv2Hello".equals(p)) {
                throw new IllegalArgumentException("Unsupported protocol: " + p);
            }
        }
        return protocols.clone();
    }

    private static String[] checkSuites(String[] suites) {
        List<String> supported = TlsNames.supportedSuites();
        for (String s : suites) {
            if (s == null || !supported.contains(s) && !s.startsWith("TLS_EMPTY_RENEGOTIATION")) {
                throw new IllegalArgumentException("Unsupported CipherSuite: " + s);
            }
        }
        return suites.clone();
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
        if (suites == null) {
            throw new IllegalArgumentException("CipherSuites cannot be null");
        }
        lock.lock();
        try {
            parameters.setCipherSuites(checkSuites(suites));
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
        if (protocols == null) {
            throw new IllegalArgumentException("Protocols cannot be null");
        }
        lock.lock();
        try {
            parameters.setProtocols(checkProtocols(protocols));
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

    // ------------------------------------------------------------------ sessions

    @Override
    public SSLSession getSession() {
        lock.lock();
        try {
            if (session == null) {
                AccelSslSession none =
                        new AccelSslSession(context.sessionContext(clientMode), getPeerHost(), getPeerPort());
                none.invalidate();
                return none;
            }
            return session;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public SSLSession getHandshakeSession() {
        lock.lock();
        try {
            return handshakeDone ? null : handshakeSession;
        } finally {
            lock.unlock();
        }
    }

    /** The protocol ALPN chose: null before a handshake finished, "" when none was (as SunJSSE). */
    @Override
    public String getApplicationProtocol() {
        lock.lock();
        try {
            return handshakeDone ? applicationProtocol : null;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String getHandshakeApplicationProtocol() {
        lock.lock();
        try {
            if (connection == null || handshakeDone || connection.isClosed()) {
                return null;
            }
            String p = connection.alpnSelected();
            return p == null ? "" : p;
        } finally {
            lock.unlock();
        }
    }

    private java.util.function.BiFunction<SSLEngine, List<String>, String> alpnSelector;
    /** What ALPN chose, kept when the handshake finished ("" for none): readable after {@link #free}. */
    private String applicationProtocol;

    @Override
    public void setHandshakeApplicationProtocolSelector(
            java.util.function.BiFunction<SSLEngine, List<String>, String> s) {
        alpnSelector = s;
    }

    @Override
    public java.util.function.BiFunction<SSLEngine, List<String>, String> getHandshakeApplicationProtocolSelector() {
        return alpnSelector;
    }

    // ------------------------------------------------------------------ the handshake

    @Override
    public void beginHandshake() throws SSLException {
        lock.lock();
        try {
            if (!modeSet) {
                throw new IllegalStateException("Client/Server mode has not yet been set.");
            }
            if (outboundDone || inboundDone) {
                throw new SSLException("Engine is closed");
            }
            if (handshakeDone) {
                // as SunJSSE: in TLS 1.3 a new "handshake" is a KeyUpdate (both sides' keys)
                if (failure == null
                        && session != null
                        && TlsNames.TLS13.equals(session.getProtocol())
                        && connection.requestKeyUpdate()) {
                    return;
                }
                throw new SSLException("renegotiation is not supported");
            }
            start();
        } finally {
            lock.unlock();
        }
    }

    /** Makes the libssl connection from the parameters as they are now (once). */
    private void start() throws SSLException {
        if (connection != null) {
            return;
        }
        if (!clientMode && !sessionCreation) {
            throw new SSLHandshakeException("No new session is allowed and no existing session can be resumed");
        }
        SSLParameters p = parameters;
        handshakeSession = new AccelSslSession(context.sessionContext(clientMode), getPeerHost(), getPeerPort());
        connection = SslConnection.create(context.handle(), clientMode, this);
        try {
            configure(p);
        } catch (SSLException | RuntimeException e) {
            connection.free();
            throw e;
        }
        if (clientMode) {
            offerCachedSession();
            step();
        } else {
            lastWant = SslConnection.ERROR_WANT_READ;
        }
    }

    /** A client offers a session it kept for the same peer host and port, when it has one. */
    private void offerCachedSession() {
        String peer = peerKey();
        if (peer == null) {
            return;
        }
        AccelSessionContext.Resumption r = context.sessionContext(true).take(peer);
        if (r != null) {
            if (connection.setSession(r.nativeSession())) {
                resumption = r;
            }
            r.done();
        }
    }

    /** "host:port" for the client session cache, or null when the engine was made without a peer. */
    private String peerKey() {
        return getPeerHost() == null || getPeerPort() < 0 ? null : getPeerHost() + ":" + getPeerPort();
    }

    /**
     * The most a TLS record wraps a packet around beyond its plaintext, for the suites we run: the
     * 5-byte header, then for CBC with HMAC-SHA256 a 16-byte IV, 32-byte MAC and up to 16 bytes of
     * padding (AEAD suites add less).
     */
    private static final int RECORD_EXPANSION = 5 + 16 + 32 + 16;

    /** The largest plaintext one record carries: SSLParameters.getMaximumPacketSize less a record's expansion. */
    private int maxFragment = SslConnection.MAX_PLAINTEXT;

    private void configure(SSLParameters p) throws SSLException {
        // what jdk.tls.disabledAlgorithms turns off is neither offered nor accepted, whatever is enabled
        TlsPolicy.Disabled disabled = context.disabled();
        List<String> protocols = new ArrayList<>();
        for (String v : p.getProtocols()) {
            if (!disabled.protocol(v)) {
                protocols.add(v);
            }
        }
        List<String> tls13 = new ArrayList<>(), tls12 = new ArrayList<>();
        for (String s : p.getCipherSuites()) {
            if (!disabled.suite(s)) {
                (TlsNames.isTls13Suite(s) ? tls13 : tls12).add(s);
            }
        }
        boolean use13 = protocols.contains(TlsNames.TLS13) && !tls13.isEmpty();
        boolean use12 = protocols.contains(TlsNames.TLS12) && !tls12.isEmpty();
        if (!use13 && !use12) {
            throw new SSLHandshakeException(
                    "No appropriate protocol (protocol is disabled or cipher suites are inappropriate)");
        }
        if (!connection.setProtocolRange(
                use12 ? SslConnection.TLS1_2 : SslConnection.TLS1_3,
                use13 ? SslConnection.TLS1_3 : SslConnection.TLS1_2)) {
            throw new SSLException("libssl refused the protocol range " + protocols);
        }
        if (use13 && !connection.setTls13Suites(String.join(":", tls13))) {
            throw new SSLException("libssl refused the TLS 1.3 cipher suites " + tls13);
        }
        if (use12 && !connection.setTls12Suites(String.join(":", tls12))) {
            throw new SSLException("libssl refused the TLS 1.2 cipher suites " + tls12);
        }
        List<String> groups = new ArrayList<>();
        for (String g : p.getNamedGroups() != null ? p.getNamedGroups() : context.namedGroups(clientMode)) {
            String libssl = TlsNames.libsslGroup(g);
            if (libssl != null && !groups.contains(libssl) && !disabled.group(g)) {
                groups.add(libssl);
            }
        }
        if (groups.isEmpty() || !connection.setGroups(String.join(":", groups))) {
            throw new SSLHandshakeException("No supported named group among " + Arrays.toString(p.getNamedGroups()));
        }
        // libssl's own default leaves Ed25519 out: always say which schemes this side takes
        String[] schemes = p.getSignatureSchemes() != null ? p.getSignatureSchemes() : TlsNames.defaultSchemes();
        List<String> local = new ArrayList<>();
        List<String> libssl = new ArrayList<>();
        for (String s : schemes) {
            TlsNames.Scheme scheme = TlsNames.scheme(s);
            if (scheme != null && !disabled.scheme(scheme.name())) {
                libssl.add(scheme.libssl());
                local.add(scheme.jca());
            }
        }
        if (libssl.isEmpty() || !connection.setSignatureAlgorithms(String.join(":", libssl))) {
            throw new SSLHandshakeException("No supported signature scheme among " + Arrays.toString(schemes));
        }
        handshakeSession.localSignatureAlgorithms = local.toArray(String[]::new);
        if (!clientMode && p.getUseCipherSuitesOrder()) {
            connection.preferServerOrder();
        }
        int packet = p.getMaximumPacketSize();
        if (packet > 0 && packet - RECORD_EXPANSION < SslConnection.MAX_PLAINTEXT) {
            // libssl's floor is 512 bytes of plaintext: a packet limit below 581 bytes is not met
            maxFragment = Math.max(512, packet - RECORD_EXPANSION);
            connection.maxSendFragment(maxFragment);
        }
        if (clientMode) {
            String sni = serverName(p);
            if (sni != null && !connection.setHostName(sni)) {
                throw new SSLException("libssl refused the server name " + sni);
            }
            connection.verifyPeer(true);
            if (context.clientStapling()) {
                connection.enableOcspStapling();
            }
            String[] alpn = p.getApplicationProtocols();
            if (alpn != null && alpn.length > 0 && !connection.setAlpnProtocols(alpnWire(alpn))) {
                throw new SSLException("libssl refused the application protocols " + Arrays.toString(alpn));
            }
        } else if (p.getNeedClientAuth() || p.getWantClientAuth()) {
            connection.verifyPeer(p.getNeedClientAuth());
        }
    }

    /** ALPN's wire form: each name's length, then its bytes. */
    private static byte[] alpnWire(String[] protocols) throws SSLException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (String a : protocols) {
            byte[] b = a.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            if (b.length == 0 || b.length > 255) {
                throw new SSLException("Invalid application protocol name: \"" + a + "\"");
            }
            out.write(b.length);
            out.writeBytes(b);
        }
        return out.toByteArray();
    }

    /** The host name to send: the caller's SNI, else the peer host when it is a name (as SunJSSE does). */
    private String serverName(SSLParameters p) {
        List<SNIServerName> names = p.getServerNames();
        if (names != null) {
            for (SNIServerName n : names) {
                if (n instanceof SNIHostName h) {
                    return h.getAsciiName();
                }
            }
            if (!names.isEmpty()) {
                return null;
            }
        }
        String host = getPeerHost();
        if (host == null
                || host.indexOf('.') < 0
                || host.endsWith(".")
                || host.matches("[0-9.]+")
                || host.contains(":")) {
            return null;
        }
        try {
            return new SNIHostName(host).getAsciiName();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** One step of libssl's handshake; records what it wants next, or the failure. */
    private void step() throws SSLException {
        int want = connection.handshake();
        lastWant = want;
        switch (want) {
            case SslConnection.ERROR_NONE -> completed();
            case SslConnection.ERROR_WANT_READ,
                    SslConnection.ERROR_WANT_WRITE,
                    SslConnection.ERROR_WANT_X509_LOOKUP,
                    SslConnection.ERROR_WANT_CERTIFICATE_VERIFY,
                    SslConnection.ERROR_WANT_PRIVATE_KEY_OPERATION -> {}
            default -> throw fail("handshake");
        }
    }

    private void completed() {
        handshakeDone = true;
        finishedToReport = true;
        String alpn = connection.alpnSelected();
        applicationProtocol = alpn == null ? "" : alpn;
        boolean resumed = connection.sessionReused();
        AccelSslSession s = handshakeSession;
        s.protocol = connection.version() == SslConnection.TLS1_3 ? TlsNames.TLS13 : TlsNames.TLS12;
        s.cipherSuite = connection.cipherSuite();
        AccelSessionContext sessions = context.sessionContext(clientMode);
        AccelSslSession original = null;
        if (resumed) {
            // the session this one resumes, so that its id and creation time show through: a
            // client's from its cache; a server's by the ticket it opened (libssl's resumed TLS 1.3
            // session has no id) or by the TLS 1.2 session id
            original = clientMode
                    ? (resumption != null ? resumption.javaSession() : null)
                    : ticketOrigin != null ? ticketOrigin : sessions.find(connection.sessionId());
        }
        if (original != null) {
            original.touched();
            session = original;
        } else {
            byte[] libsslId = connection.sessionId();
            s.established(libsslId);
            if (!clientMode && libsslId.length > 0) {
                // in libssl's session-id cache (TLS 1.2, the client sent no ticket): invalidate()
                // must take it out of there
                SslSession cached = connection.session();
                if (cached != null) {
                    s.cachedIn(context.handle(), cached);
                }
            }
            sessions.remember(s);
            session = s;
        }
        resumption = null;
        ticketOrigin = null;
        if (sealedTickets != null) {
            for (byte[] iv : sealedTickets) {
                sessions.ticketIssued(iv, session);
            }
            sealedTickets = null;
        }
        records = TlsCounters.handshake(
                clientMode, resumed, s.protocol, TlsNames.jdkGroup(connection.group()), s.cipherSuite);
    }

    /** Records a fatal error (libssl's queue, and what a callback learnt) and returns its exception. */
    private SSLException fail(String during) {
        String queue = AwsLcErrors.drain();
        String message = during + " failed" + (queue.isEmpty() ? "" : ": " + queue);
        SSLException e = handshakeDone ? new SSLException(message) : new SSLHandshakeException(message);
        if (failureCause != null) {
            e.initCause(failureCause);
        }
        failure = e;
        inboundDone = true;
        pendingTask = null;
        if (failureCause != null && connection != null && !connection.isClosed() && connection.pendingOutput() == 0) {
            // our side failed (a key manager, a JCA signature): libssl queued no alert for that, and
            // the peer should hear one, as from SunJSSE: handshake_failure when no credentials fit,
            // internal_error otherwise
            connection.sendFatalAlert(
                    failureCause instanceof SSLHandshakeException ? ALERT_HANDSHAKE_FAILURE : ALERT_INTERNAL_ERROR);
        }
        if (session != null) {
            session.invalidate();
        }
        return e;
    }

    private HandshakeStatus status() {
        if (connection == null) {
            return HandshakeStatus.NOT_HANDSHAKING;
        }
        if (pendingTask != null) {
            return HandshakeStatus.NEED_TASK;
        }
        if (!outboundDone && connection.pendingOutput() > 0) {
            return HandshakeStatus.NEED_WRAP;
        }
        if (failure != null || handshakeDone || outboundDone) {
            return HandshakeStatus.NOT_HANDSHAKING;
        }
        return lastWant == SslConnection.ERROR_WANT_READ ? HandshakeStatus.NEED_UNWRAP : HandshakeStatus.NEED_WRAP;
    }

    /** The status to return from a call: FINISHED once, when the last handshake bytes have gone. */
    private HandshakeStatus resultStatus() {
        HandshakeStatus s = status();
        if (finishedToReport && s == HandshakeStatus.NOT_HANDSHAKING) {
            finishedToReport = false;
            return HandshakeStatus.FINISHED;
        }
        return s;
    }

    @Override
    public HandshakeStatus getHandshakeStatus() {
        lock.lock();
        try {
            return status();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Runnable getDelegatedTask() {
        lock.lock();
        try {
            Runnable t = pendingTask;
            pendingTask = null;
            return t;
        } finally {
            lock.unlock();
        }
    }

    // ------------------------------------------------------------------ wrap

    @Override
    public SSLEngineResult wrap(ByteBuffer[] srcs, int offset, int length, ByteBuffer dst) throws SSLException {
        checkArrays(srcs, offset, length);
        if (dst == null) {
            throw new IllegalArgumentException("destination buffer is null");
        }
        if (dst.isReadOnly()) {
            throw new ReadOnlyBufferException();
        }
        lock.lock();
        try {
            if (!modeSet) {
                throw new IllegalStateException("Client/Server mode has not yet been set.");
            }
            if (outboundDone) {
                return new SSLEngineResult(Status.CLOSED, status(), 0, 0);
            }
            start();
            if (pendingTask != null) {
                return new SSLEngineResult(Status.OK, HandshakeStatus.NEED_TASK, 0, 0);
            }
            if (failure == null
                    && !handshakeDone
                    && !closing
                    && connection.pendingOutput() == 0
                    && lastWant != SslConnection.ERROR_WANT_READ) {
                step(); // the client's first flight, or the handshake going on after a task
            }
            if (connection.pendingOutput() > 0) {
                if (!dst.hasRemaining()) {
                    return new SSLEngineResult(Status.BUFFER_OVERFLOW, status(), 0, 0);
                }
                int produced = connection.drain(dst);
                if (connection.pendingOutput() == 0 && (failure != null || closing)) {
                    outboundDone = true;
                    return new SSLEngineResult(Status.CLOSED, resultStatus(), 0, produced);
                }
                return new SSLEngineResult(Status.OK, resultStatus(), 0, produced);
            }
            if (failure != null || closing) {
                outboundDone = true;
                return new SSLEngineResult(Status.CLOSED, status(), 0, 0);
            }
            if (!handshakeDone) {
                return new SSLEngineResult(Status.OK, resultStatus(), 0, 0);
            }
            return wrapApplicationData(srcs, offset, length, dst);
        } finally {
            releaseIfDone();
            lock.unlock();
        }
    }

    /** One record of the caller's data (at most 16 KiB), only when the whole record fits in {@code dst}. */
    private SSLEngineResult wrapApplicationData(ByteBuffer[] srcs, int offset, int length, ByteBuffer dst)
            throws SSLException {
        long available = 0;
        for (int i = offset; i < offset + length; i++) {
            available += srcs[i].remaining();
        }
        if (available == 0) {
            return new SSLEngineResult(Status.OK, resultStatus(), 0, 0);
        }
        int chunk = (int) Math.min(available, maxFragment);
        if (dst.remaining() < chunk + connection.maxSealOverhead()) {
            return new SSLEngineResult(Status.BUFFER_OVERFLOW, status(), 0, 0);
        }
        ByteBuffer source = null;
        for (int i = offset; i < offset + length; i++) {
            if (srcs[i].hasRemaining()) {
                source = srcs[i];
                break;
            }
        }
        int r;
        if (source.remaining() >= chunk && !source.isReadOnly()) {
            r = connection.write(source, chunk);
        } else {
            // gather the record's bytes from several buffers (or a read-only one) into one
            ByteBuffer gathered = ByteBuffer.allocate(chunk);
            for (int i = offset; i < offset + length && gathered.hasRemaining(); i++) {
                ByteBuffer s = srcs[i];
                int k = Math.min(s.remaining(), gathered.remaining());
                ByteBuffer slice = s.duplicate();
                slice.limit(slice.position() + k);
                gathered.put(slice);
            }
            gathered.flip();
            r = connection.write(gathered, chunk);
            if (r > 0) {
                int left = r;
                for (int i = offset; i < offset + length && left > 0; i++) {
                    int k = Math.min(srcs[i].remaining(), left);
                    srcs[i].position(srcs[i].position() + k);
                    left -= k;
                }
            }
        }
        if (r < 0) {
            throw fail("write");
        }
        int produced = connection.drain(dst);
        records.countShared(r);
        return new SSLEngineResult(Status.OK, resultStatus(), r, produced);
    }

    // ------------------------------------------------------------------ unwrap

    @Override
    public SSLEngineResult unwrap(ByteBuffer src, ByteBuffer[] dsts, int offset, int length) throws SSLException {
        if (src == null) {
            throw new IllegalArgumentException("source buffer is null");
        }
        checkArrays(dsts, offset, length);
        for (int i = offset; i < offset + length; i++) {
            if (dsts[i].isReadOnly()) {
                throw new ReadOnlyBufferException();
            }
        }
        lock.lock();
        try {
            if (!modeSet) {
                throw new IllegalStateException("Client/Server mode has not yet been set.");
            }
            if (inboundDone) {
                return new SSLEngineResult(Status.CLOSED, status(), 0, 0);
            }
            start();
            if (pendingTask != null) {
                return new SSLEngineResult(Status.OK, HandshakeStatus.NEED_TASK, 0, 0);
            }
            if (src.remaining() < RECORD_HEADER) {
                return new SSLEngineResult(Status.BUFFER_UNDERFLOW, status(), 0, 0);
            }
            int p = src.position();
            int type = src.get(p) & 0xff;
            int bodyLength = ((src.get(p + 3) & 0xff) << 8) | (src.get(p + 4) & 0xff);
            int recordLength;
            if (type >= 20 && type <= 24 && src.get(p + 1) == 3 && bodyLength <= MAX_RECORD_BODY) {
                recordLength = RECORD_HEADER + bodyLength;
                if (src.remaining() < recordLength) {
                    return new SSLEngineResult(Status.BUFFER_UNDERFLOW, status(), 0, 0);
                }
            } else {
                // not a TLS record, or longer than TLS allows: libssl refuses it from the header
                // alone (with its alert), so give it only that, now, rather than wait for a body
                recordLength = RECORD_HEADER;
            }
            if (handshakeDone && type == CONTENT_APPLICATION_DATA) {
                long room = 0;
                for (int i = offset; i < offset + length; i++) {
                    room += dsts[i].remaining();
                }
                long plaintextBound = Math.max(
                        0,
                        Math.min(
                                SslConnection.MAX_PLAINTEXT,
                                bodyLength + RECORD_HEADER - connection.maxSealOverhead()));
                if (room < plaintextBound) {
                    return new SSLEngineResult(Status.BUFFER_OVERFLOW, status(), 0, 0);
                }
            }
            connection.feed(src, recordLength);
            if (!handshakeDone) {
                step();
                if (!handshakeDone || connection.pendingOutput() > 0) {
                    return new SSLEngineResult(Status.OK, resultStatus(), recordLength, 0);
                }
            }
            return readApplicationData(dsts, offset, length, recordLength);
        } finally {
            releaseIfDone();
            lock.unlock();
        }
    }

    private SSLEngineResult readApplicationData(ByteBuffer[] dsts, int offset, int length, int consumed)
            throws SSLException {
        int produced = 0;
        while (true) {
            int r = connection.read(dsts, offset, length);
            if (r > 0) {
                produced += r;
                records.countShared(r);
                continue;
            }
            if (r == 0) {
                break; // no room left (the check above makes room for a whole record)
            }
            int code = -r;
            if (code == SslConnection.ERROR_WANT_READ || code == SslConnection.ERROR_WANT_WRITE) {
                break;
            }
            if (code == SslConnection.ERROR_ZERO_RETURN) {
                inboundDone = true;
                if (session != null && !TlsNames.TLS13.equals(session.getProtocol())) {
                    // TLS 1.2 answers close_notify with its own (TLS 1.3 may keep writing: half-close)
                    closeOutboundLocked();
                }
                return new SSLEngineResult(Status.CLOSED, resultStatus(), consumed, produced);
            }
            throw fail("read");
        }
        return new SSLEngineResult(Status.OK, resultStatus(), consumed, produced);
    }

    // ------------------------------------------------------------------ closing

    @Override
    public void closeInbound() throws SSLException {
        lock.lock();
        try {
            if (inboundDone) {
                return;
            }
            inboundDone = true;
            if (connection != null && failure == null && !connection.receivedShutdown()) {
                closeOutboundLocked();
                throw new SSLException("closing inbound before receiving peer's close_notify");
            }
        } finally {
            releaseIfDone();
            lock.unlock();
        }
    }

    @Override
    public boolean isInboundDone() {
        lock.lock();
        try {
            return inboundDone;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void closeOutbound() {
        lock.lock();
        try {
            closeOutboundLocked();
        } finally {
            releaseIfDone();
            lock.unlock();
        }
    }

    private void closeOutboundLocked() {
        if (closing || outboundDone) {
            return;
        }
        closing = true;
        if (connection == null) {
            outboundDone = true;
            return;
        }
        if (failure == null && handshakeDone) {
            connection.shutdown();
        }
        if (connection.pendingOutput() == 0) {
            outboundDone = true;
        }
    }

    @Override
    public boolean isOutboundDone() {
        lock.lock();
        try {
            return outboundDone;
        } finally {
            lock.unlock();
        }
    }

    // ------------------------------------------------------------------ libssl's callbacks

    @Override
    public int selectCertificate() {
        try {
            return selectCertificateOrRetry();
        } catch (Throwable t) {
            failureCause = t;
            return 0;
        }
    }

    private int selectCertificateOrRetry() {
        if (credentialsReady) {
            credentialsReady = false;
            Credentials c = credentials;
            if (c == null) {
                return clientMode ? 1 : 0; // a client may go without; a server cannot
            }
            List<byte[]> der = new ArrayList<>(c.chain().length);
            try {
                for (X509Certificate x : c.chain()) {
                    der.add(x.getEncoded());
                }
            } catch (Exception e) {
                failureCause = e;
                return 0;
            }
            // keys libssl can read sign there; any other (a token's, another provider's) through the JCA
            SslPrivateKey nativeKey = context.nativeKey(c.key());
            if (nativeKey != null && connection.setChainAndKey(der, nativeKey)) {
                return 1;
            }
            return connection.setChainAndKey(der, null) ? 1 : 0;
        }
        String sni = clientMode ? null : connection.requestedServerName();
        int[] peerSchemes = connection.peerSignatureAlgorithms();
        if (sni != null) {
            handshakeSession.requestedServerNames = List.of(new SNIHostName(sni));
        }
        handshakeSession.peerSignatureAlgorithms = TlsNames.jcaNames(peerSchemes);
        // TLS 1.2 (RFC 8422): an ECDSA certificate's curve must be one the client listed
        int[] curvesAllowed =
                !clientMode && connection.version() == SslConnection.TLS1_2 ? connection.clientSupportedGroups() : null;
        // a client's choice among its certificates: the CAs the server named (none: any)
        List<byte[]> authorities = clientMode ? connection.serverRequestedAuthorities() : List.of();
        pendingTask = () -> chooseCredentials(peerSchemes, curvesAllowed, authorities);
        return -1;
    }

    /** The names a CertificateRequest listed, as the key manager takes them; null for none (or unreadable ones only). */
    private static Principal[] issuers(List<byte[]> authorities) {
        List<Principal> out = new ArrayList<>(authorities.size());
        for (byte[] der : authorities) {
            try {
                out.add(new X500Principal(der));
            } catch (IllegalArgumentException e) {
                // a name Java cannot read cannot match any certificate's issuer either
            }
        }
        return out.isEmpty() ? null : out.toArray(Principal[]::new);
    }

    /**
     * The key manager's work (a delegated task). A server asks for each key type the client's
     * signature schemes name, in their order; in TLS 1.2 ({@code curvesAllowed} not null) an EC
     * certificate on a curve the client did not list is passed over for the next key type, as
     * SunJSSE's server does.
     */
    private void chooseCredentials(int[] peerSchemes, int[] curvesAllowed, List<byte[]> authorities) {
        Credentials chosen = null;
        Throwable problem = null;
        try {
            X509ExtendedKeyManager km = context.keyManager();
            if (km != null) {
                Set<String> keyTypes = new LinkedHashSet<>();
                for (int code : peerSchemes) {
                    TlsNames.Scheme s = TlsNames.scheme(code);
                    if (s != null) {
                        keyTypes.add(s.keyType());
                    }
                }
                if (keyTypes.isEmpty()) {
                    keyTypes.addAll(List.of("EC", "RSA", "EdDSA"));
                }
                if (keyTypes.contains("EdDSA")) {
                    keyTypes.add("Ed25519");
                }
                String alias = null;
                SSLSocket s = socket;
                if (clientMode) {
                    String[] types = keyTypes.toArray(String[]::new);
                    Principal[] issuers = issuers(authorities);
                    alias = s != null
                            ? km.chooseClientAlias(types, issuers, s)
                            : km.chooseEngineClientAlias(types, issuers, this);
                } else {
                    for (String type : keyTypes) {
                        alias = s != null
                                ? km.chooseServerAlias(type, null, s)
                                : km.chooseEngineServerAlias(type, null, this);
                        if (alias != null && curvesAllowed != null && !curveListed(km, alias, curvesAllowed)) {
                            alias = null;
                        }
                        if (alias != null) {
                            break;
                        }
                    }
                }
                if (alias != null) {
                    X509Certificate[] chain = km.getCertificateChain(alias);
                    PrivateKey key = km.getPrivateKey(alias);
                    if (chain != null && chain.length > 0 && key != null) {
                        chosen = new Credentials(chain, key);
                    }
                }
            }
            if (chosen == null && !clientMode) {
                problem = new SSLHandshakeException("No available authentication scheme");
            }
        } catch (RuntimeException e) {
            problem = e;
        }
        lock.lock();
        try {
            credentials = chosen;
            credentialsReady = true;
            if (chosen != null) {
                handshakeSession.localCertificates = chosen.chain().clone();
            }
            if (problem != null) {
                failureCause = problem;
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Whether {@code alias}'s certificate may serve a TLS 1.2 client that listed {@code groups}:
     * not an EC key, or an EC key on secp256r1/384r1/521r1 that the client listed.
     */
    private static boolean curveListed(X509ExtendedKeyManager km, String alias, int[] groups) {
        X509Certificate[] chain = km.getCertificateChain(alias);
        if (chain == null || chain.length == 0 || !(chain[0].getPublicKey() instanceof ECPublicKey ec)) {
            return true;
        }
        int group;
        try {
            group = switch (Curves.resolveServed(ec.getParams())) {
                case P256 -> 23;
                case P384 -> 24;
                case P521 -> 25;
            };
        } catch (java.security.InvalidAlgorithmParameterException e) {
            return false; // a curve TLS 1.2 has no group for here (as SunJSSE: not used)
        }
        for (int g : groups) {
            if (g == group) {
                return true;
            }
        }
        return false;
    }

    @Override
    public int verifyPeer(MemorySegment alert) {
        try {
            return verifyOrRetry(alert);
        } catch (Throwable t) {
            failureCause = t;
            return SslCallbacks.VERIFY_INVALID;
        }
    }

    private int verifyOrRetry(MemorySegment alert) {
        if (verifyReady) {
            verifyReady = false;
            if (verifyAlert == 0) {
                return SslCallbacks.VERIFY_OK;
            }
            alert.reinterpret(1).set(JAVA_BYTE, 0, (byte) verifyAlert);
            return SslCallbacks.VERIFY_INVALID;
        }
        List<byte[]> der = connection.peerCertificates();
        String suite = connection.cipherSuite();
        boolean tls13 = suite != null && TlsNames.isTls13Suite(suite);
        if (suite != null) {
            handshakeSession.cipherSuite = suite;
            handshakeSession.protocol = tls13 ? TlsNames.TLS13 : TlsNames.TLS12;
        }
        if (clientMode) {
            // the server's stapled OCSP response for its leaf, there for the trust manager (the
            // JDK's checks revocation with it when its PKIX parameters ask for that)
            byte[] stapled = connection.ocspResponse();
            handshakeSession.statusResponses = stapled == null ? List.of() : List.of(stapled);
        }
        pendingTask = () -> verifyChain(der, suite, tls13);
        return SslCallbacks.VERIFY_RETRY;
    }

    /** The trust manager's work (a delegated task). */
    private void verifyChain(List<byte[]> der, String suite, boolean tls13) {
        int alert = 0;
        Throwable problem = null;
        X509Certificate[] chain = null;
        try {
            CertificateFactory cf = CertificateFactory.getInstance("X.509");
            chain = new X509Certificate[der.size()];
            for (int i = 0; i < chain.length; i++) {
                chain[i] = (X509Certificate) cf.generateCertificate(new ByteArrayInputStream(der.get(i)));
            }
        } catch (CertificateException | RuntimeException e) {
            alert = ALERT_BAD_CERTIFICATE;
            problem = e;
        }
        if (alert == 0) {
            lock.lock();
            try {
                handshakeSession.peerCertificates = chain;
            } finally {
                lock.unlock();
            }
            try {
                X509TrustManager tm = context.trustManager();
                if (chain.length == 0) {
                    throw new CertificateException("empty certificate chain");
                }
                if (clientMode) {
                    String authType = tls13 ? "UNKNOWN" : keyExchange(suite);
                    if (tm instanceof X509ExtendedTrustManager x) {
                        if (socket != null) {
                            x.checkServerTrusted(chain.clone(), authType, socket);
                        } else {
                            x.checkServerTrusted(chain.clone(), authType, this);
                        }
                    } else {
                        tm.checkServerTrusted(chain.clone(), authType);
                    }
                } else {
                    String authType = switch (chain[0].getPublicKey().getAlgorithm()) {
                        case "RSA", "DSA", "EC", "RSASSA-PSS" ->
                            chain[0].getPublicKey().getAlgorithm();
                        default -> "UNKNOWN";
                    };
                    if (tm instanceof X509ExtendedTrustManager x) {
                        if (socket != null) {
                            x.checkClientTrusted(chain.clone(), authType, socket);
                        } else {
                            x.checkClientTrusted(chain.clone(), authType, this);
                        }
                    } else {
                        tm.checkClientTrusted(chain.clone(), authType);
                    }
                }
            } catch (CertificateException | RuntimeException e) {
                alert = clientMode ? serverCertificateAlert(e, tls13) : ALERT_CERTIFICATE_UNKNOWN;
                problem = e;
            }
        }
        lock.lock();
        try {
            verifyAlert = alert;
            verifyReady = true;
            if (problem != null) {
                failureCause = problem;
                handshakeSession.peerCertificates = null;
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * The alert a client sends when the trust manager refused the server's certificate, by the
     * reason the validator gave, as SunJSSE's client chooses it: revoked (or of unknown status)
     * is bad_certificate_status_response when the server stapled a response, certificate_revoked
     * (certificate_unknown) when not; expired, bad signature, algorithm constraints have their own.
     */
    private int serverCertificateAlert(Exception e, boolean tls13) {
        if (!(e.getCause() instanceof CertPathValidatorException cpve)) {
            return ALERT_CERTIFICATE_UNKNOWN;
        }
        boolean stapled = !handshakeSession.statusResponses.isEmpty();
        if (cpve.getReason() == BasicReason.REVOKED) {
            return stapled ? ALERT_BAD_CERTIFICATE_STATUS_RESPONSE : ALERT_CERTIFICATE_REVOKED;
        } else if (cpve.getReason() == BasicReason.UNDETERMINED_REVOCATION_STATUS) {
            return stapled ? ALERT_BAD_CERTIFICATE_STATUS_RESPONSE : ALERT_CERTIFICATE_UNKNOWN;
        } else if (cpve.getReason() == BasicReason.EXPIRED) {
            return ALERT_CERTIFICATE_EXPIRED;
        } else if (cpve.getReason() == BasicReason.INVALID_SIGNATURE || cpve.getReason() == BasicReason.NOT_YET_VALID) {
            return ALERT_BAD_CERTIFICATE;
        } else if (cpve.getReason() == BasicReason.ALGORITHM_CONSTRAINED) {
            String m = String.valueOf(e.getMessage()).toUpperCase(java.util.Locale.ROOT);
            // RFC 8446: a certificate refused for an MD5 or SHA-1 signature is bad_certificate
            return tls13 && (m.contains("MD5WITH") || m.contains("SHA1WITH"))
                    ? ALERT_BAD_CERTIFICATE
                    : ALERT_UNSUPPORTED_CERTIFICATE;
        }
        return ALERT_CERTIFICATE_UNKNOWN;
    }

    /** "ECDHE_ECDSA", "ECDHE_RSA", "RSA": the key exchange of a TLS 1.2 suite, as SunJSSE names it. */
    private static String keyExchange(String suite) {
        if (suite == null) {
            return "UNKNOWN";
        }
        int with = suite.indexOf("_WITH_");
        return with > 4 ? suite.substring(4, with) : "UNKNOWN";
    }

    @Override
    public int sign(MemorySegment out, MemorySegment outLen, long maxOut, int sigalg, MemorySegment in, long inLen) {
        try {
            return signLater(sigalg, in, inLen);
        } catch (Throwable t) {
            failureCause = t;
            return SslCallbacks.KEY_FAILURE;
        }
    }

    private int signLater(int sigalg, MemorySegment in, long inLen) {
        if (inLen < 0 || inLen > (1 << 20)) {
            return SslCallbacks.KEY_FAILURE;
        }
        byte[] data = in.reinterpret(inLen).toArray(JAVA_BYTE);
        Credentials c = credentials;
        if (c == null) {
            return SslCallbacks.KEY_FAILURE;
        }
        signatureReady = false;
        pendingTask = () -> signWithKey(c.key(), sigalg, data);
        return SslCallbacks.KEY_RETRY;
    }

    @Override
    public int decrypt(MemorySegment in, long inLen) {
        try {
            // an RSA ciphertext is as long as the modulus: 16384 bits is more than any key in use
            if (inLen <= 0 || inLen > 2048) {
                return SslCallbacks.KEY_FAILURE;
            }
            byte[] data = in.reinterpret(inLen).toArray(JAVA_BYTE);
            Credentials c = credentials;
            if (c == null) {
                return SslCallbacks.KEY_FAILURE;
            }
            signatureReady = false;
            pendingTask = () -> decryptWithKey(c.key(), data);
            return SslCallbacks.KEY_RETRY;
        } catch (Throwable t) {
            failureCause = t;
            return SslCallbacks.KEY_FAILURE;
        }
    }

    /**
     * The raw RSA decryption libssl asks for (it checks the PKCS#1 padding itself, in constant
     * time), through the JCA with a key libssl cannot hold (a delegated task): the result, as
     * long as the modulus, goes back as {@link #complete} hands out a signature.
     */
    private void decryptWithKey(PrivateKey key, byte[] data) {
        byte[] plain = null;
        Throwable problem = null;
        try {
            javax.crypto.Cipher rsa = javax.crypto.Cipher.getInstance("RSA/ECB/NoPadding");
            rsa.init(javax.crypto.Cipher.DECRYPT_MODE, key);
            byte[] raw = rsa.doFinal(data);
            if (raw.length > data.length) {
                throw new SSLHandshakeException("RSA decryption gave " + raw.length + " bytes of " + data.length);
            }
            // a provider may drop the leading zero bytes of the integer: the modulus' length again
            plain = new byte[data.length];
            System.arraycopy(raw, 0, plain, data.length - raw.length, raw.length);
            Arrays.fill(raw, (byte) 0);
        } catch (Exception e) {
            problem = e;
        }
        privateKeyDone(plain, problem);
    }

    /** The JCA signature with a key libssl cannot hold (a delegated task). */
    private void signWithKey(PrivateKey key, int sigalg, byte[] data) {
        byte[] sig = null;
        Throwable problem = null;
        try {
            TlsNames.Scheme scheme = TlsNames.scheme(sigalg);
            if (scheme == null) {
                throw new SSLHandshakeException("unsupported signature scheme 0x" + Integer.toHexString(sigalg));
            }
            Signature s = Signature.getInstance(scheme.jca());
            // the key first: the JCA picks the provider that takes this key (a token's, through
            // SunPKCS11) at initSign; parameters set before it would pick the first provider that
            // takes the parameters, which then refuses the key ("key must be RSAPrivateKey")
            s.initSign(key);
            AlgorithmParameterSpec spec = scheme.parameters();
            if (spec != null) {
                s.setParameter(spec);
            }
            s.update(data);
            sig = s.sign();
        } catch (Exception e) {
            problem = e;
        }
        privateKeyDone(sig, problem);
    }

    /** A signature's or decryption's result (null when it failed, with its problem), for {@link #complete}. */
    private void privateKeyDone(byte[] result, Throwable problem) {
        lock.lock();
        try {
            signature = result;
            signatureFailed = result == null;
            signatureReady = true;
            if (problem != null) {
                failureCause = problem;
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int complete(MemorySegment out, MemorySegment outLen, long maxOut) {
        try {
            return completeSignature(out, outLen, maxOut);
        } catch (Throwable t) {
            failureCause = t;
            return SslCallbacks.KEY_FAILURE;
        }
    }

    private int completeSignature(MemorySegment out, MemorySegment outLen, long maxOut) {
        if (!signatureReady) {
            return pendingTask != null ? SslCallbacks.KEY_RETRY : SslCallbacks.KEY_FAILURE;
        }
        signatureReady = false;
        byte[] sig = signature;
        signature = null;
        try {
            if (signatureFailed || sig == null || sig.length > maxOut) {
                return SslCallbacks.KEY_FAILURE;
            }
            MemorySegment.copy(MemorySegment.ofArray(sig), 0, out.reinterpret(maxOut), 0, sig.length);
            outLen.reinterpret(8).set(JAVA_LONG, 0, sig.length);
            return SslCallbacks.KEY_SUCCESS;
        } finally {
            if (sig != null) {
                Arrays.fill(sig, (byte) 0); // a decryption's result is the premaster secret
            }
        }
    }

    /**
     * The server's ALPN choice, as SunJSSE makes it: the caller's selector when set (run here, on
     * the handshake's thread: it must be quick), else the first of this side's protocols the client
     * offered. null refuses the handshake (no_application_protocol).
     */
    @Override
    public String selectApplicationProtocol(List<String> offered) {
        try {
            var selector = alpnSelector;
            if (selector != null) {
                String chosen = selector.apply(this, List.copyOf(offered));
                if (chosen == null || !chosen.isEmpty() && !offered.contains(chosen)) {
                    failureCause = new SSLHandshakeException(
                            "No matching application protocol: selector chose " + chosen + " of " + offered);
                    return null;
                }
                return chosen;
            }
            String[] ours = parameters.getApplicationProtocols();
            if (ours == null || ours.length == 0) {
                return "";
            }
            for (String p : ours) {
                if (offered.contains(p)) {
                    return p;
                }
            }
            failureCause = new SSLHandshakeException("No matching application protocol among " + offered);
            return null;
        } catch (Throwable t) {
            failureCause = t;
            return null;
        }
    }

    @Override
    public boolean keepsSessions() {
        return clientMode && sessionCreation && peerKey() != null;
    }

    @Override
    public void newSession(dev.acceljce.libssl.SslSession s) {
        AccelSslSession owner = session != null ? session : handshakeSession;
        context.sessionContext(true).keep(peerKey(), s, owner);
    }

    @Override
    public TicketKeys ticketKeys() {
        return context.handle().ticketKeys();
    }

    @Override
    public void ticketSealed(byte[] iv) {
        if (session != null && handshakeDone) {
            context.sessionContext(false).ticketIssued(iv, session); // a ticket after the handshake
            return;
        }
        if (sealedTickets == null) {
            sealedTickets = new ArrayList<>(2);
        }
        sealedTickets.add(iv);
    }

    @Override
    public boolean ticketOpening(byte[] iv) {
        AccelSslSession origin = context.sessionContext(false).ticketSession(iv);
        if (origin == null || !origin.isValid()) {
            // invalidated, expired, or no longer in the cache (its size): SunJSSE would not
            // resume such a session either
            return false;
        }
        ticketOrigin = origin;
        return true;
    }

    // ------------------------------------------------------------------ helpers

    private static void checkArrays(ByteBuffer[] buffers, int offset, int length) {
        if (buffers == null) {
            throw new IllegalArgumentException("buffer array is null");
        }
        if (offset < 0 || length < 0 || offset > buffers.length - length) {
            throw new IndexOutOfBoundsException("offset " + offset + ", length " + length + " of " + buffers.length);
        }
        for (int i = offset; i < offset + length; i++) {
            if (buffers[i] == null) {
                throw new IllegalArgumentException("buffer " + i + " is null");
            }
        }
    }

    /** The negotiated group in the JDK's spelling ("X25519MLKEM768", "x25519"), or null before one is. */
    String negotiatedGroup() {
        lock.lock();
        try {
            return connection == null || connection.isClosed() ? null : TlsNames.jdkGroup(connection.group());
        } finally {
            lock.unlock();
        }
    }

    /** Bytes libssl has written for the peer and the engine has not wrapped yet (tests). */
    int pendingOutput() {
        lock.lock();
        try {
            return connection == null || connection.isClosed() ? 0 : connection.pendingOutput();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Once both directions have ended and nothing is left to send, libssl's objects (some 60 KiB a
     * connection with the BIO pair's buffers) go now, on the caller's thread: left to the Cleaner
     * they would wait for a GC, and their memory would be freed on another thread than the one
     * that takes it (glibc then finds its per-thread caches empty on every connection). The
     * session and ALPN's choice stay readable. Called with the lock held.
     */
    private void releaseIfDone() {
        if (inboundDone && outboundDone && connection != null && !connection.isClosed()) {
            connection.free();
        }
    }

    /**
     * Frees libssl's objects now (the Cleaner would later) and ends both directions: later wraps
     * and unwraps answer CLOSED, the session and ALPN's choice stay readable. For tests and the
     * socket's close.
     */
    void free() {
        lock.lock();
        try {
            inboundDone = true;
            outboundDone = true;
            pendingTask = null;
            if (connection != null) {
                connection.free();
            }
        } finally {
            lock.unlock();
        }
    }
}
