package dev.acceljce.jsse;

import static dev.acceljce.jsse.HandshakeSurgery.ALPN;
import static dev.acceljce.jsse.HandshakeSurgery.EC_POINT_FORMATS;
import static dev.acceljce.jsse.HandshakeSurgery.KEY_SHARE;
import static dev.acceljce.jsse.HandshakeSurgery.RENEGOTIATION_INFO;
import static dev.acceljce.jsse.HandshakeSurgery.SERVER_NAME;
import static dev.acceljce.jsse.HandshakeSurgery.SIGNATURE_ALGORITHMS;
import static dev.acceljce.jsse.HandshakeSurgery.SIGNATURE_ALGORITHMS_CERT;
import static dev.acceljce.jsse.HandshakeSurgery.SUPPORTED_GROUPS;
import static dev.acceljce.jsse.HandshakeSurgery.SUPPORTED_VERSIONS;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.acceljce.jsse.HandshakeSurgery.Extension;
import dev.acceljce.jsse.HandshakeSurgery.Hello;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import javax.net.ssl.SSLEngine;
import org.junit.jupiter.api.Test;

/**
 * The alert AccelJCE-TLS sends for a malformed or unexpected first message, next to the one
 * SunJSSE sends for the same bytes: a ClientHello (SunJSSE's own, edited) to both servers, a
 * ServerHello (SunJSSE's server's answer to each client's own hello, edited) to both clients.
 * The table pins both answers per case; where they differ, docs/tls.md lists the case (libssl
 * chooses its alerts itself).
 */
class AlertParityTest {
    private static final String OURS = "AccelJCE-TLS", JDK = "SunJSSE";

    /** A case: the hello it starts from (TLS 1.3 or 1.2 client), and the bytes it makes of it. */
    private record Case(String name, String protocol, Function<Hello, byte[]> input) {}

    private static Function<Hello, byte[]> edit(Consumer<Hello> change) {
        return h -> {
            change.accept(h);
            return h.record();
        };
    }

