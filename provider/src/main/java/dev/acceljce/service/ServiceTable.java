package dev.acceljce.service;

import dev.acceljce.control.Crossovers;
import dev.acceljce.control.Dispatch;
import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.control.Health;
import dev.acceljce.control.Path;
import dev.acceljce.control.Trace;
import dev.acceljce.jdk.JdkProviders;
import dev.acceljce.openssl.FipsModule;
import dev.acceljce.openssl.LibContext;
import dev.acceljce.policy.PerMessage;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Where families declare their services. Each service names its native implementation, a probe
 * telling whether the loaded OpenSSL has the algorithm, and its JDK fallback; object creation goes
 * through {@link Dispatch#choose}, the single decision point.
 */
public final class ServiceTable {
    /** Creates the native SPI object; may receive the JCA constructor parameter (SecureRandom). */
    @FunctionalInterface
    public interface Factory {
        Object create(Object constructorParameter) throws Exception;
    }

    private final Provider provider;
    /** Non-null for a path view: every object is served on this path (no policy). */
    private final Path forced;

    private final List<Provider.Service> services = new ArrayList<>();
    private final List<ServiceReport.NotRegistered> notRegistered = new ArrayList<>();

    public ServiceTable(Provider provider, Path forced) {
        this.provider = provider;
        this.forced = forced;
    }

    public List<Provider.Service> services() {
        return services;
    }

    /** Services a family declared but left out, because the loaded library cannot serve them. */
    public List<ServiceReport.NotRegistered> notRegistered() {
        return notRegistered;
    }

    /** Starts declaring {@code type.algorithm} in {@code family}. */
    public Builder add(Family family, String type, String algorithm) {
        return new Builder(family, type, algorithm);
    }

    public final class Builder {
        private final Family family;
        private final String type;
        private final String algorithm;
        private final List<String> aliases = new ArrayList<>();
        private final Map<String, String> attributes = new HashMap<>();
        private BooleanSupplier nativeAvailable = () -> false;
        private String nativeUnavailableReason;
        private Factory nativeFactory;
        private Factory jdkFactory;
        private BooleanSupplier registrationCondition;
        private Supplier<String> notRegisteredReason;
        private String jdkHandOff;
        private Engine nativeEngine = Engine.OPENSSL;
        private Set<Engine> engines;

        private Builder(Family family, String type, String algorithm) {
            this.family = family;
            this.type = type;
            this.algorithm = algorithm;
        }

        public Builder aliases(String... names) {
            Collections.addAll(aliases, names);
            return this;
        }

        /** Adds an OID as the JDK does: both "1.2.3" and "OID.1.2.3". */
        public Builder oid(String oid) {
            aliases.add(oid);
            aliases.add("OID." + oid);
            return this;
        }

        public Builder attribute(String name, String value) {
            attributes.put(name, value);
            return this;
        }

        /**
         * The native implementation and the probe that says whether the loaded library has it.
         * The probe runs once, on first use, and only when libcrypto is loaded.
         */
        public Builder nativeImpl(BooleanSupplier available, Factory factory) {
            this.nativeAvailable = available;
            this.nativeFactory = factory;
            return this;
        }

        /**
         * The library the native implementation runs on, when it is not OpenSSL: its probe runs
         * only when that library is loaded.
         */
        public Builder nativeEngine(Engine engine) {
            this.nativeEngine = engine;
            return this;
        }

        /**
         * The libraries the native implementation can run on, when more than one: its factory
         * asks {@code Dispatch.engine} which serves a new object; reports name it. The probe
         * still runs on {@link #nativeEngine} (OpenSSL by default).
         */
        public Builder engines(Set<Engine> libraries) {
            this.engines = Set.copyOf(libraries);
            return this;
        }

        /**
         * For a service the JDK's provider serves (pure data such as {@code AlgorithmParameters.EC},
         * where its answers are the reference): AccelJCE's own implementation, used only in a JVM
         * where no JDK provider has the algorithm. It counts as the native path.
         */
        public Builder withoutJdk(Factory factory) {
            this.nativeAvailable = () -> !JdkProviders.has(type, algorithm);
            this.nativeFactory = factory;
            this.nativeUnavailableReason = "served by the JDK's provider while one is installed";
            return this;
        }

        /** The JDK fallback; the default forwards to the JDK's provider of the same algorithm. */
        public Builder jdkImpl(Factory factory) {
            this.jdkFactory = factory;
            return this;
        }

        /**
         * The cases a native object of this service hands to the JDK's provider internally (a
         * mode, parameter or key OpenSSL is not used for), for the capability report and the
         * trace. Those operations are counted on the JDK path (see
         * {@link dev.acceljce.control.Counters.Tally#handedToJdk}).
         */
        public Builder handsToJdk(String cases) {
            this.jdkHandOff = cases;
            return this;
        }

        /**
         * Registers the service only when {@code condition} holds at provider construction (for
         * algorithms AccelJCE must not offer at all on an older library, although the JDK has
         * them); otherwise the service is listed by {@link ServiceReport#notRegistered} with
         * {@code reason}. The condition is evaluated once, by {@link #register()}.
         */
        public Builder onlyIf(BooleanSupplier condition, Supplier<String> reason) {
            this.registrationCondition = condition;
            this.notRegisteredReason = reason;
            return this;
        }

        public void register() {
            if (LibContext.fipsRequested()) {
                registerInFipsMode();
                return;
            }
            if (registrationCondition != null) {
                String reason;
                try {
                    reason = registrationCondition.getAsBoolean() ? null : notRegisteredReason.get();
                } catch (RuntimeException | LinkageError e) {
                    reason = "probe failed: " + e;
                }
                if (reason != null) {
                    notRegistered.add(
                            new ServiceReport.NotRegistered(type, algorithm, family, List.copyOf(aliases), reason));
                    return;
                }
            }
            if (nativeFactory == null && !JdkProviders.has(type, algorithm)) {
                // only the JDK's provider serves it, and none was installed when AccelJCE was made
                notRegistered.add(new ServiceReport.NotRegistered(
                        type,
                        algorithm,
                        family,
                        List.copyOf(aliases),
                        "only the JDK's provider serves it here, and " + JdkProviders.missing(type, algorithm)));
                return;
            }
            if (jdkFactory == null) {
                jdkFactory = JdkFallbacks.forType(type, algorithm);
            }
            services.add(new AccelService(
                    provider,
                    family,
                    type,
                    algorithm,
                    List.copyOf(aliases),
                    Map.copyOf(attributes),
                    nativeAvailable,
                    nativeUnavailableReason,
                    nativeFactory,
                    jdkFactory,
                    forced,
                    jdkHandOff,
                    nativeEngine,
                    engines != null ? engines : Set.of(nativeEngine)));
        }

        /**
         * FIPS mode: the service is registered only when the module loaded, the rule table allows
         * it and the module offers it approved (its probe fetches with "fips=yes"); then it is
         * always served natively, with no JDK factory at all.
         */
        private void registerInFipsMode() {
            String reason = fipsRefusal();
            if (reason != null) {
                notRegistered.add(
                        new ServiceReport.NotRegistered(type, algorithm, family, List.copyOf(aliases), reason));
                return;
            }
            Factory refuse = p -> {
                throw new NoSuchAlgorithmException(
                        type + "." + algorithm + " through the JDK: " + FipsModule.NOT_APPROVED);
            };
            services.add(new AccelService(
                    provider,
                    family,
                    type,
                    algorithm,
                    List.copyOf(aliases),
                    Map.copyOf(attributes),
                    nativeAvailable,
                    nativeUnavailableReason,
                    nativeFactory,
                    refuse,
                    Path.NATIVE,
                    null,
                    Engine.OPENSSL,
                    Set.of(Engine.OPENSSL)));
        }

        private String fipsRefusal() {
            FipsModule.Status fips = LibContext.fips();
            if (!fips.active()) {
                return "FIPS mode, and the FIPS module did not load: " + fips.failure();
            }
            String rule = FipsApproval.refusal(family, type, algorithm);
            if (rule != null) {
                return rule;
            }
            if (nativeFactory == null) {
                return FipsApproval.why("only the JDK's provider serves it, and there is no JDK path in FIPS mode");
            }
            try {
                if (registrationCondition != null && !registrationCondition.getAsBoolean()) {
                    return FipsApproval.why(notRegisteredReason.get());
                }
                if (!nativeAvailable.getAsBoolean()) {
                    return FipsApproval.why("the FIPS module does not offer it with fips=yes");
                }
            } catch (RuntimeException | LinkageError e) {
                return FipsApproval.why("probe failed: " + e);
            }
            return null;
        }
    }

    /** A service whose {@code newInstance} asks the decision point which path serves it. */
    static final class AccelService extends Provider.Service {
        private final Family family;
        private final List<String> aliases;
        private final BooleanSupplier probe;
        private final String probeFailedReason;
        private final Factory nativeFactory;
        private final Factory jdkFactory;
        private final Path forced;
        private final String jdkHandOff;
        private final Engine nativeEngine;
        private final Set<Engine> engines;
        /** "type.algorithm", the service's name in the counters, built once. */
        private final String counterName;

        private volatile Boolean nativeAvailable;
        private volatile Boolean jdkAvailable;
        private volatile String unavailableReason;

        AccelService(
                Provider provider,
                Family family,
                String type,
                String algorithm,
                List<String> aliases,
                Map<String, String> attributes,
                BooleanSupplier probe,
                String probeFailedReason,
                Factory nativeFactory,
                Factory jdkFactory,
                Path forced,
                String jdkHandOff,
                Engine nativeEngine,
                Set<Engine> engines) {
            super(
                    provider,
                    type,
                    algorithm,
                    nativeFactory != null ? nativeFactory.getClass().getName() : "dev.acceljce.jdk.Forwarding",
                    aliases,
                    attributes);
            this.family = family;
            this.aliases = aliases;
            this.probe = probe;
            this.probeFailedReason = probeFailedReason;
            this.nativeFactory = nativeFactory;
            this.jdkFactory = jdkFactory;
            this.forced = forced;
            this.jdkHandOff = jdkHandOff;
            this.nativeEngine = nativeEngine;
            this.engines = engines;
            this.counterName = type + "." + algorithm;
        }

        /** The library a new native object of this service runs on now. */
        Engine engineNow() {
            return engines.size() == 1 ? engines.iterator().next() : Dispatch.engine(family, engines);
        }

        /** The libraries this service can run on natively. */
        Set<Engine> engines() {
            return engines;
        }

        /** What a native object of this service hands to the JDK internally, or null. */
        String jdkHandOff() {
            return jdkHandOff;
        }

        Family family() {
            return family;
        }

        List<String> aliases() {
            return aliases;
        }

        /** Whether the loaded OpenSSL serves this algorithm (probed once). */
        boolean nativeAvailable() {
            Boolean b = nativeAvailable;
            if (b == null) {
                String reason = null;
                if (nativeFactory == null) {
                    reason = "no native implementation";
                } else if (!nativeEngine.available()) {
                    reason = nativeEngine.unavailableReason();
                } else {
                    try {
                        if (!probe.getAsBoolean()) {
                            reason = probeFailedReason != null
                                    ? probeFailedReason
                                    : "not offered by " + nativeEngine.version();
                        }
                    } catch (RuntimeException | LinkageError e) {
                        reason = "probe failed: " + e;
                    }
                }
                unavailableReason = reason;
                nativeAvailable = b = reason == null;
            }
            return b;
        }

        /**
         * Whether a new object may run natively: the library has the algorithm, and when the service
         * runs on another library than OpenSSL (XChaCha20-Poly1305 on AWS-LC), that library passed
         * the family's self-tests ({@link Health#engineHealthy}); OpenSSL's are asked by the
         * decision point.
         */
        private boolean nativeServes() {
            return nativeAvailable() && (nativeEngine == Engine.OPENSSL || Health.engineHealthy(family, nativeEngine));
        }

        private String whyNotNative() {
            return nativeAvailable()
                    ? nativeEngine.property() + " failed the family's self-tests"
                    : unavailableReason();
        }

        /** Whether a JDK provider has this algorithm (probed once). */
        boolean jdkAvailable() {
            Boolean b = jdkAvailable;
            if (b == null) {
                jdkAvailable = b = JdkProviders.has(getType(), getAlgorithm());
            }
            return b;
        }

        /** Why the native path is not available, or null. */
        String unavailableReason() {
            nativeAvailable();
            return unavailableReason;
        }

        @Override
        public Object newInstance(Object constructorParameter) throws NoSuchAlgorithmException {
            Path path;
            if (forced != null) {
                path = forced == Path.NATIVE && nativeServes() ? Path.NATIVE : Path.JDK;
            } else {
                PerMessage.Maker maker = PerMessage.factory(getType(), getAlgorithm());
                Factory perMessage = maker == null ? null : c -> maker.create((Crossovers.Crossover) c);
                Dispatch.Route route = Dispatch.route(
                        family, getType(), getAlgorithm(), nativeServes(), jdkAvailable(), perMessage != null);
                if (route.perMessage()) {
                    if (Trace.calls()) { // the text is built only for the trace (getInstance is on hot paths)
                        Trace.decision(getType(), getAlgorithm(), "auto per message: " + route.crossover());
                    }
                    // each message picks its path; the objects it uses are counted on their own
                    return create(perMessage, route.crossover(), null);
                }
                path = route.path();
                if (Trace.calls()) {
                    Trace.decision(
                            getType(),
                            getAlgorithm(),
                            path == Path.NATIVE
                                    ? "native (" + engineNow().property() + ")"
                                    : "JDK" + (nativeServes() ? "" : " (" + whyNotNative() + ")"));
                }
            }
            if (path == Path.JDK && !jdkAvailable() && nativeAvailable() && !nativeServes()) {
                // the one library that runs it failed its self-tests, and the JDK has none
                throw new NoSuchAlgorithmException(getType() + "." + getAlgorithm() + " is not served: "
                        + whyNotNative() + ", and no JDK provider has it");
            }
            return create(path == Path.NATIVE ? nativeFactory : jdkFactory, constructorParameter, path);
        }

        private Object create(Factory factory, Object parameter, Path path) throws NoSuchAlgorithmException {
            try {
                Object spi = factory.create(parameter);
                return path == null ? spi : Dispatch.created(spi, counterName, path);
            } catch (NoSuchAlgorithmException e) {
                throw e;
            } catch (Exception e) {
                NoSuchAlgorithmException n = new NoSuchAlgorithmException("cannot create " + getType() + "."
                        + getAlgorithm() + " (" + (path == null ? "auto" : path) + "): " + e.getMessage());
                n.initCause(e);
                throw n;
            }
        }
    }
}
