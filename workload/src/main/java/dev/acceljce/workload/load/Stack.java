package dev.acceljce.workload.load;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.workload.tls.TlsContexts;
import java.security.GeneralSecurityException;
import java.security.Security;
import java.util.Arrays;
import java.util.List;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocketFactory;
import javax.net.ssl.TrustManager;

/** The TLS stack of the server JVM under load. */
enum Stack {
    /** AccelJCE's own SSLContext (AWS-LC's libssl), AccelJCE first as the JCA provider. */
    ACCELJCE_TLS("acceljce-tls", "AccelJCE-TLS (AWS-LC libssl), AccelJCE first"),
    /** SunJSSE with AccelJCE first as the JCA provider (policy native). */
    SUNJSSE_ACCELJCE("sunjsse-acceljce", "SunJSSE on AccelJCE (policy native)"),
    /** Conscrypt 2.9.0's SSLContext (BoringSSL through JNI); its sockets in engine mode. */
    CONSCRYPT("conscrypt", "Conscrypt 2.9.0 TLS (engine-based sockets)"),
    /** SunJSSE on the JDK's own providers, for reference. */
    SUNJSSE("sunjsse", "SunJSSE on the JDK providers");

    final String id;
    final String description;

    Stack(String id, String description) {
        this.id = id;
        this.description = description;
    }

    /** Installs the JCA providers the stack runs on; call first thing in the server's main. */
    void installProviders() {
        if (this == ACCELJCE_TLS || this == SUNJSSE_ACCELJCE) {
            System.setProperty("acceljce.policy", "native");
            dev.acceljce.control.Settings.reload();
            Security.insertProviderAt(new AccelJceProvider(), 1);
        }
    }

    SSLContext serverContext(KeyManager[] keys) throws GeneralSecurityException {
        return switch (this) {
            case ACCELJCE_TLS -> TlsContexts.acceljceServer(keys);
            case SUNJSSE_ACCELJCE, SUNJSSE -> TlsContexts.server(keys);
            case CONSCRYPT -> {
                SSLContext ctx = SSLContext.getInstance("TLS", org.conscrypt.Conscrypt.newProvider());
                ctx.init(keys, null, null);
                yield ctx;
            }
        };
    }

    /** A client context of the same stack (for engine pairs in one JVM). */
    SSLContext clientContext(TrustManager[] trust) throws GeneralSecurityException {
        SSLContext ctx = switch (this) {
            case ACCELJCE_TLS -> SSLContext.getInstance("TLS", new dev.acceljce.jsse.AccelJceTlsProvider());
            case SUNJSSE_ACCELJCE, SUNJSSE -> SSLContext.getInstance("TLS", "SunJSSE");
            case CONSCRYPT -> SSLContext.getInstance("TLS", org.conscrypt.Conscrypt.newProvider());
        };
        ctx.init(null, trust, null);
        return ctx;
    }

    /**
     * The context's server socket factory. Conscrypt's default sockets read the descriptor in
     * native code, which blocks a virtual thread's carrier (two carriers here: the third idle
     * connection would stop the server); its engine-based sockets read through Java's socket.
     */
    SSLServerSocketFactory serverSocketFactory(SSLContext context) {
        SSLServerSocketFactory f = context.getServerSocketFactory();
        if (this == CONSCRYPT) {
            org.conscrypt.Conscrypt.setUseEngineSocket(f, true);
        }
        return f;
    }

    boolean ownTls() {
        return this == ACCELJCE_TLS;
    }

    static Stack byId(String id) {
        return Arrays.stream(values())
                .filter(s -> s.id.equals(id))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown stack '" + id + "'; known: " + ids()));
    }

    static List<String> ids() {
        return Arrays.stream(values()).map(s -> s.id).toList();
    }
}
