package dev.acceljce.fuzz;

import com.code_intelligence.jazzer.api.BugDetectors;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * Fuzzed bytes reaching AccelJCE-TLS's socket reader (record reassembly over a stream, then the
 * engine): an {@code AccelSslSocket} layered over a loopback connection whose other end writes
 * the input and then half-closes. As server (bytes a server already read handed over as {@code
 * consumed}, the rest from the stream) or as client (after its own ClientHello went out). The
 * only acceptable outcomes are a finished handshake or an {@link IOException}; the socket's read
 * timeout bounds each run.
 *
 * <p>Input: byte 0 bit 0 chooses the side (set: client), bit 1 puts a real SunJSSE ClientHello
 * before the rest (server only); byte 1 how many of the rest go as {@code consumed}.
 */
class TlsSocketFuzzTest {
    private static final ServerSocket LISTENER;
    private static final byte[] HELLO;

    static {
        try {
            LISTENER = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
            HELLO = TlsStates.drainWrap(TlsStates.engine(TlsStates.JDK, true, TlsStates.SCENARIOS.get(0)));
        } catch (Exception e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @FuzzTest
    void socketReader(byte[] input) throws Exception {
        // this target's own loopback connection is no server-side request forgery (Jazzer resets
        // the permission when fuzzing starts, so it is given here, not once)
        BugDetectors.allowNetworkConnections((host, port) -> "localhost".equals(host)
                || InetAddress.getLoopbackAddress().getHostAddress().equals(host));
        if (input.length < 2) {
            return;
        }
        boolean client = (input[0] & 1) != 0;
        byte[] rest = Arrays.copyOfRange(input, 2, input.length);
        if (!client && (input[0] & 2) != 0) {
            byte[] withHello = Arrays.copyOf(HELLO, HELLO.length + rest.length);
            System.arraycopy(rest, 0, withHello, HELLO.length, rest.length);
            rest = withHello;
        }
        int consumed = client ? 0 : Math.min(rest.length, input[1] & 0xff);
        try (Socket near = new Socket(InetAddress.getLoopbackAddress(), LISTENER.getLocalPort());
                Socket far = LISTENER.accept()) {
            far.setSoTimeout(2000);
            SSLSocket ours;
            TlsStates.Scenario s = TlsStates.SCENARIOS.get(0);
            if (client) {
                SSLSocketFactory f = TlsStates.clientContext(TlsStates.OURS).getSocketFactory();
                ours = (SSLSocket) f.createSocket(near, "localhost", LISTENER.getLocalPort(), true);
            } else {
                SSLSocketFactory f =
                        TlsStates.serverContext(TlsStates.OURS, s.kind()).getSocketFactory();
                ours = (SSLSocket) f.createSocket(near, new ByteArrayInputStream(rest, 0, consumed), true);
            }
            ours.setSoTimeout(1000);
            OutputStream out = far.getOutputStream();
            out.write(rest, consumed, rest.length - consumed);
            out.flush();
            far.shutdownOutput();
            try (ours) {
                ours.startHandshake();
                InputStream in = ours.getInputStream();
                byte[] b = new byte[4096];
                for (int i = 0; i < 64 && in.read(b) >= 0; i++) {
                    // plaintext after a fuzzed handshake can only come from a real peer: there is none
                    throw new AssertionError("plaintext from fuzzed bytes");
                }
            } catch (IOException expected) {
                // refused, closed or timed out
            }
        }
    }
}
