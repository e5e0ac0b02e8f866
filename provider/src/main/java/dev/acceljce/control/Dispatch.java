package dev.acceljce.control;

/**
 * The one decision point: every AccelJCE service object is created through {@link #choose}, which
 * decides whether OpenSSL (native) or the JDK's own provider serves it, and records the decision.
 *
 * <p>Today the decision is per object, from the switches in {@link Settings} and from whether the
 * loaded OpenSSL has the algorithm. Size-based policy and per-call counters hang here too.
 */
public final class Dispatch {
    private Dispatch() {}

    /**
     * Decides the path for a new service object and records it.
     *
     * @param nativeAvailable whether the loaded OpenSSL offers this algorithm
     */
    public static Path choose(Family family, String type, String algorithm, boolean nativeAvailable) {
        Path path = nativeAvailable && Settings.nativeAllowed(family) ? Path.NATIVE : Path.JDK;
        Decisions.record(type, algorithm, path);
        return path;
    }
}
