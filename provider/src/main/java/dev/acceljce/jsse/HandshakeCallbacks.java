package dev.acceljce.jsse;

import dev.acceljce.libssl.SslCallbacks;
import dev.acceljce.libssl.SslCallbacks.KeyResult;
import dev.acceljce.libssl.SslConnection;
import dev.acceljce.libssl.SslNegotiated;
import dev.acceljce.libssl.SslPrivateKey;
import dev.acceljce.libssl.SslSession;
import dev.acceljce.libssl.TicketKeys;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.Lock;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLSocket;

/**
 * What one connection answers to libssl's questions during its handshake (the certificate to
 * present, the peer's chain, a signature, ALPN, sessions and tickets), with the Java work each
 * needs: the key manager ({@link CredentialChoice}), the trust manager ({@link PeerVerification}),
 * keys libssl cannot hold ({@link JcaKeyOperations}).
 *
 * <p>Such work runs as a {@link PendingOperation}: left for the engine's delegated task (the
 * callback answers "retry"; libssl asks again once it ran), or, with {@code inline}, run inside
 * the callback at once. Every method here runs on the thread that called into libssl, with the
 * engine's lock held; none throws (an exception escaping an upcall would end the JVM): a failure
 * is answered to libssl and its reason kept for the engine's exception ({@link #failureCause()}).
 */
final class HandshakeCallbacks implements SslCallbacks.Handler {
    /** What the callbacks need to know of the engine they serve. */
    record Setting(AccelSslContext context, AccelSslEngine engine, SSLSocket socket, boolean client, boolean inline) {}

    private final Setting setting;
    private final AccelSslSession handshakeSession;
    private final SessionBinding sessions;
    private SslConnection connection;

    /** The Java work the handshake waits for, or null. */
    private PendingOperation<?> pending;
    /** The key manager's answer this handshake signs with (null: none chosen, or none). */
    private CredentialChoice.Credentials credentials;
    /** A server's answer to a TLS 1.2 client that sent no signature_algorithms (set once configured). */
    private Tls12ClientWithoutSignatureAlgorithms tls12WithoutSignatureAlgorithms;

    void tls12WithoutSignatureAlgorithms(Tls12ClientWithoutSignatureAlgorithms answer) {
        tls12WithoutSignatureAlgorithms = answer;
    }
    /** What a callback or its work learnt about a failure, for the engine's exception. */
    private Throwable failureCause;

    HandshakeCallbacks(Setting setting, AccelSslSession handshakeSession, SessionBinding sessions) {
        this.setting = setting;
        this.handshakeSession = handshakeSession;
        this.sessions = sessions;
    }

    /** The connection these callbacks answer for (made with them as its handler). */
    void attach(SslConnection c) {
        connection = c;
    }

    Throwable failureCause() {
        return failureCause;
    }

    // ------------------------------------------------------------------ work for delegated tasks

    /** Whether work waits to be handed out as a delegated task (the engine's NEED_TASK). */
    boolean awaitingTask() {
        return pending != null && pending.awaitingTask();
    }

    /** The waiting work as a delegated task, or null: it stores its outcome under {@code lock}. */
    Runnable delegatedTask(Lock lock) {
        return awaitingTask() ? handOut(pending, lock) : null;
    }

    private static <T> Runnable handOut(PendingOperation<T> op, Lock lock) {
        return op.task(outcome -> {
            lock.lock();
            try {
                op.finish(outcome);
            } finally {
                lock.unlock();
            }
        });
    }

    /** Forgets any work (the handshake failed or the engine closed). */
    void cancel() {
        pending = null;
    }

    /**
     * The outcome of the work of {@code kind}, taken (and the work forgotten) once it ran; null
     * when none of that kind ran.
     */
    @SuppressWarnings("unchecked")
    private <T> PendingOperation.Outcome<T> takeOutcome(PendingOperation.Kind kind) {
        PendingOperation<?> op = pending;
        if (op == null || op.kind() != kind || !op.done()) {
            return null;
        }
        pending = null;
        PendingOperation.Outcome<T> o = (PendingOperation.Outcome<T>) op.outcome();
        if (o.problem() != null) {
            failureCause = o.problem();
        }
        return o;
    }

    /** Starts {@code op}'s work: now when inline (its outcome is then ready), else as a delegated task. */
    private <T> PendingOperation.Outcome<T> begin(PendingOperation<T> op) {
        pending = op;
        if (setting.inline()) {
            op.finish(op.run());
        }
        return takeOutcome(op.kind());
    }

