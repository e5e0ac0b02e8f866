package dev.acceljce.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Provider;
import java.security.Security;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * TLS 1.3 bulk throughput of an established in-memory pair of {@link SSLEngine}s (no sockets),
 * client and server in one thread. <b>One op</b> = one call of the client's {@code wrap} with
 * {@code size} bytes of application data offered (by default 16,384, or 1,024 to weigh the
 * per-record cost), which seals one TLS record (of a full 16 KiB, as much of the
 * 16 KiB as the stack puts in one record: 16,384 bytes for libssl, 16,367 for JDK 25's SunJSSE),
 * plus the server's {@code unwrap} of that record back into the same plaintext: one AEAD seal and
 * one AEAD open of about 16 KiB, with the record framing and each stack's buffer handling. The
 * primary score is ops (records) per second; the secondary {@code bytes} score counts the
 * plaintext bytes each op moved, so it is plaintext bytes per second: the number to compare across
 * stacks.
 *
 * <p>{@code suite}: TLS_AES_128_GCM_SHA256 or TLS_CHACHA20_POLY1305_SHA256, the only suite both
 * engines enable. {@code provider}: {@code AccelJCE} (SunJSSE with AccelJCE first in the provider
 * list, so SunJSSE's record ciphers come from AccelJCE), {@code JDK} (SunJSSE on the JDK's
 * providers as shipped), {@code AccelJCE-TLS} (AccelJCE's own TLS stack, AWS-LC's libssl) or
 * {@code Conscrypt-TLS} (Conscrypt's, BoringSSL's libssl). Conscrypt takes no TLS 1.3 suite list
 * and BoringSSL picks AES-GCM on a CPU with AES instructions: the trial checks the negotiated suite
 * after the handshake and fails with that reason when it is not the one asked for. The handshake
 * (x25519, an ECDSA P-256 certificate, as {@link TlsHandshakeBenchmark}) runs once in the trial's
 * set-up and is not measured. {@code direct=true} uses direct ByteBuffers for the application and
 * network buffers of both sides, {@code false} (the default) heap ones.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(
        value = 2,
        jvmArgsAppend = {
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow",
            "-Xms1g",
            "-Xmx1g"
        })
public class TlsBulkBenchmark {
    /** The plaintext bytes in one op's record. */
    public static final int RECORD = 16384;

    private static final ByteBuffer NOTHING = ByteBuffer.allocate(0);

    @Param({
        BenchmarkProviders.ACCELJCE,
        BenchmarkProviders.JDK,
        TlsHandshakeBenchmark.ACCELJCE_TLS,
        TlsHandshakeBenchmark.CONSCRYPT_TLS
    })
    public String provider;

    @Param({"TLS_AES_128_GCM_SHA256", "TLS_CHACHA20_POLY1305_SHA256"})
    public String suite;

    /** Direct ByteBuffers (true) or heap ones (false). */
    @Param({"false"})
    public boolean direct;

    /**
     * The application data offered to each wrap, in bytes: {@value #RECORD} (one full-size record)
     * or less (1024: a record of that size, where the per-record cost shows).
     */
    @Param({"16384"})
    public int size;

    /**
     * Plaintext bytes moved, counted per op: JMH reports it per second. And the benchmark
     * thread's CPU time over the same ops ({@code cpuNanos}, read every {@value #SAMPLE} ops, with
     * {@code sampledBytes} the bytes of exactly those ops): on a host shared with other work the
     * wall-clock rate follows the share of the CPU the thread got, while {@code sampledBytes /
     * cpuNanos} is the rate of the CPU time it used (JMH reports both per second; their ratio is
     * what counts). Client and server run on this one thread, so its CPU time is the whole op's.
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Bytes {
        static final int SAMPLE = 64;
        private static final java.lang.management.ThreadMXBean THREADS =
                java.lang.management.ManagementFactory.getThreadMXBean();

        public long bytes;
        public long sampledBytes;
        public long cpuNanos;
        private long unsampledBytes;
        private long lastCpu;
        private int sinceSample;

        @Setup(Level.Iteration)
        public void reset() {
            bytes = 0;
            sampledBytes = 0;
            cpuNanos = 0;
            unsampledBytes = 0;
            sinceSample = 0;
            lastCpu = THREADS.getCurrentThreadCpuTime();
        }

        void add(int n) {
            bytes += n;
            unsampledBytes += n;
            if (++sinceSample == SAMPLE) {
                long now = THREADS.getCurrentThreadCpuTime();
                cpuNanos += now - lastCpu;
                lastCpu = now;
                sampledBytes += unsampledBytes;
                unsampledBytes = 0;
                sinceSample = 0;
            }
        }
    }

    private Path directory;
    private SSLEngine client;
    private SSLEngine server;
    private ByteBuffer plain;
    private ByteBuffer network;
    private ByteBuffer received;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        boolean ownStack = TlsHandshakeBenchmark.ACCELJCE_TLS.equals(provider);
        boolean conscrypt = TlsHandshakeBenchmark.CONSCRYPT_TLS.equals(provider);
        Provider first =
                conscrypt ? null : BenchmarkProviders.toInstall(ownStack ? BenchmarkProviders.ACCELJCE : provider);
        if (first != null && Security.insertProviderAt(first, 1) != 1) {
            throw new IllegalStateException(first.getName() + " could not be installed first");
        }
        directory = Files.createTempDirectory("acceljce-tls-bulk");
        KeyStore keys = TlsHandshakeBenchmark.certificate(
                directory.resolve("server.p12"),
                List.of("-keyalg", "EC", "-groupname", "secp256r1", "-sigalg", "SHA256withECDSA"));
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry("server", keys.getCertificate("server"));
        KeyManagerFactory kmf = KeyManagerFactory.getInstance("SunX509", "SunJSSE");
        kmf.init(keys, TlsHandshakeBenchmark.PASSWORD);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX", "SunJSSE");
        tmf.init(trusted);
        SSLContext context = TlsHandshakeBenchmark.contextOf(provider);
        context.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        client = engine(context, true, conscrypt);
        server = engine(context, false, conscrypt);
        int packet = Math.max(
                client.getSession().getPacketBufferSize(), server.getSession().getPacketBufferSize());
        int application = Math.max(
                client.getSession().getApplicationBufferSize(),
                server.getSession().getApplicationBufferSize());
        network = allocate(Math.max(packet, 1 << 16));
        received = allocate(Math.max(application, 1 << 16));
        handshake();
        String got = client.getSession().getCipherSuite();
        if (!suite.equals(got)) {
            throw new IllegalStateException(provider + " negotiated " + got + ", not " + suite
                    + (conscrypt ? " (Conscrypt takes no TLS 1.3 suite list)" : ""));
        }
        if (size < 1 || size > RECORD) {
            throw new IllegalArgumentException("size must be 1-" + RECORD + ": " + size);
        }
        plain = allocate(size);
        byte[] data = new byte[size];
        new java.util.Random(1).nextBytes(data);
        plain.put(data).flip();
        // one op by hand: exactly one record of 16 KiB each way, and the bytes come back
        int n = transfer();
        received.flip();
        byte[] back = new byte[received.remaining()];
        received.get(back);
        if (back.length != n || !java.util.Arrays.equals(back, 0, n, data, 0, n)) {
            throw new IllegalStateException(provider + ": the record did not decrypt to the bytes sent");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        if (directory != null) {
            try (var files = Files.list(directory)) {
                for (Path f : files.toList()) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(directory);
        }
    }

    /** One op: the client seals one record of {@code size} bytes, the server opens it. */
    @Benchmark
    public int transfer(Bytes counter) throws SSLException {
        int n = transfer();
        counter.add(n);
        return n;
    }

    private int transfer() throws SSLException {
        plain.rewind();
        network.clear();
        SSLEngineResult w = client.wrap(plain, network);
        // one record: of a full 16 KiB a stack may keep a few bytes for the next one
        if (w.getStatus() != SSLEngineResult.Status.OK || w.bytesConsumed() < Math.min(size, RECORD - 64)) {
            throw new SSLException("wrap: " + w);
        }
        network.flip();
        received.clear();
        SSLEngineResult u = server.unwrap(network, received);
        if (u.getStatus() != SSLEngineResult.Status.OK
                || u.bytesProduced() != w.bytesConsumed()
                || network.hasRemaining()) {
            throw new SSLException("unwrap: " + u + ", " + network.remaining() + " bytes left");
        }
        return u.bytesProduced();
    }

    private ByteBuffer allocate(int size) {
        return direct ? ByteBuffer.allocateDirect(size) : ByteBuffer.allocate(size);
    }

    private SSLEngine engine(SSLContext context, boolean clientMode, boolean conscrypt) {
        SSLEngine e = context.createSSLEngine();
        e.setUseClientMode(clientMode);
        SSLParameters p = e.getSSLParameters();
        p.setProtocols(new String[] {"TLSv1.3"});
        if (!conscrypt) {
            // Conscrypt's server picks its certificate's key type from the enabled TLS 1.2 suites:
            // with TLS 1.3 suites only it finds none; the trial checks the suite negotiated instead
            p.setCipherSuites(new String[] {suite});
        }
        p.setNamedGroups(new String[] {"x25519"});
        if (!conscrypt) {
            p.setSignatureSchemes(new String[] {"ecdsa_secp256r1_sha256"});
        }
        e.setSSLParameters(p);
        TlsHandshakeBenchmark.setGroups(e, "x25519", conscrypt);
        return e;
    }

    private void handshake() throws SSLException {
        ByteBuffer clientToServer = allocate(1 << 16);
        ByteBuffer serverToClient = allocate(1 << 16);
        client.beginHandshake();
        server.beginHandshake();
        int steps = 0;
        while (client.getHandshakeStatus() != HandshakeStatus.NOT_HANDSHAKING
                || server.getHandshakeStatus() != HandshakeStatus.NOT_HANDSHAKING) {
            step(client, serverToClient, clientToServer);
            step(server, clientToServer, serverToClient);
            if (++steps > 1000) {
                throw new SSLException("handshake stuck: client " + client.getHandshakeStatus() + ", server "
                        + server.getHandshakeStatus());
            }
        }
        // the server's NewSessionTicket, sent after its Finished: the client reads it
        while (serverToClient.position() > 0) {
            serverToClient.flip();
            received.clear();
            SSLEngineResult r = client.unwrap(serverToClient, received);
            serverToClient.compact();
            if (r.bytesConsumed() == 0) {
                break;
            }
        }
    }

    private void step(SSLEngine engine, ByteBuffer in, ByteBuffer out) throws SSLException {
        switch (engine.getHandshakeStatus()) {
            case NEED_TASK -> {
                Runnable task;
                while ((task = engine.getDelegatedTask()) != null) {
                    task.run();
                }
            }
            case NEED_WRAP -> engine.wrap(NOTHING, out);
            case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
                if (in.position() == 0 && engine.getHandshakeStatus() == HandshakeStatus.NEED_UNWRAP) {
                    return;
                }
                in.flip();
                received.clear();
                engine.unwrap(in, received);
                in.compact();
            }
            default -> {}
        }
    }
}
