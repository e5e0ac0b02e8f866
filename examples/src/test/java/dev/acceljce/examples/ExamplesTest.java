package dev.acceljce.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.control.Counters;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.Security;
import org.eclipse.jetty.server.Server;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs each example: the plain main, and the Netty client fetching a page from the Jetty server over TLS. */
class ExamplesTest {
    @BeforeAll
    static void accelJceFirst() {
        if (Security.getProvider("AccelJCE") == null) {
            Security.insertProviderAt(new AccelJceProvider(), 1);
        }
        assertEquals("AccelJCE", Security.getProviders()[0].getName());
    }

    private static String stdoutOf(ThrowingRunnable main) throws Exception {
        PrintStream saved = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            main.run();
        } finally {
            System.setOut(saved);
        }
        String out = bytes.toString(StandardCharsets.UTF_8);
        System.out.print(out);
        return out;
    }

    interface ThrowingRunnable {
        void run() throws Exception;
    }

    /** Operations of {@code service} AccelJCE counted, on either path. */
    private static long served(String service) {
        Counters.Row row = Counters.of(service);
        return row.nativeOps() + row.jdkOps();
    }

    @Test
    void plainMainRunsOnAccelJce() throws Exception {
        String out = stdoutOf(() -> PlainMain.main(new String[0]));
        assertTrue(out.contains("SHA-256 by AccelJCE: "), out);
        assertTrue(out.contains("AES-GCM by AccelJCE: 31 bytes sealed, opened: hello, AccelJCE"), out);
        assertTrue(out.contains("ECDSA P-256 by AccelJCE: verified true"), out);
        // AccelJCE counted the work: on its native path, or where policy auto sends short messages to
        // the JDK's intrinsics on this CPU class (SHA-256 of 15 bytes is one such), on the JDK's
        assertTrue(served("MessageDigest.SHA-256") > 0, out);
        assertTrue(served("Cipher.AES/GCM/NoPadding") > 0, out);
        assertTrue(Counters.of("Signature.SHA256withECDSA").nativeOps() > 0, out);
    }

    @Test
    void nettyFetchesAPageFromJettyOverTls(@TempDir Path dir) throws Exception {
        Path store = JettyHttpsServer.selfSigned(dir, "changeit");
        long gcmBefore = served("Cipher.AES/GCM/NoPadding");
        long signaturesBefore = Counters.of("Signature.SHA256withECDSA").nativeOps();
        Server server = JettyHttpsServer.start(0, store, "changeit");
        try {
            URI page = URI.create("https://127.0.0.1:" + JettyHttpsServer.port(server) + "/");
            assertEquals(
                    JettyHttpsServer.PAGE,
                    NettyHttpsClient.get(page, NettyHttpsClient.trusted(store, "changeit".toCharArray())));
            // the client's main, as a user would run it
            String out =
                    stdoutOf(() -> NettyHttpsClient.main(new String[] {page.toString(), store.toString(), "changeit"}));
            assertEquals(JettyHttpsServer.PAGE, out);
        } finally {
            server.stop();
        }
        // both ends ran their TLS records through AccelJCE, and the server's CertificateVerify
        // signature and the client's check of it on AccelJCE's native path
        assertTrue(served("Cipher.AES/GCM/NoPadding") >= gcmBefore + 4, "AES-GCM records");
        assertTrue(Counters.of("Signature.SHA256withECDSA").nativeOps() >= signaturesBefore + 2, "CertificateVerify");
    }
}
