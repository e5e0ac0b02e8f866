package dev.acceljce.workload.besim;

import dev.acceljce.workload.run.Options;
import dev.acceljce.workload.run.ParentWatch;
import dev.acceljce.workload.tls.Certificates;
import dev.acceljce.workload.tls.CoreProviders;
import dev.acceljce.workload.tls.TlsContexts;
import dev.acceljce.workload.tls.TlsJvm;
import dev.acceljce.workload.tls.TlsSetting;
import dev.acceljce.workload.wire.Http1;
import dev.acceljce.workload.wire.Ready;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;

/**
 * BeSim, the back-end simulator: a separate HTTPS service on loopback that the bank calls for
 * every dynamic page and that answers 200 B to 1 KB. It runs on the driver's core, so it is kept
 * small: an SSLServerSocket and a virtual thread per connection. It keeps a connection open while
 * the client does (the pooled variant) and closes it when asked (a new connection per call).
 *
 * <p>Arguments: {@code --tls ID --store FILE.p12 [--port N] [--provider jdk|acceljce]}.
 */
public final class BeSimMain {
    private BeSimMain() {}

    public static void main(String[] argv) {
        ParentWatch.exitWhenParentGoes();
        try {
            Options o = Options.parse(argv);
            TlsSetting tls = TlsSetting.byId(o.get("--tls"));
            TlsJvm.prepare(tls);
            CoreProviders.install(o.get("--provider", "jdk"));
            var ctx = TlsContexts.server(
                    TlsContexts.keyManagers(Certificates.load(Path.of(o.get("--store"))), Certificates.PASSWORD));
            SSLServerSocket server = (SSLServerSocket) ctx.getServerSocketFactory()
                    .createServerSocket(o.getInt("--port", 0), 1024, InetAddress.getLoopbackAddress());
            server.setSSLParameters(TlsContexts.restrict(server.getSSLParameters(), tls));
            Ready.listening(server.getLocalPort());
            while (true) {
                Socket s = server.accept();
                Thread.ofVirtual().start(() -> serve((SSLSocket) s));
            }
        } catch (Exception e) {
            Ready.failed("BeSim: " + e);
            System.exit(1);
        }
    }

    private static void serve(SSLSocket socket) {
        try (socket) {
            socket.setTcpNoDelay(true);
            InputStream in = new BufferedInputStream(socket.getInputStream(), 4096);
            OutputStream out = new BufferedOutputStream(socket.getOutputStream(), 2048);
            for (Http1.Request r = Http1.readRequest(in); r != null; r = Http1.readRequest(in)) {
                byte[] body = new byte[ThreadLocalRandom.current().nextInt(200, 1025)];
                ThreadLocalRandom.current().nextBytes(body);
                Http1.writeReply(out, body, r.close());
                if (r.close()) {
                    return;
                }
            }
        } catch (IOException e) {
            // a client that went away: nothing to do
        }
    }
}
