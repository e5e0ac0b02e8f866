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
 * {@code acceljce.config}, and built-in defaults.
 *
 * <p>What is read is kept in a snapshot, so creating an object costs no property lookups (they
 * were most of a short-lived object's cost): each setting is read at its first use, and the
 * snapshot is replaced by {@link #set} (and so by JMX) and by {@link #reload}. A change made that
 * way applies to objects created after it; a system property or the file changed in a running
 * JVM applies after {@link #reload}.
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
 *   <tr><td>{@code acceljce.engine}, {@code acceljce.engine.<family>}</td>
 *       <td>auto|openssl|awslc|jdk</td><td>which library serves a family: OpenSSL, AWS-LC (where
 *       the family's services run on it, else OpenSSL), the JDK's provider (as policy jdk), or the
 *       built-in choice ({@link Engines}, default auto)</td></tr>
 *   <tr><td>{@code acceljce.trace}</td><td>off|load|calls</td><td>see {@link Trace}
 *       (Semeru: {@code jdk.nativeCryptoTrace=true} means load)</td></tr>
 *   <tr><td>{@code acceljce.counters}</td><td>true|false</td><td>false stops counting
 *       operations ({@link Counters}), read when the JVM starts</td></tr>
 *   <tr><td>{@code acceljce.jmx}</td><td>true|false</td><td>false keeps the counters MBean out of
 *       the platform MBean server ({@link Management})</td></tr>
 *   <tr><td>{@code acceljce.profile}</td><td>file</td><td>crossover profile written by
 *       {@code acceljce calibrate}; see {@link Crossovers}</td></tr>
 *   <tr><td>{@code acceljce.keys.destroy}</td><td>true|false</td><td>true makes
 *       {@code destroy()} of every AccelJCE private key free its native material at once and
 *       refuse the key from then on; false (the default) answers as the JDK's key of the same
 *       type does ({@link #keysDestroy}), read at each {@code destroy()}</td></tr>
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
    /** The settings as read since the last change; replaced, never changed, by set and reload. */
    private static volatile Snapshot snapshot = new Snapshot();
    /**
     * Per family (by ordinal): its switch and policy keys, and its Semeru switch if it has one.
     * Settings are read at every object creation (a change applies to objects made after it), so
     * the keys are built once here rather than concatenated on each read.
     */
    private static final String[] NATIVE_KEYS = keys("acceljce.native.");

    private static final String[] POLICY_KEYS = keys("acceljce.policy.");
    private static final String[] ENGINE_KEYS = keys("acceljce.engine.");
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

    /**
     * Values read since the snapshot was made: every key as found (null kept as absent), and the
     * per-family decisions asked at every object creation. Filled lazily; racing threads compute
     * the same values, so a lost write costs only a repeated read.
     */
    private static final class Snapshot {
        final Map<String, java.util.Optional<String>> values = new ConcurrentHashMap<>();
        final Boolean[] nativeAllowed = new Boolean[Family.values().length];
        final Policy[] policies = new Policy[Family.values().length];
        final EngineChoice[] engines = new EngineChoice[Family.values().length];
        /** {@link #traceLevel()}, asked at every object creation. */
        volatile String traceLevel;
        /** {@link #keysDestroy()}. */
        volatile Boolean keysDestroy;

        private volatile FileSettings file;

        FileSettings file() {
            FileSettings f = file;
            if (f == null) {
                f = readFile();
                file = f;
            }
            return f;
        }
    }

    /**
     * Identifies the settings in force: the same object until {@link #set} or {@link #reload}
     * replaces them. For a cache of something derived from settings, to see cheaply that it is
     * still valid.
     */
    static Object snapshotToken() {
        return snapshot;
    }

    /**
     * Forgets every setting read so far: system properties and the properties file are read again
     * as objects are created. For a system property changed while the JVM runs ({@link #set} and
     * JMX need no reload).
     */
    public static void reload() {
        snapshot = new Snapshot();
    }

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

    /** Which library a family asks for ({@code acceljce.engine.<family>}). */
    public enum EngineChoice {
        /** The built-in choice per family ({@link Engines}). */
        AUTO,
        OPENSSL,
        AWSLC,
        /** The JDK's provider: the same as policy jdk. */
        JDK
    }

    /** The engine setting of {@code family}: its own, else the provider-wide one, else AUTO. */
    public static EngineChoice engine(Family family) {
        Snapshot s = snapshot;
        EngineChoice e = s.engines[family.ordinal()];
        if (e == null) {
            e = readEngine(family, s); // an invalid value throws each time: never kept
            s.engines[family.ordinal()] = e;
        }
        return e;
    }

    private static EngineChoice readEngine(Family family, Snapshot s) {
        String v = get(ENGINE_KEYS[family.ordinal()], s);
        if (v == null) {
            v = get("acceljce.engine", s);
        }
        if (v == null) {
            return EngineChoice.AUTO;
        }
        for (EngineChoice e : EngineChoice.values()) {
            if (e.name().equalsIgnoreCase(v.trim())) {
                return e;
            }
        }
        throw new IllegalArgumentException("acceljce.engine: '" + v + "' is not one of auto, openssl, awslc, jdk");
    }

    /** Whether the native path may serve {@code family}: the master switch and the family's own. */
    public static boolean nativeAllowed(Family family) {
        Snapshot s = snapshot;
        Boolean allowed = s.nativeAllowed[family.ordinal()];
        if (allowed == null) {
            allowed = readNativeAllowed(family, s);
            s.nativeAllowed[family.ordinal()] = allowed;
        }
        return allowed;
    }

    private static boolean readNativeAllowed(Family family, Snapshot s) {
        if (!flag("acceljce.native", s) || !flag("jdk.nativeCrypto", s)) {
            return false;
        }
        if (!flag(NATIVE_KEYS[family.ordinal()], s)) {
            return false;
        }
        String semeru = SEMERU_KEYS[family.ordinal()];
        return semeru == null || flag(semeru, s);
    }

    /** The policy for {@code family}: its own setting, else the provider-wide one, else AUTO. */
    public static Policy policy(Family family) {
        Snapshot s = snapshot;
        Policy p = s.policies[family.ordinal()];
        if (p == null) {
            p = readPolicy(family, s); // an invalid value throws each time: never kept
            s.policies[family.ordinal()] = p;
        }
        return p;
    }

    private static Policy readPolicy(Family family, Snapshot s) {
        String v = get(POLICY_KEYS[family.ordinal()], s);
        if (v == null) {
            v = get("acceljce.policy", s);
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

    /**
     * The trace level: {@code acceljce.trace} ("off", "load", "calls"), else Semeru's
     * {@code jdk.nativeCryptoTrace} (any value but false means "load"), else "off".
     */
    static String traceLevel() {
        Snapshot s = snapshot;
        String level = s.traceLevel;
        if (level == null) {
            String v = get("acceljce.trace", s);
            if (v == null) {
                String semeru = get("jdk.nativeCryptoTrace", s);
                level = semeru != null && !semeru.equalsIgnoreCase("false") ? "load" : "off";
            } else {
                level = v.trim().toLowerCase(java.util.Locale.ROOT);
            }
            s.traceLevel = level;
        }
        return level;
    }

    /** The setting that makes {@code destroy()} of AccelJCE's private keys destroy them. */
    public static final String KEYS_DESTROY = "acceljce.keys.destroy";

    /**
     * Whether {@code destroy()} of an AccelJCE private key destroys it ({@code acceljce.keys.destroy}
     * = true): frees the native key and the key's other forms at once, and every engine refuses the
     * key from then on. Off by default: {@code destroy()} then answers as the JDK's key of the same
     * type does (RSA, EC, EdDSA and XDH keys throw {@code DestroyFailedException} and stay usable;
     * ML-KEM and ML-DSA keys are destroyed, as the JDK destroys its own), and the native material is
     * cleansed and freed when the key becomes unreachable. Applications that destroy a key after
     * each use and then use it again (Apache Santuario's XML signer does) work as with the JDK.
     */
    public static boolean keysDestroy() {
        Snapshot s = snapshot;
        Boolean on = s.keysDestroy;
        if (on == null) {
            String v = get(KEYS_DESTROY, s);
            on = v != null && v.trim().equalsIgnoreCase("true");
            s.keysDestroy = on;
        }
        return on;
    }

    /** The value of a setting from the first source that has it, or null. */
    public static String get(String key) {
        return get(key, snapshot);
    }

    /** {@link #get(String)} from snapshot {@code s}: read from the sources at its first use there. */
    private static String get(String key, Snapshot s) {
        java.util.Optional<String> kept = s.values.get(key);
        if (kept == null) {
            String v = OVERRIDES.get(key);
            if (v == null) {
                v = System.getProperty(key);
            }
            if (v == null) {
                v = s.file().properties.getProperty(key);
            }
            kept = java.util.Optional.ofNullable(v);
            s.values.put(key, kept);
        }
        return kept.orElse(null);
    }

    /** Overrides a setting at run time (null removes the override). Applies to new objects. */
    public static void set(String key, String value) {
        if (value == null) {
            OVERRIDES.remove(key);
        } else {
            OVERRIDES.put(key, value);
        }
        reload();
    }

    /** Every setting in force that AccelJCE (or Semeru) defines, with where it came from. */
    public static Map<String, String> describe() {
        Map<String, String> out = new TreeMap<>();
        FileSettings file = snapshot.file();
        file.properties.stringPropertyNames().stream()
                .filter(Settings::ours)
                .forEach(k -> out.put(k, file.properties.getProperty(k) + " (file)"));
        System.getProperties().stringPropertyNames().stream()
                .filter(Settings::ours)
                .forEach(k -> out.put(k, System.getProperty(k) + " (system property)"));
        OVERRIDES.forEach((k, v) -> out.put(k, v + " (run-time override)"));
        return out;
    }

    /** The properties file in use, or null. */
    public static Path configFile() {
        return snapshot.file().path;
    }

    private static boolean ours(String key) {
        return key.startsWith("acceljce.") || key.startsWith("jdk.native");
    }

    /** A switch that is on unless set to "false". */
    private static boolean flag(String key, Snapshot s) {
        String v = get(key, s);
        return v == null || !v.trim().equalsIgnoreCase("false");
    }

    private record FileSettings(Path path, Properties properties) {}

    /** The properties file named by {@code acceljce.config} (read once per snapshot), or an empty one. */
    private static FileSettings readFile() {
        String name = OVERRIDES.getOrDefault("acceljce.config", System.getProperty("acceljce.config"));
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
        return new FileSettings(path, p);
    }
}
