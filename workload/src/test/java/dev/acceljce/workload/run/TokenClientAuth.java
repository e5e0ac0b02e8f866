package dev.acceljce.workload.run;

import dev.acceljce.jsse.AccelJceTlsProvider;
import dev.acceljce.workload.config.Configuration;
import dev.acceljce.workload.config.Pkcs11Token;
import dev.acceljce.workload.tls.Certificates;
import dev.acceljce.workload.tls.TlsContexts;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.security.Key;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;

/**
 * A client on AccelJCE's own TLS stack whose key lives in a SoftHSM2 token (SunPKCS11 in front,
 * the key imported there by {@link TokenImport}), authenticating to servers that need client
 * authentication: SunJSSE and AccelJCE-TLS, TLS 1.3 and 1.2, each on a loopback socket. Every
 * handshake is full (a new client context each), so each must cost the token one signature, which
 * the parent counts in OpenSC's pkcs11-spy log once this JVM has exited.
 *
 * <p>Arguments: {@code SUNPKCS11_SPY_CONFIG PIN SERVER.p12 CLIENT.p12 HANDSHAKES_PER_CASE}. Prints
 * one {@link #LINE} line with the total of handshakes, after one line per case.
 */
public final class TokenClientAuth {
    static final String LINE = "CLIENT-AUTH";
    static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};

    private TokenClientAuth() {}

    public static void main(String[] args) throws Exception {
        Path spyConfig = Path.of(args[0]);
        char[] pin = args[1].toCharArray();
        Path serverStore = Path.of(args[2]);
        Path clientStore = Path.of(args[3]);
        int perCase = Integer.parseInt(args[4]);
        // as a deployment would run it: AccelJCE first for the primitives, the token behind SunPKCS11
        Configuration.ACCELJCE_TLS_TOKEN.install(spyConfig.getParent());
        KeyStore token = Pkcs11Token.open(spyConfig, pin);
        Key tokenKey = token.getKey(Certificates.ALIAS, pin);
        Certificate clientCert = token.getCertificate(Certificates.ALIAS);
        System.out.printf(
                "token key: %s from %s, encoding %s%n",
                tokenKey.getAlgorithm(),
                token.getProvider().getName(),
                tokenKey.getEncoded() == null ? "not readable" : "readable");
        KeyManager[] clientKeys = TlsContexts.keyManagers(token, pin);
        TrustManager[] clientTrust = TlsContexts.trustManagers(Certificates.trusting(serverStore));

        KeyManager[] serverKeys = TlsContexts.keyManagers(Certificates.load(serverStore), Certificates.PASSWORD);
        TrustManager[] serverTrust = TlsContexts.trustManagers(Certificates.trusting(clientStore));
        SSLContext sunJsse = SSLContext.getInstance("TLS", "SunJSSE");
        sunJsse.init(serverKeys, serverTrust, null);
        SSLContext ours = SSLContext.getInstance("TLS", new AccelJceTlsProvider());
        ours.init(serverKeys, serverTrust, null);

        int total = 0;
        for (SSLContext server : new SSLContext[] {sunJsse, ours}) {
            for (String protocol : PROTOCOLS) {
                String negotiated = serve(server, protocol, perCase, clientKeys, clientTrust, clientCert);
                System.out.printf(
                        "server %s, %s: %d handshakes, client certificate seen (%s)%n",
                        server.getProvider().getName(), protocol, perCase, negotiated);
                total += perCase;
            }
        }
        System.out.printf("%s handshakes=%d%n", LINE, total);
    }

    /** {@code n} connections to a server that needs client auth; the suite the last one used. */
    private static String serve(
            SSLContext server,
            String protocol,
            int n,
            KeyManager[] clientKeys,
            TrustManager[] clientTrust,
            Certificate clientCert)
            throws Exception {
        ExecutorService accept = Executors.newSingleThreadExecutor();
        try (SSLServerSocket listener = (SSLServerSocket)
                server.getServerSocketFactory().createServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            listener.setNeedClientAuth(true);
            listener.setEnabledProtocols(new String[] {protocol});
            Future<?> served = accept.submit(() -> {
                for (int i = 0; i < n; i++) {
                    try (SSLSocket s = (SSLSocket) listener.accept()) {
                        s.startHandshake();
                        Certificate[] peer = s.getSession().getPeerCertificates();
                        if (!peer[0].equals(clientCert)) {
                            throw new IOException("the server saw another client certificate: " + peer[0]);
                        }
                        s.getOutputStream().write(s.getInputStream().read());
                        s.getOutputStream().flush();
                    }
                }
                return null;
            });
            String suite = null;
            for (int i = 0; i < n; i++) {
                // a new client context per connection: nothing to resume, every handshake signs
                SSLContext client = SSLContext.getInstance("TLS", new AccelJceTlsProvider());
                client.init(clientKeys, clientTrust, null);
                try (SSLSocket s = (SSLSocket) client.getSocketFactory()
                        .createSocket(InetAddress.getLoopbackAddress(), listener.getLocalPort())) {
                    s.startHandshake();
                    if (!protocol.equals(s.getSession().getProtocol())) {
                        throw new IOException("negotiated " + s.getSession().getProtocol() + ", not " + protocol);
                    }
                    if (s.getSession().getLocalCertificates() == null
                            || !s.getSession().getLocalCertificates()[0].equals(clientCert)) {
                        throw new IOException("the client did not send the token's certificate");
                    }
                    s.getOutputStream().write(i);
                    s.getOutputStream().flush();
                    if (s.getInputStream().read() != i) {
                        throw new IOException("the server did not answer on connection " + i);
                    }
                    suite = s.getSession().getCipherSuite();
                } catch (IOException e) {
                    try {
                        served.get(10, TimeUnit.SECONDS); // the server's side of the story
                    } catch (java.util.concurrent.ExecutionException serverSide) {
                        e.addSuppressed(serverSide.getCause());
                    } catch (java.util.concurrent.TimeoutException ignored) {
                        // the server still waits: the client's exception is the whole story
                    }
                    throw e;
                }
            }
            served.get(60, TimeUnit.SECONDS);
            return suite;
        } finally {
            accept.shutdownNow();
        }
    }
}
