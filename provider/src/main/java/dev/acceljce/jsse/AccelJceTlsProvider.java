package dev.acceljce.jsse;

import dev.acceljce.libssl.LibSsl;
import java.security.Provider;
import java.util.List;
import java.util.Map;

/**
 * AccelJCE's TLS stack as a provider of its own, {@code AccelJCE-TLS}: {@code SSLContext}
 * services {@code TLS}, {@code TLSv1.3}, {@code TLSv1.2} and {@code Default}, whose engines run
 * AWS-LC's libssl. Separate from the JCA provider {@code AccelJCE}, so an application can list
 * AccelJCE first for its primitives and still take SunJSSE, or this, for TLS:
 * {@code SSLContext.getInstance("TLS", "AccelJCE-TLS")}.
 *
 * <p>No service is registered when libssl cannot be loaded ({@link LibSsl#unavailableReason()}).
 * The services are registered when first asked for, not in the constructor: loading the bundled
 * libraries checks their digests with the JDK's SHA-256, found through the provider list, and a
 * constructor that did so while the JDK builds that list from {@code java.security} (this provider
 * listed there) would recurse into its own loading, and the JDK would drop the provider.
 */
public final class AccelJceTlsProvider extends Provider {
    public static final String NAME = "AccelJCE-TLS";

    /**
     * One line for {@code acceljce info}: where libssl was loaded from and what the stack offers,
     * or why it is not available.
     */
    public static String describe() {
        if (!LibSsl.isAvailable()) {
            return "not available: " + LibSsl.unavailableReason();
        }
        return "AccelJCE-TLS on AWS-LC's libssl at " + LibSsl.path() + ": SSLContext TLS, TLSv1.3, TLSv1.2, Default;"
                + " SSLEngine, SSLSocket and SSLServerSocket; " + String.join(", ", TlsNames.PROTOCOLS) + "; groups "
                + String.join(", ", TlsNames.supportedGroups()) + "; "
                + TlsNames.supportedSuites().size()
                + " cipher suites (" + TlsNames.defaultSuites().size() + " on by default)";
    }

    private volatile boolean registered;

    public AccelJceTlsProvider() {
        super(NAME, "0.1", "AccelJCE TLS: SSLContext on AWS-LC's libssl (TLS 1.3 and 1.2, post-quantum hybrid groups)");
    }

    @Override
    public Service getService(String type, String algorithm) {
        register();
        return super.getService(type, algorithm);
    }

    @Override
    public java.util.Set<Service> getServices() {
        register();
        return super.getServices();
    }

    /** Registers the services once, when libssl loads (see the class comment for why not earlier). */
    private void register() {
        if (registered) {
            return;
        }
        synchronized (this) {
            if (registered) {
                return;
            }
            registered = true;
            if (LibSsl.isAvailable()) {
                registerServices();
            }
        }
    }

    private void registerServices() {
        String tls = AccelSslContext.Tls.class.getName();
        putService(new Service(this, "SSLContext", "TLS", tls, List.of("TLSv1.3"), Map.of()));
        putService(
                new Service(this, "SSLContext", "TLSv1.2", AccelSslContext.Tls12.class.getName(), List.of(), Map.of()));
        putService(new Service(
                this, "SSLContext", "Default", AccelSslContext.Default.class.getName(), List.of(), Map.of()));
    }
}
