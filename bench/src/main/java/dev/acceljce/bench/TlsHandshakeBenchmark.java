package dev.acceljce.bench;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.Provider;
import java.security.Security;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Full TLS handshakes per second, client and server in one thread over an in-memory pair of
 * {@link SSLEngine}s (no sockets): SunJSSE doing everything a real handshake does (x25519 key
 * share, the server's CertificateVerify signature, the client's certificate-chain validation and
 * signature check, HKDF key schedule, Finished MACs, the server's NewSessionTicket) with the
 * chosen provider installed first in the provider list, so SunJSSE's getInstance calls find it
 * before the JDK's own. With {@code mode=full} (the default) every handshake is a new session: the
 * client engine has no peer host and port, so it never offers a ticket.
 *
 * <p>{@code cert=EC}: an ECDSA P-256 certificate (ecdsa_secp256r1_sha256); {@code cert=EC-P384}:
 * an ECDSA P-384 one (ecdsa_secp384r1_sha384); {@code cert=RSA}: an
 * RSA-2048 certificate (rsa_pss_rsae_sha256); {@code cert=Ed25519}: an Ed25519 certificate
 * (ed25519); {@code cert=ML-DSA-44} / {@code ML-DSA-65} / {@code ML-DSA-87}: an ML-DSA
 * certificate (mldsa44/65/87, TLS 1.3 only), for {@code provider=AccelJCE-TLS} only: JDK 25's
 * SunJSSE has no ML-DSA signature scheme, so such a trial fails at setup with that reason (with
 * {@code group=X25519MLKEM768} it measures a handshake with no classical public-key step). The
 * self-signed certificates are made by the JDK's {@code keytool} once per trial, in
 * a temporary directory deleted at the end. {@code protocol=TLSv1.2} runs ECDHE with the
 * certificate's ECDHE suite (TLS_ECDHE_ECDSA_/TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256) over the same
 * group; TLS 1.2 sends no ticket here, so nothing is resumed either. {@code provider=JDK} installs
 * nothing (the JDK's list as shipped).
 *
 * <p>{@code provider=AccelJCE-TLS} measures AccelJCE's own TLS stack instead of SunJSSE: the
 * {@code SSLContext} of the {@code AccelJCE-TLS} provider (AWS-LC's libssl), with AccelJCE first
 * in the list as in the SunJSSE rows (the trust manager's certificate-path work asks it). The same
 * key and trust managers, parameters and in-memory loop; its delegated tasks (key choice,
 * verification) run in the loop as SunJSSE's do.
 *
 * <p>{@code provider=Conscrypt-TLS} measures Conscrypt's own TLS stack (BoringSSL's libssl over
 * JNI): the "TLS" {@code SSLContext} of {@code Conscrypt.newProvider()} for both engines, with the
 * same key and trust managers and nothing installed in the provider list. Conscrypt does not take
 * the cipher suite or signature scheme lists for TLS 1.3, and takes the group only through its own
 * {@code setNamedGroups}, and issues and takes TLS 1.3 tickets only after its
 * {@code setUseSessionTickets(engine, true)}, which both engines get in both modes (as SunJSSE's
 * and ours, its server then sends tickets after every full handshake); the trial checks after its first handshake that the suite (and, for
 * Conscrypt, the group through {@code Conscrypt.getGroupName}) are the ones asked for, and fails
 * otherwise.
 *
 * <p>{@code group=X25519MLKEM768} / {@code SecP256r1MLKEM768} / {@code SecP384r1MLKEM1024} (hybrid
 * post-quantum groups) run only on {@code AccelJCE-TLS} and {@code Conscrypt-TLS}: JDK 25's SunJSSE
 * does not offer them, so a SunJSSE trial with one fails at setup with that reason.
 *
 * <p>{@code mode=full}: every handshake is a new session (above). {@code mode=resumed}: the client
 * engine is made for peer "localhost":443 every time, so the client's session cache finds the
 * session (TLS 1.3 ticket) the previous handshake's NewSessionTicket gave, and each measured
 * handshake is a PSK resumption (with (EC)DHE: the group's key exchange still runs, the
 * certificate and its signature do not) that brings the next ticket. Every resumed-mode handshake
 * ends with the server sending one byte of application data that the client reads (libssl servers
 * send their tickets with their first data). The trial's setup checks that this is so: the client's trust manager counts its calls, and a resumed handshake must not call
 * it (a full one must); the trial fails if the second or third handshake was not resumed, and its
 * tear-down fails it if any measured handshake was full.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
// SunJSSE's and the providers' handshake code reach a steady rate after 25-40 s of handshakes on
// one CPU (Zen 4, 2026-11-25): a shorter warm-up measures the JIT, not the provider
@Warmup(iterations = 10, time = 5)
@Measurement(iterations = 5, time = 3)
// JMH 1.37 still uses sun.misc.Unsafe: allow it quietly on JDK 25.
@Fork(
        value = 2,
        jvmArgsAppend = {
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow",
            "-Xms1g",
            "-Xmx1g"
        })
public class TlsHandshakeBenchmark {
    static final char[] PASSWORD = "benchmark".toCharArray();
    private static final ByteBuffer NOTHING = ByteBuffer.allocate(0);
    /** The {@code provider} value that measures AccelJCE's own TLS stack rather than SunJSSE. */
    public static final String ACCELJCE_TLS = "AccelJCE-TLS";
    /** The {@code provider} value that measures Conscrypt's own TLS stack. */
    public static final String CONSCRYPT_TLS = "Conscrypt-TLS";

    @Param({BenchmarkProviders.ACCELJCE, BenchmarkProviders.JDK})
    public String provider;

    /** The server certificate's key: "EC" (P-256), "EC-P384", "RSA" (2048 bits), "Ed25519" or "ML-DSA-44/65/87". */
    @Param({"EC", "RSA"})
    public String cert;

    /** The key-exchange group offered and chosen. */
    @Param({"x25519"})
    public String group;

    /** "full" (a new session every handshake) or "resumed" (a session ticket from the previous one). */
    @Param({"full"})
    public String mode;

    /** "TLSv1.3" or "TLSv1.2". */
    @Param({"TLSv1.3"})
    public String protocol;

    /**
     * "dropped": each handshake's engines are left to the GC (Conscrypt's are closed, see
     * {@link #handshake}); "closed": every stack's previous pair is closed both ways, as a server
     * closes each connection (AccelJCE-TLS then frees libssl's objects on this thread at once).
     */
    @Param({"dropped"})
    public String engines;

    private String cipherSuite;

    private SSLContext context;
    private boolean resumed;
    private boolean conscrypt;
    private CountingTrustManager trust;
    private String signatureScheme;
    private Path directory;
    private final ByteBuffer clientToServer = ByteBuffer.allocate(1 << 16);
    private final ByteBuffer serverToClient = ByteBuffer.allocate(1 << 16);
    private final ByteBuffer application = ByteBuffer.allocate(1 << 16);
    private final ByteBuffer reply = ByteBuffer.allocate(1);

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        boolean ownStack = ACCELJCE_TLS.equals(provider);
        conscrypt = CONSCRYPT_TLS.equals(provider);
        resumed = switch (mode) {
            case "full" -> false;
            case "resumed" -> true;
            default -> throw new IllegalArgumentException("mode must be full or resumed: " + mode);
        };
        if (group.contains("MLKEM") && !ownStack && !conscrypt) {
            throw new IllegalArgumentException("group " + group + " is not offered by JDK 25's SunJSSE (provider "
                    + provider + "): hybrid ML-KEM groups run only with " + ACCELJCE_TLS + " or " + CONSCRYPT_TLS);
        }
        if (cert.startsWith("ML-DSA") && !ownStack) {
            throw new IllegalArgumentException("cert " + cert + " needs an ML-DSA signature scheme, which JDK 25's"
                    + " SunJSSE does not have (provider " + provider + "): ML-DSA certificates run only with "
                    + ACCELJCE_TLS);
        }
        if (cert.startsWith("ML-DSA") && !protocol.equals("TLSv1.3")) {
            throw new IllegalArgumentException("ML-DSA certificates are TLS 1.3 only: " + protocol);
        }
        Provider first =
                conscrypt ? null : BenchmarkProviders.toInstall(ownStack ? BenchmarkProviders.ACCELJCE : provider);
        if (first != null && Security.insertProviderAt(first, 1) != 1) {
            throw new IllegalStateException(first.getName() + " could not be installed first");
        }
        directory = Files.createTempDirectory("acceljce-tls-bench");
        List<String> keyOptions = switch (cert) {
            case "EC" -> List.of("-keyalg", "EC", "-groupname", "secp256r1", "-sigalg", "SHA256withECDSA");
            case "EC-P384" -> List.of("-keyalg", "EC", "-groupname", "secp384r1", "-sigalg", "SHA384withECDSA");
            case "RSA" -> List.of("-keyalg", "RSA", "-keysize", "2048", "-sigalg", "SHA256withRSA");
            case "Ed25519" -> List.of("-keyalg", "Ed25519");
            case "ML-DSA-44", "ML-DSA-65", "ML-DSA-87" -> List.of("-keyalg", cert);
            default ->
                throw new IllegalArgumentException(
                        "cert must be EC, EC-P384, RSA, Ed25519 or ML-DSA-44/65/87: " + cert);
        };
        signatureScheme = switch (cert) {
            case "EC" -> "ecdsa_secp256r1_sha256";
            case "EC-P384" -> "ecdsa_secp384r1_sha384";
            case "RSA" -> "rsa_pss_rsae_sha256";
            case "ML-DSA-44" -> "mldsa44";
            case "ML-DSA-65" -> "mldsa65";
            case "ML-DSA-87" -> "mldsa87";
            default -> "ed25519";
        };
        cipherSuite = switch (protocol) {
            case "TLSv1.3" -> "TLS_AES_128_GCM_SHA256";
            case "TLSv1.2" ->
                cert.equals("RSA")
                        ? "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"
                        : "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256";
            default -> throw new IllegalArgumentException("protocol must be TLSv1.3 or TLSv1.2: " + protocol);
        };
        KeyStore keys = certificate(directory.resolve("server.p12"), keyOptions);
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry("server", keys.getCertificate("server"));
        KeyManagerFactory kmf = KeyManagerFactory.getInstance("SunX509", "SunJSSE");
        kmf.init(keys, PASSWORD);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX", "SunJSSE");
        tmf.init(trusted);
        trust = new CountingTrustManager((X509ExtendedTrustManager) tmf.getTrustManagers()[0]);
        context = contextOf(provider);
        context.init(kmf.getKeyManagers(), new TrustManager[] {trust}, null);
        // fails the trial here, with its reason, if this provider cannot complete one
        SSLEngine client = handshake();
        String suite = client.getSession().getCipherSuite();
        if (!cipherSuite.equals(suite)) {
            throw new IllegalStateException(provider + " negotiated " + suite + ", not " + cipherSuite);
        }
        if (conscrypt) {
            String got = org.conscrypt.Conscrypt.getGroupName(client);
            if (got == null || !got.equalsIgnoreCase(conscryptGroup(group))) {
                throw new IllegalStateException("Conscrypt negotiated group " + got + ", not " + group);
            }
        }
        if (trust.calls != 1) {
            throw new IllegalStateException("the first handshake called the trust manager " + trust.calls + " times");
        }
        if (resumed) {
            for (int i = 0; i < 2; i++) {
                SSLEngine again = handshake();
                if (trust.calls != 1) {
                    boolean sameSession = java.util.Arrays.equals(
                            again.getSession().getId(), client.getSession().getId());
                    throw new IllegalStateException(provider + ": handshake " + (i + 2)
                            + " was not resumed (the trust manager checked the server again; same session id: "
                            + sameSession + ")");
                }
            }
        }
    }

    /** The SSLContext of the {@code provider} choice (not initialised). */
    static SSLContext contextOf(String provider) throws GeneralSecurityException {
        return switch (provider) {
            case ACCELJCE_TLS -> SSLContext.getInstance("TLS", new dev.acceljce.jsse.AccelJceTlsProvider());
            case CONSCRYPT_TLS -> SSLContext.getInstance("TLS", org.conscrypt.Conscrypt.newProvider());
            default -> SSLContext.getInstance("TLS", "SunJSSE");
        };
    }

    /** The name BoringSSL (Conscrypt) gives a group named as SunJSSE names it. */
    static String conscryptGroup(String group) {
        return switch (group) {
            case "x25519" -> "X25519";
            case "secp256r1" -> "P-256";
            case "secp384r1" -> "P-384";
            case "secp521r1" -> "P-521";
            default -> group;
        };
    }

    /**
     * Sets the named groups on an engine: SSLParameters for every stack, and Conscrypt's own
     * {@code setNamedGroups} for Conscrypt's engine (it does not read them from SSLParameters).
     */
    static void setGroups(SSLEngine e, String group, boolean conscrypt) {
        if (!conscrypt) {
            return;
        }
        try {
            Object target = e;
            if (e.getClass().getName().equals("org.conscrypt.Java8EngineWrapper")) {
                var unwrap = e.getClass().getDeclaredMethod("getDelegate", SSLEngine.class);
                unwrap.setAccessible(true);
                target = unwrap.invoke(null, e);
            }
            var m = target.getClass().getMethod("setNamedGroups", String[].class);
            m.setAccessible(true);
            m.invoke(target, (Object) new String[] {conscryptGroup(group)});
        } catch (ReflectiveOperationException ex) {
            throw new IllegalStateException("Conscrypt's engine " + e.getClass() + " takes no named groups", ex);
        }
    }

    /**
     * A trust manager that counts the server-chain checks asked of it: a resumed handshake asks
     * none. Everything else goes to the JDK's PKIX trust manager.
     */
    static final class CountingTrustManager extends X509ExtendedTrustManager {
        private final X509ExtendedTrustManager delegate;
        int calls;

        CountingTrustManager(X509ExtendedTrustManager delegate) {
            this.delegate = delegate;
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
                throws CertificateException {
            calls++;
            delegate.checkServerTrusted(chain, authType, socket);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                throws CertificateException {
            calls++;
            delegate.checkServerTrusted(chain, authType, engine);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            calls++;
            delegate.checkServerTrusted(chain, authType);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
                throws CertificateException {
            delegate.checkClientTrusted(chain, authType, socket);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                throws CertificateException {
            delegate.checkClientTrusted(chain, authType, engine);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            delegate.checkClientTrusted(chain, authType);
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return delegate.getAcceptedIssuers();
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        if (resumed && trust != null && trust.calls != 1) {
            throw new IllegalStateException(
                    provider + ": " + (trust.calls - 1) + " of the measured handshakes were full, not resumed");
        }
        if (directory != null) {
            try (var files = Files.list(directory)) {
                for (Path f : files.toList()) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(directory);
        }
    }

    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

    @Benchmark
    public SSLEngine handshake() throws SSLException {
        SSLEngine client = engine(true);
        SSLEngine server = engine(false);
        clientToServer.clear();
        serverToClient.clear();
        client.beginHandshake();
        server.beginHandshake();
        while (client.getHandshakeStatus() != HandshakeStatus.NOT_HANDSHAKING
                || server.getHandshakeStatus() != HandshakeStatus.NOT_HANDSHAKING) {
            boolean moved = step(client, serverToClient, clientToServer);
            moved |= step(server, clientToServer, serverToClient);
            if (!moved) {
                throw new SSLException("handshake stuck: client " + client.getHandshakeStatus() + ", server "
                        + server.getHandshakeStatus());
            }
        }
        if (resumed) {
            // libssl servers send their NewSessionTickets with their first application data: the
            // server sends one byte (every stack, so every resumed row does the same), the client
            // reads the tickets and the byte (the next handshake offers the newest ticket)
            reply.rewind();
            server.wrap(reply, serverToClient);
            while (serverToClient.position() > 0) {
                if (unwrap(client, serverToClient).bytesConsumed() == 0) {
                    break;
                }
            }
        } else if (serverToClient.position() > 0) {
            // the server's NewSessionTicket, sent after its Finished: the client reads it too
            unwrap(client, serverToClient);
        }
        if (conscrypt || "closed".equals(engines)) {
            // Conscrypt's engine holds a pipe (two descriptors) until it is closed both ways or
            // finalized: left to the GC, a run of thousands of handshakes a second ran out of file
            // descriptors ("AppData::create pipe(2) failed: Too many open files"). With
            // engines=dropped the other stacks free theirs when the GC finds them (AccelJCE-TLS by
            // a Cleaner, on the Cleaner's thread). The previous pair is closed, so the pair
            // returned stays readable (set-up checks the group it negotiated).
            if (previousClient != null) {
                closeBothWays(previousClient, closing);
                closeBothWays(previousServer, closing);
            }
            previousClient = client;
            previousServer = server;
        }
        return client;
    }

    private SSLEngine previousClient, previousServer;
    private final ByteBuffer closing = ByteBuffer.allocate(1 << 15);

    /** closeOutbound, its close_notify wrapped (into {@code scratch}, dropped), then closeInbound. */
    private static void closeBothWays(SSLEngine e, ByteBuffer scratch) throws SSLException {
        e.closeOutbound();
        scratch.clear();
        while (!e.isOutboundDone() && e.wrap(EMPTY, scratch).bytesProduced() > 0) {
            scratch.clear();
        }
        scratch.clear();
        try {
            e.closeInbound();
        } catch (SSLException expected) {
            // "inbound closed before receiving the peer's close_notify": no peer is told here
        }
    }

    private SSLEngine engine(boolean clientMode) {
        // the same peer every time for a resuming client: its session cache is keyed by host and port
        SSLEngine e = clientMode && resumed ? context.createSSLEngine("localhost", 443) : context.createSSLEngine();
        e.setUseClientMode(clientMode);
        SSLParameters p = e.getSSLParameters();
        p.setProtocols(new String[] {protocol});
        if (!conscrypt) {
            // Conscrypt's server picks its certificate's key type from the enabled TLS 1.2 suites:
            // with TLS 1.3 suites only it finds none; the trial checks the suite negotiated instead
            p.setCipherSuites(new String[] {cipherSuite});
        }
        p.setNamedGroups(new String[] {group});
        if (!conscrypt) {
            // Conscrypt takes no signature scheme list (its key choice then finds no key)
            p.setSignatureSchemes(new String[] {signatureScheme});
        }
        e.setSSLParameters(p);
        setGroups(e, group, conscrypt);
        if (conscrypt) {
            // Conscrypt issues and takes tickets only when asked to
            org.conscrypt.Conscrypt.setUseSessionTickets(e, true);
        }
        return e;
    }

    /** One step of one side; false when it had nothing to do (waiting for the other side). */
    private boolean step(SSLEngine engine, ByteBuffer in, ByteBuffer out) throws SSLException {
        switch (engine.getHandshakeStatus()) {
            case NEED_TASK -> {
                Runnable task;
                while ((task = engine.getDelegatedTask()) != null) {
                    task.run();
                }
                return true;
            }
            case NEED_WRAP -> {
                SSLEngineResult r = engine.wrap(NOTHING, out);
                return r.bytesProduced() > 0 || r.getHandshakeStatus() != HandshakeStatus.NEED_WRAP;
            }
            case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
                if (in.position() == 0 && engine.getHandshakeStatus() == HandshakeStatus.NEED_UNWRAP) {
                    return false;
                }
                SSLEngineResult r = unwrap(engine, in);
                return r.bytesConsumed() > 0 || r.getHandshakeStatus() != HandshakeStatus.NEED_UNWRAP;
            }
            default -> {
                return false;
            }
        }
    }

    private SSLEngineResult unwrap(SSLEngine engine, ByteBuffer in) throws SSLException {
        in.flip();
        try {
            application.clear();
            return engine.unwrap(in, application);
        } finally {
            in.compact();
        }
    }

    /** A PKCS#12 key store with one self-signed certificate "server", made by the JDK's keytool. */
    static KeyStore certificate(Path file, List<String> keyOptions)
            throws IOException, GeneralSecurityException, InterruptedException {
        List<String> command = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair",
                "-alias",
                "server",
                "-dname",
                "CN=localhost",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                file.toString(),
                "-storepass",
                new String(PASSWORD),
                "-keypass",
                new String(PASSWORD)));
        command.addAll(keyOptions);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IOException("keytool failed: " + output);
        }
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            ks.load(in, PASSWORD);
        }
        return ks;
    }
}