    private static final List<Case> CLIENT_HELLOS = List.of(
            new Case(
                    "extensions block length longer than its extensions",
                    "TLSv1.3",
                    edit(h -> h.extensionsLengthExtra = 4)),
            new Case("bytes after the extensions block", "TLSv1.3", edit(h -> h.trailing = new byte[] {0, 0})),
            new Case("body cut in the middle of an extension", "TLSv1.3", edit(h -> h.cut = 10)),
            new Case("cipher-suite list of odd length", "TLSv1.3", edit(h -> h.suitesLengthExtra = 1)),
            new Case("no null compression method (TLS 1.3)", "TLSv1.3", edit(h -> h.compression = new byte[] {1})),
            new Case("no null compression method (TLS 1.2)", "TLSv1.2", edit(h -> h.compression = new byte[] {1})),
            new Case("no cipher suite in common", "TLSv1.2", edit(h -> h.suites = new ArrayList<>(List.of(0x0005)))),
            new Case(
                    "one extension twice",
                    "TLSv1.3",
                    edit(h -> h.extensions.add(new Extension(
                            SUPPORTED_GROUPS, h.extension(SUPPORTED_GROUPS).data.clone())))),
            new Case("server_name with a wrong inner length", "TLSv1.3", edit(h -> {
                byte[] name = "example.com".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                ByteArrayOutputStream b = new ByteArrayOutputStream();
                HandshakeSurgery.u16(b, 3 + name.length + 1); // one more than the list holds
                b.write(0);
                HandshakeSurgery.u16(b, name.length);
                b.writeBytes(name);
                h.without(SERVER_NAME);
                h.extensions.add(0, new Extension(SERVER_NAME, b.toByteArray()));
            })),
            new Case(
                    "TLS 1.3 without signature_algorithms",
                    "TLSv1.3",
                    edit(h -> h.without(SIGNATURE_ALGORITHMS, SIGNATURE_ALGORITHMS_CERT))),
            new Case("TLS 1.3 without key_share", "TLSv1.3", edit(h -> h.without(KEY_SHARE))),
            new Case(
                    "key_share of a group not in supported_groups",
                    "TLSv1.3",
                    edit(h -> h.extension(SUPPORTED_GROUPS).data = HandshakeSurgery.u16List(0x0018))),
            new Case(
                    "x25519 key share of 31 bytes",
                    "TLSv1.3",
                    edit(h -> h.extension(KEY_SHARE).data = keyShareList(0x001d, new byte[31]))),
            new Case(
                    "supported_versions naming unknown versions only",
                    "TLSv1.3",
                    edit(h -> h.extension(SUPPORTED_VERSIONS).data = new byte[] {2, 0x7f, 0x7f})),
            new Case("SSL 3.0 and no supported_versions", "TLSv1.2", edit(h -> {
                h.version = 0x0300;
                h.without(SUPPORTED_VERSIONS);
            })),
            new Case("session id of 33 bytes", "TLSv1.2", edit(h -> h.sessionId = new byte[33])),
            new Case(
                    "ec_point_formats without uncompressed (TLS 1.2)",
                    "TLSv1.2",
                    edit(h -> h.extension(EC_POINT_FORMATS).data = new byte[] {1, 1})),
            new Case(
                    "empty supported_groups list",
                    "TLSv1.3",
                    edit(h -> h.extension(SUPPORTED_GROUPS).data = new byte[] {0, 0})),
            new Case("renegotiation_info not empty on a first handshake", "TLSv1.2", edit(h -> {
                h.without(RENEGOTIATION_INFO);
                h.extensions.add(new Extension(RENEGOTIATION_INFO, new byte[] {1, 0x55}));
            })),
            new Case("handshake message of an unknown type", "TLSv1.3", edit(h -> h.handshakeType = 99)),
            new Case("a ServerHello sent to a server", "TLSv1.3", edit(h -> h.handshakeType = 2)),
            new Case(
                    "record of an unknown content type",
                    "TLSv1.3",
                    h -> HandshakeSurgery.record(
                            99, 0x0303, java.util.Arrays.copyOfRange(h.record(), 5, h.record().length))),
            new Case(
                    "application data before the handshake",
                    "TLSv1.3",
                    h -> HandshakeSurgery.record(HandshakeSurgery.APPLICATION_DATA, 0x0303, new byte[32])),
            new Case(
                    "empty handshake record",
                    "TLSv1.3",
                    h -> HandshakeSurgery.record(HandshakeSurgery.HANDSHAKE, 0x0301, new byte[0])),
            new Case(
                    "ChangeCipherSpec before the ClientHello",
                    "TLSv1.3",
                    h -> HandshakeSurgery.record(HandshakeSurgery.CHANGE_CIPHER_SPEC, 0x0303, new byte[] {1})));

