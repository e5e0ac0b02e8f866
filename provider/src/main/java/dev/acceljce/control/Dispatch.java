package dev.acceljce.control;

import java.util.Set;

/**
 * The one decision point: every AccelJCE service object is created through {@link #choose}, which
 * decides whether OpenSSL (native) or the JDK's own provider serves it, and {@link #created}
 * records the decision and hands the object its operation counter.
 *
 * <p>{@link #choose} applies the switches in {@link Settings} and whether the loaded OpenSSL has
 * the algorithm; {@link #route} adds the policy (native, jdk, or auto by payload size from
 * {@link Crossovers}).
 */
public final class Dispatch {
    private Dispatch() {}

    /**
     * Decides the path for a new service object.
     *
     * @param nativeAvailable whether the loaded OpenSSL offers this algorithm
     */
    public static Path choose(Family family, String type, String algorithm, boolean nativeAvailable) {
        return nativeAvailable
                        && Settings.nativeAllowed(family)
                        && Health.nativeHealthy(family)
                        && Settings.engine(family) != Settings.EngineChoice.JDK
                ? Path.NATIVE
                : Path.JDK;
    }

    /**
     * The library a new native object of {@code family} runs on, among the {@code offered} ones
     * its service can run on: {@code acceljce.engine.<family>} when it names one of them and that
     * library is loaded, else the built-in choice ({@link Engines#preferred}) when offered and
     * loaded, else OpenSSL. A library whose {@link EngineSelfTests} failed for the family is not
     * chosen. FIPS mode is OpenSSL's FIPS provider only.
     */
    public static Engine engine(Family family, Set<Engine> offered) {
        if (Fips.on() || offered.size() == 1) {
            return Engine.OPENSSL;
        }
        Engine wanted = switch (Settings.engine(family)) {
            case OPENSSL -> Engine.OPENSSL;
            case AWSLC -> Engine.AWSLC;
            case AUTO, JDK -> Engines.preferred(family);
        };
        return offered.contains(wanted) && wanted.available() && Health.engineHealthy(family, wanted)
                ? wanted
                : Engine.OPENSSL;
    }

    /**
     * For an object of {@code family} that {@link #engine} put on AWS-LC: the message size from
     * which it hands a whole message to OpenSSL, where the built-in choice changes library with
     * the size ({@link Engines#choice}); {@code Long.MAX_VALUE} when it never does (a library
     * named in the settings, FIPS mode, OpenSSL not chosen above any size).
     */
    public static long openSslFrom(Family family) {
        if (Fips.on() || Settings.engine(family) != Settings.EngineChoice.AUTO) {
            return Long.MAX_VALUE;
        }
        Engines.Choice c = Engines.choice(family);
        return c.below() == Engine.AWSLC && c.above() == Engine.OPENSSL ? c.threshold() : Long.MAX_VALUE;
    }

    /**
     * How a new object is served: one path, or (policy auto, where the faster path depends on the
     * payload size) each message by its size, when the engine type can switch per message.
     */
    public record Route(Path path, Crossovers.Crossover crossover) {
        public boolean perMessage() {
            return crossover != null;
        }
    }

    /**
     * The full decision for a new object: switches and availability ({@link #choose}), then the
     * policy. {@code jdkAvailable}: whether a JDK provider has the algorithm (the JDK path is never
     * picked by policy when it does not). {@code perMessageCapable}: whether the engine type can
     * pick its path per message (MessageDigest, Mac, Cipher transformations: see
     * {@code dev.acceljce.policy.PerMessage}).
     */
    public static Route route(
            Family family,
            String type,
            String algorithm,
            boolean nativeAvailable,
            boolean jdkAvailable,
            boolean perMessageCapable) {
        Path allowed = choose(family, type, algorithm, nativeAvailable);
        if (allowed == Path.JDK || !jdkAvailable) {
            return new Route(allowed, null);
        }
        Settings.EngineChoice engine = Settings.engine(family);
        if (engine == Settings.EngineChoice.OPENSSL || engine == Settings.EngineChoice.AWSLC) {
            return new Route(Path.NATIVE, null); // a library named: no size policy
        }
        return switch (Settings.policy(family)) {
            case NATIVE -> new Route(Path.NATIVE, null);
            case JDK -> new Route(Path.JDK, null);
            case AUTO -> {
                Crossovers.Crossover c = Crossovers.lookup(family, algorithm);
                if (c.constant()) {
                    yield new Route(c.below(), null);
                }
                yield perMessageCapable ? new Route(null, c) : new Route(c.pathFor(Crossovers.TYPICAL_SIZE), null);
            }
        };
    }

    /**
     * Records a created object of {@code service} ("type.algorithm"): its tally counts from now
     * on, and the decision is counted.
     */
    public static Object created(Object spi, String service, Path path) {
        Counters.Tally tally = Counters.register(spi, service, path);
        if (spi instanceof Counted c) {
            c.attach(tally);
        }
        return spi;
    }
}