    /** Whether work of {@code kind} was started and has not run yet. */
    private boolean waitingFor(PendingOperation.Kind kind) {
        return pending != null && pending.kind() == kind && !pending.done();
    }

    // ------------------------------------------------------------------ certificates

    @Override
    public int selectCertificate() {
        try {
            if (waitingFor(PendingOperation.Kind.CHOOSE_CREDENTIALS)) {
                return -1;
            }
            PendingOperation.Outcome<CredentialChoice.Credentials> chosen =
                    takeOutcome(PendingOperation.Kind.CHOOSE_CREDENTIALS);
            if (chosen == null) {
                chosen = begin(credentialChoice());
                if (chosen == null) {
                    return -1; // NEED_TASK
                }
            }
            return useCredentials(chosen.value());
        } catch (Throwable t) {
            failureCause = t;
            return 0;
        }
    }

    /** The key manager's choice, with what the handshake tells it, as work to run. */
    private PendingOperation<CredentialChoice.Credentials> credentialChoice() {
        boolean client = setting.client();
        SslNegotiated offered = connection.negotiated();
        String sni = client ? null : offered.requestedServerName();
        int[] peerSchemes = offered.peerSignatureAlgorithms();
        if (sni != null) {
            handshakeSession.requestedServerNames = List.of(new SNIHostName(sni));
        }
        handshakeSession.peerSignatureAlgorithms = TlsNames.jcaNames(peerSchemes);
        // TLS 1.2 (RFC 8422): an ECDSA certificate's curve must be one the client listed
        int[] curvesAllowed =
                !client && offered.version() == SslConnection.TLS1_2 ? offered.clientSupportedGroups() : null;
        // a client's choice among its certificates: the CAs the server named (none: any)
        List<byte[]> authorities = client ? offered.serverRequestedAuthorities() : List.of();
        CredentialChoice.Request request = new CredentialChoice.Request(peerSchemes, curvesAllowed, authorities);
        // a server's OCSP staple is fetched in the same work, once the chain is chosen
        boolean staple = !client && setting.context().stapler().active() && offered.ocspRequested();
        return new PendingOperation<>(PendingOperation.Kind.CHOOSE_CREDENTIALS, () -> {
            CredentialChoice.Credentials c = CredentialChoice.choose(
                    setting.context().keyManager(), client, setting.socket(), setting.engine(), request);
            ocspStaple = staple && c != null ? setting.context().stapler().responseFor(c.chain()) : null;
            return c;
        });
    }

    /** Server: the OCSP response to staple, fetched with the credentials, until the chain is set. */
    private volatile byte[] ocspStaple;

    /** Gives libssl the chosen chain and key: 1 done, 0 fail (see {@link SslCallbacks.Handler#selectCertificate}). */
    private int useCredentials(CredentialChoice.Credentials c) throws Exception {
        credentials = c;
        if (c == null) {
            return setting.client() ? 1 : 0; // a client may go without; a server cannot
        }
        handshakeSession.localCertificates = c.chain().clone();
        List<byte[]> der = c.encodedChain();
        if (!setting.client()
                && tls12WithoutSignatureAlgorithms != null
                && connection.negotiated().version() == SslConnection.TLS1_2
                && connection.negotiated().peerSignatureAlgorithms().length == 0) {
            tls12WithoutSignatureAlgorithms.narrow(connection, c.chain()[0].getPublicKey());
        }
        // keys libssl can read sign there; any other (a token's, another provider's) through the JCA
        SslPrivateKey nativeKey = setting.context().nativeKey(c.key());
        boolean set = nativeKey != null && connection.settings().setChainAndKey(der, nativeKey)
                || connection.settings().setChainAndKey(der, null);
        if (set && ocspStaple != null) {
            connection.settings().setOcspResponse(ocspStaple); // refused: the handshake goes on without it
        }
        ocspStaple = null;
        return set ? 1 : 0;
    }

    @Override
    public int verifyPeer() {
        try {
            if (waitingFor(PendingOperation.Kind.VERIFY_PEER)) {
                return SslCallbacks.VERIFY_LATER;
            }
            PendingOperation.Outcome<PeerVerification.Verdict> verdict = takeOutcome(PendingOperation.Kind.VERIFY_PEER);
            if (verdict == null) {
                verdict = begin(peerVerification());
                if (verdict == null) {
                    return SslCallbacks.VERIFY_LATER; // NEED_TASK
                }
            }
            PeerVerification.Verdict v = verdict.value();
            if (v == null) {
                return TlsAlerts.CERTIFICATE_UNKNOWN; // the check itself failed (its cause is kept)
            }
            if (v.problem() != null) {
                failureCause = v.problem();
            }
            return v.alert() == 0 ? SslCallbacks.VERIFY_OK : v.alert();
        } catch (Throwable t) {
            failureCause = t;
            return TlsAlerts.CERTIFICATE_UNKNOWN;
        }
    }

