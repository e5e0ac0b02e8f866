package dev.acceljce.examples;

import dev.acceljce.AccelJceProvider;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Security;
import java.security.cert.X509Certificate;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A Netty 4.2 HTTPS client on AccelJCE: Netty's {@code SslProvider.JDK} is SunJSSE, which takes its
 * cryptography from the provider list, AccelJCE first. (Netty's {@code OPENSSL} provider would be
 * netty-tcnative instead, which bypasses the JCA.)
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp ... dev.acceljce.examples.NettyHttpsClient URL TRUSTSTORE.p12 PASSWORD
 * </pre>
 */
public final class NettyHttpsClient {
    private NettyHttpsClient() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: NettyHttpsClient https://HOST:PORT/PATH TRUSTSTORE.p12 PASSWORD");
            System.exit(2);
        }
        Security.insertProviderAt(new AccelJceProvider(), 1);
        System.out.print(get(URI.create(args[0]), trusted(Path.of(args[1]), args[2].toCharArray())));
    }

    /** The certificates of a PKCS#12 store: its trusted entries and the first certificate of each key entry. */
    public static X509Certificate[] trusted(Path store, char[] password) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, password);
        }
        return java.util.Collections.list(ks.aliases()).stream()
                .map(alias -> {
                    try {
                        return ks.getCertificate(alias);
                    } catch (java.security.KeyStoreException e) {
                        throw new IllegalStateException(e);
                    }
                })
                .filter(X509Certificate.class::isInstance)
                .toArray(X509Certificate[]::new);
    }

    /** GETs {@code uri} over TLS, trusting only {@code trusted}, and returns the body as text. */
    public static String get(URI uri, X509Certificate... trusted) throws Exception {
        SslContext tls = SslContextBuilder.forClient()
                .sslProvider(SslProvider.JDK)
                .trustManager(trusted)
                .build();
        String host = uri.getHost();
        int port = uri.getPort() < 0 ? 443 : uri.getPort();
        CompletableFuture<String> body = new CompletableFuture<>();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            Bootstrap bootstrap = new Bootstrap()
                    .group(group)
                    .channel(NioSocketChannel.class)
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline()
                                    .addLast(tls.newHandler(ch.alloc(), host, port))
                                    .addLast(new HttpClientCodec())
                                    .addLast(new HttpObjectAggregator(1 << 20))
                                    .addLast(new SimpleChannelInboundHandler<FullHttpResponse>() {
                                        @Override
                                        protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse r) {
                                            if (r.status().code() != 200) {
                                                body.completeExceptionally(
                                                        new IllegalStateException("HTTP " + r.status()));
                                            } else {
                                                body.complete(r.content().toString(StandardCharsets.UTF_8));
                                            }
                                            ctx.close();
                                        }

                                        @Override
                                        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                                            body.completeExceptionally(cause);
                                            ctx.close();
                                        }
                                    });
                        }
                    });
            Channel channel = bootstrap.connect(host, port).sync().channel();
            String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
            FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, path);
            request.headers()
                    .set(HttpHeaderNames.HOST, host + ":" + port)
                    .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            channel.writeAndFlush(request);
            return body.get(30, TimeUnit.SECONDS);
        } finally {
            group.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }
}
