package dev.acceljce.control;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the decision point decided: per service ("Cipher.AES/GCM/NoPadding") how many objects were
 * created on the native path and how many on the JDK path. Tests read it to prove which path
 * served a workload (a TLS handshake, for instance).
 */
public final class Decisions {
    private static final Map<String, LongAdder[]> COUNTS = new ConcurrentHashMap<>();

    private Decisions() {}

    static void record(String type, String algorithm, Path path) {
        COUNTS.computeIfAbsent(type + "." + algorithm, k -> new LongAdder[] {new LongAdder(), new LongAdder()})
                [path.ordinal()].increment();
    }

    /** Objects created per service and path, as a sorted snapshot. */
    public static Map<String, Map<Path, Long>> snapshot() {
        Map<String, Map<Path, Long>> out = new TreeMap<>();
        COUNTS.forEach((k, v) -> out.put(k, Map.of(Path.NATIVE, v[0].sum(), Path.JDK, v[1].sum())));
        return out;
    }

    /** Objects created for one service on one path so far. */
    public static long count(String type, String algorithm, Path path) {
        LongAdder[] v = COUNTS.get(type + "." + algorithm);
        return v == null ? 0 : v[path.ordinal()].sum();
    }

    public static void reset() {
        COUNTS.clear();
    }
}
