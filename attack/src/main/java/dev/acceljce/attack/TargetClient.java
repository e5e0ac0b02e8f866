package dev.acceljce.attack;

import dev.acceljce.jsse.AccelJceTlsProvider;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * The client under attack, in a JVM of its own whose class path holds AccelJCE's provider and its
 * native bundle only (as {@link TargetServer}): an {@link SSLSocket} of AccelJCE-TLS or SunJSSE with
 * the stack's default protocols and suites, trusting only the certificate in the given PKCS#12
 * store (the one TLS-Attacker's server presents).
 *
 * <p>Arguments: {@code stack store.p12 password}. Commands on stdin, one line each: {@code connect
 * port} connects to 127.0.0.1:port, handshakes, then reads until the peer closes (so that anything
 * the server sends after the handshake, a HelloRequest, is processed), and prints one line {@code
 * RESULT what happened}; {@code stats} prints {@code STATS key=value;...} as {@link TargetServer}
 * does (AccelJCE's live native objects after a GC); {@code quit} or stdin closing ends it.
 */
public final class TargetClient {
    private static long connections;
    private static long handshakes;
    private static final StringBuilder failures = new StringBuilder();

    private TargetClient() {}

    public static void main(String[] args) throws Exception {
        String stack = args[0];
        char[] password = args[2].toCharArray();
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(Path.of(args[1]))) {
            keys.load(in, password);
        }
        // trust the server's certificate alone, as a trusted-certificate entry
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        Certificate cert = keys.getCertificate("server");
        trusted.setCertificateEntry("server", cert);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
        tmf.init(trusted);
        SSLContext ctx = "SunJSSE".equals(stack)
                ? SSLContext.getInstance("TLS", "SunJSSE")
                : SSLContext.getInstance("TLS", new AccelJceTlsProvider());
        ctx.init(null, tmf.getTrustManagers(), null);
        System.out.println("READY");
        System.out.flush();

        BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = commands.readLine()) != null && !line.equals("quit")) {
            if (line.startsWith("connect ")) {
                String result;
                try {
                    result = connect(ctx, Integer.parseInt(line.substring(8).trim()));
                } catch (Throwable t) {
                    result = "the client failed: " + describe(t);
                }
                System.out.println("RESULT " + result.replace('\n', ' '));
            } else if (line.equals("stats")) {
                System.out.println("STATS " + stats());
            }
            System.out.flush();
        }
        System.exit(0);
    }

    /** One connection: what the handshake and the first read gave, in words for the table. */
    private static String connect(SSLContext ctx, int port) throws Exception {
        connections++;
        try (SSLSocket s = (SSLSocket) ctx.getSocketFactory().createSocket()) {
            s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 5_000);
            s.setSoTimeout(5_000); // a server that goes silent does not hold the client forever
            try {
                s.startHandshake();
            } catch (Throwable t) {
                record(t);
                return "handshake failed: " + describe(t);
            }
            handshakes++;
            String done = "handshake completed: " + s.getSession().getProtocol() + " "
                    + s.getSession().getCipherSuite();
            try {
                int n = s.getInputStream().read(new byte[1024]);
                return done + "; then read: " + (n < 0 ? "end of stream" : n + " bytes");
            } catch (Throwable t) {
                record(t);
                return done + "; then read: " + describe(t);
            }
        }
    }

    private static void record(Throwable t) {
        if (!failures.isEmpty()) {
            failures.append(" | ");
        }
        failures.append(describe(t));
    }

    private static String describe(Throwable t) {
        String m = String.valueOf(t.getMessage()).replaceAll("[;=\\r\\n|]", " ");
        if (m.length() > 140) {
            m = m.substring(0, 140) + "...";
        }
        return t.getClass().getSimpleName() + ": " + m;
    }

    /** The keys {@link AttackMain.Row#nothingLeaked()} reads, after a GC; then the counts restart. */
    private static String stats() throws InterruptedException {
        String leftovers = LeftoverReport.afterGc();
        // each connection's socket is closed before its RESULT line is printed: none is ever open here
        String s = "accepted=" + connections + ";handshakes=" + handshakes + ";open=0;" + leftovers + ";failures="
                + failures + ";negotiated=";
        connections = 0;
        handshakes = 0;
        failures.setLength(0);
        return s;
    }
}
