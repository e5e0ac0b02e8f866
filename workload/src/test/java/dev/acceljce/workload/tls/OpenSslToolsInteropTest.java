package dev.acceljce.workload.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.jsse.AccelJceTlsProvider;
import dev.acceljce.libssl.CertCompression;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.CertPathValidator;
import java.security.cert.CertPathValidatorException;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXBuilderParameters;
import java.security.cert.PKIXRevocationChecker;
import java.security.cert.X509CertSelector;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.net.ssl.CertPathTrustManagerParameters;
import javax.net.ssl.ExtendedSSLSession;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * AccelJCE-TLS (its SSLEngine driven over real loopback sockets by {@link EngineOverSocket})
 * against OpenSSL 3.5's own {@code openssl s_server} and {@code s_client}, the command-line tool
 * the project builds with scripts/build-openssl-tools.sh. The set-up runs that script: when its
 * cache (~/.cache/acceljce/openssl-tools/) has the build it only prints where the tool is; an
 * uncached build compiles OpenSSL from the openssl-src crate and takes minutes (it was not timed
 * for this test; the cache was already there). Each row of the matrix runs both directions: our
 * client against {@code s_server -rev} (it answers each line reversed) and {@code s_client}
 * against our server (it answers each line with a prefix). A row asserts the group OpenSSL
 * reports as negotiated, the protocol and the application data both ways.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class OpenSslToolsInteropTest {
    @TempDir
    static Path dir;

    private static Path openssl;
    private static final Map<String, Path> CERTS = new HashMap<>();
    private static final Map<String, Path> KEYS = new HashMap<>();

    /** One named case: protocol, group (JDK name and OpenSSL name), certificate, signature scheme. */
    record Row(String version, String group, String osslGroup, String cert, String sigalg, String osslSigalg) {
        @Override
        public String toString() {
            return "TLSv" + version + " " + group + " " + cert + (sigalg == null ? "" : " " + sigalg);
        }
    }

    static Stream<Row> rows() {
        return Stream.of(
                new Row("1.3", "X25519MLKEM768", "X25519MLKEM768", "EC-P256", null, null),
                new Row("1.3", "SecP256r1MLKEM768", "SecP256r1MLKEM768", "EC-P256", null, null),
                new Row("1.3", "SecP384r1MLKEM1024", "SecP384r1MLKEM1024", "EC-P384", null, null),
                new Row("1.3", "x25519", "X25519", "EC-P256", null, null),
                new Row("1.3", "X25519MLKEM768", "X25519MLKEM768", "EC-P384", null, null),
                new Row(
                        "1.3",
                        "X25519MLKEM768",
                        "X25519MLKEM768",
                        "RSA-2048",
                        "rsa_pss_rsae_sha256",
                        "rsa_pss_rsae_sha256"),
                new Row("1.3", "X25519MLKEM768", "X25519MLKEM768", "Ed25519", null, null),
                new Row("1.3", "SecP384r1MLKEM1024", "SecP384r1MLKEM1024", "RSA-2048", null, null),
                // ML-DSA certificates (TLS 1.3 only) over the hybrid group: no classical public-key step
                new Row("1.3", "X25519MLKEM768", "X25519MLKEM768", "ML-DSA-44", "mldsa44", "mldsa44"),
                new Row("1.3", "X25519MLKEM768", "X25519MLKEM768", "ML-DSA-65", "mldsa65", "mldsa65"),
                new Row("1.3", "X25519MLKEM768", "X25519MLKEM768", "ML-DSA-87", "mldsa87", "mldsa87"),
                new Row("1.2", "secp256r1", "P-256", "EC-P256", null, null),
                // in TLS 1.2 the client's groups also bound the server's ECDSA curve: OpenSSL refuses a P-384
                // certificate when only P-256 was offered, so this row offers P-384
                new Row("1.2", "secp384r1", "P-384", "EC-P384", null, null),
                new Row("1.2", "secp256r1", "P-256", "RSA-2048", "rsa_pss_rsae_sha256", "rsa_pss_rsae_sha256"),
                new Row("1.2", "secp256r1", "P-256", "RSA-2048", "rsa_pkcs1_sha256", "RSA+SHA256"),
                new Row("1.2", "secp256r1", "P-256", "Ed25519", null, null));
    }

    @BeforeAll
    static void toolAndCertificates() throws Exception {
        assumeTrue(
                "Linux".equals(System.getProperty("os.name")) && "amd64".equals(System.getProperty("os.arch")),
                "build-openssl-tools.sh supports linux-x86_64 only");
        Path script = Path.of("").toAbsolutePath();
        while (script != null && !Files.exists(script.resolve("scripts/build-openssl-tools.sh"))) {
            script = script.getParent();
        }
        assertTrue(
                script != null,
                "scripts/build-openssl-tools.sh not found above " + Path.of("").toAbsolutePath());
        String out = run(
                List.of("bash", script.resolve("scripts/build-openssl-tools.sh").toString()), 3600);
        String[] lines = out.strip().split("\n");
        String last = lines[lines.length - 1];
        openssl = Path.of(last.substring(last.lastIndexOf(' ') + 1), "bin", "openssl");
        assertTrue(Files.isExecutable(openssl), out);
        assertTrue(run(List.of(openssl.toString(), "version"), 30).startsWith("OpenSSL 3.5"));
        Map<String, List<String>> kinds = Map.of(
                "EC-P256", List.of("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"),
                "EC-P384", List.of("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-384"),
                "RSA-2048", List.of("-newkey", "rsa:2048"),
                "Ed25519", List.of("-newkey", "ed25519"),
                "ML-DSA-44", List.of("-newkey", "mldsa44"),
                "ML-DSA-65", List.of("-newkey", "mldsa65"),
                "ML-DSA-87", List.of("-newkey", "mldsa87"));
        for (var e : kinds.entrySet()) {
            Path cert = dir.resolve(e.getKey() + ".crt");
            Path key = dir.resolve(e.getKey() + ".key");
            List<String> cmd = new ArrayList<>(List.of(openssl.toString(), "req", "-x509"));
            cmd.addAll(e.getValue());
            cmd.addAll(List.of(
                    "-nodes",
                    "-keyout",
                    key.toString(),
                    "-out",
                    cert.toString(),
                    "-subj",
                    "/CN=localhost",
                    "-addext",
                    "subjectAltName=DNS:localhost,IP:127.0.0.1",
                    "-days",
                    "2"));
            run(cmd, 60);
            CERTS.put(e.getKey(), cert);
            KEYS.put(e.getKey(), key);
        }
    }

    /** Runs a command to its end with OPENSSL_CONF=/dev/null; fails on a non-zero exit. */
    private static String run(List<String> cmd, int seconds) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("OPENSSL_CONF", "/dev/null");
        Process p = pb.start();
        try {
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(seconds, TimeUnit.SECONDS), "timed out: " + cmd);
            assertEquals(0, p.exitValue(), cmd + "\n" + out);
            return out;
        } finally {
            p.destroyForcibly();
        }
    }

    private static X509Certificate cert(String kind) throws Exception {
        try (var in = Files.newInputStream(CERTS.get(kind))) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }

    private static PrivateKey key(String kind) throws Exception {
        String pem = Files.readString(KEYS.get(kind));
        byte[] der = Base64.getMimeDecoder()
                .decode(pem.replaceAll("-----[A-Z ]+-----", "").strip());
        String alg = kind.startsWith("EC")
                ? "EC"
                : kind.startsWith("RSA") ? "RSA" : kind.startsWith("ML-DSA") ? "ML-DSA" : "Ed25519";
        // OpenSSL writes ML-DSA keys as seed and expanded key both, which JDK 25's KeyFactory does not
        // read; AccelJCE's reads every form (and its keys then serve the TLS server)
        KeyFactory kf = alg.equals("ML-DSA")
                ? KeyFactory.getInstance(alg, new dev.acceljce.AccelJceProvider())
                : KeyFactory.getInstance(alg);
        return kf.generatePrivate(new PKCS8EncodedKeySpec(der));
    }

    private static SSLContext ours(String kind, boolean server) throws Exception {
        SSLContext ctx = SSLContext.getInstance("TLS", new AccelJceTlsProvider());
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        if (server) {
            ks.setKeyEntry("server", key(kind), "x".toCharArray(), new Certificate[] {cert(kind)});
            KeyManagerFactory kmf = KeyManagerFactory.getInstance("SunX509");
            kmf.init(ks, "x".toCharArray());
            ctx.init(kmf.getKeyManagers(), null, null);
        } else {
            ks.setCertificateEntry("server", cert(kind));
            TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
            tmf.init(ks);
            ctx.init(null, tmf.getTrustManagers(), null);
        }
        return ctx;
    }

    private static void configure(SSLEngine engine, Row row) {
        SSLParameters p = engine.getSSLParameters();
        p.setProtocols(new String[] {"TLSv" + row.version()});
        p.setNamedGroups(new String[] {row.group()});
        if (row.sigalg() != null) {
            p.setSignatureSchemes(new String[] {row.sigalg()});
        }
        if (engine.getUseClientMode()) {
            p.setEndpointIdentificationAlgorithm("HTTPS");
        }
        engine.setSSLParameters(p);
    }

    private static String tlsFlag(Row row) {
        return row.version().equals("1.3") ? "-tls1_3" : "-tls1_2";
    }

    @ParameterizedTest(name = "AccelJCE-TLS client -> openssl s_server: {0}")
    @MethodSource("rows")
    void ourClientAgainstOpenSslServer(Row row) throws Exception {
        List<String> options = new ArrayList<>(List.of(
                "-cert",
                CERTS.get(row.cert()).toString(),
                "-key",
                KEYS.get(row.cert()).toString(),
                tlsFlag(row),
                "-groups",
                row.osslGroup()));
        if (row.osslSigalg() != null) {
            options.addAll(List.of("-sigalgs", row.osslSigalg()));
        }
        SServer s = startSServer(options);
        Process server = s.process();
        Path log = s.log();
        int port = s.port();
        try {
            SSLEngine engine = ours(row.cert(), false).createSSLEngine("localhost", port);
            engine.setUseClientMode(true);
            configure(engine, row);
            String line = "hello from AccelJCE-TLS " + row;
            try (EngineOverSocket tls =
                    new EngineOverSocket(engine, SocketChannel.open(new InetSocketAddress("127.0.0.1", port)))) {
                tls.handshake();
                tls.write(line + "\n");
                String back = tls.readUntil("\n");
                assertEquals(new StringBuilder(line).reverse() + "\n", back);
                var session = engine.getSession();
                assertEquals("TLSv" + row.version(), session.getProtocol());
                assertEquals(cert(row.cert()), session.getPeerCertificates()[0]);
                tls.closeOutbound();
            }
            assertTrue(server.waitFor(10, TimeUnit.SECONDS), () -> "s_server did not end: " + read(log));
            String out = read(log);
            assertTrue(out.contains("Protocol version: TLSv" + row.version()), out);
            // s_server names the peer's key share in 1.3; in 1.2 it prints the client's groups only
            // (we offer exactly one, and the suite is ECDHE)
            assertTrue(
                    out.contains(
                            row.version().equals("1.3")
                                    ? "Peer Temp Key: " + row.osslGroup()
                                    : "Supported groups: " + row.group() + "\n"),
                    out);
            if (row.osslSigalg() != null) {
                String offered = switch (row.sigalg()) {
                    case "rsa_pkcs1_sha256" -> "RSA+SHA256";
                    case "rsa_pss_rsae_sha256" -> "RSA-PSS+SHA256";
                    // s_server names the ML-DSA schemes by their key's OID name
                    case "mldsa44", "mldsa65", "mldsa87" ->
                        "id-ml-dsa-" + row.sigalg().substring("mldsa".length());
                    default -> throw new IllegalArgumentException(row.sigalg());
                };
                assertTrue(out.contains("Signature Algorithms: " + offered + "\n"), out);
            }
            assertTrue(
                    out.contains("Ciphersuite: " + osslSuite(engine.getSession().getCipherSuite())),
                    engine.getSession().getCipherSuite() + "\n" + out);
        } finally {
            server.destroyForcibly();
        }
    }

    @ParameterizedTest(name = "openssl s_client -> AccelJCE-TLS server: {0}")
    @MethodSource("rows")
    void openSslClientAgainstOurServer(Row row) throws Exception {
        List<String> sigalgs = row.osslSigalg() == null ? List.of() : List.of("-sigalgs", row.osslSigalg());
        Served served = serveOneSClient(ours(row.cert(), true), row, sigalgs, "ping " + row + "\n");
        assertEquals("ping " + row + "\n", served.got());
        String out = served.out();
        assertTrue(out.contains("Verify return code: 0 (ok)"), out);
        assertTrue(out.contains("pong: ping " + row), out);
        assertTrue(out.contains("Protocol: TLSv" + row.version()), out);
        // 3.5 prints "Negotiated TLS1.3 group" for a hybrid group, "Peer Temp Key" for the others
        assertTrue(
                out.contains("Negotiated TLS1.3 group: " + row.osslGroup() + "\n")
                        || out.contains("Peer Temp Key: " + tempKey(row) + ","),
                out);
        if (row.sigalg() != null) {
            assertTrue(out.contains("Peer signature type: " + row.sigalg() + "\n"), out);
        }
        assertEquals("TLSv" + row.version(), served.session().getProtocol());
    }

    /** A context of ours made with certificate compression on or off (read when it is initialised). */
    private static SSLContext ours(String kind, boolean server, boolean compression) throws Exception {
        String property = "acceljce.tls.certCompression";
        System.setProperty(property, String.valueOf(compression));
        try {
            return ours(kind, server);
        } finally {
            System.clearProperty(property);
        }
    }

    /**
     * TLS 1.3 certificate compression (RFC 8879, zlib) with OpenSSL 3.5's tools, built with zlib by
     * scripts/build-openssl-tools.sh: {@code s_server -cert_comp} sends our client its certificate
     * compressed and our client inflates it; our server compresses its certificate for
     * {@code s_client}, which inflates it and verifies it. With compression off on our side, nothing
     * is compressed either way. The bytes {@code s_client} read in each handshake, with and without,
     * are printed. OpenSSL keeps a compressed certificate only when zlib made it smaller: an ML-DSA
     * certificate (a key and a signature of random-looking bytes, a short name) is not, so
     * {@code s_server} sends it whole and our client has nothing to inflate; our server (libssl)
     * compresses whatever the client accepts.
     */
    @Timeout(value = 120, unit = TimeUnit.SECONDS) // four connections, each starting an openssl process
    @ParameterizedTest(name = "certificate compression with openssl, {0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"RSA-2048", "ML-DSA-65"})
    void certificateCompressionBothWays(String kind) throws Exception {
        Row row = new Row("1.3", "x25519", "X25519", kind, null, null);
        boolean shrinks = !kind.startsWith("ML-DSA");
        for (boolean on : List.of(true, false)) {
            SServer s = startSServer(List.of(
                    "-cert", CERTS.get(kind).toString(), "-key", KEYS.get(kind).toString(), "-tls1_3", "-cert_comp"));
            try {
                SSLEngine engine = ours(kind, false, on).createSSLEngine("localhost", s.port());
                engine.setUseClientMode(true);
                configure(engine, row);
                CertCompression.Stats before = CertCompression.stats();
                try (EngineOverSocket tls = new EngineOverSocket(
                        engine, SocketChannel.open(new InetSocketAddress("127.0.0.1", s.port())))) {
                    tls.handshake();
                    tls.write("compressed\n");
                    assertEquals("desserpmoc\n", tls.readUntil("\n"));
                    assertEquals(cert(kind), engine.getSession().getPeerCertificates()[0]);
                    tls.closeOutbound();
                }
                long inflated = CertCompression.stats().decompressed() - before.decompressed();
                assertEquals(
                        on && shrinks ? 1 : 0,
                        inflated,
                        () -> "our client inflated s_server's certificate: " + read(s.log()));
                assertTrue(s.process().waitFor(10, TimeUnit.SECONDS), () -> "s_server did not end: " + read(s.log()));
            } finally {
                s.process().destroyForcibly();
            }
        }
        long[] read = new long[2];
        for (boolean on : List.of(true, false)) {
            CertCompression.Stats before = CertCompression.stats();
            Served served = serveOneSClient(ours(kind, true, on), row, List.of(), "ping\n");
            assertEquals("ping\n", served.got());
            assertTrue(served.out().contains("Verify return code: 0 (ok)"), served.out());
            long compressed = CertCompression.stats().compressed() - before.compressed();
            assertEquals(on ? 1 : 0, compressed, "our server compressed its certificate for s_client");
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("SSL handshake has read (\\d+) bytes")
                    .matcher(served.out());
            assertTrue(m.find(), served.out());
            read[on ? 0 : 1] = Long.parseLong(m.group(1));
        }
        System.out.printf(
                "certificate compression with openssl s_client, %s self-signed, TLS 1.3 x25519: s_client read"
                        + " %d bytes in the handshake without, %d with zlib%n",
                kind, read[1], read[0]);
        if (shrinks) {
            assertTrue(read[0] < read[1], "compression saved bytes: " + read[0] + " vs " + read[1]);
        }
    }

    /**
     * Resumption as OpenSSL's client does it, against one server context of ours: TLS 1.2 with a
     * ticket, TLS 1.2 by session id alone ({@code -no_ticket}), TLS 1.3 with a ticket. The second
     * connection resumes and our server shows the first one's session; once the server
     * invalidates it, the third is a full handshake.
     */
    @ParameterizedTest(name = "openssl s_client resumes with AccelJCE-TLS: {0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"1.2 ticket", "1.2 session-id", "1.3 ticket"})
    void openSslClientResumesUntilOurServerInvalidates(String how) throws Exception {
        Row row = how.startsWith("1.3")
                ? new Row("1.3", "x25519", "X25519", "EC-P256", null, null)
                : new Row("1.2", "secp256r1", "P-256", "EC-P256", null, null);
        SSLContext server = ours(row.cert(), true);
        Path sess = dir.resolve("session-" + System.nanoTime() + ".pem");
        List<String> noTicket = how.endsWith("session-id") ? List.of("-no_ticket") : List.of();
        List<String> first = new ArrayList<>(noTicket);
        first.addAll(List.of("-sess_out", sess.toString()));
        List<String> again = new ArrayList<>(noTicket);
        again.addAll(List.of("-sess_in", sess.toString()));

        Served one = serveOneSClient(server, row, first, "ping\n");
        assertTrue(one.out().contains("New, TLSv1."), one.out());
        Served two = serveOneSClient(server, row, again, "ping\n");
        assertTrue(two.out().contains("Reused, TLSv1."), two.out());
        assertArrayEquals(one.session().getId(), two.session().getId(), "our server shows the session resumed");
        assertEquals(one.session().getCreationTime(), two.session().getCreationTime());
        if (how.endsWith("session-id")) {
            assertTrue(one.session().getId().length == 32, "a TLS 1.2 session id from libssl");
        }

        one.session().invalidate();
        Served three = serveOneSClient(server, row, again, "ping\n");
        assertTrue(three.out().contains("New, TLSv1."), "invalidated, so not resumed:\n" + three.out());
        assertTrue(three.session().isValid());
    }

    /** The label both sides export with (RFC 5705 / RFC 8446 7.5), no context, as the tools export. */
    private static final String EXPORTER_LABEL = "EXPERIMENTAL-acceljce-interop";

    /** The hex OpenSSL's tools print after {@code -keymatexport}: "Keying material: 0A1B...". */
    private static String toolExport(String out) {
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("Keying material: ([0-9A-F]+)").matcher(out);
        assertTrue(m.find(), () -> "no keying material printed:\n" + out);
        return m.group(1);
    }

    private static String ourExport(SSLEngine engine, int length) {
        try {
            byte[] ours =
                    ((ExtendedSSLSession) engine.getSession()).exportKeyingMaterialData(EXPORTER_LABEL, null, length);
            return java.util.HexFormat.of().withUpperCase().formatHex(ours);
        } catch (javax.net.ssl.SSLKeyException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Keying-material exporters agree with OpenSSL's: {@code s_client -keymatexport} against our
     * server, our client against {@code s_server -keymatexport}, TLS 1.3 and 1.2 (extended master
     * secret, which both sides use by default).
     */
    @ParameterizedTest(name = "keying-material exporter agrees with OpenSSL: TLSv{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"1.3", "1.2"})
    void exportedKeyingMaterialAgreesWithOpenSsl(String version) throws Exception {
        Row row = version.equals("1.3")
                ? new Row("1.3", "X25519MLKEM768", "X25519MLKEM768", "EC-P256", null, null)
                : new Row("1.2", "secp256r1", "P-256", "EC-P256", null, null);
        int length = 48;
        List<String> export = List.of("-keymatexport", EXPORTER_LABEL, "-keymatexportlen", String.valueOf(length));

        String[] serverSide = new String[1];
        Served served = serveOneSClient(
                ours(row.cert(), true), row, export, "ping\n", e -> serverSide[0] = ourExport(e, length));
        assertEquals(toolExport(served.out()), serverSide[0], "our server against s_client");

        List<String> options = new ArrayList<>(List.of(
                "-cert",
                CERTS.get(row.cert()).toString(),
                "-key",
                KEYS.get(row.cert()).toString(),
                tlsFlag(row),
                "-groups",
                row.osslGroup()));
        options.addAll(export);
        SServer s = startSServer(options, false);
        try {
            SSLEngine engine = ours(row.cert(), false).createSSLEngine("localhost", s.port());
            engine.setUseClientMode(true);
            configure(engine, row);
            String clientSide;
            try (EngineOverSocket tls =
                    new EngineOverSocket(engine, SocketChannel.open(new InetSocketAddress("127.0.0.1", s.port())))) {
                tls.handshake();
                clientSide = ourExport(engine, length);
                tls.closeOutbound();
            }
            assertTrue(s.process().waitFor(10, TimeUnit.SECONDS), () -> "s_server did not end: " + read(s.log()));
            assertEquals(toolExport(read(s.log())), clientSide, "our client against s_server");
        } finally {
            s.process().destroyForcibly();
        }
    }

    static Stream<org.junit.jupiter.params.provider.Arguments> staplingCases() {
        List<org.junit.jupiter.params.provider.Arguments> out = new ArrayList<>();
        for (String stack : List.of("AccelJCE-TLS", "SunJSSE")) {
            for (String version : List.of("1.3", "1.2")) {
                for (String stapled : List.of("good", "revoked", "none", "good, not asked for")) {
                    out.add(org.junit.jupiter.params.provider.Arguments.of(stack, version, stapled));
                }
            }
        }
        return out.stream();
    }

    /**
     * OCSP stapling on the client side. A CA issues the server's certificate; OpenSSL's own
     * responder ({@code openssl ocsp}) signs a "good" and a "revoked" response for it, and
     * {@code s_server -status_file} staples one of them (or none). The client's PKIX trust
     * manager checks revocation by OCSP alone ({@code NO_FALLBACK}, and the certificate names
     * no responder): the stapled response is all it has. Our client and SunJSSE's must end the
     * same way: good passes and the session shows the very response; revoked fails with the
     * validator's REVOKED and the alert bad_certificate_status_response (113); none fails as
     * undetermined with certificate_unknown (46). With {@code
     * jdk.tls.client.enableStatusRequestExtension=false} when the context is made, the client does
     * not ask, the server staples nothing, and the good case fails as none does.
     */
    @ParameterizedTest(name = "{0} client, TLSv{1}, stapled: {2}")
    @MethodSource("staplingCases")
    void aClientChecksTheStapledOcspResponse(String stack, String version, String stapled) throws Exception {
        Path pki = ocspPki();
        List<String> options = new ArrayList<>(List.of(
                "-cert",
                pki.resolve("leaf.crt").toString(),
                "-key",
                pki.resolve("leaf.key").toString(),
                version.equals("1.3") ? "-tls1_3" : "-tls1_2"));
        boolean asked = !stapled.endsWith("not asked for");
        String file = stapled.startsWith("good") ? "good" : stapled;
        if (!file.equals("none")) {
            options.addAll(List.of("-status_file", pki.resolve(file + ".der").toString()));
        }
        SServer s = startSServer(options);
        Process server = s.process();
        Path log = s.log();
        int port = s.port();
        try {
            KeyStore anchors = KeyStore.getInstance("PKCS12");
            anchors.load(null, null);
            try (var in = Files.newInputStream(pki.resolve("ca.crt"))) {
                anchors.setCertificateEntry(
                        "ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
            }
            PKIXBuilderParameters params = new PKIXBuilderParameters(anchors, new X509CertSelector());
            PKIXRevocationChecker ocspOnly = (PKIXRevocationChecker)
                    CertPathValidator.getInstance("PKIX").getRevocationChecker();
            ocspOnly.setOptions(
                    EnumSet.of(PKIXRevocationChecker.Option.ONLY_END_ENTITY, PKIXRevocationChecker.Option.NO_FALLBACK));
            params.addCertPathChecker(ocspOnly);
            params.setRevocationEnabled(false); // the checker above is the only one
            TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
            tmf.init(new CertPathTrustManagerParameters(params));
            SSLContext ctx;
            String property = "jdk.tls.client.enableStatusRequestExtension";
            System.setProperty(property, String.valueOf(asked)); // both stacks read it as a context is made
            try {
                ctx = stack.equals("SunJSSE")
                        ? SSLContext.getInstance("TLS", "SunJSSE")
                        : SSLContext.getInstance("TLS", new AccelJceTlsProvider());
            } finally {
                System.clearProperty(property);
            }
            ctx.init(null, tmf.getTrustManagers(), null);
            SSLEngine engine = ctx.createSSLEngine("localhost", port);
            engine.setUseClientMode(true);
            SSLParameters p = engine.getSSLParameters();
            p.setProtocols(new String[] {"TLSv" + version});
            p.setEndpointIdentificationAlgorithm("HTTPS");
            engine.setSSLParameters(p);
            try (EngineOverSocket tls =
                    new EngineOverSocket(engine, SocketChannel.open(new InetSocketAddress("127.0.0.1", port)))) {
                if (stapled.equals("good")) {
                    tls.handshake();
                    tls.write("stapled\n");
                    assertEquals("delpats\n", tls.readUntil("\n"));
                    List<byte[]> responses = ((ExtendedSSLSession) engine.getSession()).getStatusResponses();
                    assertEquals(1, responses.size());
                    assertArrayEquals(Files.readAllBytes(pki.resolve("good.der")), responses.get(0));
                    tls.closeOutbound();
                } else {
                    SSLHandshakeException e = assertThrows(SSLHandshakeException.class, tls::handshake);
                    CertPathValidatorException cpve = null;
                    for (Throwable t = e; t != null && cpve == null; t = t.getCause()) {
                        cpve = t instanceof CertPathValidatorException c ? c : null;
                    }
                    assertNotNull(cpve, () -> "no validator exception under " + e);
                    if (stapled.equals("revoked")) {
                        assertEquals(CertPathValidatorException.BasicReason.REVOKED, cpve.getReason());
                    } else {
                        // the JDK's checker: no response and no responder to ask (reason UNSPECIFIED)
                        assertTrue(String.valueOf(cpve.getMessage()).contains("OCSP"), cpve::toString);
                    }
                }
            }
            assertTrue(server.waitFor(10, TimeUnit.SECONDS), () -> "s_server did not end: " + read(log));
            if (!stapled.equals("good")) {
                String alert = "SSL alert number " + (stapled.equals("revoked") ? 113 : 46);
                assertTrue(read(log).contains(alert), () -> alert + " expected:\n" + read(log));
            }
        } finally {
            server.destroyForcibly();
        }
    }

    private static Path ocspPki;

    /**
     * A CA, a server certificate it issued (serial 0x1234), and two OCSP responses for it signed by
     * the CA with OpenSSL's responder: good.der and revoked.der. Made once per run.
     */
    private static synchronized Path ocspPki() throws Exception {
        if (ocspPki != null) {
            return ocspPki;
        }
        Path d = Files.createDirectories(dir.resolve("ocsp"));
        String o = openssl.toString();
        run(
                List.of(
                        o,
                        "req",
                        "-x509",
                        "-newkey",
                        "ec",
                        "-pkeyopt",
                        "ec_paramgen_curve:P-256",
                        "-nodes",
                        "-keyout",
                        d.resolve("ca.key").toString(),
                        "-out",
                        d.resolve("ca.crt").toString(),
                        "-subj",
                        "/CN=AccelJCE test OCSP CA",
                        "-days",
                        "2",
                        "-addext",
                        "basicConstraints=critical,CA:TRUE",
                        "-addext",
                        "keyUsage=critical,keyCertSign,cRLSign"),
                60);
        run(
                List.of(
                        o,
                        "req",
                        "-new",
                        "-newkey",
                        "ec",
                        "-pkeyopt",
                        "ec_paramgen_curve:P-256",
                        "-nodes",
                        "-keyout",
                        d.resolve("leaf.key").toString(),
                        "-out",
                        d.resolve("leaf.csr").toString(),
                        "-subj",
                        "/CN=localhost"),
                60);
        Files.writeString(d.resolve("leaf.ext"), "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
        run(
                List.of(
                        o,
                        "x509",
                        "-req",
                        "-in",
                        d.resolve("leaf.csr").toString(),
                        "-CA",
                        d.resolve("ca.crt").toString(),
                        "-CAkey",
                        d.resolve("ca.key").toString(),
                        "-out",
                        d.resolve("leaf.crt").toString(),
                        "-days",
                        "2",
                        "-set_serial",
                        "0x1234",
                        "-extfile",
                        d.resolve("leaf.ext").toString()),
                60);
        java.time.format.DateTimeFormatter asn1 =
                java.time.format.DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'").withZone(java.time.ZoneOffset.UTC);
        java.time.Instant now = java.time.Instant.now();
        String expires = asn1.format(now.plus(java.time.Duration.ofDays(3)));
        Files.writeString(d.resolve("good.idx"), "V\t" + expires + "\t\t1234\tunknown\t/CN=localhost\n");
        Files.writeString(
                d.resolve("revoked.idx"),
                "R\t" + expires + "\t" + asn1.format(now.minus(java.time.Duration.ofHours(1)))
                        + "\t1234\tunknown\t/CN=localhost\n");
        for (String status : List.of("good", "revoked")) {
            run(
                    List.of(
                            o,
                            "ocsp",
                            "-index",
                            d.resolve(status + ".idx").toString(),
                            "-rsigner",
                            d.resolve("ca.crt").toString(),
                            "-rkey",
                            d.resolve("ca.key").toString(),
                            "-CA",
                            d.resolve("ca.crt").toString(),
                            "-issuer",
                            d.resolve("ca.crt").toString(),
                            "-cert",
                            d.resolve("leaf.crt").toString(),
                            "-respout",
                            d.resolve(status + ".der").toString(),
                            "-ndays",
                            "1"),
                    60);
        }
        ocspPki = d;
        return d;
    }

    /** An {@code s_server} listening on loopback for one connection, and the file it prints to. */
    record SServer(Process process, int port, Path log) {}

    /**
     * Starts {@code openssl s_server -rev} (it answers each line reversed) for one connection on a
     * free loopback port with {@code options}, and returns once it listens. The caller destroys it.
     */
    private static SServer startSServer(List<String> options) throws Exception {
        return startSServer(options, true);
    }

    /**
     * {@code s_server} for one connection: with {@code reverse} in {@code -rev} mode (each line
     * answered reversed), else in its plain mode, the one that prints {@code -keymatexport}'s result.
     */
    private static SServer startSServer(List<String> options, boolean reverse) throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        Path log = dir.resolve("s_server-" + System.nanoTime() + ".log");
        List<String> cmd = new ArrayList<>(
                List.of(openssl.toString(), "s_server", "-accept", "127.0.0.1:" + port, "-naccept", "1"));
        if (reverse) {
            cmd.add("-rev");
        }
        cmd.addAll(options);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("OPENSSL_CONF", "/dev/null");
        Process server = pb.start();
        try {
            while (!Files.readString(log).contains("ACCEPT")) { // listening (a probe would use up -naccept 1)
                assertTrue(server.isAlive(), () -> "s_server ended: " + read(log));
                Thread.sleep(20);
            }
        } catch (Exception | AssertionError e) {
            server.destroyForcibly();
            throw e;
        }
        return new SServer(server, port, log);
    }

    /** What one {@code s_client} run printed, the session our server had, and the line it read. */
    record Served(String out, javax.net.ssl.SSLSession session, String got) {}

    /**
     * One {@code s_client} connection (with {@code extra} options, sending {@code line}) served by an
     * engine of {@code server}, which answers "pong: " and the line, then closes.
     */
    private static Served serveOneSClient(SSLContext server, Row row, List<String> extra, String line)
            throws Exception {
        return serveOneSClient(server, row, extra, line, engine -> {});
    }

    /** As above, with {@code whileOpen} given the engine after the line was read, before it closes. */
    private static Served serveOneSClient(
            SSLContext server,
            Row row,
            List<String> extra,
            String line,
            java.util.function.Consumer<SSLEngine> whileOpen)
            throws Exception {
        try (ServerSocketChannel listener = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0), 1)) {
            int port = ((InetSocketAddress) listener.getLocalAddress()).getPort();
            Path log = dir.resolve("s_client-" + System.nanoTime() + ".log");
            List<String> cmd = new ArrayList<>(List.of(
                    openssl.toString(),
                    "s_client",
                    "-connect",
                    "127.0.0.1:" + port,
                    "-servername",
                    "localhost",
                    "-verify_hostname",
                    "localhost",
                    "-CAfile",
                    CERTS.get(row.cert()).toString(),
                    "-verify_return_error",
                    tlsFlag(row),
                    "-groups",
                    row.osslGroup(),
                    "-ign_eof"));
            cmd.addAll(extra);
            Path input = dir.resolve("in-" + System.nanoTime());
            Files.writeString(input, line);
            ProcessBuilder pb = new ProcessBuilder(cmd)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .redirectInput(input.toFile());
            pb.environment().put("OPENSSL_CONF", "/dev/null");
            Process client = pb.start();
            try {
                SSLEngine engine = server.createSSLEngine();
                engine.setUseClientMode(false);
                configure(engine, row);
                String got;
                try (EngineOverSocket tls = new EngineOverSocket(engine, listener.accept())) {
                    tls.handshake();
                    got = tls.readUntil("\n");
                    whileOpen.accept(engine);
                    // an answer before closing: a TLS 1.3 client reads its tickets before it writes the session out
                    tls.write("pong: " + got);
                    tls.closeOutbound();
                    tls.readUntil("never"); // the client's close_notify or the end of its socket
                } catch (IOException e) {
                    throw new AssertionError("server side failed; s_client said:\n" + read(log), e);
                }
                assertTrue(client.waitFor(10, TimeUnit.SECONDS), () -> "s_client did not end: " + read(log));
                return new Served(read(log), engine.getSession(), got);
            } finally {
                client.destroyForcibly();
            }
        }
    }

    /** What OpenSSL prints for the peer's key share. */
    private static String tempKey(Row row) {
        return switch (row.osslGroup()) {
            case "P-256" -> "ECDH, prime256v1";
            case "P-384" -> "ECDH, secp384r1";
            default -> row.osslGroup();
        };
    }

    /** OpenSSL's name of a JDK suite name (TLS 1.3 names are the same). */
    private static String osslSuite(String jdk) {
        if (jdk.startsWith("TLS_AES") || jdk.startsWith("TLS_CHACHA")) {
            return jdk;
        }
        return jdk.replace("TLS_", "")
                .replace("_WITH_", "-")
                .replace("_", "-")
                .replace("AES-128", "AES128")
                .replace("AES-256", "AES256")
                .replace("-SHA256", "-SHA256");
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
