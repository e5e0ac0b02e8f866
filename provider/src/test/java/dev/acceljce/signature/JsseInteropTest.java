package dev.acceljce.signature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Decisions;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.testing.Providers;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Key;
import java.security.KeyStore;
import java.security.Security;
import java.security.cert.Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With AccelJCE first in the provider list, the JDK's own users of keys and signatures work on
 * our objects: PKCS#12 key stores (keytool-made), certificate self-signatures and TLS handshakes
 * (1.2 and 1.3) authenticated with EC, RSA, RSASSA-PSS and Ed25519 keys.
 */
class JsseInteropTest {
    private static final char[] PASSWORD = "changeit".toCharArray();

    @Test
    void keyStoresCertificatesAndHandshakes(@TempDir Path dir) throws Exception {
        Providers.requireNative();
        Path store = dir.resolve("keys.p12");
        keytool(store, "ec", "EC", "-groupname", "secp256r1");
        keytool(store, "rsa", "RSA", "-keysize", "2048");
        keytool(store, "ed", "Ed25519");
        Security.insertProviderAt(Providers.ACCEL, 1);
        try {
            KeyStore ks = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(store)) {
                ks.load(in, PASSWORD);
            }
            for (String alias : List.of("ec", "rsa", "ed")) {
                Key key = ks.getKey(alias, PASSWORD);
                Certificate cert = ks.getCertificate(alias);
                assertInstanceOf(AccelKey.class, key, alias);
                assertInstanceOf(AccelKey.class, cert.getPublicKey(), alias);
                cert.verify(cert.getPublicKey());
            }
            long before = Decisions.count("Signature", "RSASSA-PSS", dev.acceljce.control.Path.NATIVE);
            handshake(ks, "ec", "TLSv1.3");
            handshake(ks, "ec", "TLSv1.2");
            handshake(ks, "rsa", "TLSv1.3");
            handshake(ks, "rsa", "TLSv1.2");
            handshake(ks, "ed", "TLSv1.3");
            assertTrue(
                    Decisions.count("Signature", "RSASSA-PSS", dev.acceljce.control.Path.NATIVE) > before,
                    "TLS 1.3 RSA used native PSS");
        } finally {
            Security.removeProvider(Providers.ACCEL.getName());
        }
    }

    private static void keytool(Path store, String alias, String alg, String... extra) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair",
                "-keyalg",
                alg,
                "-alias",
                alias,
                "-dname",
                "CN=" + alias,
                "-keystore",
                store.toString(),
                "-storepass",
                "changeit",
                "-storetype",
                "PKCS12",
                "-validity",
                "2"));
        cmd.addAll(List.of(extra));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), out);
    }

    private static void handshake(KeyStore ks, String alias, String protocol) throws Exception {
        KeyStore one = KeyStore.getInstance("PKCS12");
        one.load(null, null);
        one.setKeyEntry("k", ks.getKey(alias, PASSWORD), PASSWORD, ks.getCertificateChain(alias));
        KeyManagerFactory kmf = KeyManagerFactory.getInstance("SunX509");
        kmf.init(one, PASSWORD);
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("c", ks.getCertificate(alias));
        TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
        tmf.init(trust);
        SSLContext ctx = SSLContext.getInstance(protocol);
        ctx.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
        AtomicReference<Throwable> serverError = new AtomicReference<>();
        try (SSLServerSocket server =
                (SSLServerSocket) ctx.getServerSocketFactory().createServerSocket(0)) {
            Thread t = new Thread(() -> {
                try (SSLSocket s = (SSLSocket) server.accept()) {
                    OutputStream out = s.getOutputStream();
                    out.write(s.getInputStream().read());
                    out.flush();
                } catch (Throwable e) {
                    serverError.set(e);
                }
            });
            t.start();
            try (SSLSocket c = (SSLSocket) ctx.getSocketFactory().createSocket("localhost", server.getLocalPort())) {
                c.getOutputStream().write(42);
                c.getOutputStream().flush();
                assertEquals(42, c.getInputStream().read(), alias + " " + protocol);
                assertEquals(protocol, c.getSession().getProtocol());
            }
            t.join();
        }
        if (serverError.get() != null) {
            throw new AssertionError(alias + " " + protocol + " server failed", serverError.get());
        }
    }
}
