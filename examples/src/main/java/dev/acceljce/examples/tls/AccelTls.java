package dev.acceljce.examples.tls;

import dev.acceljce.control.Counters;
import dev.acceljce.jsse.AccelJceTlsProvider;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.Security;
import java.security.cert.X509Certificate;
import java.util.Collections;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

/**
 * What every example here shares: AccelJCE-TLS contexts made from a PKCS#12 key store (the JDK's
 * key and trust manager factories, AccelJCE-TLS's {@code SSLContext}), and AccelJCE-TLS's own
 * count of the handshakes it finished, the evidence that it carried a connection.
 */
public final class AccelTls {
    private AccelTls() {}

    /** The provider, installed once (last: it serves only {@code SSLContext}, asked for by name). */
    public static synchronized Provider provider() {
        Provider p = Security.getProvider(AccelJceTlsProvider.NAME);
        if (p == null) {
            p = new AccelJceTlsProvider();
            Security.addProvider(p);
        }
        return p;
    }

    /** A PKCS#12 key store. */
    public static KeyStore load(Path store, char[] password) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, password);
        }
        return ks;
    }

    /** SunX509 key managers over {@code store}'s keys (SunX509: no PBKDF2 per handshake). */
    public static KeyManager[] keyManagers(KeyStore store, char[] password) throws GeneralSecurityException {
        KeyManagerFactory kmf = KeyManagerFactory.getInstance("SunX509");
        kmf.init(store, password);
        return kmf.getKeyManagers();
    }

    /** PKIX trust managers that trust {@code certificates} alone. */
    public static TrustManager[] trusting(X509Certificate... certificates) throws Exception {
        KeyStore anchors = KeyStore.getInstance("PKCS12");
        anchors.load(null, null);
        for (int i = 0; i < certificates.length; i++) {
            anchors.setCertificateEntry("trusted-" + i, certificates[i]);
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
        tmf.init(anchors);
        return tmf.getTrustManagers();
    }

    /** An AccelJCE-TLS server context with the key in {@code store}. */
    public static SSLContext server(KeyStore store, char[] password) throws Exception {
        SSLContext ctx = SSLContext.getInstance("TLS", provider());
        ctx.init(keyManagers(store, password), null, null);
        return ctx;
    }

    /** An AccelJCE-TLS client context trusting {@code certificates} alone. */
    public static SSLContext client(X509Certificate... certificates) throws Exception {
        SSLContext ctx = SSLContext.getInstance("TLS", provider());
        ctx.init(null, trusting(certificates), null);
        return ctx;
    }

    /** The single key entry of {@code store}: its private key. */
    public static PrivateKey key(KeyStore store, char[] password) throws Exception {
        return (PrivateKey) store.getKey(alias(store), password);
    }

    /** The single key entry of {@code store}: its certificate chain. */
    public static X509Certificate[] chain(KeyStore store) throws Exception {
        return java.util.Arrays.stream(store.getCertificateChain(alias(store)))
                .map(X509Certificate.class::cast)
                .toArray(X509Certificate[]::new);
    }

    private static String alias(KeyStore store) throws Exception {
        for (String alias : Collections.list(store.aliases())) {
            if (store.isKeyEntry(alias)) {
                return alias;
            }
        }
        throw new IllegalArgumentException("no key entry in the store");
    }

    /**
     * Handshakes AccelJCE-TLS finished in this JVM, full and resumed, client and server (its
     * counter rows {@code TLS.handshake ...} and {@code TLS.resumed ...}, as {@code acceljce stats}
     * shows them). Another TLS stack's handshakes do not count here.
     */
    public static long handshakes() {
        return Counters.snapshot().values().stream()
                .filter(r ->
                        r.service().startsWith("TLS.handshake ") || r.service().startsWith("TLS.resumed "))
                .mapToLong(Counters.Row::totalOps)
                .sum();
    }
}
