package dev.acceljce.workload.load;

import java.nio.ByteBuffer;
import java.util.concurrent.Executors;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSession;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.io.ssl.SslConnection;
import org.eclipse.jetty.io.ssl.SslHandshakeListener;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * Jetty 12.1 on 127.0.0.1 over the stack's SSLContext (SSLEngine), handlers on virtual threads:
 * every request's body is sent back as the response's.
 */
final class JettyEchoServer implements AutoCloseable {
    private final Server server;
    private final ServerConnector connector;

    JettyEchoServer(SSLContext context, int port, int idleTimeoutMillis, ServerStats stats) throws Exception {
        QueuedThreadPool threads = new QueuedThreadPool(200, 4);
        threads.setName("jetty");
        threads.setVirtualThreadsExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server = new Server(threads);
        SslContextFactory.Server ssl = new SslContextFactory.Server();
        ssl.setSslContext(context);
        ssl.setIncludeProtocols("TLSv1.3");
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendDateHeader(false);
        connector = new ServerConnector(
                server, 1, 1, new SslConnectionFactory(ssl, "http/1.1"), new HttpConnectionFactory(http));
        connector.setHost("127.0.0.1");
        connector.setPort(port);
        connector.setAcceptQueueSize(8192);
        connector.setIdleTimeout(idleTimeoutMillis);
        connector.addBean(new Connection.Listener() {
            @Override
            public void onOpened(Connection connection) {
                if (connection instanceof SslConnection) {
                    stats.accepted.increment();
                    stats.open.incrementAndGet();
                }
            }

            @Override
            public void onClosed(Connection connection) {
                if (connection instanceof SslConnection) {
                    stats.open.decrementAndGet();
                }
            }
        });
        connector.addBean(new SslHandshakeListener() {
            @Override
            public void handshakeSucceeded(Event event) {
                SSLSession session = event.getSSLEngine().getSession();
                stats.handshake(event.getEndPoint().getCreatedTimeStamp(), session.getCreationTime());
            }

            @Override
            public void handshakeFailed(Event event, Throwable failure) {
                stats.failed(failure);
            }
        });
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                byte[] body = Content.Source.asInputStream(request).readAllBytes();
                stats.echoes.increment();
                response.setStatus(200);
                response.getHeaders().put(HttpHeader.CONTENT_LENGTH, Integer.toString(body.length));
                response.write(true, ByteBuffer.wrap(body), callback);
                return true;
            }
        });
        server.start();
    }

    int port() {
        return connector.getLocalPort();
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }
}
