package dev.acceljce.attack;

import dev.acceljce.jsse.AccelJceTlsProvider;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Security;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;

/**
 * The server under attack, in a JVM of its own whose class path holds AccelJCE's provider and its
 * native bundle only (no BouncyCastle, no JAXB): an {@link SSLServerSocket} of AccelJCE-TLS or
 * SunJSSE on 127.0.0.1 and a free port, TLS 1.3 and 1.2, a thread per connection that handshakes,
 * then reads and echoes until the peer closes.
 *
 * <p>Arguments: {@code stack store.p12 password suites}, where stack is {@code AccelJCE-TLS} or
 * {@code SunJSSE} and suites is {@code defaults} (the stack's own) or {@code legacy} (the same
 * explicit list on both stacks, with CBC and RSA key exchange, and {@code TLS_RSA_*} taken out of
 * {@code jdk.tls.disabledAlgorithms}). It prints {@code PORT n}, then answers commands on stdin,
 * one line each: {@code stats} prints one line {@code STATS key=value;...} after the connections
 * have ended and a GC has run (see {@link #stats}), covering the connections since the previous
 * report; {@code quit} (or stdin closing: the attacking
 * JVM has gone) stops it.
 */
public final class TargetServer {
    /** The legacy configuration's suites, in preference order, where the stack supports them. */
    static final List<String> LEGACY_SUITES = List.of(
            "TLS_AES_128_GCM_SHA256",
            "TLS_AES_256_GCM_SHA384",
            "TLS_CHACHA20_POLY1305_SHA256",
            "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
            "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
            "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256",
            "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256",
            "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA",
            "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA",
            "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA",
            "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA",
            "TLS_RSA_WITH_AES_128_GCM_SHA256",
            "TLS_RSA_WITH_AES_128_CBC_SHA256",
            "TLS_RSA_WITH_AES_128_CBC_SHA",
            "TLS_RSA_WITH_AES_256_CBC_SHA");

    private static final AtomicLong accepted = new AtomicLong();
    private static final AtomicLong handshakes = new AtomicLong();
    private static final AtomicInteger open = new AtomicInteger();
    private static final Map<String, LongAdder> failures = new ConcurrentHashMap<>();
    private static final Map<String, LongAdder> negotiated = new ConcurrentHashMap<>();

    private TargetServer() {}

    public static void main(String[] args) throws Exception {
        String stack = args[0];
        Path store = Path.of(args[1]);
        char[] password = args[2].toCharArray();
        boolean legacy = "legacy".equals(args[3]);
        if (legacy) {
            // TLS_RSA_* is disabled by default since JDK 24; the legacy run lets both stacks offer it
            String disabled = Security.getProperty("jdk.tls.disabledAlgorithms");
            List<String> kept = new ArrayList<>();
            for (String entry : disabled.split(",")) {
                if (!entry.trim().equals("TLS_RSA_*")) {
                    kept.add(entry.trim());
                }
            }
            Security.setProperty("jdk.tls.disabledAlgorithms", String.join(", ", kept));
        }
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, password);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance("SunX509");
        kmf.init(ks, password);
        SSLContext ctx = "SunJSSE".equals(stack)
                ? SSLContext.getInstance("TLS", "SunJSSE")
                : SSLContext.getInstance("TLS", new AccelJceTlsProvider());
        ctx.init(kmf.getKeyManagers(), null, null);

        SSLServerSocket server = (SSLServerSocket) ctx.getServerSocketFactory().createServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setEnabledProtocols(new String[] {"TLSv1.3", "TLSv1.2"});
        if (legacy) {
            List<String> supported = Arrays.asList(server.getSupportedCipherSuites());
            server.setEnabledCipherSuites(
                    LEGACY_SUITES.stream().filter(supported::contains).toArray(String[]::new));
        }
        Thread acceptor = Thread.ofPlatform().daemon().name("acceptor").start(() -> accept(server));
        System.out.println("PORT " + server.getLocalPort());
        System.out.println("SUITES " + String.join(",", server.getEnabledCipherSuites()));
        System.out.flush();

        BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = commands.readLine()) != null && !line.equals("quit")) {
            if (line.equals("stats")) {
                System.out.println("STATS " + stats());
                System.out.flush();
            }
        }
        server.close();
        acceptor.join(2_000);
        System.exit(0);
    }

    private static void accept(SSLServerSocket server) {
        while (!server.isClosed()) {
            try {
                SSLSocket s = (SSLSocket) server.accept();
                accepted.incrementAndGet();
                open.incrementAndGet();
                Thread.ofPlatform().daemon().name("conn-" + accepted.get()).start(() -> serve(s));
            } catch (SocketException e) {
                return; // closed
            } catch (Throwable t) {
                count(failures, "accept: " + describe(t));
            }
        }
    }

    /** Handshakes, then echoes until the peer closes; every way it ends is counted. */
    private static void serve(SSLSocket s) {
        try (s) {
            s.setSoTimeout(20_000); // a peer that goes silent does not hold the thread forever
            s.startHandshake();
            handshakes.incrementAndGet();
            count(
                    negotiated,
                    s.getSession().getProtocol() + " " + s.getSession().getCipherSuite());
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            byte[] buf = new byte[16_384];
            int n;
            while ((n = in.read(buf)) > 0) {
                out.write(buf, 0, n);
                out.flush();
            }
        } catch (Throwable t) {
            count(failures, describe(t));
        } finally {
            open.decrementAndGet();
        }
    }

    private static String describe(Throwable t) {
        String m = String.valueOf(t.getMessage()).replaceAll("[;=\\r\\n]", " ");
        // the same failure with different numbers in it counts once
        m = m.replaceAll("\\b\\d{3,}\\b", "N");
        if (m.length() > 110) {
            m = m.substring(0, 110) + "...";
        }
        return t.getClass().getSimpleName() + ": " + m;
    }

    private static void count(Map<String, LongAdder> map, String key) {
        map.computeIfAbsent(key, k -> new LongAdder()).increment();
    }

    /**
     * Waits (up to 25 s) for every connection to end, collects, then reports: connections accepted,
     * handshakes completed, still open, the failures and negotiations seen, and AccelJCE's live
     * native objects (SSL, network BIO, callback table entries) after a GC.
     */
    private static String stats() throws InterruptedException {
        long deadline = System.nanoTime() + 25_000_000_000L;
        while (open.get() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        String leftovers = LeftoverReport.afterGc();
        StringBuilder sb = new StringBuilder();
        sb.append("accepted=").append(accepted.get());
        sb.append(";handshakes=").append(handshakes.get());
        sb.append(";open=").append(open.get());
        sb.append(';').append(leftovers);
        sb.append(";failures=").append(joined(failures));
        sb.append(";negotiated=").append(joined(negotiated));
        // each report covers the connections since the previous one
        accepted.set(0);
        handshakes.set(0);
        failures.clear();
        negotiated.clear();
        return sb.toString();
    }

    private static String joined(Map<String, LongAdder> map) {
        StringBuilder sb = new StringBuilder();
        new TreeMap<>(map).forEach((k, v) -> {
            if (!sb.isEmpty()) {
                sb.append(" | ");
            }
            sb.append(v.sum()).append("x ").append(k);
        });
        return sb.toString();
    }
}
