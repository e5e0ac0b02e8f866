package dev.acceljce.jsse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Peers that are slow on purpose, against AccelJCE's server socket: a ClientHello sent one byte per
 * second, and clients that stop after each record of their handshake and wait. With {@value
 * HandshakeDeadline#PROPERTY} set, every such handshake fails once its time is up, the accepted
 * socket closes and the thread serving it is free; without it the handshake waits, as SunJSSE's.
 */
class SlowPeerTest {
    private static final long LIMIT = 1500;
    /** Slack on top of the limit for a busy 2-core machine. */
    private static final long SLACK = 3000;

    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        System.clearProperty(HandshakeDeadline.PROPERTY);
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    /** What the server's handshake ended in, and when. */
    record Outcome(Throwable failure, long millis) {}

    /**
     * An AccelJCE server socket on loopback whose accepted sockets each handshake on a virtual
     * thread; each handshake's outcome completes the next of {@code outcomes}.
     */
    private ServerSocket server(List<CompletableFuture<Outcome>> outcomes) throws Exception {
        SSLContext ctx = TlsPeers.context("AccelJCE-TLS", "ec256");
        ServerSocket ss = ctx.getServerSocketFactory().createServerSocket(0, 50, InetAddress.getLoopbackAddress());
        ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor();
        open.add(pool::shutdownNow);
        open.add(ss);
        Thread acceptor = Thread.ofPlatform().daemon().start(() -> {
            for (CompletableFuture<Outcome> f : outcomes) {
                try {
                    SSLSocket s = (SSLSocket) ss.accept();
                    pool.submit(() -> {
                        long t0 = System.nanoTime();
                        try (s) {
                            s.startHandshake();
                            f.complete(new Outcome(null, ms(t0)));
                        } catch (Throwable t) {
                            f.complete(new Outcome(t, ms(t0)));
                        }
                    });
                } catch (IOException e) {
                    f.completeExceptionally(e);
                }
            }
        });
        open.add(acceptor::interrupt);
        return ss;
    }

    private static long ms(long t0) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    }

    private static List<CompletableFuture<Outcome>> futures(int n) {
        List<CompletableFuture<Outcome>> l = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            l.add(new CompletableFuture<>());
        }
        return l;
    }

    /** A real ClientHello from SunJSSE, as bytes on the wire. */
    private static byte[] clientHello() throws Exception {
        SSLEngine c = TlsPeers.context("SunJSSE", (String) null).createSSLEngine("localhost", 443);
        c.setUseClientMode(true);
        ByteBuffer out = ByteBuffer.allocate(64 * 1024);
        c.wrap(ByteBuffer.allocate(0), out);
        byte[] b = new byte[out.position()];
        out.flip().get(b);
        return b;
    }

    private static void assertTimedOut(Outcome o) {
        assertInstanceOf(SSLHandshakeException.class, o.failure(), String.valueOf(o.failure()));
        assertTrue(
                o.failure().getMessage().contains(HandshakeDeadline.PROPERTY),
                o.failure().getMessage());
        assertTrue(o.millis() >= LIMIT - 50 && o.millis() <= LIMIT + SLACK, "ended after " + o.millis() + " ms");
    }

    @Test
    void clientHelloOneBytePerSecondIsCutOffAtTheDeadline() throws Exception {
        System.setProperty(HandshakeDeadline.PROPERTY, Long.toString(LIMIT));
        List<CompletableFuture<Outcome>> outcomes = futures(1);
        ServerSocket ss = server(outcomes);
        byte[] hello = clientHello();
        try (Socket c = new Socket(InetAddress.getLoopbackAddress(), ss.getLocalPort())) {
            c.setSoTimeout((int) (LIMIT + SLACK));
            OutputStream out = c.getOutputStream();
            int sent = 0;
            while (!outcomes.get(0).isDone() && sent < hello.length) {
                try {
                    out.write(hello[sent++]);
                    out.flush();
                } catch (IOException closedByServer) {
                    break;
                }
                Thread.sleep(1000);
            }
            Outcome o = outcomes.get(0).get(LIMIT + SLACK, TimeUnit.MILLISECONDS);
            assertTimedOut(o);
            assertTrue(sent < hello.length, "the server gave up before the ClientHello was whole: " + sent);
            assertEquals(-1, readToEnd(c.getInputStream()), "the server closed the connection");
        }
    }

    @Test
    void withoutTheLimitTheSlowClientHelloIsStillWaiting() throws Exception {
        List<CompletableFuture<Outcome>> outcomes = futures(1);
        ServerSocket ss = server(outcomes);
        byte[] hello = clientHello();
        try (Socket c = new Socket(InetAddress.getLoopbackAddress(), ss.getLocalPort())) {
            OutputStream out = c.getOutputStream();
            for (int i = 0; i < 3; i++) {
                out.write(hello[i]);
                out.flush();
                Thread.sleep(1000);
            }
            Thread.sleep(LIMIT);
            assertFalse(outcomes.get(0).isDone(), "no limit: the handshake still waits (as SunJSSE's)");
        }
        // the client went away: the handshake ends with it
        Outcome o = outcomes.get(0).get(LIMIT + SLACK, TimeUnit.MILLISECONDS);
        assertInstanceOf(SSLHandshakeException.class, o.failure());
    }

    /**
     * A SunJSSE client engine run over a plain socket that sends only the first {@code records}
     * records of its handshake, then stops and waits (reading what comes) until the server closes.
     */
    private static void stoppingClient(int port, String protocol, int records) throws Exception {
        SSLEngine e = TlsPeers.context("SunJSSE", (String) null).createSSLEngine("localhost", port);
        e.setUseClientMode(true);
        e.setEnabledProtocols(new String[] {protocol});
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            s.setSoTimeout((int) (LIMIT + SLACK + 2000));
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            ByteBuffer netIn = ByteBuffer.allocate(64 * 1024);
            ByteBuffer netOut = ByteBuffer.allocate(64 * 1024);
            int sent = 0;
            e.beginHandshake();
            while (sent < records) {
                switch (e.getHandshakeStatus()) {
                    case NEED_TASK -> {
                        Runnable t;
                        while ((t = e.getDelegatedTask()) != null) {
                            t.run();
                        }
                    }
                    case NEED_WRAP -> {
                        netOut.clear();
                        e.wrap(ByteBuffer.allocate(0), netOut);
                        netOut.flip();
                        while (netOut.remaining() >= 5 && sent < records) {
                            int len = 5 + (netOut.getShort(netOut.position() + 3) & 0xffff);
                            out.write(netOut.array(), netOut.position(), len);
                            netOut.position(netOut.position() + len);
                            sent++;
                        }
                        out.flush();
                    }
                    case NEED_UNWRAP, NEED_UNWRAP_AGAIN -> {
                        netIn.flip();
                        SSLEngineResult r = e.unwrap(netIn, ByteBuffer.allocate(64 * 1024));
                        netIn.compact();
                        if (r.getStatus() == SSLEngineResult.Status.BUFFER_UNDERFLOW) {
                            int n = in.read(netIn.array(), netIn.position(), netIn.remaining());
                            if (n < 0) {
                                return;
                            }
                            netIn.position(netIn.position() + n);
                        }
                    }
                    default -> throw new AssertionError("handshake finished after " + sent + " records");
                }
            }
            readToEnd(in); // stopped: wait for the server to give up
        }
    }

    private static int readToEnd(InputStream in) {
        try {
            byte[] b = new byte[4096];
            while (in.read(b) >= 0) {
                // the server's flight and alert, if any
            }
            return -1;
        } catch (IOException reset) {
            return -1;
        }
    }

    @Test
    void aClientStoppingAfterEachRecordOfItsHandshakeIsCutOff() throws Exception {
        System.setProperty(HandshakeDeadline.PROPERTY, Long.toString(LIMIT));
        // SunJSSE's records: TLS 1.3 ClientHello, change_cipher_spec, Finished;
        // TLS 1.2 ClientHello, ClientKeyExchange, change_cipher_spec, Finished
        List<Object[]> cases = new ArrayList<>();
        for (int r = 0; r < 3; r++) {
            cases.add(new Object[] {"TLSv1.3", r});
        }
        for (int r = 0; r < 4; r++) {
            cases.add(new Object[] {"TLSv1.2", r});
        }
        List<CompletableFuture<Outcome>> outcomes = futures(cases.size());
        ServerSocket ss = server(outcomes);
        List<CompletableFuture<Void>> clients = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (Object[] c : cases) {
                // one at a time into the accept queue, so outcome i is case i
                CompletableFuture<Void> f = CompletableFuture.runAsync(
                        () -> {
                            try {
                                stoppingClient(ss.getLocalPort(), (String) c[0], (Integer) c[1]);
                            } catch (Exception ex) {
                                throw new RuntimeException(ex);
                            }
                        },
                        pool);
                clients.add(f);
                Thread.sleep(50);
            }
            for (int i = 0; i < cases.size(); i++) {
                Outcome o;
                try {
                    o = outcomes.get(i).get(LIMIT + SLACK + 1000, TimeUnit.MILLISECONDS);
                } catch (TimeoutException t) {
                    throw new AssertionError("server handshake still running: " + cases.get(i)[0] + " after "
                            + cases.get(i)[1] + " records");
                }
                assertTimedOut(o);
            }
            for (CompletableFuture<Void> f : clients) {
                f.get(SLACK, TimeUnit.MILLISECONDS); // each client saw the connection close
            }
        }
    }
}
