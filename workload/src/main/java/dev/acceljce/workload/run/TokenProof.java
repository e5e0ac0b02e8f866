package dev.acceljce.workload.run;

import dev.acceljce.control.Counters;
import dev.acceljce.workload.config.Configuration;
import dev.acceljce.workload.config.Pkcs11Token;
import dev.acceljce.workload.tls.Certificates;
import dev.acceljce.workload.tls.TlsContexts;
import dev.acceljce.workload.tls.TlsJvm;
import dev.acceljce.workload.tls.TlsSetting;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;

/**
 * The token's own account of which side used the server key: a JVM set up as the pkcs11-token
 * bank (AccelJCE first, the key in SoftHSM2 through SunPKCS11) runs a number of full TLS
 * handshakes on loopback, while OpenSC's pkcs11-spy, loaded by SunPKCS11 in front of SoftHSM2,
 * logs every PKCS#11 call the token receives (SoftHSM2's own log goes to syslog, which a test
 * machine may not run). Each full handshake must show as one private-key operation in that log
 * ({@code C_Sign}/{@code C_SignFinal}, or {@code C_Decrypt} for RSA key exchange), and AccelJCE's
 * counters show what it did meanwhile (the client's verifications). A separate JVM, because the
 * spy logs every call to a file and would slow the measured bank; and its log is read after that
 * JVM exits, when the C library has flushed it.
 *
 * <p>Arguments: {@code SUNPKCS11_SPY_CONFIG PIN BANK.p12 TLS_SETTING HANDSHAKES}; the environment
 * names the spy's output and its module ({@code PKCS11SPY_OUTPUT}, {@code PKCS11SPY}). Prints one
 * line, {@link #LINE} followed by {@code key=value} pairs, that {@link #account} reads.
 */
public final class TokenProof {
    static final String LINE = "TOKEN-PROOF";
    /** OpenSC's PKCS#11 logging shim (Debian opensc-pkcs11). */
    static final Path SPY_MODULE = Path.of("/usr/lib/x86_64-linux-gnu/pkcs11-spy.so");
    /** Handshakes the proof runs: enough to tell one key operation per handshake from any other rate. */
    static final int HANDSHAKES = 20;

    /** A call as the spy logs it: its sequence number and the function name alone on a line. */
    private static final Pattern CALL = Pattern.compile("^\\d+: (C_\\w+)\\s*$", Pattern.MULTILINE);

    private TokenProof() {}

    /**
     * What the proof saw.
     *
     * @param handshakes   full handshakes completed with the token's key
     * @param tokenSigns   {@code C_Sign} + {@code C_SignFinal} calls the token received
     * @param tokenDecrypts {@code C_Decrypt} calls the token received
     * @param acceljceOps  AccelJCE's Signature and Cipher.RSA operations over the same handshakes
     */
    record Account(int handshakes, long tokenSigns, long tokenDecrypts, long acceljceOps) {
        /** The token did the server's private-key operation of every handshake: one each. */
        boolean tokenDidEveryHandshake() {
            return tokenSigns + tokenDecrypts == handshakes;
        }
    }

    /** PKCS#11 function name to the number of calls in a pkcs11-spy log. */
    static Map<String, Long> calls(String spyLog) {
        Map<String, Long> n = new TreeMap<>();
        Matcher m = CALL.matcher(spyLog);
        while (m.find()) {
            n.merge(m.group(1), 1L, Long::sum);
        }
        return n;
    }

    /**
     * The account of a finished proof: its JVM's output line and the spy's log of the token's
     * calls (the key's import runs in another JVM, so every private-key call here is a handshake's).
     *
     * @throws IOException when the output holds no result line
     */
    static Account account(String output, String spyLog) throws IOException {
        for (String line : output.lines().toList()) {
            if (line.startsWith(LINE + " ")) {
                Map<String, Long> v = new TreeMap<>();
                for (String pair : line.substring(LINE.length() + 1).trim().split("\\s+")) {
                    String[] kv = pair.split("=", 2);
                    v.put(kv[0], Long.parseLong(kv[1]));
                }
                Map<String, Long> calls = calls(spyLog);
                return new Account(
                        Math.toIntExact(v.get("handshakes")),
                        calls.getOrDefault("C_Sign", 0L) + calls.getOrDefault("C_SignFinal", 0L),
                        calls.getOrDefault("C_Decrypt", 0L),
                        v.get("acceljceOps"));
            }
        }
        throw new IOException("the token proof printed no result:\n" + output);
    }

