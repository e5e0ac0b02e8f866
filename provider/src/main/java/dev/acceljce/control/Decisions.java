package dev.acceljce.control;

/**
 * What the decision point decided, per service: how many objects were created on the native path
 * and how many on the JDK path. Tests read it to prove which path served a workload (a TLS
 * handshake, for instance). A view over {@link Counters}, which also counts operations and bytes.
 */
public final class Decisions {
    private Decisions() {}

    /** Objects created for one service ("MessageDigest", "SHA-256") on one path so far. */
    public static long count(String type, String algorithm, Path path) {
        Counters.Row r = Counters.of(type + "." + algorithm);
        return path == Path.NATIVE ? r.nativeObjects() : r.jdkObjects();
    }
}
