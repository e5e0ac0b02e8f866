package dev.acceljce;

import dev.acceljce.agreement.AgreementServices;
import dev.acceljce.cipher.CipherServices;
import dev.acceljce.control.Management;
import dev.acceljce.control.Path;
import dev.acceljce.control.PathViews;
import dev.acceljce.control.Trace;
import dev.acceljce.digest.DigestServices;
import dev.acceljce.jdk.JdkProviders;
import dev.acceljce.kdf.KdfServices;
import dev.acceljce.kem.KemServices;
import dev.acceljce.keygen.KeyGeneratorServices;
import dev.acceljce.keys.KeysServices;
import dev.acceljce.mac.MacServices;
import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.params.ParameterServices;
import dev.acceljce.random.RandomServices;
import dev.acceljce.rsa.RsaCipherServices;
import dev.acceljce.service.Registrations;
import dev.acceljce.service.ServiceReport;
import dev.acceljce.service.ServiceTable;
import dev.acceljce.signature.MlDsaServices;
import dev.acceljce.signature.SignatureServices;
import java.security.Provider;
import java.util.List;

/**
 * The AccelJCE provider: JCA/JCE services served by OpenSSL's libcrypto and, for the families
 * the engine table gives it, AWS-LC's, through {@code java.lang.foreign}, with the JDK's own
 * providers as the fallback path.
 *
 * <p>Install it first with {@code Security.insertProviderAt(new AccelJceProvider(), 1)}, or with
 * {@code security.provider.1=AccelJCE} in a {@code java.security} file (it is found through
 * {@link java.util.ServiceLoader}). Run with {@code --enable-native-access=dev.acceljce.provider}
 * (module path) or {@code --enable-native-access=ALL-UNNAMED} (class path).
 *
 * <p>Every service is registered with {@code putService} here (no legacy {@code put()} entries,
 * which send JCA look-ups down a synchronized path). Each family registers its own services.
 *
 * <p>The first instance publishes the operation counters as the MBean
 * {@code dev.acceljce:type=Counters}, or with a {@code loader=} key when another copy of AccelJCE
 * (another class loader) in the JVM has that name (see {@link Management}).
 */
public final class AccelJceProvider extends Provider implements Registrations {
    public static final String NAME = "AccelJCE";

    static {
        PathViews.install(AccelJceProvider::pathView);
    }

    /** Declared services left out because the loaded library cannot serve them; see ServiceReport. */
    private final transient List<ServiceReport.NotRegistered> notRegistered;

    public AccelJceProvider() {
        this(null);
    }

    /** A provider whose objects are all served on {@code forced} (null: by the decision point). */
    private AccelJceProvider(Path forced) {
        super(
                NAME,
                "0.1",
                "AccelJCE: JCA/JCE over OpenSSL and AWS-LC libcrypto (java.lang.foreign)"
                        + (forced == null ? "" : ", every object on the " + forced + " path"));
        JdkProviders.remember();
        ServiceTable table = new ServiceTable(this, forced);
        DigestServices.register(table);
        MacServices.register(table);
        CipherServices.register(table);
        KeyGeneratorServices.register(table);
        ParameterServices.register(table);
        RandomServices.register(table);
        KdfServices.register(table);
        KeysServices.register(table);
        SignatureServices.register(table);
        AgreementServices.register(table);
        RsaCipherServices.register(table);
        KemServices.register(table);
        MlDsaServices.register(table);
        table.services().forEach(this::putService);
        notRegistered = List.copyOf(table.notRegistered());
        Management.register(this);
        if (forced == null && Trace.load()) {
            traceAtLoad();
        }
    }

    @Override
    public List<ServiceReport.NotRegistered> notRegistered() {
        return notRegistered;
    }

    /** The load-time trace: the library, then each algorithm and how it is served. */
    private void traceAtLoad() {
        Trace.atLoad(
                LibCrypto.isAvailable()
                        ? "AccelJCE: " + LibCrypto.version() + " from " + LibCrypto.path() + " (" + LibCrypto.source()
                                + ")"
                        : "AccelJCE: no libcrypto (" + LibCrypto.unavailableReason()
                                + "); every service on the JDK path");
        if (!JdkProviders.absent().isEmpty()) {
            Trace.atLoad("AccelJCE: the JDK providers " + JdkProviders.absent() + " are not installed: their"
                    + " families are served natively only (no JDK fallback, no policy route to the JDK)");
        }
        for (ServiceReport.Row r : ServiceReport.of(this)) {
            Trace.atLoad("AccelJCE: " + r.type() + "." + r.algorithm() + " -> " + r.route()
                    + (r.nativeAvailable() ? "" : " (native unavailable: " + r.unavailableReason() + ")")
                    + (r.nativeAvailable() && r.jdkHandOff() != null ? "; hands to the JDK: " + r.jdkHandOff() : ""));
        }
        for (ServiceReport.NotRegistered r : notRegistered) {
            Trace.atLoad("AccelJCE: " + r.type() + "." + r.algorithm() + " not registered: " + r.reason());
        }
    }

    private static final class Views {
        static final AccelJceProvider NATIVE = new AccelJceProvider(Path.NATIVE);
        static final AccelJceProvider JDK = new AccelJceProvider(Path.JDK);
    }

    /**
     * A provider (not installed anywhere) whose every object is served on one path, ignoring the
     * policy: the native path where OpenSSL has the algorithm, else the JDK's. The auto policy uses
     * these for its per-message choice; they also let a benchmark compare both paths through
     * AccelJCE. Switches still apply to provider objects created through the normal constructor.
     */
    public static Provider pathView(Path path) {
        return path == Path.NATIVE ? Views.NATIVE : Views.JDK;
    }
}