    /** key_share's client list with one entry. */
    private static byte[] keyShareList(int group, byte[] key) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        HandshakeSurgery.u16(b, 4 + key.length);
        HandshakeSurgery.u16(b, group);
        HandshakeSurgery.u16(b, key.length);
        b.writeBytes(key);
        return b.toByteArray();
    }

    /** Each case's answer from SunJSSE's server and from ours: "sun | ours". */
    private static Map<String, String> serverAnswers() throws Exception {
        Map<String, String> out = new LinkedHashMap<>();
        for (Case c : CLIENT_HELLOS) {
            List<String> answers = new ArrayList<>();
            for (String stack : List.of(JDK, OURS)) {
                SSLEngine client = TlsPeers.context(JDK, (String) null).createSSLEngine("localhost", 443);
                client.setEnabledProtocols(
                        c.protocol.equals("TLSv1.2") ? new String[] {"TLSv1.2"} : new String[] {"TLSv1.3", "TLSv1.2"});
                Hello hello = Hello.parse(HandshakeSurgery.records(HandshakeSurgery.clientHello(client))
                        .get(0));
                SSLEngine server = TlsPeers.context(stack, "ec256").createSSLEngine();
                server.setUseClientMode(false);
                answers.add(HandshakeSurgery.answer(server, c.input.apply(hello), null));
            }
            out.put(c.name, answers.get(0) + " | " + answers.get(1));
        }
        return out;
    }

    private static final List<Case> SERVER_HELLOS = List.of(
            new Case("a suite the client did not offer", "TLSv1.2", edit(h -> h.suites.set(0, 0x009c))),
            new Case("compression method 1", "TLSv1.2", edit(h -> h.compression = new byte[] {1})),
            new Case(
                    "an ALPN answer the client did not ask for",
                    "TLSv1.2",
                    edit(h -> h.extensions.add(new Extension(ALPN, new byte[] {0, 3, 2, 'h', '2'})))),
            new Case(
                    "one extension twice",
                    "TLSv1.2",
                    edit(h -> h.extensions.add(new Extension(
                            h.extensions.get(0).type, h.extensions.get(0).data.clone())))),
            new Case("ServerHello cut short", "TLSv1.2", edit(h -> h.cut = 3)),
            new Case("TLS 1.1 chosen", "TLSv1.2", edit(h -> h.version = 0x0302)),
            new Case("session id of 33 bytes", "TLSv1.2", edit(h -> h.sessionId = new byte[33])),
            new Case("TLS 1.3: key share of a group the client did not offer", "TLSv1.3", edit(h -> {
                byte[] d = h.extension(KEY_SHARE).data;
                d[0] = 0;
                d[1] = 0x19;
            })),
            new Case(
                    "TLS 1.3: supported_versions naming TLS 1.2",
                    "TLSv1.3",
                    edit(h -> h.extension(SUPPORTED_VERSIONS).data = new byte[] {3, 3})),
            new Case("TLS 1.3: no key_share", "TLSv1.3", edit(h -> h.without(KEY_SHARE))),
            new Case("TLS 1.3: a suite the client did not offer", "TLSv1.3", edit(h -> h.suites.set(0, 0x1305))));

    /** Each case's answer from SunJSSE's client and from ours: "sun | ours". */
    private static Map<String, String> clientAnswers() throws Exception {
        Map<String, String> out = new LinkedHashMap<>();
        for (Case c : SERVER_HELLOS) {
            List<String> answers = new ArrayList<>();
            for (String stack : List.of(JDK, OURS)) {
                SSLEngine client = TlsPeers.context(stack, (String) null).createSSLEngine("localhost", 443);
                client.setEnabledProtocols(new String[] {c.protocol});
                byte[] hello = HandshakeSurgery.clientHello(client);
                SSLEngine server = TlsPeers.context(JDK, "ec256").createSSLEngine();
                server.setUseClientMode(false);
                byte[] flight = serverFlight(server, hello);
                List<byte[]> records = HandshakeSurgery.records(flight);
                ByteArrayOutputStream edited = new ByteArrayOutputStream();
                edited.writeBytes(c.input.apply(Hello.parse(records.get(0))));
                for (int i = 1; i < records.size(); i++) {
                    edited.writeBytes(records.get(i));
                }
                answers.add(HandshakeSurgery.answer(client, edited.toByteArray(), null));
            }
            out.put(c.name, answers.get(0) + " | " + answers.get(1));
        }
        return out;
    }

    /** What {@code server} answers to {@code hello}: its whole first flight. */
    static byte[] serverFlight(SSLEngine server, byte[] hello) throws Exception {
        java.nio.ByteBuffer in = java.nio.ByteBuffer.wrap(hello);
        java.nio.ByteBuffer out = java.nio.ByteBuffer.allocate(64 * 1024);
        for (int i = 0; i < 50; i++) {
            switch (server.getHandshakeStatus()) {
                case NEED_TASK -> HandshakeSurgery.runTasks(server);
                case NEED_WRAP -> server.wrap(java.nio.ByteBuffer.allocate(0), out);
                default -> {
                    if (!in.hasRemaining()) {
                        byte[] b = new byte[out.position()];
                        out.flip().get(b);
                        return b;
                    }
                    server.unwrap(in, java.nio.ByteBuffer.allocate(64 * 1024));
                }
            }
        }
        throw new AssertionError("no flight");
    }

    /** What each server answers each edited ClientHello: "SunJSSE's | ours" (the differences are in docs/tls.md). */
    private static final Map<String, String> SERVERS = table(
            "extensions block length longer than its extensions", "alert 50 decode_error | alert 50 decode_error",
            "bytes after the extensions block", "went on | alert 50 decode_error",
            "body cut in the middle of an extension", "alert 50 decode_error | alert 50 decode_error",
            "cipher-suite list of odd length", "alert 47 illegal_parameter | alert 50 decode_error",
            "no null compression method (TLS 1.3)", "went on | alert 47 illegal_parameter",
            "no null compression method (TLS 1.2)", "went on | alert 47 illegal_parameter",
            "no cipher suite in common", "alert 40 handshake_failure | alert 40 handshake_failure",
            "one extension twice", "went on | alert 50 decode_error",
            "server_name with a wrong inner length", "alert 50 decode_error | alert 50 decode_error",
            "TLS 1.3 without signature_algorithms", "alert 109 missing_extension | alert 40 handshake_failure",
            "TLS 1.3 without key_share", "alert 109 missing_extension | alert 109 missing_extension",
            "key_share of a group not in supported_groups", "went on | went on",
            "x25519 key share of 31 bytes", "alert 80 internal_error | alert 47 illegal_parameter",
            "supported_versions naming unknown versions only", "alert 70 protocol_version | alert 70 protocol_version",
            "SSL 3.0 and no supported_versions", "alert 70 protocol_version | alert 70 protocol_version",
            "session id of 33 bytes", "alert 47 illegal_parameter | alert 50 decode_error",
            "ec_point_formats without uncompressed (TLS 1.2)",
                    "alert 10 unexpected_message | alert 47 illegal_parameter",
            "empty supported_groups list", "alert 50 decode_error | alert 50 decode_error",
            "renegotiation_info not empty on a first handshake",
                    "alert 10 unexpected_message | alert 40 handshake_failure",
            "handshake message of an unknown type", "alert 10 unexpected_message | alert 10 unexpected_message",
            "a ServerHello sent to a server", "alert 10 unexpected_message | alert 10 unexpected_message",
            "record of an unknown content type", "alert 80 internal_error | alert 10 unexpected_message",
            "application data before the handshake", "alert 80 internal_error | alert 10 unexpected_message",
            "empty handshake record", "alert 10 unexpected_message | waits",
            "ChangeCipherSpec before the ClientHello", "alert 80 internal_error | alert 10 unexpected_message");

    /** What each client answers each edited ServerHello: "SunJSSE's | ours". */
    private static final Map<String, String> CLIENTS = table(
            "a suite the client did not offer", "alert 47 illegal_parameter | alert 47 illegal_parameter",
            "compression method 1", "alert 47 illegal_parameter | alert 47 illegal_parameter",
            "an ALPN answer the client did not ask for",
                    "alert 10 unexpected_message | alert 110 unsupported_extension",
            "one extension twice", "went on | alert 50 decode_error",
            "ServerHello cut short", "alert 50 decode_error | alert 50 decode_error",
            "TLS 1.1 chosen", "alert 70 protocol_version | alert 70 protocol_version",
            "session id of 33 bytes", "alert 47 illegal_parameter | alert 50 decode_error",
            "TLS 1.3: key share of a group the client did not offer",
                    "alert 80 internal_error | alert 47 illegal_parameter",
            "TLS 1.3: supported_versions naming TLS 1.2", "alert 70 protocol_version | alert 70 protocol_version",
            "TLS 1.3: no key_share", "alert 80 internal_error | alert 109 missing_extension",
            "TLS 1.3: a suite the client did not offer", "alert 47 illegal_parameter | alert 47 illegal_parameter");

    private static Map<String, String> table(String... pairs) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return m;
    }

    @Test
    void serversAnswerEditedClientHellosAsPinned() throws Exception {
        assertEquals(SERVERS, serverAnswers());
    }

    @Test
    void clientsAnswerEditedServerHellosAsPinned() throws Exception {
        assertEquals(CLIENTS, clientAnswers());
    }
}
