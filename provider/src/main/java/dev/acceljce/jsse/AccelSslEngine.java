package dev.acceljce.jsse;

import dev.acceljce.control.Counters;
import dev.acceljce.libssl.SslConnection;
import dev.acceljce.libssl.SslNegotiated;
import java.nio.ByteBuffer;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;

/**
 * An {@link SSLEngine} whose TLS runs in AWS-LC's libssl ({@link SslConnection}). This class
 * keeps JSSE's contract and does no TLS itself: it frames the caller's bytes into records for
 * libssl (one record per {@code unwrap}, as SunJSSE consumes them), moves what libssl writes into
 * the caller's buffers, and translates libssl's "wants" into handshake statuses: the state machine
 * of JSSE's contract. Its helpers each hold one concern: {@link ConfigurableEngine} (the settings
 * half of the contract) over {@link TlsParameters} (what the caller set, and how it becomes
 * libssl's settings), {@link RecordFraming} (what a record header says before libssl reads the
 * record), {@link SessionBinding} (which Java session a handshake ends in),
 * {@link CredentialChoice} (the key manager), {@link PeerVerification} (the trust manager),
 * {@link JcaKeyOperations} (keys libssl cannot hold).
 *
 * <p>Key-manager, trust-manager and private-key work never runs inside libssl by default: the
 * callback makes a {@link PendingOperation} and answers "retry", the handshake status becomes
 * {@code NEED_TASK}, {@link #getDelegatedTask()} hands the work out, and when libssl calls back
 * the answer is taken. Under a socket (whose thread would run the task at once anyway) and when
 * {@code acceljce.tls.inlineTasks} is true, the work runs inside the callback instead: one
 * descent into libssl per flight rather than one per callback. One lock serialises wrap, unwrap
 * and every state change; a delegated task runs without it and takes it only to store its result.
 */
final class AccelSslEngine extends ConfigurableEngine {
    /** Where the handshake is; closing is per direction, apart ({@link #inboundDone}, {@link #outboundDone}). */
    private enum Phase {
        /** No libssl connection yet: parameters may change. */
        NOT_STARTED,
        HANDSHAKING,
        /** The handshake finished (later KeyUpdates do not leave this phase). */
        ESTABLISHED
    }

    private final AccelSslContext context;
    /** Run callbacks' work inside them (see the class comment). */
    private boolean inlineTasks;

    private Phase phase = Phase.NOT_STARTED;
    private SslConnection connection;
    private SessionBinding sessions;
    private AccelSslSession handshakeSession;
    private AccelSslSession session;
    private int lastWant;
    /** The handshake finished; FINISHED is reported once its last bytes have been wrapped. */
    private boolean finishedToReport;

    private boolean inboundDone;
    private boolean outboundDone;
    private boolean closing;
    /** A fatal error: its alert is wrapped next, then the engine is closed. */
    private SSLException failure;
    /** libssl's questions during the handshake, answered with Java work (null before start). */
    private HandshakeCallbacks callbacks;
    /** The largest plaintext one record carries (SSLParameters.getMaximumPacketSize less a record's expansion). */
    private int maxFragment = SslConnection.MAX_PLAINTEXT;
    /** What this connection's session exports through (the session holds it weakly). */
    private KeyingMaterialExporter.Source exportSource;
    /** Where this connection's records are counted, once the handshake finished. */
    private Counters.Tally records = Counters.Tally.NONE;

    /** What ALPN chose, kept when the handshake finished ("" for none): readable after {@link #free}. */
    private String applicationProtocol;

    /**
     * The socket this engine runs under ({@link AccelSslSocket}), or null for an engine of its own:
     * the key and trust managers are then given the socket, not the engine, as SunJSSE gives its
     * sockets' managers (a key manager choosing by socket, a trust manager reading the socket's
     * endpoint identification).
     */
    private volatile SSLSocket socket;

    AccelSslEngine(AccelSslContext context, String host, int port) {
        super(context, host, port);
        this.context = context;
        this.inlineTasks = context.inlineEngineTasks();
    }

    /** Makes this the engine of {@code s} (before its handshake): its thread runs callbacks' work at once. */
    void runUnder(SSLSocket s) {
        lock.lock();
        try {
            socket = s;
            inlineTasks = true;
        } finally {
            lock.unlock();
        }
    }

    // ------------------------------------------------------------------ sessions

