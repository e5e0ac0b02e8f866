package dev.acceljce.examples.tls;

import java.security.KeyManagementException;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509KeyManager;
import javax.net.ssl.X509TrustManager;

/**
 * A JSSE {@code SSLContext} of any provider as Tomcat's {@code org.apache.tomcat.util.net.SSLContext},
 * for {@code SSLHostConfigCertificate.setSslContext}. Tomcat's own JSSE wrapper is package-private
 * and always takes the first provider's {@code SSLContext}; this one wraps the context it is given.
 */
public final class TomcatSslContext implements org.apache.tomcat.util.net.SSLContext {
    private final javax.net.ssl.SSLContext context;
    private X509KeyManager keys;
    private X509TrustManager trust;

    /** Wraps {@code context} (not yet initialised: {@link #init} does it). */
    public TomcatSslContext(javax.net.ssl.SSLContext context) {
        this.context = context;
    }

    @Override
    public void init(KeyManager[] km, TrustManager[] tm, SecureRandom random) throws KeyManagementException {
        context.init(km, tm, random);
        keys = first(km, X509KeyManager.class);
        trust = first(tm, X509TrustManager.class);
    }

    private static <T> T first(Object[] managers, Class<T> type) {
        if (managers != null) {
            for (Object m : managers) {
                if (type.isInstance(m)) {
                    return type.cast(m);
                }
            }
        }
        return null;
    }

    @Override
    public void destroy() {
        // nothing to release: AccelJCE-TLS frees its native objects with the context and engines
    }

    @Override
    public SSLSessionContext getServerSessionContext() {
        return context.getServerSessionContext();
    }

    @Override
    public SSLEngine createSSLEngine() {
        return context.createSSLEngine();
    }

    @Override
    public SSLServerSocketFactory getServerSocketFactory() {
        return context.getServerSocketFactory();
    }

    @Override
    public SSLParameters getSupportedSSLParameters() {
        return context.getSupportedSSLParameters();
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        return keys == null ? null : keys.getCertificateChain(alias);
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return trust == null ? new X509Certificate[0] : trust.getAcceptedIssuers();
    }
}
