package dev.acceljce.workload.tls;

import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

/**
 * SSLContexts of the workload: SunJSSE's (the configuration under test changes the JCA providers
 * below it), except the bank's server context in the acceljce-tls configuration, which is
 * AccelJCE's own TLS stack. The driver and the bank's BeSim client stay on SunJSSE. Key managers are SunX509, built once per JVM, so a
 * handshake never runs PKCS#12's PBKDF2.
 */
public final class TlsContexts {
    private TlsContexts() {}

    public static KeyManager[] keyManagers(KeyStore keys, char[] password) throws GeneralSecurityException {
        KeyManagerFactory kmf = KeyManagerFactory.getInstance("SunX509", "SunJSSE");
        kmf.init(keys, password);
        return kmf.getKeyManagers();
    }

    public static TrustManager[] trustManagers(KeyStore trusted) throws GeneralSecurityException {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX", "SunJSSE");
        tmf.init(trusted);
        return tmf.getTrustManagers();
    }

    public static SSLContext server(KeyManager[] keyManagers) throws GeneralSecurityException {
        SSLContext ctx = SSLContext.getInstance("TLS", "SunJSSE");
        ctx.init(keyManagers, null, null);
        return ctx;
    }

    /** The bank's server context on AccelJCE's own TLS stack (the acceljce-tls configuration). */
    public static SSLContext acceljceServer(KeyManager[] keyManagers) throws GeneralSecurityException {
        SSLContext ctx = SSLContext.getInstance("TLS", new dev.acceljce.jsse.AccelJceTlsProvider());
        ctx.init(keyManagers, null, null);
        return ctx;
    }

    /** A new client context: its own session cache, so its first connection is a full handshake. */
    public static SSLContext client(TrustManager[] trustManagers) throws GeneralSecurityException {
        SSLContext ctx = SSLContext.getInstance("TLS", "SunJSSE");
        ctx.init(null, trustManagers, null);
        return ctx;
    }

    /** Restricts parameters to the setting's protocol and cipher suite (groups: {@link TlsJvm}). */
    public static SSLParameters restrict(SSLParameters params, TlsSetting setting) {
        params.setProtocols(new String[] {setting.protocol});
        params.setCipherSuites(new String[] {setting.cipherSuite});
        return params;
    }
}
