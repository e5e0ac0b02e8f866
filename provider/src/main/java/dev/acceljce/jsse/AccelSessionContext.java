package dev.acceljce.jsse;

import dev.acceljce.libssl.SslContextHandle;
import dev.acceljce.libssl.SslSession;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSessionContext;

/**
 * One side's sessions. A client keeps what libssl hands it after a handshake (TLS 1.3 tickets,
 * TLS 1.2 sessions) per peer host and port, each with the Java session it belongs to, and offers
 * one when it connects to that peer again (a TLS 1.3 ticket once only); a resumed handshake then
 * shows the original session (its id and creation time). A server's resumption state lives in
 * libssl (its cache, and tickets sealed with {@link dev.acceljce.libssl.TicketKeys}); this side
 * only maps session ids and ticket IVs to Java sessions, so a resumed connection shows its
 * original session too. Sizes and timeouts as SSLSessionContext
 * defines them (0: no limit).
 */
final class AccelSessionContext implements SSLSessionContext {
    private record Cached(SslSession nativeSession, AccelSslSession javaSession, long createdMillis) {}

    private volatile int timeout = 86400;
    private volatile int cacheSize = 20480;
    private volatile SslContextHandle handle;
    /** Client: peer -> sessions to resume with, oldest first. Guarded by itself. */
    private final LinkedHashMap<String, Deque<Cached>> byPeer = new LinkedHashMap<>(16, 0.75f, true);
    /** Both sides: session id (hex) -> session, in access order. Guarded by byPeer. */
    private final LinkedHashMap<String, AccelSslSession> byId = new LinkedHashMap<>(16, 0.75f, true);

    /**
     * Server: ticket IV (hex) -> the session the ticket continues, least recently used first (a
     * TLS 1.2 ticket is used again and again), so a connection that resumes with it shows that
     * session. Guarded by byPeer.
     */
    private final LinkedHashMap<String, AccelSslSession> byTicket = new LinkedHashMap<>(16, 0.75f, true);

    /**
     * The most tickets remembered when the cache size is 0 ("no limit" for sessions): a server
     * seals one ticket per TLS 1.3 handshake by default (jdk.tls.server.newSessionTicketCount); a
     * ticket no longer remembered is not resumed.
     */
    private static final int MAX_TICKETS_UNLIMITED = 1 << 16;

    private int cachedCount;

    /** Server: its context's OCSP stapling (for {@link TlsStapling}); null on a client's. */
    private volatile dev.acceljce.jsse.ocsp.OcspStapler stapler;

    void stapler(dev.acceljce.jsse.ocsp.OcspStapler s) {
        stapler = s;
    }

    dev.acceljce.jsse.ocsp.OcspStapler stapler() {
        return stapler;
    }

    /** The server's libssl context, whose session timeout follows this one. */
    void attach(SslContextHandle h) {
        handle = h;
        h.setSessionTimeout(libsslTimeout(timeout));
    }

    /** Keeps {@code s} (owned from now on) to resume with {@code peer} later. */
    void keep(String peer, SslSession s, AccelSslSession javaSession) {
        List<SslSession> evicted = new ArrayList<>();
        synchronized (byPeer) {
            byPeer.computeIfAbsent(peer, k -> new ArrayDeque<>())
                    .addLast(new Cached(s, javaSession, System.currentTimeMillis()));
            cachedCount++;
            remember(javaSession);
            int limit = cacheSize;
            Iterator<Map.Entry<String, Deque<Cached>>> it = byPeer.entrySet().iterator();
            while (limit > 0 && cachedCount > limit && it.hasNext()) {
                Deque<Cached> q = it.next().getValue();
                while (cachedCount > limit && !q.isEmpty()) {
                    evicted.add(q.pollFirst().nativeSession());
                    cachedCount--;
                }
                if (q.isEmpty()) {
                    it.remove();
                }
            }
        }
        evicted.forEach(SslSession::close);
    }

    /** A session to offer {@code peer}, or null; a single-use one leaves the cache. */
    Resumption take(String peer) {
        List<SslSession> expired = new ArrayList<>();
        try {
            synchronized (byPeer) {
                Deque<Cached> q = byPeer.get(peer);
                while (q != null && !q.isEmpty()) {
                    Cached c = q.peekLast();
                    if (expired(c.createdMillis(), System.currentTimeMillis())
                            || !c.javaSession().isValid()) {
                        q.pollLast();
                        cachedCount--;
                        expired.add(c.nativeSession());
                        continue;
                    }
                    boolean once = c.nativeSession().singleUse();
                    if (once) {
                        q.pollLast();
                        cachedCount--;
                    }
                    return new Resumption(c.nativeSession(), c.javaSession(), once);
                }
                return null;
            }
        } finally {
            expired.forEach(SslSession::close);
        }
    }

    /** A cached session offered to a peer: {@link #done()} frees a single-use one once libssl holds it. */
    record Resumption(SslSession nativeSession, AccelSslSession javaSession, boolean singleUse) {
        void done() {
            if (singleUse) {
                nativeSession.close();
            }
        }
    }

