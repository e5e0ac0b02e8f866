package dev.acceljce.jsse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Counters;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import javax.crypto.KeyGenerator;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Ticket keys under the operator's control ({@link TlsTicketKeys}): servers sharing keys resume
 * each other's tickets, also after a restart (a new context from the same key file); a key taken
 * out makes a full handshake; a ticket does not outlive the session timeout; resumptions are
 * counted per key. Clients: ours and SunJSSE's, TLS 1.3 and 1.2.
 */
class TicketKeysTest {
    private static final String OURS = "AccelJCE-TLS", JDK = "SunJSSE";
    private static final char[] PASSWORD = "ticket-keys".toCharArray();
    private static final AtomicInteger LABELS = new AtomicInteger();

    @TempDir
    Path dir;

    static Stream<Arguments> clients() {
        List<Arguments> out = new ArrayList<>();
        for (String client : List.of(OURS, JDK)) {
            for (String protocol : List.of("TLSv1.3", "TLSv1.2")) {
                out.add(Arguments.of(client, protocol));
            }
        }
        return out.stream();
    }

    /** A fresh 256-bit secret and a label no other test uses (so its counter row is this test's). */
    private static TlsTicketKeys.Key newKey(Instant activeFrom) throws Exception {
        KeyGenerator g = KeyGenerator.getInstance("AES");
        g.init(256);
        return new TlsTicketKeys.Key(
                "k" + LABELS.incrementAndGet() + "-" + System.nanoTime(), g.generateKey(), activeFrom);
    }

    private static SSLContext server(List<TlsTicketKeys.Key> keys) throws Exception {
        SSLContext ctx = TlsPeers.context(OURS, "ec256");
        if (keys != null) {
            TlsTicketKeys.install(ctx, keys);
        }
        return ctx;
    }

    @ParameterizedTest(name = "{0} client, {1}")
    @MethodSource("clients")
    void twoServersWithTheSameKeysResumeEachOthersTickets(String clientStack, String protocol) throws Exception {
        TlsTicketKeys.Key key = newKey(Instant.EPOCH);
        SSLContext a = server(List.of(key)), b = server(List.of(key));
        SSLContext client = TlsPeers.context(clientStack, (String) null);
        long before = resumedUnder(key.label());
        SSLSession[] first = connect(client, a, protocol);
        SSLSession[] second = connect(client, b, protocol);
        assertEquals(1, resumedUnder(key.label()) - before, "server b resumed a's ticket");
        assertEquals(first[0].getCreationTime(), second[0].getCreationTime(), "the client resumed its session");
        assertTrue(second[1].getId().length > 0, "b's session has an id");
        assertTrue(second[1].getCreationTime() <= System.currentTimeMillis());
        if (protocol.equals("TLSv1.2")) {
            // libssl's TLS 1.2 session from the ticket keeps its time (seconds): the creation time shows through
            assertTrue(
                    Math.abs(first[1].getCreationTime() - second[1].getCreationTime()) < 1000,
                    first[1].getCreationTime() + " vs " + second[1].getCreationTime());
        }
        SSLSession[] third = connect(client, b, protocol);
        assertEquals(2, resumedUnder(key.label()) - before);
        if (OURS.equals(clientStack)) {
            // b remembers the session it resumed: the ticket b sealed then shows it again (our
            // client offers its newest ticket; SunJSSE's TLS 1.3 client may offer a's second one)
            assertArrayEquals(second[1].getId(), third[1].getId(), "b shows the session it continued");
        }
    }

    @ParameterizedTest(name = "{0} client, {1}")
    @MethodSource("clients")
    void serversWithTheirOwnKeysDoNotResumeEachOthersTickets(String clientStack, String protocol) throws Exception {
        SSLContext a = server(null), b = server(null);
        SSLContext client = TlsPeers.context(clientStack, (String) null);
        long before = resumedUnder(dev.acceljce.libssl.TicketKeys.RANDOM_LABEL);
        SSLSession[] first = connect(client, a, protocol);
        SSLSession[] second = connect(client, b, protocol);
        assertNotEquals(
                first[0].getCreationTime() + Arrays.toString(first[0].getId()),
                second[0].getCreationTime() + Arrays.toString(second[0].getId()),
                "a full handshake");
        connect(client, b, protocol); // b's own ticket
        assertEquals(1, resumedUnder(dev.acceljce.libssl.TicketKeys.RANDOM_LABEL) - before, "counted per context key");
    }