    public static void main(String[] args) throws Exception {
        Path spyConfig = Path.of(args[0]);
        char[] pin = args[1].toCharArray();
        Path bankStore = Path.of(args[2]);
        TlsSetting tls = TlsSetting.byId(args[3]);
        int handshakes = Integer.parseInt(args[4]);
        Configuration config = Configuration.byId(args[5]);
        TlsJvm.prepare(tls);
        config.install(spyConfig.getParent());

        KeyStore token = Pkcs11Token.open(spyConfig, pin);
        KeyManager[] keys = TlsContexts.keyManagers(token, pin);
        // the server the bank runs: SunJSSE, or AccelJCE's own stack signing through the JCA
        SSLContext server = config.ownTlsStack() ? TlsContexts.acceljceServer(keys) : TlsContexts.server(keys);
        TrustManager[] trust = TlsContexts.trustManagers(Certificates.trusting(bankStore));

        Counters.reset();
        ExecutorService accept = Executors.newSingleThreadExecutor();
        try (SSLServerSocket listener = (SSLServerSocket)
                server.getServerSocketFactory().createServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            listener.setSSLParameters(TlsContexts.restrict(listener.getSSLParameters(), tls));
            Future<?> served = accept.submit(() -> {
                for (int i = 0; i < handshakes; i++) {
                    try (SSLSocket s = (SSLSocket) listener.accept()) {
                        s.startHandshake();
                        echoOneByte(s.getInputStream(), s.getOutputStream());
                    }
                }
                return null;
            });
            for (int i = 0; i < handshakes; i++) {
                // a new client context per connection: nothing to resume, every handshake is full
                SSLContext client = TlsContexts.client(trust);
                try {
                    oneHandshake(client, listener.getLocalPort(), tls, i);
                } catch (IOException e) {
                    // the client sees only that the server hung up: say why the server did
                    try {
                        served.get(10, TimeUnit.SECONDS);
                    } catch (java.util.concurrent.ExecutionException serverSide) {
                        e.addSuppressed(serverSide.getCause());
                    } catch (java.util.concurrent.TimeoutException ignored) {
                        // the server is still waiting: the client's exception is the whole story
                    }
                    throw e;
                }
            }
            served.get(60, TimeUnit.SECONDS);
        } finally {
            accept.shutdownNow();
        }
        long acceljce = Counters.snapshot().values().stream()
                .filter(r -> r.service().startsWith("Signature.") || r.service().equals("Cipher.RSA"))
                .mapToLong(Counters.Row::totalOps)
                .sum();
        System.out.printf("%s handshakes=%d acceljceOps=%d%n", LINE, handshakes, acceljce);
    }

    private static void oneHandshake(SSLContext client, int port, TlsSetting tls, int i) throws IOException {
        try (SSLSocket s = (SSLSocket) client.getSocketFactory().createSocket(InetAddress.getLoopbackAddress(), port)) {
            s.setSSLParameters(TlsContexts.restrict(s.getSSLParameters(), tls));
            s.startHandshake();
            s.getOutputStream().write(1);
            s.getOutputStream().flush();
            if (s.getInputStream().read() != 1) {
                throw new IOException("the server did not answer on connection " + i);
            }
        }
    }

    private static void echoOneByte(InputStream in, OutputStream out) throws IOException {
        int b = in.read();
        if (b < 0) {
            throw new IOException("the client closed before its byte");
        }
        out.write(b);
        out.flush();
    }
}
