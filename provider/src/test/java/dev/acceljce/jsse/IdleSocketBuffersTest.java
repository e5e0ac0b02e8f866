package dev.acceljce.jsse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Field;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Test;

/**
 * An idle connection's reader, blocked waiting for the peer's next record, holds no record-sized
 * buffer: a server with a thread per keep-alive connection would otherwise carry 16 KiB of
 * {@code byte[]} per connection ({@code ./acceljce load}: 16.3 KiB per idle socket before).
 */
class IdleSocketBuffersTest {
    @Test
    void aReaderWaitingForTheNextRecordHoldsNoBuffer() throws Exception {
        SSLContext server = TlsPeers.context("AccelJCE-TLS", "ec256");
        SSLContext client = TlsPeers.context("SunJSSE", (javax.net.ssl.KeyManager[]) null);
        try (SSLServerSocket ss = (SSLServerSocket)
                server.getServerSocketFactory().createServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            CompletableFuture<SSLSocket> accepted = new CompletableFuture<>();
            CompletableFuture<Integer> secondRead = new CompletableFuture<>();
            Thread reader = Thread.ofVirtual().start(() -> {
                try (SSLSocket s = (SSLSocket) ss.accept()) {
                    accepted.complete(s);
                    InputStream in = s.getInputStream();
                    OutputStream out = s.getOutputStream();
                    out.write(in.read()); // one byte echoed, then the connection sits idle
                    out.flush();
                    secondRead.complete(in.read());
                } catch (Throwable t) {
                    accepted.completeExceptionally(t);
                    secondRead.completeExceptionally(t);
                }
            });
            try (SSLSocket c = (SSLSocket)
                    client.getSocketFactory().createSocket(InetAddress.getLoopbackAddress(), ss.getLocalPort())) {
                c.getOutputStream().write(7);
                c.getOutputStream().flush();
                assertEquals(7, c.getInputStream().read());
                AccelSslSocket s = (AccelSslSocket) accepted.get(30, TimeUnit.SECONDS);
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (reader.getState() != Thread.State.WAITING && System.nanoTime() < deadline) {
                    Thread.sleep(10); // until the reader is parked in the transport's read
                }
                Thread.sleep(200);
                assertEquals(Thread.State.WAITING, reader.getState(), "the reader waits for the next record");
                Object inbound = field(s, AccelSslSocket.class, "inbound");
                Object outbound = field(s, AccelSslSocket.class, "outbound");
                for (String name : new String[] {"netIn", "appIn"}) {
                    assertEquals(0, held(inbound, name), name + " while the connection is idle");
                }
                assertEquals(0, held(outbound, "netOut"), "netOut while the connection is idle");
                c.getOutputStream().write(9); // the reader wakes and reads it: buffers come back
                c.getOutputStream().flush();
                assertEquals(9, secondRead.get(30, TimeUnit.SECONDS));
            }
            reader.join(TimeUnit.SECONDS.toMillis(30));
            assertTrue(!reader.isAlive());
        }
    }

    /** The capacity of one of the socket's buffers (read lock not taken: the reader holds it). */
    private static int held(Object records, String name) throws Exception {
        return ((ByteBuffer) field(records, records.getClass(), name)).capacity();
    }

    private static Object field(Object o, Class<?> c, String name) throws Exception {
        Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(o);
    }
}
