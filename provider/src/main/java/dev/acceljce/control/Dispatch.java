package dev.acceljce.control;

/**
 * The one decision point: every AccelJCE service object is created through {@link #choose}, which
 * decides whether OpenSSL (native) or the JDK's own provider serves it, and {@link #created}
 * records the decision and hands the object its operation counter.
 *
 * <p>Today the decision is per object, from the switches in {@link Settings} and from whether the
 * loaded OpenSSL has the algorithm. Size-based policy and per-call counters hang here too.
 */
public final class Dispatch {
    private Dispatch() {}

    /**
     * Decides the path for a new service object.
     *
     * @param nativeAvailable whether the loaded OpenSSL offers this algorithm
     */
    public static Path choose(Family family, String type, String algorithm, boolean nativeAvailable) {
        return nativeAvailable && Settings.nativeAllowed(family) ? Path.NATIVE : Path.JDK;
    }

    /** Records a created object: its tally counts from now on, and the decision is counted. */
    public static Object created(Object spi, String type, String algorithm, Path path) {
        Counters.Tally tally = Counters.register(spi, type, algorithm, path);
        if (spi instanceof Counted c) {
            c.attach(tally);
        }
        return spi;
    }
}
