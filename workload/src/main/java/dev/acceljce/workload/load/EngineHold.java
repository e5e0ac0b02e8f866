package dev.acceljce.workload.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.acceljce.workload.run.Options;
import dev.acceljce.workload.run.ParentWatch;
import dev.acceljce.workload.tls.Certificates;
import dev.acceljce.workload.tls.TlsContexts;
import dev.acceljce.workload.wire.Ready;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManager;

/**
 * The JVM of {@code load --servers engines}: N client and server {@code SSLEngine} pairs of one
 * stack in this one JVM, each pair through a TLS 1.3 handshake (x25519, ECDSA P-256) and one
 * 64-byte message each way, then held idle with nothing else referencing them but an array:
 * no socket, no thread, no buffer of the caller's per pair (one set of buffers is lent to every
 * pair in turn). The JVM measures itself after a full GC before and while they are held, and after
 * they are closed as a server closes them (close_notify both ways) and collected, and after
 * {@code malloc_trim}. One line {@code RESULT {json}} on stdout.
 *
 * <p>Arguments: {@code --stack ID --store SERVER.p12 --pairs N [--warmup W]}.
 */
public final class EngineHold {
    private static final byte[] MESSAGE = new byte[64];

    private final SSLContext server;
    private final SSLContext client;
    // lent to every pair in turn; sized for the largest record
    private final ByteBuffer clientToServer = ByteBuffer.allocate(1 << 15);
    private final ByteBuffer serverToClient = ByteBuffer.allocate(1 << 15);
    private final ByteBuffer clientApp = ByteBuffer.allocate(1 << 15);
    private final ByteBuffer serverApp = ByteBuffer.allocate(1 << 15);

    private EngineHold(SSLContext server, SSLContext client) {
        this.server = server;
        this.client = client;
    }

    public static void main(String[] argv) {
        ParentWatch.exitWhenParentExits();
        try {
            Options o = Options.parse(argv);
            Stack stack = Stack.byId(o.get("--stack"));
            System.setProperty("jdk.tls.namedGroups", "x25519");
            stack.installProviders();
            Path store = Path.of(o.get("--store"));
            KeyManager[] keys = TlsContexts.keyManagers(Certificates.load(store), Certificates.PASSWORD);
            TrustManager[] trust = TlsContexts.trustManagers(Certificates.trusting(store));
            EngineHold hold = new EngineHold(stack.serverContext(keys), stack.clientContext(trust));
            int pairs = o.getInt("--pairs", 1000);
            Map<String, Object> r = hold.run(pairs, o.getInt("--warmup", 200));
            System.out.println("RESULT " + new ObjectMapper().writeValueAsString(r));
            System.out.flush();
            System.exit(0);
        } catch (Throwable e) {
            e.printStackTrace();
            Ready.failed("engine hold: " + e);
            System.exit(1);
        }
    }

    private Map<String, Object> run(int pairs, int warmup) throws Exception {
        Map<String, Object> r = new LinkedHashMap<>();
        for (int i = 0; i < warmup; i++) { // compiled code and class loading out of the baseline
            SSLEngine[] p = pair();
            close(p);
        }
        NativeLeaks.settle(0, 30_000);
        Map<String, Object> base = Footprint.full();
        r.put("baseline", base);
        SSLEngine[][] held = new SSLEngine[pairs][];
        long start = System.nanoTime();
        for (int i = 0; i < pairs; i++) {
            held[i] = pair();
        }
        r.put("handshakeMillis", (System.nanoTime() - start) / 1_000_000L);
        Map<String, Object> holding = Footprint.full();
        r.put("held", holding);
        r.put("perPair", perPair(base, holding, pairs));
        for (int i = 0; i < pairs; i++) {
            close(held[i]);
            held[i] = null;
        }
        r.put("settleMillis", NativeLeaks.settle(0, 30_000));
        Map<String, Object> after = Footprint.full();
        r.put("afterClose", after);
        r.put("afterCloseOverBaseline", difference(base, after));
        r.put("trimmed", Footprint.mallocTrim());
        Map<String, Object> trimmed = Footprint.full();
        r.put("afterTrim", trimmed);
        r.put("afterTrimOverBaseline", difference(base, trimmed));
        return r;
    }

    static final String[] FIGURES = {
        "heapUsedKiB", "byteArrayKiB", "rssKiB", "nmtNonHeapKiB", "mallocInUseKiB", "libraryMallocKiB", "fds"
    };

