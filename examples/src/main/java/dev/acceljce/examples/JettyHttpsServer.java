package dev.acceljce.examples;

import dev.acceljce.AccelJceProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Security;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.ssl.SslContextFactory;

/**
 * A Jetty 12 HTTPS server whose TLS (SunJSSE) runs its cryptography on AccelJCE: the provider is
 * first in the list, so SunJSSE's ciphers, signatures, key agreement and key derivation come from
 * it. Nothing else in Jetty changes.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp ... dev.acceljce.examples.JettyHttpsServer [PORT [KEYSTORE.p12 PASSWORD]]
 * </pre>
 *
 * Without a key store it makes a self-signed ECDSA P-256 certificate for 127.0.0.1 with the JDK's
 * {@code keytool} (an example's shortcut: bring your own key store). It listens on 127.0.0.1 only.
 */
public final class JettyHttpsServer {
    /** The page every request gets. */
    public static final String PAGE = "Hello over TLS, served by Jetty on AccelJCE\n";

    private JettyHttpsServer() {}

    public static void main(String[] args) throws Exception {
        Security.insertProviderAt(new AccelJceProvider(), 1);
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8443;
        Path store;
        String password;
        if (args.length > 2) {
            store = Path.of(args[1]);
            password = args[2];
        } else {
            password = "changeit";
            store = selfSigned(Files.createTempDirectory("acceljce-example"), password);
        }
        Server server = start(port, store, password);
        System.out.println("https://127.0.0.1:" + port(server) + "/ (key store " + store + ")");
        server.join();
    }

    /** Starts the server on 127.0.0.1 ({@code port} 0: any free port); stop it with {@code server.stop()}. */
    public static Server start(int port, Path keyStore, String password) throws Exception {
        return start(port, keyStore, password, null);
    }

    /**
     * As {@link #start(int, Path, String)}, with the TLS stack of the installed provider named
     * {@code sslProvider} ({@code "AccelJCE-TLS"}: AccelJCE's own TLS stack; null: the JDK's
     * default, SunJSSE). Jetty asks that provider for its {@code SSLContext} and falls back to the
     * default providers for the key and trust manager factories it does not serve.
     */
    public static Server start(int port, Path keyStore, String password, String sslProvider) throws Exception {
        SslContextFactory.Server tls = new SslContextFactory.Server();
        tls.setProvider(sslProvider);
        tls.setKeyStorePath(keyStore.toString());
        tls.setKeyStorePassword(password);
        tls.setKeyStoreType("PKCS12");

        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        // the certificate is for an IP address: no SNI host name to check
        SecureRequestCustomizer secure = new SecureRequestCustomizer();
        secure.setSniHostCheck(false);
        http.addCustomizer(secure);

        Server server = new Server();
        ServerConnector connector =
                new ServerConnector(server, new SslConnectionFactory(tls, "http/1.1"), new HttpConnectionFactory(http));
        connector.setHost("127.0.0.1");
        connector.setPort(port);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain; charset=utf-8");
                Content.Sink.write(response, true, PAGE, callback);
                return true;
            }
        });
        server.start();
        return server;
    }

    /** The port the started server listens on. */
    public static int port(Server server) {
        return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    }

    /** A PKCS#12 key store in {@code dir} with a self-signed ECDSA P-256 certificate for 127.0.0.1. */
    public static Path selfSigned(Path dir, String password) throws IOException, InterruptedException {
        Path store = dir.resolve("server.p12");
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process p = new ProcessBuilder(List.of(
                        keytool.toString(),
                        "-genkeypair",
                        "-alias",
                        "server",
                        "-keyalg",
                        "EC",
                        "-groupname",
                        "secp256r1",
                        "-sigalg",
                        "SHA256withECDSA",
                        "-validity",
                        "30",
                        "-dname",
                        "CN=127.0.0.1",
                        "-ext",
                        "san=ip:127.0.0.1",
                        "-storetype",
                        "PKCS12",
                        "-keystore",
                        store.toString(),
                        "-storepass",
                        password))
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("keytool failed: " + out);
        }
        return store;
    }
}
