package dev.acceljce.cli.advise;

import java.nio.ByteBuffer;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;

/**
 * A JSSE client and server engine joined in memory: no sockets, both ends in this thread, so a
 * measurement is the TLS work of both sides and nothing else.
 */
final class TlsEnginePair {
    private final SSLEngine client;
    private final SSLEngine server;
    private final ByteBuffer toServer;
    private final ByteBuffer toClient;
    private final ByteBuffer clientApp;
    private final ByteBuffer serverApp;

    /** Engines allowing exactly this protocol, suite and group (null: the defaults). */
    TlsEnginePair(SSLContext context, String protocol, String suite, String group) {
        client = context.createSSLEngine();
        server = context.createSSLEngine();
        client.setUseClientMode(true);
        server.setUseClientMode(false);
        for (SSLEngine e : new SSLEngine[] {client, server}) {
            SSLParameters p = e.getSSLParameters();
            p.setProtocols(new String[] {protocol});
            if (suite != null) {
                p.setCipherSuites(new String[] {suite});
            }
            if (group != null) {
                p.setNamedGroups(new String[] {group});
            }
            e.setSSLParameters(p);
        }
        int net = client.getSession().getPacketBufferSize();
        int app = client.getSession().getApplicationBufferSize();
        toServer = ByteBuffer.allocate(net * 8);
        toClient = ByteBuffer.allocate(net * 8);
        clientApp = ByteBuffer.allocate(app * 8);
        serverApp = ByteBuffer.allocate(app * 8);
    }

    /** Runs the handshake to its end; returns the negotiated suite. */
    String handshake() throws SSLException {
        ByteBuffer empty = ByteBuffer.allocate(0);
        client.beginHandshake();
        server.beginHandshake();
        for (int i = 0; i < 200; i++) {
            if (idle(client) && idle(server) && toServer.position() == 0 && toClient.position() == 0) {
                return client.getSession().getCipherSuite();
            }
            client.wrap(empty, toServer);
            tasks(client);
            server.wrap(empty, toClient);
            tasks(server);
            unwrapAll(server, toServer, serverApp);
            unwrapAll(client, toClient, clientApp);
        }
        throw new SSLException("the handshake did not end");
    }

    /** Sends {@code data} from client to server as TLS records; returns the bytes the server read. */
    long send(ByteBuffer data) throws SSLException {
        long received = 0;
        data.rewind();
        while (data.hasRemaining()) {
            SSLEngineResult r = client.wrap(data, toServer);
            if (r.getStatus() != SSLEngineResult.Status.OK) {
                throw new SSLException("wrap: " + r);
            }
            serverApp.clear();
            unwrapAll(server, toServer, serverApp);
            received += serverApp.position();
        }
        return received;
    }

    private static void unwrapAll(SSLEngine e, ByteBuffer net, ByteBuffer app) throws SSLException {
        net.flip();
        while (net.hasRemaining()) {
            SSLEngineResult r = e.unwrap(net, app);
            tasks(e);
            if (r.getStatus() == SSLEngineResult.Status.BUFFER_UNDERFLOW || r.bytesConsumed() == 0) {
                break;
            }
            if (r.getStatus() == SSLEngineResult.Status.BUFFER_OVERFLOW) {
                app.clear();
            }
        }
        net.compact();
    }

    private static boolean idle(SSLEngine e) {
        SSLEngineResult.HandshakeStatus s = e.getHandshakeStatus();
        return s == SSLEngineResult.HandshakeStatus.NOT_HANDSHAKING || s == SSLEngineResult.HandshakeStatus.FINISHED;
    }

    private static void tasks(SSLEngine e) {
        for (Runnable t; (t = e.getDelegatedTask()) != null; ) {
            t.run();
        }
    }
}
