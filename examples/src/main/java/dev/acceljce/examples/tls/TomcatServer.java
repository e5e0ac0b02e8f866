package dev.acceljce.examples.tls;

import dev.acceljce.examples.JettyHttpsServer;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import javax.net.ssl.SSLContext;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;

/**
 * Embedded Tomcat 11 serving HTTPS on AccelJCE-TLS. Tomcat's JSSE connector builds its
 * {@code SSLContext} with {@code SSLContext.getInstance(protocol)}, naming no provider, so there
 * are two ways in: hand the connector's certificate a ready context
 * ({@code SSLHostConfigCertificate.setSslContext}, wrapped by {@link TomcatSslContext}) and name
 * its cipher suites (Tomcat takes the suites to enable from SunJSSE's list otherwise), as here;
 * or list AccelJCE-TLS before SunJSSE in the JVM's providers (see {@code acceljce-tls.security}),
 * which changes every {@code SSLContext.getInstance("TLS")} of the JVM. Spring Boot's embedded
 * Tomcat is this same connector: a {@code TomcatConnectorCustomizer} that sets the certificate's
 * context as {@link #start} does, or the provider list.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp ... dev.acceljce.examples.tls.TomcatServer [PORT [KEYSTORE.p12 PASSWORD]]
 * </pre>
 */
public final class TomcatServer {
    /** The start of the page every request gets; the cipher suite follows. */
    public static final String PAGE = "Hello over TLS, served by Tomcat";

    private TomcatServer() {}

    public static void main(String[] args) throws Exception {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 8443;
        Path dir = Files.createTempDirectory("acceljce-tomcat");
        Path store = args.length > 2 ? Path.of(args[1]) : JettyHttpsServer.selfSigned(dir, "changeit");
        char[] password = (args.length > 2 ? args[2] : "changeit").toCharArray();
        Tomcat tomcat = start(port, dir, AccelTls.load(store, password), password);
        System.out.println("https://127.0.0.1:" + tomcat.getConnector().getLocalPort() + "/ on AccelJCE-TLS");
        tomcat.getServer().await();
    }

    /**
     * Starts Tomcat on 127.0.0.1 ({@code port} 0: a free one, {@code tomcat.getConnector().getLocalPort()})
     * with AccelJCE-TLS and the key in {@code keys}; {@code baseDir} is Tomcat's work directory.
     * Stop it with {@code tomcat.stop(); tomcat.destroy();}.
     */
    public static Tomcat start(int port, Path baseDir, KeyStore keys, char[] password) throws Exception {
        SSLContext context = SSLContext.getInstance("TLS", AccelTls.provider());
        TomcatSslContext tls = new TomcatSslContext(context);
        tls.init(AccelTls.keyManagers(keys, password), null, null);

        Connector connector = new Connector("HTTP/1.1"); // NIO, JSSE
        connector.setPort(port);
        connector.setProperty("address", "127.0.0.1");
        connector.setSecure(true);
        connector.setScheme("https");
        connector.setProperty("SSLEnabled", "true");
        SSLHostConfig host = new SSLHostConfig();
        // Tomcat sets the protocols and suites it works out on each engine, from the default
        // provider's (SunJSSE's) lists when the context is handed in; a JSSE engine refuses one it
        // lacks (SunJSSE's would too), and AccelJCE-TLS has no TLS 1.1 or older, no DHE or DSS:
        // name the context's own defaults (Tomcat keeps TLS 1.3 suites in a list of their own).
        host.setProtocols("TLSv1.2+TLSv1.3");
        List<String> suites = List.of(context.getDefaultSSLParameters().getCipherSuites());
        host.setCipherSuites(
                String.join(":", suites.stream().filter(TomcatServer::tls13).toList()));
        host.setCiphers(String.join(":", suites.stream().filter(s -> !tls13(s)).toList()));
        SSLHostConfigCertificate certificate =
                new SSLHostConfigCertificate(host, SSLHostConfigCertificate.Type.UNDEFINED);
        certificate.setSslContext(tls);
        host.addCertificate(certificate);
        connector.addSslHostConfig(host);

        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        tomcat.setConnector(connector);
        Context webapp = tomcat.addContext("", null);
        Tomcat.addServlet(webapp, "page", new PageServlet());
        webapp.addServletMappingDecoded("/", "page");
        try {
            tomcat.start();
        } catch (LifecycleException | RuntimeException e) {
            stop(tomcat);
            throw e;
        }
        return tomcat;
    }

    /** TLS 1.3's suites are named TLS_AEAD_HASH, with no key exchange ("_WITH_"). */
    private static boolean tls13(String suite) {
        return !suite.contains("_WITH_");
    }

    /** Stops and destroys {@code tomcat}, as far as it got. */
    public static void stop(Tomcat tomcat) throws LifecycleException {
        try {
            tomcat.stop();
        } finally {
            tomcat.destroy();
        }
    }

    private static final class PageServlet extends HttpServlet {
        @Override
        protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
            response.setContentType("text/plain; charset=utf-8");
            response.getWriter()
                    .print(PAGE + " (" + request.getAttribute("jakarta.servlet.request.cipher_suite") + ")\n");
        }
    }
}
