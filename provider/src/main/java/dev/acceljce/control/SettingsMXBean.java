package dev.acceljce.control;

import java.util.Map;

/**
 * AccelJCE's settings over JMX ({@code dev.acceljce:type=Settings}, beside the counters; a further
 * copy of AccelJCE in the JVM registers its own with the same {@code loader=} key as its counters):
 * read what is in force and change switches and policies at run time. A change applies to service
 * objects created after it (see {@link Settings}), in this copy only.
 */
public interface SettingsMXBean {
    String OBJECT_NAME = "dev.acceljce:type=Settings";

    /** Every AccelJCE (and Semeru) setting in force, with where it comes from. */
    Map<String, String> getSettings();

    /** The crossover table of the auto policy, with where each entry comes from. */
    Map<String, String> getCrossovers();

    /** The value of one setting, or null. */
    String get(String key);

    /** Sets a run-time override, e.g. {@code set("acceljce.native.gcm", "false")}. */
    void set(String key, String value);

    /** Removes a run-time override (the system property or file value applies again). */
    void clear(String key);

    /** Reads the crossover profile again (after {@code acceljce calibrate} rewrote it). */
    void reloadCrossovers();
}