    private static Map<String, Object> perPair(Map<String, Object> base, Map<String, Object> now, int pairs) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (String f : FIGURES) {
            if (base.get(f) instanceof Long b && now.get(f) instanceof Long n) {
                m.put(f, Math.round((n - b) * 100.0 / pairs) / 100.0);
            }
        }
        return m;
    }

    private static Map<String, Object> difference(Map<String, Object> base, Map<String, Object> now) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (String f : FIGURES) {
            if (base.get(f) instanceof Long b && now.get(f) instanceof Long n) {
                m.put(f, n - b);
            }
        }
        return m;
    }

    /** A client and a server engine after the handshake and one message each way. */
    private SSLEngine[] pair() throws SSLException {
        SSLEngine c = client.createSSLEngine("localhost", 443);
        c.setUseClientMode(true);
        SSLEngine s = server.createSSLEngine();
        s.setUseClientMode(false);
        for (SSLEngine e : new SSLEngine[] {c, s}) {
            var p = e.getSSLParameters();
            p.setProtocols(new String[] {"TLSv1.3"});
            e.setSSLParameters(p);
        }
        c.beginHandshake();
        s.beginHandshake();
        pump(c, s, false);
        if (c.getSession().getPeerCertificates().length == 0) {
            throw new SSLException("no peer certificate");
        }
        // one message each way, which also carries the server's tickets to the client
        send(c, s, clientApp, serverApp);
        send(s, c, serverApp, clientApp);
        return new SSLEngine[] {c, s};
    }

    private void send(SSLEngine from, SSLEngine to, ByteBuffer fromApp, ByteBuffer toApp) throws SSLException {
        ByteBuffer net = from.getUseClientMode() ? clientToServer : serverToClient;
        fromApp.clear();
        fromApp.put(MESSAGE).flip();
        net.clear();
        from.wrap(fromApp, net);
        net.flip();
        toApp.clear();
        int got = 0;
        while (net.hasRemaining()) {
            SSLEngineResult res = to.unwrap(net, toApp);
            got += res.bytesProduced();
            if (res.getStatus() != SSLEngineResult.Status.OK) {
                throw new SSLException("unwrap: " + res);
            }
            if (res.bytesConsumed() == 0 && res.bytesProduced() == 0) {
                break;
            }
        }
        net.clear(); // pump keeps the network buffers in fill mode, empty between turns
        if (got != MESSAGE.length) {
            throw new SSLException("received " + got + " bytes, not " + MESSAGE.length);
        }
    }

    /** Closes both engines as a server closes them: close_notify from the server, answered. */
    private void close(SSLEngine[] p) throws SSLException {
        p[1].closeOutbound();
        pump(p[0], p[1], true);
        p[0].closeOutbound();
        pump(p[0], p[1], true);
    }

    /** Moves records between the two until neither has anything to do (or both are closed). */
    private void pump(SSLEngine c, SSLEngine s, boolean closing) throws SSLException {
        for (int round = 0; round < 100; round++) {
            boolean progress = step(c, clientToServer, serverToClient, clientApp)
                    | step(s, serverToClient, clientToServer, serverApp);
            boolean done = closing
                    ? (c.isOutboundDone() && s.isOutboundDone())
                            || !progress && clientToServer.position() == 0 && serverToClient.position() == 0
                    : c.getHandshakeStatus() == HandshakeStatus.NOT_HANDSHAKING
                            && s.getHandshakeStatus() == HandshakeStatus.NOT_HANDSHAKING
                            && clientToServer.position() == 0
                            && serverToClient.position() == 0;
            if (done) {
                clientToServer.clear();
                serverToClient.clear();
                return;
            }
        }
        throw new SSLException("no progress: " + c.getHandshakeStatus() + " / " + s.getHandshakeStatus());
    }

    /**
     * One engine's turn: runs its tasks, unwraps what the peer wrote into {@code in} (kept in
     * write mode between turns), wraps into {@code out}. Whether it did anything.
     */
    private static boolean step(SSLEngine e, ByteBuffer out, ByteBuffer in, ByteBuffer app) throws SSLException {
        boolean progress = false;
        Runnable task;
        while ((task = e.getDelegatedTask()) != null) {
            task.run();
            progress = true;
        }
        if (in.position() > 0 && !e.isInboundDone()) {
            in.flip();
            while (in.hasRemaining()) {
                app.clear();
                SSLEngineResult r = e.unwrap(in, app);
                while ((task = e.getDelegatedTask()) != null) {
                    task.run();
                }
                if (r.bytesConsumed() == 0) {
                    break;
                }
                progress = true;
                if (r.getStatus() == SSLEngineResult.Status.CLOSED) {
                    break;
                }
            }
            in.compact();
        }
        while (!e.isOutboundDone()) {
            SSLEngineResult r = e.wrap(ByteBuffer.allocate(0), out);
            while ((task = e.getDelegatedTask()) != null) {
                task.run();
            }
            if (r.bytesProduced() == 0) {
                break;
            }
            progress = true;
        }
        return progress;
    }
}
