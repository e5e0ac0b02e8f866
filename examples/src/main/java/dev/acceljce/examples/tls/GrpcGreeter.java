package dev.acceljce.examples.tls;

import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.ApplicationProtocolNames;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.cert.X509Certificate;
import java.util.concurrent.TimeUnit;

/**
 * gRPC-java over Netty on AccelJCE-TLS: a one-method service ({@code acceljce.example.Greeter/Say},
 * bytes in, bytes out, a hand-written {@link MethodDescriptor}: no protoc) with its server and a
 * client. gRPC's helper {@code GrpcSslContexts.configure(builder, provider)} accepts only SunJSSE
 * and Conscrypt providers and throws for any other, so the Netty {@code SslContext} is built as
 * it would build it: {@code SslProvider.JDK}, the provider, ALPN offering {@code h2} only; then
 * {@code NettyServerBuilder.sslContext} / {@code NettyChannelBuilder.sslContext}. (The shaded
 * {@code grpc-netty-shaded} works the same way through its relocated {@code SslContextBuilder}.)
 */
public final class GrpcGreeter {
    /** Bytes in, the same bytes out: the payload needs no code generation. */
    static final MethodDescriptor.Marshaller<byte[]> BYTES = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(byte[] value) {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            try {
                return stream.readAllBytes();
            } catch (IOException e) {
                throw Status.INTERNAL.withCause(e).asRuntimeException();
            }
        }
    };

    public static final MethodDescriptor<byte[], byte[]> SAY = MethodDescriptor.<byte[], byte[]>newBuilder()
            .setType(MethodDescriptor.MethodType.UNARY)
            .setFullMethodName(MethodDescriptor.generateFullMethodName("acceljce.example.Greeter", "Say"))
            .setRequestMarshaller(BYTES)
            .setResponseMarshaller(BYTES)
            .build();

    private GrpcGreeter() {}

    private static ApplicationProtocolConfig h2() {
        return new ApplicationProtocolConfig(
                ApplicationProtocolConfig.Protocol.ALPN,
                ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                ApplicationProtocolNames.HTTP_2);
    }

    /**
     * Starts the Greeter on 127.0.0.1 ({@code port} 0: a free one, {@code server.getPort()}) with
     * {@code tls}'s TLS stack ({@code new AccelJceTlsProvider()}; null: SunJSSE). It answers
     * "hello, NAME". Stop it with {@code shutdownNow()}.
     */
    public static Server start(int port, PrivateKey key, X509Certificate[] chain, Provider tls) throws IOException {
        SslContext ssl = SslContextBuilder.forServer(key, chain)
                .sslProvider(SslProvider.JDK)
                .sslContextProvider(tls)
                .applicationProtocolConfig(h2())
                .build();
        ServerServiceDefinition greeter = ServerServiceDefinition.builder("acceljce.example.Greeter")
                .addMethod(SAY, ServerCalls.asyncUnaryCall((request, responses) -> {
                    responses.onNext(
                            ("hello, " + new String(request, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8));
                    responses.onCompleted();
                }))
                .build();
        return NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", port))
                .sslContext(ssl)
                .addService(greeter)
                .build()
                .start();
    }

    /** Calls Say with {@code name} on {@code host:port}, trusting {@code trusted} alone, over {@code tls} (null: SunJSSE). */
    public static String say(String host, int port, String name, Provider tls, X509Certificate... trusted)
            throws Exception {
        SslContext ssl = SslContextBuilder.forClient()
                .sslProvider(SslProvider.JDK)
                .sslContextProvider(tls)
                .trustManager(trusted)
                .applicationProtocolConfig(h2())
                .build();
        ManagedChannel channel =
                NettyChannelBuilder.forAddress(host, port).sslContext(ssl).build();
        try {
            byte[] reply = ClientCalls.blockingUnaryCall(
                    channel,
                    SAY,
                    CallOptions.DEFAULT.withDeadlineAfter(30, TimeUnit.SECONDS),
                    name.getBytes(StandardCharsets.UTF_8));
            return new String(reply, StandardCharsets.UTF_8);
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
