package dev.acceljce.workload.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.jsse.AccelJceTlsProvider;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.JdkSslContext;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Netty 4.2 (NIO transport) with AccelJCE-TLS's SSLEngine in its SslHandler, over real loopback
 * sockets: a Netty server against a SunJSSE client (ALPN included) and curl, and a Netty client
 * against a SunJSSE SSLServerSocket. The contexts are made as a Netty user would:
 * {@code SslContextBuilder...sslProvider(SslProvider.JDK).sslContextProvider(new AccelJceTlsProvider())};
 * that works for our provider as it is (Netty asks it for SSLContext "TLS" and wraps its engines,
 * ALPN through the JDK's SSLEngine selector API), so no hand-made SslHandler is needed.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class NettyInteropTest {
    private static final char[] PASSWORD = "changeit".toCharArray();

    @TempDir
    static Path dir;

    private static Path cacert;
    private static KeyStore keys;
    private static X509Certificate cert;
    private static EventLoopGroup group;

    @BeforeAll
    static void setUp() throws Exception {
        Path store = dir.resolve("server.p12");
        String keytool =
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        run(List.of(
                keytool,
                "-genkeypair",
                "-alias",
                "server",
                "-keyalg",
                "EC",
                "-groupname",
                "secp256r1",
                "-dname",
                "CN=localhost",
                "-ext",
                "san=dns:localhost,ip:127.0.0.1",
                "-validity",
                "2",
                "-storetype",
                "PKCS12",
                "-keystore",
                store.toString(),
                "-storepass",
                new String(PASSWORD)));
        cacert = dir.resolve("server.pem");
        run(List.of(
                keytool,
                "-exportcert",
                "-rfc",
                "-alias",
                "server",
                "-keystore",
                store.toString(),
                "-storepass",
                new String(PASSWORD),
                "-file",
                cacert.toString()));
        keys = KeyStore.getInstance("PKCS12");
        try (var in = Files.newInputStream(store)) {
            keys.load(in, PASSWORD);
        }
        cert = (X509Certificate) keys.getCertificate("server");
        group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
    }

    @AfterAll
    static void tearDown() throws Exception {
        if (group != null) {
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).sync();
        }
    }

    private static String run(List<String> cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "timed out: " + cmd);
            assertEquals(0, p.exitValue(), cmd + "\n" + out);
            return out;
        } finally {
            p.destroyForcibly();
        }
    }

    /**
     * Netty server on AccelJCE-TLS: answers a line with "echo: line | protocol suite alpn", an HTTP
     * request (up to its blank line) with a 200 whose body says the same.
     */
    private static Channel nettyServer(String version) throws Exception {
        SslContext ssl = SslContextBuilder.forServer((PrivateKey) keys.getKey("server", PASSWORD), cert)
                .sslProvider(SslProvider.JDK)
                .sslContextProvider(new AccelJceTlsProvider())
                .protocols("TLSv" + version)
                .applicationProtocolConfig(new ApplicationProtocolConfig(
                        ApplicationProtocolConfig.Protocol.ALPN,
                        ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                        ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                        "h2",
                        "http/1.1"))
                .build();
        assertEquals(
                "AccelJCE-TLS", ((JdkSslContext) ssl).context().getProvider().getName());
        return new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        SslHandler tls = ssl.newHandler(ch.alloc());
                        ch.pipeline().addLast(tls, new ChannelInboundHandlerAdapter() {
                            private final StringBuilder got = new StringBuilder();

                            @Override
                            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                                ByteBuf b = (ByteBuf) msg;
                                got.append(b.toString(StandardCharsets.UTF_8));
                                b.release();
                                var s = tls.engine().getSession();
                                String info =
                                        s.getProtocol() + " " + s.getCipherSuite() + " " + tls.applicationProtocol();
                                String reply = null;
                                if (got.toString().startsWith("GET ")
                                        && got.toString().contains("\r\n\r\n")) {
                                    String body = "netty on AccelJCE-TLS: " + info;
                                    reply = "HTTP/1.1 200 OK\r\nContent-Length: " + body.length()
                                            + "\r\nConnection: close\r\n\r\n" + body;
                                } else if (!got.toString().startsWith("GET ")
                                        && got.toString().contains("\n")) {
                                    reply = "echo: " + got.toString().strip() + " | " + info + "\n";
                                }
                                if (reply != null) {
                                    ctx.writeAndFlush(Unpooled.copiedBuffer(reply, StandardCharsets.UTF_8))
                                            .addListener(ChannelFutureListener.CLOSE);
                                }
                            }
                        });
                    }
                })
                .bind(InetAddress.getLoopbackAddress(), 0)
                .sync()
                .channel();
    }

    private static int port(Channel ch) {
        return ((java.net.InetSocketAddress) ch.localAddress()).getPort();
    }

    private static SSLContext sunJsse(boolean server) throws Exception {
        SSLContext ctx = SSLContext.getInstance("TLS", "SunJSSE");
        if (server) {
            KeyManagerFactory kmf = KeyManagerFactory.getInstance("SunX509");
            kmf.init(keys, PASSWORD);
            ctx.init(kmf.getKeyManagers(), null, null);
        } else {
            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            trust.setCertificateEntry("server", cert);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
            tmf.init(trust);
            ctx.init(null, tmf.getTrustManagers(), null);
        }
        return ctx;
    }

    @ParameterizedTest(name = "SunJSSE client -> Netty server on AccelJCE-TLS, TLSv{0}, ALPN h2")
    @ValueSource(strings = {"1.3", "1.2"})
    void sunJsseClientAgainstNettyServer(String version) throws Exception {
        Channel server = nettyServer(version);
        try (SSLSocket s = (SSLSocket) sunJsse(false).getSocketFactory().createSocket("localhost", port(server))) {
            var p = s.getSSLParameters();
            p.setEndpointIdentificationAlgorithm("HTTPS");
            p.setApplicationProtocols(new String[] {"h2", "http/1.1"});
            s.setSSLParameters(p);
            s.setSoTimeout(20_000);
            s.startHandshake();
            assertEquals(cert, s.getSession().getPeerCertificates()[0]);
            assertEquals("TLSv" + version, s.getSession().getProtocol());
            assertEquals("h2", s.getApplicationProtocol());
            OutputStream out = s.getOutputStream();
            out.write("ping\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
            String line =
                    new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8)).readLine();
            assertEquals("echo: ping | TLSv" + version + " " + s.getSession().getCipherSuite() + " h2", line);
        } finally {
            server.close().sync();
        }
    }

    @ParameterizedTest(name = "curl -> Netty server on AccelJCE-TLS, TLSv{0}, ALPN http/1.1")
    @ValueSource(strings = {"1.3", "1.2"})
    void curlAgainstNettyServer(String version) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/curl")), "curl is not installed (Debian package curl)");
        Channel server = nettyServer(version);
        try {
            int port = port(server);
            String out = run(List.of(
                    "curl",
                    "-sS",
                    "-v",
                    "--max-time",
                    "20",
                    "--http1.1",
                    "--cacert",
                    cacert.toString(),
                    "--resolve",
                    "localhost:" + port + ":127.0.0.1",
                    "--tlsv" + version,
                    "--tls-max",
                    version,
                    "https://localhost:" + port + "/"));
            assertTrue(out.contains("netty on AccelJCE-TLS: TLSv" + version + " TLS_"), out);
            assertTrue(out.endsWith(" http/1.1"), out);
            assertTrue(out.contains("ALPN: server accepted http/1.1"), out);
            assertTrue(out.contains("SSL connection using TLSv" + version), out);
        } finally {
            server.close().sync();
        }
    }

    @ParameterizedTest(name = "Netty client on AccelJCE-TLS -> SunJSSE SSLServerSocket, TLSv{0}")
    @ValueSource(strings = {"1.3", "1.2"})
    void nettyClientAgainstSunJsseServer(String version) throws Exception {
        try (SSLServerSocket listener = (SSLServerSocket)
                sunJsse(true).getServerSocketFactory().createServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            listener.setEnabledProtocols(new String[] {"TLSv" + version});
            CompletableFuture<String> serverSaw = CompletableFuture.supplyAsync(() -> {
                try (SSLSocket s = (SSLSocket) listener.accept()) {
                    s.setSoTimeout(20_000);
                    String line = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8))
                            .readLine();
                    String info =
                            s.getSession().getProtocol() + " " + s.getSession().getCipherSuite();
                    s.getOutputStream().write(("echo: " + line + " | " + info + "\n").getBytes(StandardCharsets.UTF_8));
                    s.getOutputStream().flush();
                    return info;
                } catch (IOException e) {
                    throw new RuntimeException(e);
                }
            });
            SslContext ssl = SslContextBuilder.forClient()
                    .sslProvider(SslProvider.JDK)
                    .sslContextProvider(new AccelJceTlsProvider())
                    .trustManager(cert)
                    .protocols("TLSv" + version)
                    .endpointIdentificationAlgorithm("HTTPS")
                    .build();
            assertEquals(
                    "AccelJCE-TLS",
                    ((JdkSslContext) ssl).context().getProvider().getName());
            CompletableFuture<String> reply = new CompletableFuture<>();
            SslHandler[] handler = new SslHandler[1];
            Channel ch = new Bootstrap()
                    .group(group)
                    .channel(NioSocketChannel.class)
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel c) {
                            handler[0] = ssl.newHandler(c.alloc(), "localhost", listener.getLocalPort());
                            c.pipeline().addLast(handler[0], new ChannelInboundHandlerAdapter() {
                                private final StringBuilder got = new StringBuilder();

                                @Override
                                public void channelActive(ChannelHandlerContext ctx) {
                                    ctx.writeAndFlush(Unpooled.copiedBuffer("ping\n", StandardCharsets.UTF_8));
                                }

                                @Override
                                public void channelRead(ChannelHandlerContext ctx, Object msg) {
                                    ByteBuf b = (ByteBuf) msg;
                                    got.append(b.toString(StandardCharsets.UTF_8));
                                    b.release();
                                    if (got.toString().contains("\n")) {
                                        reply.complete(got.toString());
                                    }
                                }

                                @Override
                                public void exceptionCaught(ChannelHandlerContext ctx, Throwable t) {
                                    reply.completeExceptionally(t);
                                }
                            });
                        }
                    })
                    .connect("127.0.0.1", listener.getLocalPort())
                    .sync()
                    .channel();
            try {
                String info = serverSaw.get(20, TimeUnit.SECONDS);
                assertEquals("echo: ping | " + info + "\n", reply.get(20, TimeUnit.SECONDS));
                var session = handler[0].engine().getSession();
                assertEquals("TLSv" + version, session.getProtocol());
                assertEquals(info, session.getProtocol() + " " + session.getCipherSuite());
                assertEquals(cert, session.getPeerCertificates()[0]);
            } finally {
                ch.close().sync();
            }
        }
    }
}