    /** The trust manager's check, with what the handshake shows it, as work to run. */
    private PendingOperation<PeerVerification.Verdict> peerVerification() {
        List<byte[]> der = connection.negotiated().peerCertificates();
        String suite = connection.negotiated().cipherSuite();
        boolean tls13 = suite != null && TlsNames.isTls13Suite(suite);
        if (suite != null) {
            handshakeSession.cipherSuite = suite;
            handshakeSession.protocol = tls13 ? TlsNames.TLS13 : TlsNames.TLS12;
        }
        boolean client = setting.client();
        if (client) {
            // the server's stapled OCSP response for its leaf, there for the trust manager (the
            // JDK's checks revocation with it when its PKIX parameters ask for that)
            byte[] stapled = connection.negotiated().ocspResponse();
            handshakeSession.statusResponses = stapled == null ? List.of() : List.of(stapled);
        }
        PeerVerification.Request request = new PeerVerification.Request(der, suite, tls13);
        return new PendingOperation<>(
                PendingOperation.Kind.VERIFY_PEER,
                () -> PeerVerification.verify(
                        setting.context().trustManager(),
                        client,
                        setting.socket(),
                        setting.engine(),
                        handshakeSession,
                        request));
    }

    // ------------------------------------------------------------------ private-key operations

    @Override
    public KeyResult sign(int sigalg, byte[] input) {
        CredentialChoice.Credentials c = credentials;
        return c == null
                ? KeyResult.failed()
                : privateKeyOperation(() -> JcaKeyOperations.sign(c.key(), sigalg, input));
    }

    @Override
    public KeyResult decrypt(byte[] input) {
        CredentialChoice.Credentials c = credentials;
        return c == null ? KeyResult.failed() : privateKeyOperation(() -> JcaKeyOperations.decrypt(c.key(), input));
    }

    /** Starts a signature or decryption: its result now (inline), or later through {@link #complete}. */
    private KeyResult privateKeyOperation(Callable<byte[]> work) {
        try {
            PendingOperation.Outcome<byte[]> done =
                    begin(new PendingOperation<>(PendingOperation.Kind.PRIVATE_KEY, work));
            return done == null ? KeyResult.later() : KeyResult.of(done.value());
        } catch (Throwable t) {
            failureCause = t;
            return KeyResult.failed();
        }
    }

    @Override
    public KeyResult complete() {
        try {
            if (waitingFor(PendingOperation.Kind.PRIVATE_KEY)) {
                return KeyResult.later();
            }
            PendingOperation.Outcome<byte[]> done = takeOutcome(PendingOperation.Kind.PRIVATE_KEY);
            return done == null ? KeyResult.failed() : KeyResult.of(done.value());
        } catch (Throwable t) {
            failureCause = t;
            return KeyResult.failed();
        }
    }

    // ------------------------------------------------------------------ ALPN, sessions, tickets

    /**
     * The server's ALPN choice, as SunJSSE makes it: the caller's selector when set (run here, on
     * the handshake's thread: it must be quick), else the first of this side's protocols the client
     * offered. null refuses the handshake (no_application_protocol).
     */
    @Override
    public String selectApplicationProtocol(List<String> offered) {
        try {
            var selector = setting.engine().getHandshakeApplicationProtocolSelector();
            if (selector != null) {
                String chosen = selector.apply(setting.engine(), List.copyOf(offered));
                if (chosen == null || !chosen.isEmpty() && !offered.contains(chosen)) {
                    failureCause = new SSLHandshakeException(
                            "No matching application protocol: selector chose " + chosen + " of " + offered);
                    return null;
                }
                return chosen;
            }
            String[] ours = setting.engine().localApplicationProtocols();
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
        return setting.engine().keepsSessions();
    }

    @Override
    public void newSession(SslSession s) {
        sessions.keep(setting.engine().peerKey(), s, handshakeSession);
    }

    @Override
    public TicketKeys ticketKeys() {
        return setting.context().handle().ticketKeys();
    }

    @Override
    public void ticketSealed(byte[] iv) {
        sessions.ticketSealed(iv);
    }

    @Override
    public boolean ticketOpening(byte[] iv) {
        return sessions.ticketOpening(iv);
    }

    @Override
    public void ticketOpened(String keyLabel) {
        sessions.ticketOpened(keyLabel);
    }
}
