package dev.acceljce.jsse;

import dev.acceljce.libssl.SslConnection;
import dev.acceljce.libssl.SslSession;
import java.util.ArrayList;
import java.util.List;

/**
 * Which Java session one connection's handshake ends in. libssl resumes on its own (a client's
 * offered session, a server's tickets and session-id cache); this keeps, for one handshake, what
 * maps its result back to the {@link AccelSslSession} the application saw the first time, so a
 * resumed connection shows the original session's id and creation time, as SunJSSE's do.
 * Guarded by the engine's lock.
 */
final class SessionBinding {
    private final AccelSslContext context;
    private final boolean client;
    /** Client: the cached session offered, until the handshake says whether it was resumed. */
    private AccelSessionContext.Resumption offered;
    /** Server: the session the client's ticket continues, until the handshake says whether it resumed. */
    private AccelSslSession ticketOrigin;
    /** Server: tickets sealed before the handshake finished, mapped to its session when it has one. */
    private List<byte[]> sealedTickets;
    /** Server: the label of the ticket key the client's ticket opened under, until the handshake ends. */
    private String ticketKeyLabel;
    /** The session the handshake ended in, once it has. */
    private AccelSslSession established;

    SessionBinding(AccelSslContext context, boolean client) {
        this.context = context;
        this.client = client;
    }

    private AccelSessionContext sessions() {
        return context.sessionContext(client);
    }

    /** A client offers a session it kept for {@code peer} ("host:port"), when it has one. */
    void offerCached(SslConnection connection, String peer) {
        if (peer == null) {
            return;
        }
        AccelSessionContext.Resumption r = sessions().take(peer);
        if (r != null) {
            if (connection.settings().setSession(r.nativeSession())) {
                offered = r;
            }
            r.done();
        }
    }

    /** A client keeps libssl's new {@code s} for {@code peer}, owned by the handshake's session. */
    void keep(String peer, SslSession s, AccelSslSession handshakeSession) {
        sessions().keep(peer, s, established != null ? established : handshakeSession);
    }

    /** A ticket was sealed (server): mapped to the session now, or when the handshake ends. */
    void ticketSealed(byte[] iv) {
        if (established != null) {
            sessions().ticketIssued(iv, established); // a ticket after the handshake
            return;
        }
        if (sealedTickets == null) {
            sealedTickets = new ArrayList<>(2);
        }
        sealedTickets.add(iv);
    }

    /**
     * Whether the client's ticket {@code iv} may be opened: false when its session was
     * invalidated, expired or left the cache (SunJSSE would not resume such a session either);
     * true for a ticket it never saw when ticket keys are installed (see {@link TlsTicketKeys}).
     */
    boolean ticketOpening(byte[] iv) {
        AccelSessionContext sessions = sessions();
        AccelSslSession origin = sessions.ticketSession(iv);
        if (origin == null && sessions.opensUnknownTickets() && !sessions.remembersTicket(iv)) {
            return true; // sealed by another server sharing the keys, or before a restart
        }
        if (origin == null || !origin.isValid()) {
            return false;
        }
        ticketOrigin = origin;
        return true;
    }

    /** The client's ticket opened under the key labelled {@code keyLabel} (counted if the handshake resumes). */
    void ticketOpened(String keyLabel) {
        ticketKeyLabel = keyLabel;
    }

    /**
     * The session a finished handshake ends in: the original one when it resumed (a client's
     * from its cache; a server's by the ticket it opened, as libssl's resumed TLS 1.3 session has
     * no id, or by the TLS 1.2 session id), else {@code fresh}, now established and remembered.
     */
    AccelSslSession finish(SslConnection connection, AccelSslSession fresh, boolean resumed) {
        AccelSessionContext sessions = sessions();
        AccelSslSession original = null;
        if (resumed) {
            original = client
                    ? (offered != null ? offered.javaSession() : null)
                    : ticketOrigin != null
                            ? ticketOrigin
                            : sessions.find(connection.negotiated().sessionId());
        }
        AccelSslSession s;
        if (original != null) {
            original.touched();
            s = original;
        } else {
            byte[] libsslId = connection.negotiated().sessionId();
            fresh.established(libsslId);
            if (!client && libsslId.length > 0) {
                // in libssl's session-id cache (TLS 1.2, the client sent no ticket): invalidate()
                // must take it out of there
                SslSession cached = connection.negotiated().session();
                if (cached != null) {
                    fresh.cachedIn(context.handle(), cached);
                }
            }
            if (resumed && !client) {
                fresh.resumedFromTicket(
                        connection.negotiated().sessionTimeSeconds() * 1000); // a ticket sealed elsewhere
            }
            sessions.remember(fresh);
            s = fresh;
        }
        if (resumed && !client && ticketKeyLabel != null) {
            TlsCounters.ticketResumed(ticketKeyLabel);
        }
        offered = null;
        ticketOrigin = null;
        ticketKeyLabel = null;
        established = s;
        if (sealedTickets != null) {
            for (byte[] iv : sealedTickets) {
                sessions.ticketIssued(iv, s);
            }
            sealedTickets = null;
        }
        return s;
    }
}
