package dev.acceljce.workload.bank;

import dev.acceljce.control.Counters;
import dev.acceljce.workload.config.Configuration;
import dev.acceljce.workload.config.Pkcs11Token;
import dev.acceljce.workload.run.Options;
import dev.acceljce.workload.run.ParentWatch;
import dev.acceljce.workload.tls.Certificates;
import dev.acceljce.workload.tls.TlsContexts;
import dev.acceljce.workload.tls.TlsJvm;
import dev.acceljce.workload.tls.TlsSetting;
import dev.acceljce.workload.wire.Ready;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The bank: Jetty 12.1 over SunJSSE, with the configuration under test installed first. Runs in
 * its own JVM, which the run controller pins to the server's core.
 *
 * <p>Arguments: {@code --config ID --tls ID --store BANK.p12 --besim-port N --besim-store BESIM.p12
 * --work DIR [--port N] [--besim-mode new-connection|pooled] [--token-config FILE --token-pin PIN]}.
 */
public final class BankMain {
    private BankMain() {}

    public static void main(String[] argv) {
        ParentWatch.exitWhenParentGoes();
        try {
            Options o = Options.parse(argv);
            Configuration config = Configuration.byId(o.get("--config"));
            TlsSetting tls = TlsSetting.byId(o.get("--tls"));
            Path work = Path.of(o.get("--work"));
            TlsJvm.prepare(tls);
            String providers = config.install(work);

            KeyManager[] keys = o.has("--token-config")
                    ? tokenKeyManagers(
                            Path.of(o.get("--token-config")),
                            o.get("--token-pin").toCharArray())
                    : TlsContexts.keyManagers(Certificates.load(Path.of(o.get("--store"))), Certificates.PASSWORD);
            SSLContext serverContext =
                    config.ownTlsStack() ? TlsContexts.acceljceServer(keys) : TlsContexts.server(keys);
            SSLContext besimContext = TlsContexts.client(
                    TlsContexts.trustManagers(Certificates.trusting(Path.of(o.get("--besim-store")))));
            int besimPort = o.getInt("--besim-port", -1);
            BeSimClient besim = o.get("--besim-mode", "new-connection").equals("pooled")
                    ? BeSimClient.pooled(besimContext, tls, besimPort, 256)
                    : BeSimClient.newConnectionPerCall(besimContext, tls, besimPort);

            Handshakes handshakes = new Handshakes();
            LockRecorder locks = new LockRecorder(work);
            BankHandler[] handler = new BankHandler[1];
            handler[0] = new BankHandler(
                    besim,
                    () -> {
                        Map<String, Object> m = new LinkedHashMap<>();
                        m.put("configuration", config.id);
                        m.put("tls", tls.id);
                        m.put("providers", providers);
                        m.put("besimMode", besim.mode());
                        m.put("fullHandshakes", handshakes.full());
                        m.put("resumedHandshakes", handshakes.resumed());
                        m.put("failedHandshakes", handshakes.failed());
                        m.put("besimConnections", besim.connections());
                        m.put("sessions", handler[0].sessionStats());
                        if (config.usesAccelJce()) {
                            m.put("acceljceCounters", Counters.snapshot().values());
                        }
                        return m;
                    },
                    () -> {
                        handshakes.reset();
                        besim.reset();
                        if (config.usesAccelJce()) {
                            Counters.reset();
                        }
                    },
                    locks);

            Server server = server(serverContext, tls, o.getInt("--port", 0), handshakes, handler[0]);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    server.stop();
                } catch (Exception e) {
                    // stopping anyway
                }
            }));
            Ready.listening(((ServerConnector) server.getConnectors()[0]).getLocalPort());
            server.join();
        } catch (Exception e) {
            Ready.failed("bank: " + e);
            System.exit(1);
        }
    }

    private static Server server(
            SSLContext context, TlsSetting tls, int port, Handshakes handshakes, BankHandler handler) throws Exception {
        QueuedThreadPool threads = new QueuedThreadPool(256, 8);
        threads.setName("bank");
        Server server = new Server(threads);
        SslContextFactory.Server ssl = new SslContextFactory.Server();
        ssl.setSslContext(context);
        ssl.setIncludeProtocols(tls.protocol);
        ssl.setExcludeCipherSuites(); // Jetty's default excludes TLS_RSA_*, which one setting needs
        ssl.setIncludeCipherSuites(tls.cipherSuite);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        ServerConnector connector = new ServerConnector(
                server, 1, 1, new SslConnectionFactory(ssl, "http/1.1"), new HttpConnectionFactory(http));
        connector.setHost("127.0.0.1");
        connector.setPort(port);
        connector.setAcceptQueueSize(1024);
        connector.setIdleTimeout(30_000);
        connector.addBean(handshakes);
        server.addConnector(connector);
        server.setHandler(handler);
        server.start();
        return server;
    }

    /** The server key in a PKCS#11 token: SunPKCS11 over the token, at the end of the list. */
    private static KeyManager[] tokenKeyManagers(Path config, char[] pin) throws Exception {
        KeyStore token = Pkcs11Token.open(config, pin);
        if (token.size() == 0) {
            throw new IllegalStateException("the PKCS#11 token of " + config + " holds no key");
        }
        return TlsContexts.keyManagers(token, pin);
    }
}