    /** Records a session under its id (for getSession, getIds and a server's resumed connections). */
    void remember(AccelSslSession s) {
        byte[] id = s.getId();
        if (id.length == 0) {
            return;
        }
        synchronized (byPeer) {
            byId.put(HexFormat.of().formatHex(id), s);
            trim(byId);
        }
    }

    /** Server: a ticket sealed under {@code iv} continues {@code s}. */
    void ticketIssued(byte[] iv, AccelSslSession s) {
        synchronized (byPeer) {
            byTicket.put(HexFormat.of().formatHex(iv), s);
            int limit = cacheSize > 0 ? cacheSize : MAX_TICKETS_UNLIMITED;
            long now = System.currentTimeMillis();
            Iterator<AccelSslSession> it = byTicket.values().iterator();
            while (it.hasNext()) {
                AccelSslSession oldest = it.next();
                boolean over = byTicket.size() > limit;
                boolean gone = !oldest.isValid() || expired(oldest.getCreationTime(), now);
                if (!over && !gone) {
                    break; // expired ones further on go when they reach the front or the limit
                }
                it.remove();
            }
        }
    }

    /** Server: how many tickets it remembers sealing (each maps to the session it continues). */
    int ticketsRemembered() {
        synchronized (byPeer) {
            return byTicket.size();
        }
    }

    /**
     * Server: the session the ticket sealed under {@code iv} continues, or null when unknown or
     * expired. An invalidated session is returned as it is; the caller refuses both.
     */
    AccelSslSession ticketSession(byte[] iv) {
        synchronized (byPeer) {
            AccelSslSession s = byTicket.get(HexFormat.of().formatHex(iv));
            if (s != null && expired(s.getCreationTime(), System.currentTimeMillis())) {
                return null;
            }
            return s;
        }
    }

    /**
     * Server: whether a ticket this context has no session for is opened all the same: with
     * installed ticket keys (shared by several servers, kept across restarts) it was sealed
     * elsewhere; with this context's own random keys it was forgotten (the cache size) or expired.
     */
    boolean opensUnknownTickets() {
        SslContextHandle h = handle;
        return h != null && h.ticketKeys().installed();
    }

    /** The server's libssl context, or null before init (for installing ticket keys). */
    SslContextHandle handle() {
        return handle;
    }

    /** Server: whether a ticket sealed under {@code iv} is remembered (its session may have expired). */
    boolean remembersTicket(byte[] iv) {
        synchronized (byPeer) {
            return byTicket.containsKey(HexFormat.of().formatHex(iv));
        }
    }

    /** Drops the least recently used entries beyond the cache size (0: no limit). */
    private void trim(LinkedHashMap<String, AccelSslSession> map) {
        int limit = cacheSize;
        Iterator<String> it = map.keySet().iterator();
        while (limit > 0 && map.size() > limit && it.hasNext()) {
            it.next();
            it.remove();
        }
    }

    /** Whether something made at {@code createdMillis} is past the session timeout at {@code now} (0: never). */
    private boolean expired(long createdMillis, long now) {
        return timeout > 0 && now - createdMillis > timeout * 1000L;
    }

    /** The session remembered under {@code id}, or null. */
    AccelSslSession find(byte[] id) {
        synchronized (byPeer) {
            AccelSslSession s = byId.get(HexFormat.of().formatHex(id));
            if (s != null && (!s.isValid() || expired(s.getCreationTime(), System.currentTimeMillis()))) {
                return null;
            }
            return s;
        }
    }

    @Override
    public SSLSession getSession(byte[] sessionId) {
        if (sessionId == null) {
            throw new NullPointerException("session id cannot be null");
        }
        return find(sessionId);
    }

    @Override
    public Enumeration<byte[]> getIds() {
        List<byte[]> ids = new ArrayList<>();
        synchronized (byPeer) {
            for (String hex : byId.keySet()) {
                ids.add(HexFormat.of().parseHex(hex));
            }
        }
        return Collections.enumeration(ids);
    }

    @Override
    public void setSessionTimeout(int seconds) {
        if (seconds < 0) {
            throw new IllegalArgumentException("seconds < 0");
        }
        timeout = seconds;
        SslContextHandle h = handle;
        if (h != null) {
            h.setSessionTimeout(libsslTimeout(seconds));
        }
    }

    /** RFC 8446's longest ticket lifetime; SunJSSE's client drops a TLS 1.2 ticket that says more, too. */
    static final int MAX_TICKET_LIFETIME = 7 * 24 * 3600;

    /**
     * What libssl is told: JSSE's 0 is "no limit" (libssl's 0 would expire everything at once),
     * and libssl gives its timeout as the tickets' lifetime, so it is capped at seven days.
     */
    private static int libsslTimeout(int seconds) {
        return seconds == 0 || seconds > MAX_TICKET_LIFETIME ? MAX_TICKET_LIFETIME : seconds;
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
