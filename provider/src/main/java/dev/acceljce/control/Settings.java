package dev.acceljce.control;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Provider-wide settings. Each is looked up, in this order, in: run-time overrides
 * ({@link #set}, also reachable over JMX), system properties, the properties file named by
 * {@code acceljce.config}, and built-in defaults. They are read when a service object is created,
 * so a change applies to objects created after it.
 *
 * <table>
 *   <caption>Settings</caption>
 *   <tr><th>key</th><th>values</th><th>meaning</th></tr>
 *   <tr><td>{@code acceljce.native}</td><td>true|false</td><td>master switch: false serves every
 *       call through the JDK's providers (Semeru: {@code jdk.nativeCrypto})</td></tr>
 *   <tr><td>{@code acceljce.native.<family>}</td><td>true|false</td><td>the same, per
 *       {@link Family} (Semeru: {@code jdk.nativeGCM}, {@code jdk.nativeCBC}, ...)</td></tr>
 *   <tr><td>{@code acceljce.policy}, {@code acceljce.policy.<family>}</td>
 *       <td>auto|native|jdk</td><td>where native is allowed: always OpenSSL, always the JDK, or
 *       the faster one for the payload size (default auto)</td></tr>
 *   <tr><td>{@code acceljce.trace}</td><td>off|load|calls</td><td>see {@link Trace}
 *       (Semeru: {@code jdk.nativeCryptoTrace=true} means load)</td></tr>
 *   <tr><td>{@code acceljce.counters}</td><td>true|false</td><td>false stops counting
 *       operations ({@link Counters}), read when the JVM starts</td></tr>
 *   <tr><td>{@code acceljce.jmx}</td><td>true|false</td><td>false keeps the counters MBean out of
 *       the platform MBean server ({@link Management})</td></tr>
 *   <tr><td>{@code acceljce.profile}</td><td>file</td><td>crossover profile written by
 *       {@code acceljce calibrate}; see {@link Crossovers}</td></tr>
 * </table>
 */
public final class Settings {
    /** Semeru's per-family switch names, for users who keep their flags. */
    private static final Map<String, Family> SEMERU_FAMILY_SWITCHES = Map.of(
            "jdk.nativeDigest", Family.DIGEST,
            "jdk.nativeGCM", Family.GCM,
            "jdk.nativeCBC", Family.AES,
            "jdk.nativeChaCha20", Family.CHACHA20,
            "jdk.nativeRSA", Family.RSA,
            "jdk.nativeEC", Family.EC,
            "jdk.nativeXDH", Family.XDH,
            "jdk.nativeEdDSA", Family.EDDSA,
            "jdk.nativePBKDF2", Family.KDF);

    private static final Map<String, String> OVERRIDES = new ConcurrentHashMap<>();
    /**
     * Per family (by ordinal): its switch and policy keys, and its Semeru switch if it has one.
     * Settings are read at every object creation (a change applies to objects made after it), so
     * the keys are built once here rather than concatenated on each read.
     */
    private static final String[] NATIVE_KEYS = keys("acceljce.native.");
    private static final String[] POLICY_KEYS = keys("acceljce.policy.");
    private static final String[] SEMERU_KEYS = new String[Family.values().length];

    static {
        SEMERU_FAMILY_SWITCHES.forEach((key, family) -> SEMERU_KEYS[family.ordinal()] = key);
    }

    private static String[] keys(String prefix) {
        String[] out = new String[Family.values().length];
        for (Family f : Family.values()) {
            out[f.ordinal()] = prefix + f.property();
        }
        return out;
    }
    private static volatile FileSettings file;

    private Settings() {}

    /** How a family is served when native is allowed. */
    public enum Policy {
        /** Always OpenSSL (when it offers the algorithm). */
        NATIVE,
        /** Always the JDK's provider. */
        JDK,
        /** The faster of the two for the payload size, from {@link Crossovers}. */
        AUTO
    }

    /** Whether the native path may serve {@code family}: the master switch and the family's own. */
    public static boolean nativeAllowed(Family family) {
        // asked for every new object: the file's settings are looked up once for all four keys
        FileSettings f = file();
        if (!flag("acceljce.native", f) || !flag("jdk.nativeCrypto", f)) {
            return false;
        }
        if (!flag(NATIVE_KEYS[family.ordinal()], f)) {
            return false;
        }
        String semeru = SEMERU_KEYS[family.ordinal()];
        return semeru == null || flag(semeru, f);
    }

    /** The policy for {@code family}: its own setting, else the provider-wide one, else AUTO. */
    public static Policy policy(Family family) {
        FileSettings f = file();
        String v = get(POLICY_KEYS[family.ordinal()], f);
        if (v == null) {
            v = get("acceljce.policy", f);
        }
        if (v == null) {
            return Policy.AUTO;
        }
        for (Policy p : Policy.values()) {
            if (p.name().equalsIgnoreCase(v.trim())) {
                return p;
            }
        }
        throw new IllegalArgumentException("acceljce.policy: '" + v + "' is not one of auto, native, jdk");
    }

    /** The value of a setting from the first source that has it, or null. */
    public static String get(String key) {
        return get(key, null);
    }

    /** {@link #get(String)} with the file's settings already looked up ({@code f}), or null to look them up. */
    private static String get(String key, FileSettings f) {
        String v = OVERRIDES.get(key);
        if (v == null) {
            v = System.getProperty(key);
        }
        if (v == null) {
            v = (f != null ? f : file()).properties.getProperty(key);
        }
        return v;
    }

    /** Overrides a setting at run time (null removes the override). Applies to new objects. */
    public static void set(String key, String value) {
        if (value == null) {
            OVERRIDES.remove(key);
        } else {
            OVERRIDES.put(key, value);
        }
    }

    /** Every setting in force that AccelJCE (or Semeru) defines, with where it came from. */
    public static Map<String, String> describe() {
        Map<String, String> out = new TreeMap<>();
        file().properties.stringPropertyNames().stream()
                .filter(Settings::ours).forEach(k -> out.put(k, file().properties.getProperty(k) + " (file)"));
        System.getProperties().stringPropertyNames().stream()
                .filter(Settings::ours).forEach(k -> out.put(k, System.getProperty(k) + " (system property)"));
        OVERRIDES.forEach((k, v) -> out.put(k, v + " (run-time override)"));
        return out;
    }

    /** The properties file in use, or null. */
    public static Path configFile() {
        return file().path;
    }

    private static boolean ours(String key) {
        return key.startsWith("acceljce.") || key.startsWith("jdk.native");
    }

    /** A switch that is on unless set to "false". */
    private static boolean flag(String key, FileSettings f) {
        String v = get(key, f);
        return v == null || !v.trim().equalsIgnoreCase("false");
    }

    private record FileSettings(Path path, String source, Properties properties) {}

    /** The properties file named by {@code acceljce.config}, read again when that name changes. */
    private static FileSettings file() {
        String name = OVERRIDES.getOrDefault("acceljce.config", System.getProperty("acceljce.config"));
        FileSettings f = file;
        if (f != null && java.util.Objects.equals(f.source, name)) {
            return f;
        }
        Properties p = new Properties();
        Path path = null;
        if (name != null && !name.isBlank()) {
            path = Path.of(name);
            try (InputStream in = Files.newInputStream(path)) {
                p.load(in);
            } catch (IOException e) {
                throw new IllegalStateException("acceljce.config: cannot read " + path + ": " + e.getMessage(), e);
            }
        }
        f = new FileSettings(path, name, p);
        file = f;
        return f;
    }
}
