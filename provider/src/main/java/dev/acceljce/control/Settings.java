package dev.acceljce.control;

/**
 * Provider-wide settings, read from system properties when asked (so a change applies to objects
 * created after it).
 *
 * <ul>
 *   <li>{@code acceljce.native} (default {@code true}): {@code false} makes AccelJCE serve every
 *       call through the JDK's own providers, with identical results, so both paths can be
 *       compared. Semeru's {@code jdk.nativeCrypto} is honoured the same way.</li>
 *   <li>{@code acceljce.native.<family>} (see {@link Family#property()}): the same, per family.</li>
 *   <li>{@code acceljce.counters} (default {@code true}): {@code false} stops counting operations
 *       ({@link Counters}).</li>
 *   <li>{@code acceljce.jmx} (default {@code true}): {@code false} keeps the counters MBean out of
 *       the platform MBean server ({@link Management}).</li>
 * </ul>
 */
public final class Settings {
    private Settings() {}

    /** Whether the native path may serve {@code family} (the master switch and the family's own). */
    public static boolean nativeAllowed(Family family) {
        return flag("acceljce.native", "jdk.nativeCrypto")
                && flag("acceljce.native." + family.property(), null);
    }

    private static boolean flag(String name, String alias) {
        String v = System.getProperty(name);
        if (v == null && alias != null) {
            v = System.getProperty(alias);
        }
        return v == null || !v.trim().equalsIgnoreCase("false");
    }
}
