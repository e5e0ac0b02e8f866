package dev.acceljce.bench;

import java.security.GeneralSecurityException;
import java.security.Provider;
import java.security.Security;

import dev.acceljce.AccelJceProvider;

/**
 * Turns a benchmark's {@code provider} parameter into the engine object under test.
 *
 * <p>{@code AccelJCE} is a fresh {@link AccelJceProvider} (not installed in the provider list)
 * under the policy the JVM was started with (the documented runs use {@code acceljce.policy=native});
 * {@code AccelJCE-auto} is one under policy auto with the built-in crossovers (or the profile);
 * {@code JDK} is the JDK's own provider of the service (SUN for digests, SunJCE for ciphers and
 * MACs), found in the provider list. The Provider object is passed to {@code getInstance}, so no
 * provider list order is involved.
 */
final class BenchmarkProviders {
    /** The values every benchmark's {@code provider} parameter takes. */
    static final String ACCELJCE = "AccelJCE";
    static final String JDK = "JDK";
    /** Not in the default parameter lists: name it with {@code -p provider=...}. */
    static final String ACCELJCE_AUTO = "AccelJCE-auto";

    /** An engine factory: {@code Cipher::getInstance}, {@code Mac::getInstance}, ... */
    @FunctionalInterface
    interface Engine<T> {
        T getInstance(String algorithm, Provider provider) throws GeneralSecurityException;
    }

    private BenchmarkProviders() {}

    /**
     * The engine for {@code type.algorithm} from the chosen provider. Fails the benchmark (JMH
     * reports it and goes on with the next one) when that provider does not serve the algorithm,
     * rather than silently measuring someone else's implementation.
     */
    static <T> T engine(String choice, String type, String algorithm, Engine<T> engine) {
        Provider provider = provider(choice, type, algorithm);
        try {
            return engine.getInstance(algorithm, provider);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(provider.getName() + " does not serve " + type + "."
                    + algorithm + " in this build: nothing to measure (" + e.getMessage() + ")", e);
        }
    }

    private static Provider provider(String choice, String type, String algorithm) {
        return switch (choice) {
            case ACCELJCE -> new AccelJceProvider();
            case ACCELJCE_AUTO -> {
                // the policy is read when an object is created: set before getInstance
                dev.acceljce.control.Settings.set("acceljce.policy", "auto");
                yield new AccelJceProvider();
            }
            case JDK -> jdk(type, algorithm);
            default -> throw new IllegalArgumentException(
                    "provider must be " + ACCELJCE + ", " + ACCELJCE_AUTO + " or " + JDK + ", not " + choice);
        };
    }

    private static Provider jdk(String type, String algorithm) {
        // a transformation ("RSA/ECB/OAEPPadding") may be served by its base algorithm's service
        String base = algorithm.split("/")[0];
        for (Provider p : Security.getProviders()) {
            if (!p.getName().equals(AccelJceProvider.NAME)
                    && (p.getService(type, algorithm) != null || p.getService(type, base) != null)) {
                return p;
            }
        }
        throw new IllegalStateException("no JDK provider serves " + type + "." + algorithm);
    }
}