    @ParameterizedTest(name = "{0} client, {1}")
    @MethodSource("clients")
    void aRestartedServerResumesFromItsKeyFile(String clientStack, String protocol) throws Exception {
        TlsTicketKeys.Key key = newKey(Instant.EPOCH);
        Path file = keyStoreFile(List.of(key.secret()), List.of(key.label()));
        SSLContext client = TlsPeers.context(clientStack, (String) null);
        SSLContext before = TlsPeers.context(OURS, "ec256");
        try (AutoCloseable w = TlsTicketKeys.watch(before, file, "PKCS12", PASSWORD, Duration.ZERO, Duration.ZERO)) {
            assertEquals(List.of(key.label()), TlsTicketKeys.labels(before));
            connect(client, before, protocol);
        }
        long n = resumedUnder(key.label());
        SSLContext after = TlsPeers.context(OURS, "ec256"); // the restart: a new context, the same file
        try (AutoCloseable w = TlsTicketKeys.watch(after, file, "PKCS12", PASSWORD, Duration.ZERO, Duration.ZERO)) {
            connect(client, after, protocol);
        }
        assertEquals(1, resumedUnder(key.label()) - n, "the restarted server resumed");
    }

    @ParameterizedTest(name = "{0} client, {1}")
    @MethodSource("clients")
    void aRotatedOutKeysTicketsMakeAFullHandshake(String clientStack, String protocol) throws Exception {
        TlsTicketKeys.Key old = newKey(Instant.EPOCH), next = newKey(Instant.now());
        SSLContext server = server(List.of(old));
        SSLContext client = TlsPeers.context(clientStack, (String) null);
        SSLContext client2 = TlsPeers.context(clientStack, (String) null);
        connect(client, server, protocol);
        connect(client2, server, protocol);

        // rotated: next encrypts, old still decrypts; client's ticket resumes under old and is renewed
        TlsTicketKeys.install(server, List.of(next, old));
        assertEquals(List.of(next.label(), old.label()), TlsTicketKeys.labels(server));
        long oldBefore = resumedUnder(old.label()), nextBefore = resumedUnder(next.label());
        connect(client, server, protocol);
        assertEquals(1, resumedUnder(old.label()) - oldBefore, "the previous key still decrypts");
        connect(client, server, protocol);
        long underOld = resumedUnder(old.label()) - oldBefore, underNext = resumedUnder(next.label()) - nextBefore;
        assertEquals(2, underOld + underNext, "resumed again");
        if (OURS.equals(clientStack) || protocol.equals("TLSv1.2")) {
            // SunJSSE's TLS 1.3 client may offer the second ticket of the first handshake instead
            assertEquals(1, underNext, "the renewed ticket is under the new key");
        }

        // old taken out: client2's tickets (under old) make a full handshake
        TlsTicketKeys.install(server, List.of(next));
        SSLSession[] refused = connect(client2, server, protocol);
        assertEquals(underOld, resumedUnder(old.label()) - oldBefore, "no resumption under a removed key");
        assertEquals(underNext, resumedUnder(next.label()) - nextBefore, "nor under another");
        connect(client2, server, protocol);
        assertEquals(underNext + 1, resumedUnder(next.label()) - nextBefore, "its new ticket resumes");
        assertTrue(refused[1].isValid());
    }

    @Test
    void aKeyNotYetActiveDecryptsButDoesNotEncrypt() throws Exception {
        TlsTicketKeys.Key now = newKey(Instant.now().minusSeconds(60));
        TlsTicketKeys.Key tomorrow = newKey(Instant.now().plus(Duration.ofDays(1)));
        SSLContext server = server(List.of(tomorrow, now));
        assertEquals(List.of(now.label(), tomorrow.label()), TlsTicketKeys.labels(server));
        SSLContext early = server(List.of(tomorrow)); // a server that already uses it (its only key)
        SSLContext client = TlsPeers.context(OURS, (String) null);
        connect(client, early, "TLSv1.3");
        long before = resumedUnder(tomorrow.label());
        connect(client, server, "TLSv1.3");
        assertEquals(1, resumedUnder(tomorrow.label()) - before, "the next key already decrypts");
    }

