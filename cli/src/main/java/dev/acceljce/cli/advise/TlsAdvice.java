package dev.acceljce.cli.advise;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * {@code acceljce advise tls}: measures, in this JVM with AccelJCE first in the provider list,
 * the application-data speed of every safe JSSE cipher suite and the full-handshake rate of every
 * safe named group, and writes {@code jdk.tls.client.cipherSuites}, {@code jdk.tls.server.cipherSuites}
 * and {@code jdk.tls.namedGroups} fastest first.
 *
 * <p>Only {@link #TLS13_SUITES}, {@link #TLS12_SUITES} and {@link #GROUPS} are ever measured or
 * written: AEAD suites with forward secrecy (no TLS_RSA_* key transport, no CBC or other non-AEAD
 * suite, no 3DES, RC4, NULL, anon, export), elliptic-curve and hybrid post-quantum groups. TLS 1.3
 * suites come before TLS 1.2 ones whatever their speed (a TLS 1.3 peer uses only those).
 */
public final class TlsAdvice {
    public static final List<String> TLS13_SUITES =
            List.of("TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256");
    public static final List<String> TLS12_SUITES = List.of(
            "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
            "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
            "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384", "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256");
    /** Measured when this JDK's JSSE knows them (the hybrid needs a JDK that has it). */
    public static final List<String> GROUPS =
            List.of("X25519MLKEM768", "x25519", "secp256r1", "x448", "secp384r1", "secp521r1");

    public record Speed(String name, double value) {}

    private final long bytesPerSuite;
    private final int handshakes;
    private final PrintStream progress;
    private final SSLContext context;

    /**
     * @param bytesPerSuite application data sent per suite
     * @param handshakes    full handshakes per group (the rate is their median)
     */
    public TlsAdvice(long bytesPerSuite, int handshakes, PrintStream progress, Path work)
            throws IOException, GeneralSecurityException {
        this.bytesPerSuite = bytesPerSuite;
        this.handshakes = handshakes;
        this.progress = progress;
        this.context = context(work);
    }

    /**
     * Suites of one protocol, fastest first: MB/s of application data client to server, the
     * median of slices of 8 MiB sent by each suite in turn (a load that drifts weighs on all).
     */
    public List<Speed> suites(String protocol, List<String> suites) throws Exception {
        ByteBuffer record = ByteBuffer.allocate(16 * 1024);
        new java.util.Random(5).nextBytes(record.array());
        long slice = Math.min(bytesPerSuite, 8L << 20);
        int rounds = (int) Math.max(1, bytesPerSuite / slice);
        List<TlsEnginePair> pairs = new ArrayList<>();
        for (String suite : suites) {
            TlsEnginePair pair = new TlsEnginePair(context, protocol, suite, null);
            String got = pair.handshake();
            if (!got.equals(suite)) {
                throw new IllegalStateException(suite + " asked, " + got + " negotiated");
            }
            send(pair, record, slice); // warm-up
            pairs.add(pair);
        }
        double[][] mbps = new double[suites.size()][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < suites.size(); i++) {
                long t0 = System.nanoTime();
                long sent = send(pairs.get(i), record, slice);
                mbps[i][r] = sent / 1e6 / ((System.nanoTime() - t0) / 1e9);
            }
            progress.printf(Locale.ROOT, "  %s suites: round %d/%d%n", protocol, r + 1, rounds);
        }
        return medians(suites, mbps, "MB/s");
    }

    private static long send(TlsEnginePair pair, ByteBuffer record, long bytes) throws Exception {
        long sent = 0;
        while (sent < bytes) {
            sent += pair.send(record);
        }
        return sent;
    }

    /** Groups this JSSE supports, fastest first: full TLS 1.3 handshakes per second, groups in turn, median. */
    public List<Speed> groups() throws Exception {
        Set<String> known = Set.of(context.getSupportedSSLParameters().getNamedGroups());
        List<String> groups = new ArrayList<>();
        for (String group : GROUPS) {
            if (known.contains(group)) {
                groups.add(group);
                new TlsEnginePair(context, "TLSv1.3", TLS13_SUITES.getFirst(), group).handshake(); // warm-up
            } else {
                progress.println("  group " + group + ": not in this JDK's JSSE, not measured");
            }
        }
        double[][] rate = new double[groups.size()][handshakes];
        for (int h = 0; h < handshakes; h++) {
            for (int i = 0; i < groups.size(); i++) {
                long t0 = System.nanoTime();
                new TlsEnginePair(context, "TLSv1.3", TLS13_SUITES.getFirst(), groups.get(i)).handshake();
                rate[i][h] = 1e9 / (System.nanoTime() - t0);
            }
            if ((h + 1) % Math.max(1, handshakes / 10) == 0) {
                progress.printf(Locale.ROOT, "  groups: %d/%d handshakes each%n", h + 1, handshakes);
            }
        }
        return medians(groups, rate, "handshakes/s");
    }

    private List<Speed> medians(List<String> names, double[][] values, String unit) {
        List<Speed> out = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            Arrays.sort(values[i]);
            out.add(new Speed(names.get(i), values[i][values[i].length / 2]));
            progress.printf(
                    Locale.ROOT,
                    "  %-45s %8.1f %s%n",
                    names.get(i),
                    out.getLast().value(),
                    unit);
        }
        out.sort(Comparator.comparingDouble(Speed::value).reversed());
        return out;
    }

    /** The configuration lines, numbers as comments. */
    public static List<String> lines(List<Speed> tls13, List<Speed> tls12, List<Speed> groups) {
        List<String> out = new ArrayList<>();
        out.add("# JSSE on AccelJCE: cipher suites, TLS 1.3 first, each protocol fastest first;");
        out.add("# MB/s of application data in 16 KiB records, client and server in one JVM:");
        tls13.forEach(s -> out.add(String.format(Locale.ROOT, "#   %-45s %8.1f MB/s", s.name(), s.value())));
        tls12.forEach(s -> out.add(String.format(Locale.ROOT, "#   %-45s %8.1f MB/s", s.name(), s.value())));
        String suites = String.join(
                ",",
                java.util.stream.Stream.concat(tls13.stream(), tls12.stream())
                        .map(Speed::name)
                        .toList());
        out.add("jdk.tls.client.cipherSuites=" + suites);
        out.add("jdk.tls.server.cipherSuites=" + suites);
        out.add("# named groups, fastest first; full TLS 1.3 handshakes per second (ECDSA P-256 certificate):");
        groups.forEach(s -> out.add(String.format(Locale.ROOT, "#   %-20s %8.1f handshakes/s", s.name(), s.value())));
        out.add("jdk.tls.namedGroups="
                + String.join(",", groups.stream().map(Speed::name).toList()));
        out.add(
                "# as JVM options: -Djdk.tls.client.cipherSuites=... -Djdk.tls.server.cipherSuites=... -Djdk.tls.namedGroups=...");
        return out;
    }

    /**
     * A context with an ECDSA P-256 and an RSA-2048 certificate (made by the JDK's keytool in
     * {@code work}), trusting both: the suite decides which one the server uses.
     */
    private static SSLContext context(Path work) throws IOException, GeneralSecurityException {
        Path store = work.resolve("advise-tls.p12");
        char[] pass = "advise".toCharArray();
        keytool(store, "ec", "-keyalg", "EC", "-groupname", "secp256r1", "-sigalg", "SHA256withECDSA");
        keytool(store, "rsa", "-keyalg", "RSA", "-keysize", "2048", "-sigalg", "SHA256withRSA");
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, pass);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance("SunX509");
        kmf.init(ks, pass);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
        tmf.init(ks);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        return ctx;
    }

    private static void keytool(Path store, String alias, String... keyOptions) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair",
                "-alias",
                alias,
                "-dname",
                "CN=localhost",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                store.toString(),
                "-storepass",
                "advise",
                "-keypass",
                "advise"));
        cmd.addAll(List.of(keyOptions));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException("keytool failed: " + out);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }
}
