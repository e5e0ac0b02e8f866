package dev.acceljce.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.acceljce.jsse.AccelJceTlsProvider;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;

/**
 * AccelJCE's TLS engine (libssl underneath) fed hostile inbound bytes: a server reading what a
 * client never would send, and a client that has sent its ClientHello reading a fuzzed server
 * flight, in records of fuzzed types, versions and lengths, split at fuzzed points, with fuzzed
 * output room. The only acceptable outcomes are progress, a buffer status, or an
 * {@link SSLException}; anything else (another exception, a JVM crash in native code, plaintext
 * from an unauthenticated record) fails. After an SSLException the engine must say it is done
 * inbound and wrap its alert, then report CLOSED.
 */
class TlsEngineFuzzTest {
    private static final SSLContext SERVER;
    private static final SSLContext CLIENT;

    static {
        try {
            Path dir = Files.createTempDirectory("acceljce-tls-fuzz");
            Path store = dir.resolve("server.p12");
            Process p = new ProcessBuilder(List.of(
                            Path.of(System.getProperty("java.home"), "bin", "keytool")
                                    .toString(),
                            "-genkeypair",
                            "-alias",
                            "server",
                            "-dname",
                            "CN=localhost",
                            "-keyalg",
                            "EC",
                            "-groupname",
                            "secp256r1",
                            "-validity",
                            "2",
                            "-storetype",
                            "PKCS12",
                            "-keystore",
                            store.toString(),
                            "-storepass",
                            "fuzzfuzz"))
                    .redirectErrorStream(true)
                    .start();
            p.getInputStream().readAllBytes();
            if (p.waitFor() != 0) {
                throw new IllegalStateException("keytool failed");
            }
            KeyStore ks = KeyStore.getInstance("PKCS12");
            try (var in = Files.newInputStream(store)) {
                ks.load(in, "fuzzfuzz".toCharArray());
            }
            Files.deleteIfExists(store);
            Files.deleteIfExists(dir);
            KeyManagerFactory kmf = KeyManagerFactory.getInstance("SunX509");
            kmf.init(ks, "fuzzfuzz".toCharArray());
            TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
            tmf.init(ks);
            SERVER = SSLContext.getInstance("TLS", new AccelJceTlsProvider());
            SERVER.init(kmf.getKeyManagers(), null, null);
            CLIENT = SSLContext.getInstance("TLS", new AccelJceTlsProvider());
            CLIENT.init(null, tmf.getTrustManagers(), null);
        } catch (Exception e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @FuzzTest
    void inboundBytes(FuzzedDataProvider data) throws Exception {
        boolean client = data.consumeBoolean();
        SSLEngine engine = client ? CLIENT.createSSLEngine("localhost", 443) : SERVER.createSSLEngine();
        engine.setUseClientMode(client);
        ByteBuffer net = ByteBuffer.allocate(64 * 1024);
        if (client) {
            engine.wrap(ByteBuffer.allocate(0), net); // the ClientHello, then fuzzed answers
            net.clear();
        }
        for (int step = 0; step < 24 && data.remainingBytes() > 0; step++) {
            byte[] chunk = data.consumeBoolean() ? record(data) : data.consumeBytes(data.consumeInt(0, 600));
            ByteBuffer in = ByteBuffer.wrap(chunk);
            ByteBuffer out = ByteBuffer.allocate(data.consumeInt(0, 20_000));
            try {
                while (in.hasRemaining()) {
                    runTasks(engine);
                    SSLEngineResult r = engine.unwrap(in, out);
                    if (out.position() > 0 && !engine.getSession().isValid()) {
                        throw new AssertionError("plaintext before a handshake: " + r);
                    }
                    if (r.bytesConsumed() == 0) {
                        break;
                    }
                }
                runTasks(engine);
                engine.wrap(ByteBuffer.allocate(0), net.clear());
            } catch (SSLException expected) {
                if (!engine.isInboundDone()) {
                    throw new AssertionError("after " + expected + " the engine is not done inbound");
                }
                // the alert, then closed
                for (int i = 0; i < 4 && !engine.isOutboundDone(); i++) {
                    engine.wrap(ByteBuffer.allocate(0), net.clear());
                }
                if (!engine.isOutboundDone()) {
                    throw new AssertionError("after " + expected + " the engine never closed outbound");
                }
                return;
            }
        }
        engine.closeOutbound();
    }

    /** A record with a fuzzed header (type, version, length claimed) and body. */
    private static byte[] record(FuzzedDataProvider data) {
        int type = data.pickValue(new int[] {20, 21, 22, 23, 24, data.consumeInt(0, 255)});
        int version = data.pickValue(new int[] {0x0301, 0x0303, 0x0304, data.consumeInt(0, 0xffff)});
        byte[] body = data.consumeBytes(data.consumeInt(0, 1200));
        int claimed = data.consumeBoolean() ? body.length : data.consumeInt(0, 0xffff);
        ByteBuffer b = ByteBuffer.allocate(5 + body.length);
        b.put((byte) type).putShort((short) version).putShort((short) claimed).put(body);
        return b.array();
    }

    private static void runTasks(SSLEngine e) {
        Runnable t;
        while ((t = e.getDelegatedTask()) != null) {
            t.run();
        }
    }
}
