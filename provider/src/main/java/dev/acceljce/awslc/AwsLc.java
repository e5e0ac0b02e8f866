package dev.acceljce.awslc;

import static java.lang.foreign.ValueLayout.ADDRESS;

import dev.acceljce.foreign.BundledLibrary;
import dev.acceljce.foreign.NativeLibrary;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The loaded AWS-LC libcrypto: finds it, checks its version and hands out one
 * {@link MethodHandle} per symbol, each looked up under the library's symbol prefix
 * ({@link NativeLibrary} makes the handles). Nothing here
 * knows about cryptographic policy. A peer of {@code dev.acceljce.openssl}: neither binding knows
 * the other, and the two libraries share no symbol, so both live in one process (every AWS-LC
 * symbol is {@code aws_lc_<crate version>_<name>}; scripts/build-awslc.sh checks that the library
 * exports nothing else).
 *
 * <p>Loading order:
 * <ol>
 *   <li>{@code acceljce.awslc=false}: none (AccelJCE then runs on OpenSSL and the JDK only);</li>
 *   <li>the path in system property {@code acceljce.awslc.lib}: when set, the only candidate, with
 *       symbols under {@code acceljce.awslc.prefix} (default: the bundled library's prefix);</li>
 *   <li>the bundled AWS-LC, from the same {@code acceljce-openssl-<platform>} jar as the bundled
 *       OpenSSL, extracted the same way ({@link BundledLibrary}). {@code acceljce.openssl.skipBundled}
 *       does not affect it: that switch chooses which OpenSSL serves, not whether AWS-LC does.</li>
 * </ol>
 * There is no system AWS-LC to fall back to. When nothing is loaded, {@link #isAvailable()} is
 * false and {@link #unavailableReason()} says why; the services only AWS-LC has are then not
 * registered, and the families it could serve stay on OpenSSL or the JDK.
 *
 * <p>Nothing is loaded either while OpenSSL's CPU capability variable holds a value AWS-LC could
 * abort the process on ({@link #capabilityVariableConflict}).
 */
public final class AwsLc {
    /** The prefix of the AWS-LC the project bundles (aws-lc-sys 0.47.0), when the bundle does not say. */
    static final String DEFAULT_PREFIX = "aws_lc_0_47_0_";

    private static final Linker LINKER = Linker.nativeLinker();
    private static final String NAME = "AWS-LC";
    private static final NativeLibrary LIBRARY = load();

    private AwsLc() {}

    public static boolean isAvailable() {
        return LIBRARY.isAvailable();
    }

    /** Why no library is loaded, or null when one is. */
    public static String unavailableReason() {
        return LIBRARY.failure();
    }

    /** The file the library was loaded from (as the dynamic linker mapped it). */
    public static String path() {
        return LIBRARY.path();
    }

    /** {@code awslc_version_string()}, e.g. "AWS-LC 5.12.0". */
    public static String version() {
        return LIBRARY.version();
    }

    /** Which rule of the loading order chose the library: "property" or "bundled". */
    public static String source() {
        return LIBRARY.source();
    }

    /** The prefix every symbol of the library carries, e.g. "aws_lc_0_47_0_". */
    public static String symbolPrefix() {
        return LIBRARY.prefix();
    }

    /** Each candidate tried, in order, with its outcome: for the capability report and errors. */
    public static List<String> attempts() {
        return LIBRARY.attempts();
    }

    /** A plain downcall handle for AWS-LC's {@code name} (unprefixed, as its headers spell it). */
    public static MethodHandle function(String name, FunctionDescriptor fd) {
        return LIBRARY.function(name, fd);
    }

    /**
     * A critical downcall: heap arrays are passed without copying, and the call must be short (it
     * holds off the GC). Every one-shot call here is bounded by the message it is given.
     */
    public static MethodHandle critical(String name, FunctionDescriptor fd) {
        return LIBRARY.critical(name, fd);
    }

    private static NativeLibrary load() {
        NativeLibrary loaded = choose();
        System.Logger log = System.getLogger(AwsLc.class.getName());
        if (loaded.isAvailable()) {
            log.log(Level.DEBUG, "AccelJCE uses {0} ({1}) from {2}", loaded.version(), loaded.source(), loaded.path());
        } else if (loaded.failure() != null && !loaded.failure().contains("switched off")) {
            log.log(Level.DEBUG, "AccelJCE runs without AWS-LC: {0}", loaded.failure());
        }
        return loaded;
    }

    private static NativeLibrary choose() {
        List<String> attempts = new ArrayList<>();
        if ("false".equalsIgnoreCase(System.getProperty("acceljce.awslc", "").trim())) {
            attempts.add("switched off (acceljce.awslc=false)");
            return failed(attempts);
        }
        String conflict = capabilityVariableConflict(System.getProperty("os.arch", ""), System.getenv());
        if (conflict != null) {
            attempts.add(conflict);
            System.getLogger(AwsLc.class.getName()).log(Level.WARNING, "AccelJCE runs without AWS-LC: {0}", conflict);
            return failed(attempts);
        }
        String explicit = System.getProperty("acceljce.awslc.lib");
        if (explicit != null && !explicit.isBlank()) {
            String prefix = System.getProperty("acceljce.awslc.prefix", DEFAULT_PREFIX);
            return tryLoad(Path.of(explicit), prefix, "property", attempts);
        }
        Optional<BundledLibrary> found;
        try {
            found = BundledLibrary.find(AwsLc.class.getClassLoader(), "awslc");
        } catch (IOException | RuntimeException e) {
            attempts.add("bundled: unusable bundle jar: " + e.getMessage());
            return failed(attempts);
        }
        if (found.isEmpty()) {
            attempts.add("bundled: no " + BundledLibrary.RESOURCE_ROOT + BundledLibrary.platform() + "/"
                    + BundledLibrary.propertiesFile("awslc") + " (the jar acceljce-openssl-"
                    + BundledLibrary.platform() + " is not on the class path, or was built without AWS-LC)");
            return failed(attempts);
        }
        BundledLibrary bundle = found.get();
        String prefix = bundle.property("symbolPrefix");
        if (!prefix.matches("[A-Za-z0-9_]+_")) {
            attempts.add("bundled " + bundle.description() + ": no symbolPrefix in its properties");
            return failed(attempts);
        }
        NativeLibrary loaded =
                NativeLibrary.loadBundled(bundle, attempts, file -> tryLoad(file, prefix, "bundled", attempts));
        return loaded != null ? loaded : failed(attempts);
    }

    /**
     * Why AWS-LC must not be loaded under this environment, or null. AWS-LC reads OpenSSL's CPU
     * capability variable ({@code OPENSSL_armcap} on aarch64, {@code OPENSSL_ia32cap} on x86-64)
     * when it loads, in its own bit layout, and calls {@code abort()} ("Fatal Error: HW capability
     * found: ..., but HW capability requested: ...") when the value sets a bit the CPU did not
     * report. The layouts differ: {@code OPENSSL_armcap=0x118fd}, what OpenSSL sets on a Neoverse
     * V1, sets AWS-LC's Neoverse N1 and V1 core-model bits, which no other core reports, and ended
     * the emulated JVM. Only a value that clears bits ({@code ~...} in each {@code :}-separated
     * part) cannot abort; with any other AWS-LC stays unloaded, so OpenSSL can still be steered by
     * the variable.
     */
    static String capabilityVariableConflict(String osArch, Map<String, String> env) {
        String variable = switch (osArch.toLowerCase(Locale.ROOT)) {
            case "aarch64", "arm64" -> "OPENSSL_armcap";
            case "amd64", "x86_64" -> "OPENSSL_ia32cap";
            default -> null;
        };
        String value = variable == null ? null : env.get(variable);
        if (value == null || value.isBlank()) {
            return null;
        }
        for (String part : value.trim().split(":", -1)) {
            if (!part.isEmpty() && !part.startsWith("~")) {
                return "not loaded while " + variable + "=" + value.trim() + " is set: AWS-LC reads that variable"
                        + " in its own bit layout and aborts the process when it asks for a capability the CPU"
                        + " lacks (only ~masks are safe)";
            }
        }
        return null;
    }

    private static NativeLibrary failed(List<String> attempts) {
        return NativeLibrary.unavailable(NAME, "no AWS-LC (" + String.join("; ", attempts) + ")", attempts);
    }

    private static NativeLibrary tryLoad(Path file, String prefix, String source, List<String> attempts) {
        try {
            SymbolLookup lookup = NativeLibrary.open(file);
            MemorySegment versionFn = lookup.find(prefix + "awslc_version_string")
                    .orElseThrow(() -> new IllegalStateException(
                            "not an AWS-LC libcrypto with symbol prefix " + prefix + " (no awslc_version_string)"));
            MemorySegment text = (MemorySegment) LINKER.downcallHandle(versionFn, FunctionDescriptor.of(ADDRESS))
                    .invokeExact();
            String version = text.reinterpret(256).getString(0);
            attempts.add(source + " " + file + ": loaded " + version);
            return NativeLibrary.loaded(NAME, version, lookup, prefix, file.toString(), version, source, attempts);
        } catch (Throwable t) {
            attempts.add(source + " " + file + ": " + t.getMessage());
            return failed(attempts);
        }
    }
}
