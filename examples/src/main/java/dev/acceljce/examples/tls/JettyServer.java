package dev.acceljce.examples.tls;

import dev.acceljce.examples.JettyHttpsServer;
import dev.acceljce.jsse.AccelJceTlsProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.jetty.server.Server;

/**
 * Jetty 12 serving HTTPS on AccelJCE-TLS: the provider installed, then
 * {@code sslContextFactory.setProvider("AccelJCE-TLS")}; the key store, protocols and cipher
 * suites are configured as for any Jetty. (Jetty asks the named provider for its key and trust
 * manager factories too, and takes the default providers' when it has none, as here.) In a Jetty
 * distribution: the provider jar on the server's class path, the provider listed in a
 * {@code java.security} file (see {@code acceljce-tls.security}), and
 * {@code jetty.sslContext.provider=AccelJCE-TLS} in {@code start.d/ssl.ini}.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp ... dev.acceljce.examples.tls.JettyServer [PORT [KEYSTORE.p12 PASSWORD]]
 * </pre>
 */
public final class JettyServer {
    private JettyServer() {}

    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8443;
        Path store = args.length > 2
                ? Path.of(args[1])
                : JettyHttpsServer.selfSigned(Files.createTempDirectory("acceljce-example"), "changeit");
        String password = args.length > 2 ? args[2] : "changeit";
        Server server = start(port, store, password);
        System.out.println("https://127.0.0.1:" + JettyHttpsServer.port(server) + "/ on " + AccelJceTlsProvider.NAME);
        server.join();
    }

    /** Starts Jetty on 127.0.0.1 with AccelJCE-TLS ({@code port} 0: a free one); stop it with {@code stop()}. */
    public static Server start(int port, Path keyStore, String password) throws Exception {
        AccelTls.provider(); // installed, so Jetty finds it by name
        return JettyHttpsServer.start(port, keyStore, password, AccelJceTlsProvider.NAME);
    }
}
