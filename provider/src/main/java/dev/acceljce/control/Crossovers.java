package dev.acceljce.control;

import dev.acceljce.openssl.LibCrypto;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The crossover table of the {@code auto} policy: for each family (optionally per algorithm) and
 * loaded OpenSSL line, which path is faster below a payload size and which from that size on.
 *
 * <p>Entries are {@code <key> = <below>:<threshold>:<above>}, e.g.
 * {@code 3.0.digest.SHA-256 = jdk:2048:native} or {@code 3.5.rsa = native} (one path for every size).
 * Keys are looked up most specific first: {@code <openssl major.minor>.<family>.<algorithm>},
 * {@code <major.minor>.<family>}, {@code <family>.<algorithm>}, {@code <family>}.
 *
 * <p>Sources, first match wins: the profile written by {@code acceljce calibrate} (setting
 * {@code acceljce.profile}, default {@code ~/.config/acceljce/profile.properties} when it exists),
 * then the defaults built into the jar for this machine's {@link CpuClass}
 * ({@code crossovers-<arch>-<class>.properties}, where the project measured such a CPU), then the
 * generic defaults of the class's architecture ({@code crossovers-x86_64.properties}, measured with
 * JMH on the machine named in that file; {@code crossovers-aarch64.properties}, not measured on
 * hardware, which its {@value #UNMEASURED} key says). Within each source the most specific key
 * wins. Without an entry a family is served natively.
 *
 * <p>The same sources say which native library serves a family that two libraries run:
 * {@code engine.<family> = openssl | awslc} ({@link #engine}), read in the same order.
 */
public final class Crossovers {
    /**
     * The size engines that cannot hold a message's start judge their path at, per object:
     * signatures, agreement, KEM, and Cipher services without mode and padding in their name.
     */
    public static final int TYPICAL_SIZE = 1024;

    /**
     * A key of a generic table that is no crossover: present when the table was not measured on
     * the architecture's hardware, its value says on what it rests.
     */
    static final String UNMEASURED = "table.unmeasured";

    private static volatile Table table;
    /** The table with the settings snapshot it was last found valid for: one read per lookup. */
    private record Checked(Table table, Object settings) {}

    private static volatile Checked checked;

    private Crossovers() {}

    /** One entry: {@code below} serves sizes under {@code threshold}, {@code above} the rest. */
    public record Crossover(Path below, long threshold, Path above, String source) {
        public Path pathFor(long size) {
            return size < threshold ? below : above;
        }

        /** True when one path serves every size (no hybrid object needed). */
        public boolean constant() {
            return below == above;
        }

        static Crossover parse(String value, String source) {
            String[] f = value.trim().toLowerCase(Locale.ROOT).split(":");
            try {
                if (f.length == 1) {
                    Path p = path(f[0]);
                    return new Crossover(p, 0, p, source);
                }
                if (f.length == 3) {
                    return new Crossover(path(f[0]), Long.parseLong(f[1]), path(f[2]), source);
                }
            } catch (IllegalArgumentException e) {
                // fall through to the message below
            }
            throw new IllegalArgumentException("crossover '" + value + "' in " + source
                    + " is not <path> or <path>:<bytes>:<path> (path: native or jdk)");
        }

        private static Path path(String s) {
            return Path.valueOf(s.toUpperCase(Locale.ROOT));
        }

        /** The value as a profile stores it: {@code native}, or {@code jdk:1024:native}. */
        public String toProperty() {
            String b = below.name().toLowerCase(Locale.ROOT);
            return constant() ? b : b + ":" + threshold + ":" + above.name().toLowerCase(Locale.ROOT);
        }

        @Override
        public String toString() {
            return constant()
                    ? below.name().toLowerCase(Locale.ROOT)
                    : below.name().toLowerCase(Locale.ROOT) + " below " + threshold + " B, "
                            + above.name().toLowerCase(Locale.ROOT) + " from there";
        }
    }

    /**
     * The sources in force, and the crossovers already looked up in them (per family, by
     * algorithm): a lookup is made for every new object, so it must not rebuild keys or parse.
     * {@code profileSetting} is the {@code acceljce.profile} value the table was read for.
     */
    private record Table(
            Properties profile,
            java.nio.file.Path profilePath,
            String profileSetting,
            String cpuClass,
            Properties classDefaults,
            Properties defaults,
            List<Map<String, Crossover>> looked,
            Map<Family, java.util.Optional<Engines.Choice>> engines) {}

    /** The crossover for an algorithm of a family under the loaded OpenSSL. */
    public static Crossover lookup(Family family, String algorithm) {
        Table t = table();
        Map<String, Crossover> known = t.looked.get(family.ordinal());
        Crossover c = known.get(algorithm);
        if (c == null) {
            c = find(t, family, algorithm);
            known.put(algorithm, c);
        }
        return c;
    }

    private static Crossover find(Table t, Family family, String algorithm) {
        String line = opensslLine();
        String f = family.property();
        String[] keys = {line + "." + f + "." + algorithm, line + "." + f, f + "." + algorithm, f};
        for (String k : keys) {
            String v = t.profile.getProperty(k);
            if (v != null) {
                return Crossover.parse(v, "profile " + t.profilePath);
            }
        }
        for (String k : keys) {
            String v = t.classDefaults.getProperty(k);
            if (v != null) {
                return Crossover.parse(v, "built-in defaults for " + t.cpuClass);
            }
        }
        for (String k : keys) {
            String v = t.defaults.getProperty(k);
            if (v != null) {
                return Crossover.parse(v, "built-in defaults");
            }
        }
        return new Crossover(Path.NATIVE, 0, Path.NATIVE, "no entry");
    }

    /**
     * The native library the tables name for {@code family} ({@code engine.<family>}: the profile,
     * then the CPU class's built-in table, then the architecture's), or null when none does: one
     * library ({@code awslc}) or one below a size and another from there ({@code awslc:1024:openssl}).
     */
    public static Engines.Choice engine(Family family) {
        Table t = table();
        return t.engines
                .computeIfAbsent(family, f -> java.util.Optional.ofNullable(findEngine(t, f)))
                .orElse(null);
    }

    /** The profile key of {@code family}'s library choice. */
    public static String engineKey(Family family) {
        return "engine." + family.property();
    }

    private static Engines.Choice findEngine(Table t, Family family) {
        String key = engineKey(family);
        for (Properties source : List.of(t.profile, t.classDefaults, t.defaults)) {
            String v = source.getProperty(key);
            if (v != null) {
                String[] f = v.trim().split(":");
                try {
                    if (f.length == 1) {
                        return Engines.Choice.always(library(f[0]));
                    }
                    if (f.length == 3) {
                        return new Engines.Choice(library(f[0]), Long.parseLong(f[1].trim()), library(f[2]));
                    }
                } catch (IllegalArgumentException e) {
                    // the message below
                }
                throw new IllegalArgumentException(key + " = '" + v.trim()
                        + "' is not <library> or <library>:<bytes>:<library> (library: openssl or awslc)");
            }
        }
        return null;
    }

    private static Engine library(String name) {
        for (Engine e : Engine.values()) {
            if (e.property().equalsIgnoreCase(name.trim())) {
                return e;
            }
        }
        throw new IllegalArgumentException(name);
    }

    /** "3.0", "3.5", ...: the loaded library's line, as profile keys name it. */
    public static String opensslLine() {
        long v = LibCrypto.versionNumber();
        return ((v >>> 28) & 0xF) + "." + ((v >>> 20) & 0xFF);
    }

    /** The profile file in use (may not exist yet): where {@code calibrate} writes by default. */
    public static java.nio.file.Path profilePath() {
        String name = Settings.get("acceljce.profile");
        return name != null
                ? java.nio.file.Path.of(name)
                : java.nio.file.Path.of(System.getProperty("user.home"), ".config", "acceljce", "profile.properties");
    }

    /** Every entry in force, for reports: key to value and source. */
    public static Map<String, String> describe() {
        Table t = table();
        Map<String, String> out = new TreeMap<>();
        t.defaults.stringPropertyNames().stream()
                .filter(k -> !k.equals(UNMEASURED))
                .forEach(k -> out.put(k, t.defaults.getProperty(k) + " (built-in)"));
        t.classDefaults
                .stringPropertyNames()
                .forEach(k -> out.put(k, t.classDefaults.getProperty(k) + " (built-in for " + t.cpuClass + ")"));
        t.profile.stringPropertyNames().forEach(k -> out.put(k, t.profile.getProperty(k) + " (profile)"));
        return out;
    }

    /** Forgets the loaded table (after calibrate wrote a new profile, or the setting changed). */
    /** The resource holding the built-in crossovers measured on CPUs of {@code cpuClass} (may not exist). */
    static String classDefaults(String cpuClass) {
        return "crossovers-" + CpuClass.architecture(cpuClass) + "-" + cpuClass + ".properties";
    }

    /** The resource holding the generic crossovers of {@code cpuClass}'s architecture (may not exist). */
    static String architectureDefaults(String cpuClass) {
        return "crossovers-" + CpuClass.architecture(cpuClass) + ".properties";
    }

    /** Whether a calibrate profile exists and is read before the built-in tables. */
    public static boolean profileInUse() {
        return !table().profile.isEmpty();
    }

    /** The CPU class whose built-in crossovers are in force, and whether the jar has a table for it. */
    public static String cpuClassInForce() {
        Table t = table();
        String unmeasured = t.defaults.getProperty(UNMEASURED);
        return t.cpuClass
                + (t.classDefaults.isEmpty() ? " (no table of its own: the generic defaults)" : "")
                + (unmeasured == null ? "" : "; NOT MEASURED ON HARDWARE: " + unmeasured.trim());
    }

    private static Properties resource(String name) {
        Properties p = new Properties();
        try (InputStream in = Crossovers.class.getResourceAsStream(name)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read built-in crossovers " + name + ": " + e.getMessage(), e);
        }
        return p;
    }

    public static void reload() {
        table = null;
        checked = null;
    }

    private static Table table() {
        Object settings = Settings.snapshotToken();
        Checked c = checked;
        if (c != null && c.settings == settings) {
            return c.table; // the settings did not change since the table was checked
        }
        Table t = checkedTable();
        checked = new Checked(t, settings);
        return t;
    }

    /** The table for the settings in force: the one loaded if they did not change, else a new one. */
    private static Table checkedTable() {
        String setting = Settings.get("acceljce.profile");
        String cpuClass = CpuClass.current();
        Table t = table;
        if (t != null && java.util.Objects.equals(t.profileSetting, setting) && t.cpuClass.equals(cpuClass)) {
            return t;
        }
        java.nio.file.Path profilePath = profilePath();
        Properties profile = new Properties();
        if (Files.isRegularFile(profilePath)) {
            try (InputStream in = Files.newInputStream(profilePath)) {
                profile.load(in);
            } catch (IOException e) {
                throw new IllegalStateException(
                        "cannot read crossover profile " + profilePath + ": " + e.getMessage(), e);
            }
        }
        Properties defaults = resource(architectureDefaults(cpuClass));
        Properties classDefaults = resource(classDefaults(cpuClass));
        List<Map<String, Crossover>> looked = new ArrayList<>();
        for (int i = 0; i < Family.values().length; i++) {
            looked.add(new ConcurrentHashMap<>());
        }
        t = new Table(
                profile,
                profilePath,
                setting,
                cpuClass,
                classDefaults,
                defaults,
                List.copyOf(looked),
                new ConcurrentHashMap<>());
        table = t;
        return t;
    }
}
