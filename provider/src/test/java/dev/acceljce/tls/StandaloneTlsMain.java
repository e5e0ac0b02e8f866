package dev.acceljce.tls;

import dev.acceljce.control.Counters;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Provider;
import java.security.Security;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;

/**
 * The child JVM of {@link StandaloneTlsTest}: a JVM configured as a user who wants AccelJCE alone
 * to serve EC and RSA would configure it (a {@code java.security.properties} file listing
 * AccelJCE, SUN, SunJSSE and SunJCE only), running every case of {@link TlsCase#matrix()} as a
 * SunJSSE client and server over loopback sockets. Prints {@code PASS case} or {@code FAIL case:
 * why} per handshake, then {@code providers ...}; exits 1 when the set-up is not what it must be.
 *
 * <p>Argument: the directory holding {@code ec.p12}, {@code rsa.p12} and {@code ed.p12}.
 */
public final class StandaloneTlsMain {
    private StandaloneTlsMain() {}

    public static void main(String[] args) throws Exception {
        List<String> names =
                Arrays.stream(Security.getProviders()).map(Provider::getName).toList();
        System.out.println("providers " + String.join(",", names));
        if (!names.getFirst().equals("AccelJCE") || names.contains("SunEC") || names.contains("SunRsaSign")) {
            System.out.println("SETUP the provider list is not AccelJCE first without SunEC and SunRsaSign");
            System.exit(1);
        }
        Path dir = Path.of(args[0]);
        for (TlsCase c : TlsCase.matrix()) {
            try {
                handshake(context(dir, c.cert()), c);
                System.out.println("PASS " + c);
            } catch (Throwable e) {
                System.out.println("FAIL " + c + ": " + e);
                e.printStackTrace(System.out);
            }
        }
    }

    static SSLContext context(Path dir, String alias) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(dir.resolve(alias + ".p12"))) {
            ks.load(in, TlsCase.PASSWORD);
        }
        return TlsCase.context(ks, alias, null);
    }

    /**
     * One connection: the client sends a request, the server answers with 40,000 bytes (several
     * records), both checked; then the key agreement and the signature must have been served by
     * AccelJCE on the native path (no JDK provider of theirs is installed).
     */
    static void handshake(SSLContext ctx, TlsCase c) throws Exception {
        Map<String, Counters.Row> before = Counters.snapshot();
        byte[] request = new byte[100];
        byte[] reply = new byte[40_000];
        new Random(7).nextBytes(request);
        new Random(8).nextBytes(reply);
        try (SSLServerSocket listener = (SSLServerSocket)
                ctx.getServerSocketFactory().createServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            listener.setSSLParameters(c.restrict(listener.getSSLParameters()));
            CompletableFuture<byte[]> served = CompletableFuture.supplyAsync(() -> {
                try (SSLSocket s = (SSLSocket) listener.accept()) {
                    s.setSoTimeout(30_000);
                    byte[] got = new DataInputStream(s.getInputStream()).readNBytes(request.length);
                    DataOutputStream out = new DataOutputStream(s.getOutputStream());
                    out.write(reply);
                    out.flush();
                    return got;
                } catch (Exception e) {
                    throw new IllegalStateException("server: " + e, e);
                }
            });
            try (SSLSocket s = (SSLSocket)
                    ctx.getSocketFactory().createSocket(InetAddress.getLoopbackAddress(), listener.getLocalPort())) {
                clientSide(s, c, request, reply);
            } catch (Exception e) {
                // the side that failed first is often the server: say what it saw
                try {
                    served.get(30, TimeUnit.SECONDS);
                } catch (Exception server) {
                    e.addSuppressed(server);
                }
                throw e;
            }
            check(Arrays.equals(request, served.get(30, TimeUnit.SECONDS)), "the request arrived changed");
        }
        Map<String, Counters.Row> after = Counters.snapshot();
        check(nativeOps(before, after, "KeyAgreement." + c.agreement()) >= 2, "key agreement not native");
        check(nativeOps(before, after, "Signature." + c.signature()) >= 2, "signature not native");
    }

    /** The client's half: send the request, read and check the reply and the negotiated session. */
    private static void clientSide(SSLSocket s, TlsCase c, byte[] request, byte[] reply) throws Exception {
        s.setSoTimeout(30_000);
        s.setSSLParameters(c.restrict(s.getSSLParameters()));
        s.getOutputStream().write(request);
        s.getOutputStream().flush();
        byte[] got = new DataInputStream(s.getInputStream()).readNBytes(reply.length);
        check(Arrays.equals(reply, got), "the reply arrived changed");
        check(
                c.protocol().equals(s.getSession().getProtocol()),
                "protocol " + s.getSession().getProtocol());
        check(
                c.suite().equals(s.getSession().getCipherSuite()),
                "suite " + s.getSession().getCipherSuite());
    }

    private static long nativeOps(Map<String, Counters.Row> before, Map<String, Counters.Row> after, String service) {
        Counters.Row a = after.get(service);
        Counters.Row b = before.get(service);
        return (a == null ? 0 : a.nativeOps()) - (b == null ? 0 : b.nativeOps());
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException(what);
        }
    }
}