    @Override
    public SSLSession getSession() {
        lock.lock();
        try {
            if (session == null) {
                AccelSslSession none =
                        new AccelSslSession(context.sessionContext(clientMode()), getPeerHost(), getPeerPort());
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
            return phase == Phase.ESTABLISHED ? null : handshakeSession;
        } finally {
            lock.unlock();
        }
    }

    /** The protocol ALPN chose: null before a handshake finished, "" when none was (as SunJSSE). */
    @Override
    public String getApplicationProtocol() {
        lock.lock();
        try {
            return phase == Phase.ESTABLISHED ? applicationProtocol : null;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String getHandshakeApplicationProtocol() {
        lock.lock();
        try {
            if (phase != Phase.HANDSHAKING || connection.isClosed()) {
                return null;
            }
            String p = connection.negotiated().alpnSelected();
            return p == null ? "" : p;
        } finally {
            lock.unlock();
        }
    }

    // ------------------------------------------------------------------ the handshake

    @Override
    public void beginHandshake() throws SSLException {
        lock.lock();
        try {
            if (!parameters.modeSet()) {
                throw new IllegalStateException("Client/Server mode has not yet been set.");
            }
            if (outboundDone || inboundDone) {
                throw new SSLException("Engine is closed");
            }
            if (phase == Phase.ESTABLISHED) {
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
        if (phase != Phase.NOT_STARTED) {
            return;
        }
        boolean client = clientMode();
        if (!client && !getEnableSessionCreation()) {
            throw new SSLHandshakeException("No new session is allowed and no existing session can be resumed");
        }
        handshakeSession = new AccelSslSession(context.sessionContext(client), getPeerHost(), getPeerPort());
        sessions = new SessionBinding(context, client);
        HandshakeCallbacks answers = new HandshakeCallbacks(
                new HandshakeCallbacks.Setting(context, this, socket, client, inlineTasks), handshakeSession, sessions);
        SslConnection c = SslConnection.create(context.handle(), client, answers);
        answers.attach(c);
        try {
            TlsParameters.Applied applied = parameters.applyTo(c, getPeerHost());
            handshakeSession.localSignatureAlgorithms = applied.localSignatureAlgorithms();
            answers.tls12WithoutSignatureAlgorithms(applied.tls12WithoutSignatureAlgorithms());
            maxFragment = applied.maxFragment();
        } catch (SSLException | RuntimeException e) {
            c.free();
            throw e;
        }
        connection = c;
        callbacks = answers;
        phase = Phase.HANDSHAKING;
        if (client) {
            sessions.offerCached(connection, peerKey());
            step();
        } else {
            lastWant = SslConnection.ERROR_WANT_READ;
        }
    }

    /** "host:port" for the client session cache, or null when the engine was made without a peer. */
    String peerKey() {
        return getPeerHost() == null || getPeerPort() < 0 ? null : getPeerHost() + ":" + getPeerPort();
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
        phase = Phase.ESTABLISHED;
        finishedToReport = true;
        SslNegotiated negotiated = connection.negotiated();
        String alpn = negotiated.alpnSelected();
        applicationProtocol = alpn == null ? "" : alpn;
        boolean resumed = negotiated.sessionReused();
        AccelSslSession s = handshakeSession;
        s.protocol = negotiated.version() == SslConnection.TLS1_3 ? TlsNames.TLS13 : TlsNames.TLS12;
        s.cipherSuite = negotiated.cipherSuite();
        session = sessions.finish(connection, s, resumed);
        exportSource = new KeyingMaterialExporter.Source(lock, connection);
        session.exportsFrom(exportSource);
        records = TlsCounters.handshake(
                clientMode(), resumed, s.protocol, TlsNames.jdkGroup(negotiated.group()), s.cipherSuite);
    }

    /** Records a fatal error (libssl's queue, and what a callback learnt) and returns its exception. */
    private SSLException fail(String during) {
        Throwable ourCause = callbacks == null ? null : callbacks.failureCause();
        SSLException e = TlsAlerts.fatal(during, phase == Phase.ESTABLISHED, ourCause);
        failure = e;
        inboundDone = true;
        if (callbacks != null) {
            callbacks.cancel();
        }
        TlsAlerts.tellPeerOfOurFailure(connection, ourCause);
        if (session != null) {
            session.invalidate();
        }
        return e;
    }

    private HandshakeStatus status() {
        if (phase == Phase.NOT_STARTED) {
            return HandshakeStatus.NOT_HANDSHAKING;
        }
        if (callbacks.awaitingTask()) {
            return HandshakeStatus.NEED_TASK;
        }
        if (!outboundDone && connection.pendingOutput() > 0) {
            return HandshakeStatus.NEED_WRAP;
        }
        if (failure != null || phase == Phase.ESTABLISHED || outboundDone) {
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
            return callbacks == null ? null : callbacks.delegatedTask(lock);
        } finally {
            lock.unlock();
        }
    }

    /** A task being waited for: {@code NEED_TASK} while it is. */
    private boolean awaitingTask() {
        return callbacks != null && callbacks.awaitingTask();
    }

    // ------------------------------------------------------------------ wrap

    @Override
    public SSLEngineResult wrap(ByteBuffer[] srcs, int offset, int length, ByteBuffer dst) throws SSLException {
        RecordFraming.checkWrapArguments(srcs, offset, length, dst);
        lock.lock();
        try {
            if (!parameters.modeSet()) {
                throw new IllegalStateException("Client/Server mode has not yet been set.");
            }
            if (outboundDone) {
                return new SSLEngineResult(Status.CLOSED, status(), 0, 0);
            }
            start();
            if (awaitingTask()) {
                return new SSLEngineResult(Status.OK, HandshakeStatus.NEED_TASK, 0, 0);
            }
            if (failure == null
                    && phase != Phase.ESTABLISHED
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
            if (phase != Phase.ESTABLISHED) {
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
        long available = RecordFraming.remaining(srcs, offset, length);
        if (available == 0) {
            return new SSLEngineResult(Status.OK, resultStatus(), 0, 0);
        }
        int chunk = (int) Math.min(available, maxFragment);
        if (dst.remaining() < chunk + connection.maxSealOverhead()) {
            return new SSLEngineResult(Status.BUFFER_OVERFLOW, status(), 0, 0);
        }
        // one record, sealed by libssl straight into dst (as SunJSSE, one record per call)
        int before = dst.position();
        int r = connection.write(srcs, offset, length, chunk, dst);
        if (r < 0) {
            throw fail("write");
        }
        connection.drain(dst); // nothing, unless libssl wrote more than the record (a pending flight)
        int produced = dst.position() - before;
        records.countShared(r);
        return new SSLEngineResult(Status.OK, resultStatus(), r, produced);
    }

    // ------------------------------------------------------------------ unwrap

    @Override
    public SSLEngineResult unwrap(ByteBuffer src, ByteBuffer[] dsts, int offset, int length) throws SSLException {
        RecordFraming.checkUnwrapArguments(src, dsts, offset, length);
        lock.lock();
        try {
            if (!parameters.modeSet()) {
                throw new IllegalStateException("Client/Server mode has not yet been set.");
            }
            if (inboundDone) {
                return new SSLEngineResult(Status.CLOSED, status(), 0, 0);
            }
            start();
            if (awaitingTask()) {
                return new SSLEngineResult(Status.OK, HandshakeStatus.NEED_TASK, 0, 0);
            }
            int recordLength = RecordFraming.nextRecordLength(src);
            if (recordLength == 0) {
                return new SSLEngineResult(Status.BUFFER_UNDERFLOW, status(), 0, 0);
            }
            if (phase == Phase.ESTABLISHED
                    && RecordFraming.isApplicationData(src)
                    && RecordFraming.remaining(dsts, offset, length)
                            < RecordFraming.plaintextBound(src, connection.maxSealOverhead())) {
                return new SSLEngineResult(Status.BUFFER_OVERFLOW, status(), 0, 0);
            }
            connection.feed(src, recordLength);
            if (phase != Phase.ESTABLISHED) {
                step();
                if (phase != Phase.ESTABLISHED || connection.pendingOutput() > 0) {
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
            if (phase != Phase.NOT_STARTED && failure == null && !connection.receivedShutdown()) {
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
        if (phase == Phase.NOT_STARTED) {
            outboundDone = true;
            return;
        }
        if (failure == null && phase == Phase.ESTABLISHED) {
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

    /** Whether a client keeps libssl's new sessions to resume with (a peer to key them by, creation allowed). */
    boolean keepsSessions() {
        return clientMode() && getEnableSessionCreation() && peerKey() != null;
    }

    // ------------------------------------------------------------------ helpers

    @Override
    boolean started() {
        return phase != Phase.NOT_STARTED;
    }

    /** The negotiated group in the JDK's spelling ("X25519MLKEM768", "x25519"), or null before one is. */
    String negotiatedGroup() {
        lock.lock();
        try {
            return connection == null || connection.isClosed()
                    ? null
                    : TlsNames.jdkGroup(connection.negotiated().group());
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
     * Once both directions have ended and nothing is left to send, libssl's objects go now, on
     * the caller's thread: left to the Cleaner
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
            if (callbacks != null) {
                callbacks.cancel();
            }
            if (connection != null) {
                connection.free();
            }
        } finally {
            lock.unlock();
        }
    }
}
