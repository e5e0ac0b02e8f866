package dev.acceljce.jsse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Counters;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Session resumption (TLS 1.3 tickets, TLS 1.2 sessions) and ALPN, AccelJCE's TLS against
 * SunJSSE both ways and against itself: a client that connects to the same host and port again
 * resumes and shows its original session (id, creation time); each side of ours counts the
 * resumed handshake. (Session ids are each side's own in TLS 1.3, as in SunJSSE.)
 */
class SessionsAndAlpnTest {
    private static final String OURS = "AccelJCE-TLS", JDK = "SunJSSE";

    static Stream<Arguments> sidesAndProtocols() {
        List<Arguments> out = new ArrayList<>();
        for (String[] s : new String[][] {{OURS, OURS}, {OURS, JDK}, {JDK, OURS}}) {
            for (String protocol : List.of("TLSv1.3", "TLSv1.2")) {
                out.add(Arguments.of(s[0], s[1], protocol));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} client, {1} server, {2}")
    @MethodSource("sidesAndProtocols")
    void secondConnectionToTheSamePeerResumes(String clientStack, String serverStack, String protocol)
            throws Exception {
        SSLContext clientCtx = TlsPeers.context(clientStack, (String) null);
        SSLContext serverCtx = TlsPeers.context(serverStack, "ec256");
        long resumedBefore = resumedCount();

        SSLSession[] first = connect(clientCtx, serverCtx, protocol);
        SSLSession[] second = connect(clientCtx, serverCtx, protocol);
        assertEquals(first[0].getCreationTime(), second[0].getCreationTime(), "the client resumed its session");
        if (OURS.equals(clientStack)) {
            // SunJSSE's TLS 1.3 client gives a resumed session a new id; ours shows the original
            assertArrayEquals(first[0].getId(), second[0].getId(), "our client shows its original session");
        }
        if (OURS.equals(serverStack)) {
            // as SunJSSE's server: the resumed connection shows the session it continues (found by
            // the ticket it opened; libssl's own resumed TLS 1.3 session has no id and a new time)
            assertArrayEquals(first[1].getId(), second[1].getId(), "our server shows the original session");
            assertEquals(first[1].getCreationTime(), second[1].getCreationTime());
            assertTrue(first[1].getId().length > 0);
        }
        long ours = (OURS.equals(clientStack) ? 1 : 0) + (OURS.equals(serverStack) ? 1 : 0);
        assertEquals(ours, resumedCount() - resumedBefore, "resumed handshakes counted by our side(s)");
        if (OURS.equals(clientStack)) {
            assertTrue(
                    java.util.Collections.list(
                                    clientCtx.getClientSessionContext().getIds())
                            .stream()
                            .anyMatch(id -> java.util.Arrays.equals(id, first[0].getId())),
                    "the client context lists it");
        }
    }

    static Stream<Arguments> clientsOfOurServer() {
        List<Arguments> out = new ArrayList<>();
        for (String client : List.of(OURS, JDK)) {
            for (String protocol : List.of("TLSv1.3", "TLSv1.2")) {
                out.add(Arguments.of(client, protocol));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} client, {1}")
    @MethodSource("clientsOfOurServer")
    void aSessionTheServerInvalidatedIsNotResumed(String clientStack, String protocol) throws Exception {
        SSLContext clientCtx = TlsPeers.context(clientStack, (String) null);
        SSLContext serverCtx = TlsPeers.context(OURS, "ec256");
        SSLSession[] first = connect(clientCtx, serverCtx, protocol);
        first[1].invalidate();
        long resumedBefore = resumedCount();
        SSLSession[] second = connect(clientCtx, serverCtx, protocol);
        assertEquals(resumedBefore, resumedCount(), "a full handshake on both sides");
        assertNotEquals(
                first[1].getCreationTime() + "/" + java.util.Arrays.toString(first[1].getId()),
                second[1].getCreationTime() + "/" + java.util.Arrays.toString(second[1].getId()));
        assertTrue(second[1].isValid());
    }

    /**
     * The server remembers as many tickets as its session cache size (it seals one per handshake,
     * TLS 1.3 as SunJSSE's default jdk.tls.server.newSessionTicketCount, and TLS 1.2): room for two
     * clients' tickets, a third client's push the first client's out, and only that one is then
     * refused.
     */
    @ParameterizedTest(name = "{0} client, {1}")
    @MethodSource("clientsOfOurServer")
    void ticketsBeyondTheCacheSizeAreNotResumed(String clientStack, String protocol) throws Exception {
        SSLContext serverCtx = TlsPeers.context(OURS, "ec256");
        serverCtx.getServerSessionContext().setSessionCacheSize(2);
        SSLContext a = TlsPeers.context(clientStack, (String) null);
        SSLContext b = TlsPeers.context(clientStack, (String) null);
        SSLContext c = TlsPeers.context(clientStack, (String) null);
        SSLSession[] aFirst = connect(a, serverCtx, protocol);
        connect(b, serverCtx, protocol);
        SSLSession[] cFirst = connect(c, serverCtx, protocol);

        SSLSession[] cAgain = connect(c, serverCtx, protocol);
        assertArrayEquals(cFirst[1].getId(), cAgain[1].getId(), "the newest client resumes");
        long resumedBefore = resumedCount();
        SSLSession[] aAgain = connect(a, serverCtx, protocol);
        assertEquals(resumedBefore, resumedCount(), "the first client's ticket was dropped: a full handshake");
        assertNotEquals(java.util.Arrays.toString(aFirst[1].getId()), java.util.Arrays.toString(aAgain[1].getId()));
    }

    /**
     * A server session context without timeout (0) still gives tickets a client keeps: libssl
     * takes its timeout as the tickets' lifetime, and SunJSSE's client drops a TLS 1.2 ticket that
     * says more than seven days.
     */
    @ParameterizedTest(name = "{0} client, {1}")
    @MethodSource("clientsOfOurServer")
    void aServerWithoutSessionTimeoutIsStillResumed(String clientStack, String protocol) throws Exception {
        SSLContext clientCtx = TlsPeers.context(clientStack, (String) null);
        SSLContext serverCtx = TlsPeers.context(OURS, "ec256");
        serverCtx.getServerSessionContext().setSessionTimeout(0);
        assertEquals(0, serverCtx.getServerSessionContext().getSessionTimeout());
        SSLSession[] first = connect(clientCtx, serverCtx, protocol);
        SSLSession[] second = connect(clientCtx, serverCtx, protocol);
        assertEquals(first[0].getCreationTime(), second[0].getCreationTime(), "the client resumed");
        assertArrayEquals(first[1].getId(), second[1].getId(), "the server resumed");
    }

    /**
     * The server's ticket keys rotate every 48 hours: a ticket under the previous key still
     * resumes (and is renewed), one two keys old is refused (a full handshake).
     */
    @ParameterizedTest(name = "{0} client, {1}")
    @MethodSource("clientsOfOurServer")
    void ticketsOutliveOneKeyRotationNotTwo(String clientStack, String protocol) throws Exception {
        SSLContext clientCtx = TlsPeers.context(clientStack, (String) null);
        SSLContext serverCtx = TlsPeers.context(OURS, "ec256");
        SSLSession[] first = connect(clientCtx, serverCtx, protocol);
        long resumedBefore = resumedCount();
        SSLSession[] afterOne;
        try (AutoCloseable later = dev.acceljce.libssl.TicketKeysClock.aheadBy(49)) {
            fullHandshakeFromANewClient(serverCtx, protocol); // a new ticket rotates the keys
            afterOne = connect(clientCtx, serverCtx, protocol);
        }
        long ours = OURS.equals(clientStack) ? 2 : 1;
        assertEquals(ours, resumedCount() - resumedBefore, "resumed on our side(s)");
        assertArrayEquals(first[1].getId(), afterOne[1].getId(), "resumed under the previous key");

        SSLContext otherClient = TlsPeers.context(clientStack, (String) null);
        SSLSession[] fresh = connect(otherClient, serverCtx, protocol); // a ticket under the key of hour 49
        try (AutoCloseable later = dev.acceljce.libssl.TicketKeysClock.aheadBy(49 + 49)) {
            fullHandshakeFromANewClient(serverCtx, protocol); // rotates again: hour 49's key is the previous one
            try (AutoCloseable evenLater = dev.acceljce.libssl.TicketKeysClock.aheadBy(49 + 49 + 49)) {
                fullHandshakeFromANewClient(serverCtx, protocol); // and again: hour 49's key is gone
                long before = resumedCount();
                SSLSession[] refused = connect(otherClient, serverCtx, protocol);
                assertEquals(before, resumedCount(), "a ticket two keys old is a full handshake");
                assertNotEquals(
                        java.util.Arrays.toString(fresh[1].getId()), java.util.Arrays.toString(refused[1].getId()));
            }
        }
    }

    /** A connection from a new client context (nothing to resume): a full handshake that makes the server seal a ticket. */
    private static void fullHandshakeFromANewClient(SSLContext serverCtx, String protocol) throws Exception {
        connect(TlsPeers.context(OURS, (String) null), serverCtx, protocol, 443);
    }

    @ParameterizedTest(name = "{0} client, {1} server, {2}")
    @MethodSource("sidesAndProtocols")
    void anotherPeerDoesNotResume(String clientStack, String serverStack, String protocol) throws Exception {
        SSLContext clientCtx = TlsPeers.context(clientStack, (String) null);
        SSLContext serverCtx = TlsPeers.context(serverStack, "ec256");
        SSLSession first = connect(clientCtx, serverCtx, protocol, 443)[0];
        SSLSession other = connect(clientCtx, serverCtx, protocol, 8443)[0];
        assertNotEquals(java.util.Arrays.toString(first.getId()), java.util.Arrays.toString(other.getId()));
    }

    private static long resumedCount() {
        long n = 0;
        for (var e : Counters.snapshot().entrySet()) {
            if (e.getKey().startsWith("TLS.resumed ")) {
                n += e.getValue().awslcOps();
            }
        }
        return n;
    }

    private static SSLSession[] connect(SSLContext clientCtx, SSLContext serverCtx, String protocol) throws Exception {
        return connect(clientCtx, serverCtx, protocol, 443);
    }

    /** One connection: handshake, a reply from the server (which brings TLS 1.3 tickets), the client's close. */
    private static SSLSession[] connect(SSLContext clientCtx, SSLContext serverCtx, String protocol, int port)
            throws Exception {
        SSLEngine client = clientCtx.createSSLEngine("localhost", port);
        SSLEngine server = serverCtx.createSSLEngine();
        client.setUseClientMode(true);
        client.setEnabledProtocols(new String[] {protocol});
        server.setUseClientMode(false);
        TlsPeers.Pair pair = new TlsPeers.Pair(client, server);
        pair.handshake();
        assertArrayEquals("ok".getBytes(), pair.send(false, "ok".getBytes()));
        pair.closeFromClient();
        return new SSLSession[] {client.getSession(), server.getSession()};
    }

    static Stream<Arguments> alpnSides() {
        return Stream.of(Arguments.of(OURS, OURS), Arguments.of(OURS, JDK), Arguments.of(JDK, OURS));
    }

    @ParameterizedTest(name = "{0} client, {1} server")
    @MethodSource("alpnSides")
    void alpnChoosesTheServersFirstProtocolTheClientOffers(String clientStack, String serverStack) throws Exception {
        SSLEngine[] e =
                alpnPair(clientStack, serverStack, new String[] {"h2", "http/1.1"}, new String[] {"http/1.1", "h2"});
        assertEquals("http/1.1", e[0].getApplicationProtocol());
        assertEquals("http/1.1", e[1].getApplicationProtocol());
    }

    @ParameterizedTest(name = "{0} client, {1} server")
    @MethodSource("alpnSides")
    void alpnWithoutCommonProtocolFails(String clientStack, String serverStack) {
        assertThrows(
                SSLException.class,
                () -> alpnPair(clientStack, serverStack, new String[] {"h2"}, new String[] {"http/1.1"}));
    }

    @ParameterizedTest(name = "{0} client, {1} server")
    @MethodSource("alpnSides")
    void noAlpnGivesTheEmptyString(String clientStack, String serverStack) throws Exception {
        SSLEngine[] e = alpnPair(clientStack, serverStack, new String[0], new String[] {"http/1.1"});
        assertEquals("", e[0].getApplicationProtocol());
        assertEquals("", e[1].getApplicationProtocol());
    }

    @ParameterizedTest(name = "{0} client, {1} server")
    @MethodSource("alpnSides")
    void serverSelectorDecides(String clientStack, String serverStack) throws Exception {
        SSLContext clientCtx = TlsPeers.context(clientStack, (String) null);
        SSLContext serverCtx = TlsPeers.context(serverStack, "ec256");
        SSLEngine client = clientCtx.createSSLEngine("localhost", 443);
        SSLEngine server = serverCtx.createSSLEngine();
        client.setUseClientMode(true);
        server.setUseClientMode(false);
        SSLParameters cp = client.getSSLParameters();
        cp.setApplicationProtocols(new String[] {"h2", "spdy/3", "http/1.1"});
        client.setSSLParameters(cp);
        List<List<String>> seen = new ArrayList<>();
        server.setHandshakeApplicationProtocolSelector((engine, offered) -> {
            seen.add(offered);
            return offered.contains("spdy/3") ? "spdy/3" : "";
        });
        new TlsPeers.Pair(client, server).handshake();
        assertEquals(List.of(List.of("h2", "spdy/3", "http/1.1")), seen);
        assertEquals("spdy/3", client.getApplicationProtocol());
        assertEquals("spdy/3", server.getApplicationProtocol());
    }

    private static SSLEngine[] alpnPair(
            String clientStack, String serverStack, String[] clientAlpn, String[] serverAlpn) throws Exception {
        SSLEngine client = TlsPeers.context(clientStack, (String) null).createSSLEngine("localhost", 443);
        SSLEngine server = TlsPeers.context(serverStack, "ec256").createSSLEngine();
        client.setUseClientMode(true);
        server.setUseClientMode(false);
        SSLParameters cp = client.getSSLParameters();
        cp.setApplicationProtocols(clientAlpn);
        client.setSSLParameters(cp);
        SSLParameters sp = server.getSSLParameters();
        sp.setApplicationProtocols(serverAlpn);
        server.setSSLParameters(sp);
        new TlsPeers.Pair(client, server).handshake();
        return new SSLEngine[] {client, server};
    }
}
