package dev.acceljce.control;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The trace, through {@link System.Logger} "dev.acceljce" (so it goes wherever the application's
 * logging goes). Setting {@code acceljce.trace} (Semeru: {@code jdk.nativeCryptoTrace=true}):
 * <ul>
 *   <li>{@code off} (default): nothing beyond the one line naming the loaded library;</li>
 *   <li>{@code load}: when a provider is constructed, the library (path, version, how chosen) and
 *       for each registered algorithm whether it is served natively, by the JDK, or by policy;</li>
 *   <li>{@code calls}: also each path decision as objects are created (and, under policy auto,
 *       as messages pick their path), at most {@value #CALLS_PER_SECOND} lines a second; the
 *       number left out is reported with the next line written.</li>
 * </ul>
 */
public final class Trace {
    public static final int CALLS_PER_SECOND = 20;
    /** Where lines go; tests in this package swap it to read them. */
    static volatile System.Logger log = System.getLogger("dev.acceljce");

    private static final AtomicLong WINDOW = new AtomicLong();
    private static final AtomicLong IN_WINDOW = new AtomicLong();
    private static final AtomicLong SUPPRESSED = new AtomicLong();

    private Trace() {}

    /** The trace level in force: "off", "load" or "calls" (kept in the settings' snapshot). */
    public static String level() {
        return Settings.traceLevel();
    }

    public static boolean load() {
        String l = level();
        return l.equals("load") || l.equals("calls");
    }

    public static boolean calls() {
        return level().equals("calls");
    }

    /** A line of the load-time trace. */
    public static void atLoad(String line) {
        log.log(System.Logger.Level.INFO, line);
    }

    /** A path decision, written when the call trace is on and the rate allows. */
    public static void decision(String type, String algorithm, String how) {
        if (!calls()) {
            return;
        }
        long second = System.nanoTime() / 1_000_000_000L;
        long w = WINDOW.get();
        if (w != second && WINDOW.compareAndSet(w, second)) {
            IN_WINDOW.set(0);
        }
        if (IN_WINDOW.incrementAndGet() > CALLS_PER_SECOND) {
            SUPPRESSED.incrementAndGet();
            return;
        }
        long left = SUPPRESSED.getAndSet(0);
        log.log(
                System.Logger.Level.INFO,
                type + "." + algorithm + ": " + how
                        + (left > 0 ? " (" + left + " earlier decisions not traced: rate limit)" : ""));
    }
}
