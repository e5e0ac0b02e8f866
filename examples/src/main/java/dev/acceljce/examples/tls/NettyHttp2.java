package dev.acceljce.examples.tls;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http2.DefaultHttp2DataFrame;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersFrame;
import io.netty.handler.codec.http2.Http2DataFrame;
import io.netty.handler.codec.http2.Http2FrameCodecBuilder;
import io.netty.handler.codec.http2.Http2HeadersFrame;
import io.netty.handler.codec.http2.Http2MultiplexHandler;
import io.netty.handler.codec.http2.Http2StreamChannel;
import io.netty.handler.codec.http2.Http2StreamChannelBootstrap;
import io.netty.handler.codec.http2.Http2StreamFrame;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.ApplicationProtocolNegotiationHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import io.netty.util.ReferenceCountUtil;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.cert.X509Certificate;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSession;

/**
 * Netty 4.2 speaking HTTP/2 over TLS on AccelJCE-TLS, server and client, ALPN choosing {@code h2}.
 * The one line that picks the stack is {@code sslContextProvider(new AccelJceTlsProvider())} on
 * Netty's {@code SslContextBuilder} with {@code SslProvider.JDK}: Netty asks that provider for an
 * {@code SSLContext} and drives its {@code SSLEngine}; ALPN goes through the JDK's engine API
 * ({@code setApplicationProtocols}, the server's selector), which AccelJCE-TLS implements.
 * ({@code SslProvider.OPENSSL} would be netty-tcnative, a JNI stack of its own.)
 */
public final class NettyHttp2 {
    /** The start of the page the server answers every request with; the rest names its TLS. */
    public static final String PAGE = "Hello over HTTP/2, served by Netty";

    private NettyHttp2() {}

    private static ApplicationProtocolConfig h2Only() {
        return new ApplicationProtocolConfig(
                ApplicationProtocolConfig.Protocol.ALPN,
                ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                ApplicationProtocolNames.HTTP_2);
    }

    /** A running server: its channel and its event loops. */
    public record Server(Channel channel, EventLoopGroup group) implements AutoCloseable {
        public int port() {
            return ((InetSocketAddress) channel.localAddress()).getPort();
        }

        @Override
        public void close() {
            channel.close().syncUninterruptibly();
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    /**
     * An HTTP/2 server on 127.0.0.1 ({@code port} 0: a free one) whose TLS is {@code tls}'s
     * ({@code new AccelJceTlsProvider()}; null: the JDK's default, SunJSSE).
     */
    public static Server start(int port, PrivateKey key, X509Certificate[] chain, Provider tls) throws Exception {
        SslContext ssl = SslContextBuilder.forServer(key, chain)
                .sslProvider(SslProvider.JDK)
                .sslContextProvider(tls)
                .applicationProtocolConfig(h2Only())
                .build();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            Channel channel = new ServerBootstrap()
                    .group(group)
                    .channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline()
                                    .addLast(ssl.newHandler(ch.alloc()), new ApplicationProtocolNegotiationHandler("") {
                                        @Override
                                        protected void configurePipeline(ChannelHandlerContext ctx, String protocol) {
                                            if (!ApplicationProtocolNames.HTTP_2.equals(protocol)) {
                                                ctx.close(); // h2 only
                                                return;
                                            }
                                            ctx.pipeline()
                                                    .addLast(
                                                            Http2FrameCodecBuilder.forServer()
                                                                    .build(),
                                                            new PageHandler());
                                        }
                                    });
                        }
                    })
                    .bind("127.0.0.1", port)
                    .sync()
                    .channel();
            return new Server(channel, group);
        } catch (Exception | Error e) {
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS);
            throw e;
        }
    }

    /** Answers each request (its headers ending the stream) with the page and its TLS session. */
    private static final class PageHandler extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            try {
                if (msg instanceof Http2HeadersFrame request && request.isEndStream()) {
                    SSLSession tls =
                            ctx.pipeline().get(SslHandler.class).engine().getSession();
                    String body = PAGE + " (" + tls.getProtocol() + ", " + tls.getCipherSuite() + ", "
                            + tls.getClass().getName() + ")\n";
                    ctx.write(new DefaultHttp2HeadersFrame(new DefaultHttp2Headers()
                                    .status("200")
                                    .set("content-type", "text/plain; charset=utf-8"))
                            .stream(request.stream()));
                    ctx.writeAndFlush(
                            new DefaultHttp2DataFrame(Unpooled.copiedBuffer(body, StandardCharsets.UTF_8), true)
                                    .stream(request.stream()));
                }
            } finally {
                ReferenceCountUtil.release(msg);
            }
        }
    }

    /** What a GET returned: the protocol ALPN chose, the status, the body and the TLS session. */
    public record Response(String alpn, int status, String body, SSLSession session) {}

    /**
     * GETs {@code path} over HTTP/2 from {@code host:port}, trusting {@code trusted} alone, with
     * {@code tls}'s TLS stack (null: SunJSSE).
     */
    public static Response get(String host, int port, String path, Provider tls, X509Certificate... trusted)
            throws Exception {
        SslContext ssl = SslContextBuilder.forClient()
                .sslProvider(SslProvider.JDK)
                .sslContextProvider(tls)
                .trustManager(trusted)
                .applicationProtocolConfig(h2Only())
                .build();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            Channel channel = new Bootstrap()
                    .group(group)
                    .channel(NioSocketChannel.class)
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline()
                                    .addLast(
                                            ssl.newHandler(ch.alloc(), host, port),
                                            Http2FrameCodecBuilder.forClient().build(),
                                            new Http2MultiplexHandler(new ChannelInboundHandlerAdapter()));
                        }
                    })
                    .connect(host, port)
                    .sync()
                    .channel();
            SslHandler tlsHandler = channel.pipeline().get(SslHandler.class);
            tlsHandler.handshakeFuture().sync();
            CompletableFuture<String> body = new CompletableFuture<>();
            int[] status = {0};
            StringBuilder text = new StringBuilder();
            Http2StreamChannel stream = new Http2StreamChannelBootstrap(channel)
                    .handler(new SimpleChannelInboundHandler<Http2StreamFrame>() {
                        @Override
                        protected void channelRead0(ChannelHandlerContext ctx, Http2StreamFrame frame) {
                            boolean end = false;
                            if (frame instanceof Http2HeadersFrame headers) {
                                status[0] = headers.headers().status() == null
                                        ? status[0]
                                        : Integer.parseInt(
                                                headers.headers().status().toString());
                                end = headers.isEndStream();
                            } else if (frame instanceof Http2DataFrame data) {
                                text.append(data.content().toString(StandardCharsets.UTF_8));
                                end = data.isEndStream();
                            }
                            if (end) {
                                body.complete(text.toString());
                            }
                        }

                        @Override
                        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                            body.completeExceptionally(cause);
                        }
                    })
                    .open()
                    .sync()
                    .getNow();
            stream.writeAndFlush(new DefaultHttp2HeadersFrame(
                    new DefaultHttp2Headers()
                            .method("GET")
                            .path(path)
                            .scheme("https")
                            .authority(host + ":" + port),
                    true));
            String text0 = body.get(30, TimeUnit.SECONDS);
            Response response = new Response(
                    tlsHandler.applicationProtocol(),
                    status[0],
                    text0,
                    tlsHandler.engine().getSession());
            channel.close().sync();
            return response;
        } finally {
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }
}