    /**
     * A ticket outlives neither its server's session timeout: SunJSSE's client offers a ticket
     * past the lifetime the server gave it (libssl's client would not), so the server decides.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("protocols")
    void aTicketDoesNotOutliveTheSessionTimeout(String protocol) throws Exception {
        TlsTicketKeys.Key key = newKey(Instant.EPOCH);
        SSLContext a = server(List.of(key)), b = server(List.of(key));
        a.getServerSessionContext().setSessionTimeout(2);
        b.getServerSessionContext().setSessionTimeout(2);
        SSLContext toB = TlsPeers.context(JDK, (String) null), toA = TlsPeers.context(JDK, (String) null);
        SSLContext control = TlsPeers.context(JDK, (String) null);
        connect(toB, a, protocol);
        connect(toA, a, protocol);
        connect(control, a, protocol);
        long before = resumedUnder(key.label());
        connect(control, b, protocol);
        assertEquals(1, resumedUnder(key.label()) - before, "within the timeout: resumed");
        Thread.sleep(3200);
        connect(toB, b, protocol); // a's ticket, 3 s old, on the other server
        connect(toA, a, protocol); // and on the server that sealed it
        assertEquals(1, resumedUnder(key.label()) - before, "past the timeout: full handshakes on both servers");
    }

    static Stream<String> protocols() {
        return Stream.of("TLSv1.3", "TLSv1.2");
    }

    @Test
    void keyStoreEntriesAreKeysNewestEncrypting() throws Exception {
        SecretKey s1 = new SecretKeySpec(new byte[32], "AES"),
                s2 = KeyGenerator.getInstance("AES").generateKey();
        Path file = keyStoreFile(List.of(s1, s2), List.of("first", "second"));
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(file)) {
            ks.load(in, PASSWORD);
        }
        List<TlsTicketKeys.Key> keys = TlsTicketKeys.fromKeyStore(ks, PASSWORD, Duration.ZERO);
        assertEquals(2, keys.size());
        SSLContext server = TlsPeers.context(OURS, "ec256");
        TlsTicketKeys.install(server, ks, PASSWORD, Duration.ZERO);
        assertEquals(keys.get(0).label(), TlsTicketKeys.labels(server).get(0));
        // a delay longer than the keys' age: none active yet, the earliest seals
        TlsTicketKeys.install(server, ks, PASSWORD, Duration.ofHours(1));
        assertEquals(keys.get(1).label(), TlsTicketKeys.labels(server).get(0));
    }

    @Test
    void theFilePropertyInstallsKeysInEveryNewContext() throws Exception {
        TlsTicketKeys.Key key = newKey(Instant.EPOCH);
        Path file = keyStoreFile(List.of(key.secret()), List.of(key.label()));
        SSLContext a, b;
        System.setProperty(TlsTicketKeys.FILE_PROPERTY, file.toString());
        System.setProperty(TlsTicketKeys.PASSWORD_PROPERTY, new String(PASSWORD));
        System.setProperty(TlsTicketKeys.RELOAD_PROPERTY, "0");
        try {
            a = TlsPeers.context(OURS, "ec256");
            b = TlsPeers.context(OURS, "ec256");
            System.setProperty(TlsTicketKeys.PASSWORD_PROPERTY, "wrong");
            assertThrows(Exception.class, () -> TlsPeers.context(OURS, "ec256"), "a file it cannot read fails init");
        } finally {
            System.clearProperty(TlsTicketKeys.FILE_PROPERTY);
            System.clearProperty(TlsTicketKeys.PASSWORD_PROPERTY);
            System.clearProperty(TlsTicketKeys.RELOAD_PROPERTY);
        }
        assertEquals(List.of(key.label()), TlsTicketKeys.labels(a));
        SSLContext client = TlsPeers.context(OURS, (String) null);
        long before = resumedUnder(key.label());
        connect(client, a, "TLSv1.3");
        connect(client, b, "TLSv1.3");
        assertEquals(1, resumedUnder(key.label()) - before);
    }

    @Test
    void aWatchedFileIsReadAgainWhenItChanges() throws Exception {
        TlsTicketKeys.Key k1 = newKey(Instant.EPOCH), k2 = newKey(Instant.EPOCH);
        Path file = keyStoreFile(List.of(k1.secret()), List.of(k1.label()));
        SSLContext server = TlsPeers.context(OURS, "ec256");
        try (AutoCloseable w =
                TlsTicketKeys.watch(server, file, "PKCS12", PASSWORD, Duration.ofMillis(100), Duration.ZERO)) {
            assertEquals(List.of(k1.label()), TlsTicketKeys.labels(server));
            Path next = keyStoreFile(List.of(k2.secret()), List.of(k2.label()));
            Files.setLastModifiedTime(
                    next, java.nio.file.attribute.FileTime.from(Instant.now().plusSeconds(5)));
            Files.move(next, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (!TlsTicketKeys.labels(server).equals(List.of(k2.label())) && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertEquals(List.of(k2.label()), TlsTicketKeys.labels(server));
        }
    }

    @Test
    void badKeysAndContextsAreRefused() throws Exception {
        SSLContext server = TlsPeers.context(OURS, "ec256");
        assertThrows(
                IllegalArgumentException.class,
                () -> TlsTicketKeys.install(
                        server, List.of(new TlsTicketKeys.Key("short", new SecretKeySpec(new byte[16], "AES")))));
        TlsTicketKeys.Key k = newKey(Instant.EPOCH);
        assertThrows(IllegalArgumentException.class, () -> TlsTicketKeys.install(server, List.of(k, k)));
        assertThrows(IllegalArgumentException.class, () -> TlsTicketKeys.install(server, List.of()));
        assertThrows(IllegalArgumentException.class, () -> new TlsTicketKeys.Key("a b", k.secret()));
        assertThrows(
                IllegalArgumentException.class,
                () -> TlsTicketKeys.install(TlsPeers.context(JDK, "ec256"), List.of(k)));
        SSLContext uninitialised = SSLContext.getInstance("TLS", new AccelJceTlsProvider());
        assertThrows(IllegalStateException.class, () -> TlsTicketKeys.install(uninitialised, List.of(k)));
        assertEquals(List.of(), TlsTicketKeys.labels(server), "nothing installed after the refusals");
    }

    private Path keyStoreFile(List<SecretKey> secrets, List<String> aliases) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        for (int i = 0; i < secrets.size(); i++) {
            ks.setEntry(
                    aliases.get(i),
                    new KeyStore.SecretKeyEntry(secrets.get(i)),
                    new KeyStore.PasswordProtection(PASSWORD));
            Thread.sleep(5); // distinct creation dates: the later entry is the newer key
        }
        Path file = Files.createTempFile(dir, "ticket-keys", ".p12");
        try (OutputStream out = Files.newOutputStream(file)) {
            ks.store(out, PASSWORD);
        }
        return file;
    }

    /** Server handshakes resumed with a ticket under the key labelled {@code label}. */
    /**
     * SunJSSE's {@code jdk.tls.server.newSessionTicketCount} (0-10, default 1, anything else the
     * default) sets how many TLS 1.3 tickets a server sends after a handshake (libssl alone sends
     * two); with 0 a client has nothing to resume with.
     */
    @ParameterizedTest(name = "newSessionTicketCount={0}")
    @CsvSource({"'',1", "0,0", "1,1", "3,3", "11,1", "-1,1", "two,1"})
    void theServerSendsAsManyTicketsAsNewSessionTicketCountSays(String value, int expected) throws Exception {
        String property = "jdk.tls.server.newSessionTicketCount";
        SSLContext server;
        if (value.isEmpty()) {
            server = server(null);
        } else {
            System.setProperty(property, value);
            try {
                server = server(null);
            } finally {
                System.clearProperty(property);
            }
        }
        SSLContext client = TlsPeers.context(OURS, (String) null);
        SSLSession[] first = connect(client, server, "TLSv1.3");
        assertEquals(expected, ((AccelSessionContext) server.getServerSessionContext()).ticketsRemembered());
        SSLSession[] second = connect(client, server, "TLSv1.3");
        assertEquals(
                expected > 0,
                Arrays.equals(first[1].getId(), second[1].getId()),
                "the second connection resumed the first's session only with a ticket");
    }

    private static long resumedUnder(String label) {
        long n = 0;
        for (var e : Counters.snapshot().entrySet()) {
            if (e.getKey().equals("TLS.ticket resumed " + label)) {
                n += e.getValue().awslcOps();
            }
        }
        return n;
    }

    /** One connection: handshake, a reply from the server (which brings TLS 1.3 tickets), the client's close. */
    private static SSLSession[] connect(SSLContext clientCtx, SSLContext serverCtx, String protocol) throws Exception {
        SSLEngine client = clientCtx.createSSLEngine("localhost", 443);
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
}
