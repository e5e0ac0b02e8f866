package dev.acceljce.openssl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.acceljce.foreign.BundledLibrary;
import dev.acceljce.foreign.NativeLibrary;
import dev.acceljce.foreign.NativeObject;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The loaded libcrypto: finds it, checks its version and hands out one {@link MethodHandle} per
 * symbol ({@link NativeLibrary} makes the handles). Nothing here knows about cryptographic policy.
 *
 * <p>Loading order:
 * <ol>
 *   <li>the path in system property {@code acceljce.openssl.lib} (or the Semeru name
 *       {@code jdk.native.openssl.lib}): when set, it is the only candidate, so a wrong path fails
 *       loudly instead of silently running on another library;</li>
 *   <li>the bundled OpenSSL, when the {@code acceljce-openssl-<platform>} jar is visible to the
 *       provider's class loader, unless {@code acceljce.openssl.skipBundled=true} (or Semeru's
 *       {@code jdk.native.openssl.skipBundled=true}); see {@link BundledLibrary} for where it is
 *       extracted;</li>
 *   <li>the system's {@code libcrypto.so.3}.</li>
 * </ol>
 * {@link #attempts()} records every step; one log line at DEBUG ({@link System.Logger}, logger
 * {@code dev.acceljce.openssl.LibCrypto}) names what was loaded, and a WARNING says what is lost
 * when an older system library was loaded because the bundled one was not there.
 *
 * <p>If no usable library is found, {@link #isAvailable()} is false and {@link #unavailableReason()}
 * says why; the provider then serves everything through the JDK's own providers.
 */
public final class LibCrypto {
    /** OpenSSL 3.0.0 as {@code OpenSSL_version_num()} encodes it (0xMNN00PP0L). */
    private static final long MIN_VERSION = 0x30000000L;

    private static final String SYSTEM_LIBRARY = "libcrypto.so.3";

    private static final Linker LINKER = Linker.nativeLinker();
    private static final String NAME = "libcrypto";
    private static final NativeLibrary LIBRARY = load();
    private static final long VERSION_NUMBER = versionNumberOf(LIBRARY);

    private LibCrypto() {}

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

    /** {@code OpenSSL_version(OPENSSL_VERSION)}, e.g. "OpenSSL 3.0.19 27 Jan 2026". */
    public static String version() {
        return LIBRARY.version();
    }

    public static long versionNumber() {
        return VERSION_NUMBER;
    }

    /** True when the loaded library is at least major.minor. */
    public static boolean atLeast(int major, int minor) {
        long v = VERSION_NUMBER;
        long have = ((v >>> 28) & 0xF) * 1000 + ((v >>> 20) & 0xFF);
        return isAvailable() && have >= major * 1000L + minor;
    }

    /**
     * Why a service backed by {@code what} (an OpenSSL algorithm name) is not registered here: no
     * library, or a library without it (Argon2 and AES-GCM-SIV came with OpenSSL 3.2, for instance).
     */
    public static String missing(String what) {
        if (!isAvailable()) {
            return "no libcrypto loaded (" + unavailableReason() + ")";
        }
        return version() + " has no " + what;
    }

    /** Which rule of the loading order chose the library: "property", "bundled" or "system". */
    public static String source() {
        return LIBRARY.source();
    }

    /** Each candidate tried, in order, with its outcome: for the capability report and errors. */
    public static List<String> attempts() {
        return LIBRARY.attempts();
    }

    /** A plain downcall handle: for calls that may run long or call back (key generation, ...). */
    public static MethodHandle function(String name, FunctionDescriptor fd) {
        return LIBRARY.function(name, fd);
    }

    /**
     * A critical downcall: heap arrays may be passed without copying, and the call must be short
     * (it holds off the GC). For update/final style calls on bounded chunks.
     */
    public static MethodHandle critical(String name, FunctionDescriptor fd) {
        return LIBRARY.critical(name, fd);
    }

    /** A handle for an optional symbol (absent in older libraries), or empty. */
    public static Optional<MethodHandle> optionalFunction(String name, FunctionDescriptor fd) {
        return LIBRARY.optionalFunction(name, fd);
    }

    /** A critical downcall ({@link #critical}) for an optional symbol, or empty. */
    public static Optional<MethodHandle> optionalCritical(String name, FunctionDescriptor fd) {
        return LIBRARY.optionalCritical(name, fd);
    }

    /**
     * The OpenSSL series the bundled library is built from (scripts/build-openssl.sh), for the
     * warning below when a JVM runs on an older system library without having asked for it.
     */
    static final String BUNDLED_SERIES = "3.5";

    private static final long BUNDLED_SERIES_NUMBER = 0x30500000L;

    private static NativeLibrary load() {
        NativeLibrary loaded = choose();
        System.Logger log = System.getLogger(LibCrypto.class.getName());
        if (loaded.isAvailable()) {
            // a library's users do not want a line on their console at every start: DEBUG here,
            // INFO through acceljce.trace=load, and always in ./acceljce info
            log.log(Level.DEBUG, "AccelJCE uses {0} ({1}) from {2}", loaded.version(), loaded.source(), loaded.path());
            if (loaded.source().equals("system")
                    && versionNumberOf(loaded) < BUNDLED_SERIES_NUMBER
                    && !Boolean.parseBoolean(
                            property("acceljce.openssl.skipBundled", "jdk.native.openssl.skipBundled"))) {
                log.log(
                        Level.WARNING,
                        "AccelJCE runs on the system''s {0}, older than the OpenSSL {1} it bundles"
                                + " (add the jar acceljce-provider-*-linux-x86_64.jar, which carries it, instead of the"
                                + " provider-only jar): no ML-KEM or ML-DSA, and AES-GCM 2-3x slower. Tried: {2}",
                        loaded.version(),
                        BUNDLED_SERIES,
                        String.join("; ", loaded.attempts()));
            }
        } else {
            log.log(Level.WARNING, "AccelJCE serves everything through the JDK''s providers: {0}", loaded.failure());
        }
        return loaded;
    }

    /** {@code OpenSSL_version_num()} of a loaded library (checked to be 3.0 or later), 0 without one. */
    private static long versionNumberOf(NativeLibrary library) {
        if (!library.isAvailable()) {
            return 0;
        }
        try {
            return (long) library.function("OpenSSL_version_num", FunctionDescriptor.of(JAVA_LONG))
                    .invokeExact();
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    private static NativeLibrary choose() {
        List<String> attempts = new ArrayList<>();
        String explicit = property("acceljce.openssl.lib", "jdk.native.openssl.lib");
        if (explicit != null && !explicit.isBlank()) {
            // An explicit choice is final: falling back silently would hide a misconfiguration.
            return tryLoad(explicit, "property", attempts, true);
        }
        boolean skipBundled =
                Boolean.parseBoolean(property("acceljce.openssl.skipBundled", "jdk.native.openssl.skipBundled"));
        if (skipBundled) {
            attempts.add("bundled: skipped (skipBundled=true)");
        } else {
            NativeLibrary bundled = tryBundled(attempts);
            if (bundled != null) {
                return bundled;
            }
        }
        return tryLoad(SYSTEM_LIBRARY, "system", attempts, true);
    }

    /** The bundled library if its jar is present and it loads; null (with attempts noted) if not. */
    private static NativeLibrary tryBundled(List<String> attempts) {
        Optional<BundledLibrary> found;
        try {
            found = BundledLibrary.find(LibCrypto.class.getClassLoader(), "openssl");
        } catch (IOException | RuntimeException e) {
            attempts.add("bundled: unusable bundle jar: " + e.getMessage());
            return null;
        }
        if (found.isEmpty()) {
            String platform = BundledLibrary.platform();
            attempts.add("bundled: no " + BundledLibrary.RESOURCE_ROOT + platform + "/"
                    + BundledLibrary.propertiesFile("openssl")
                    + " (jar acceljce-openssl-" + platform + " is not on the class path, or is on the module"
                    + " path without --add-modules " + BundledLibrary.moduleName(platform) + ")");
            return null;
        }
        BundledLibrary bundle = found.get();
        NativeLibrary loaded = NativeLibrary.loadBundled(
                bundle, attempts, file -> tryLoad(file.toString(), "bundled", attempts, false));
        if (loaded != null) {
            return loaded;
        }
        System.getLogger(LibCrypto.class.getName())
                .log(
                        Level.WARNING,
                        "the bundled {0} could not be loaded; trying the system''s {1}: {2}",
                        bundle.description(),
                        SYSTEM_LIBRARY,
                        String.join("; ", attempts));
        return null;
    }

    private static String property(String name, String semeruName) {
        String v = System.getProperty(name);
        return v != null ? v : System.getProperty(semeruName);
    }

    private static NativeLibrary tryLoad(String nameOrPath, String source, List<String> attempts, boolean last) {
        try {
            SymbolLookup lookup =
                    nameOrPath.contains("/") ? NativeLibrary.open(Path.of(nameOrPath)) : NativeLibrary.open(nameOrPath);
            MemorySegment versionNum = lookup.find("OpenSSL_version_num")
                    .orElseThrow(
                            () -> new IllegalStateException("not an OpenSSL 3 libcrypto (no OpenSSL_version_num)"));
            MemorySegment versionStr = lookup.find("OpenSSL_version").orElseThrow();
            long num = (long) LINKER.downcallHandle(versionNum, FunctionDescriptor.of(JAVA_LONG))
                    .invokeExact();
            MemorySegment text =
                    (MemorySegment) LINKER.downcallHandle(versionStr, FunctionDescriptor.of(ADDRESS, JAVA_INT))
                            .invokeExact(0 /* OPENSSL_VERSION */);
            String version = text.reinterpret(256).getString(0);
            if (num < MIN_VERSION) {
                throw new IllegalStateException(version + " is older than 3.0; AccelJCE needs OpenSSL 3");
            }
            String path = mappedFile(versionStr.address()).orElse(nameOrPath);
            attempts.add(source + " " + nameOrPath + ": loaded " + version);
            return NativeLibrary.loaded(NAME, NAME + " " + version, lookup, "", path, version, source, attempts);
        } catch (Throwable t) {
            attempts.add(source + " " + nameOrPath + ": " + t.getMessage());
            String failure = "no usable libcrypto (" + String.join("; ", attempts) + ")";
            return NativeLibrary.unavailable(NAME, last ? failure : null, attempts);
        }
    }

    /** The file mapped at an address, read from /proc/self/maps (what dlopen really picked). */
    private static Optional<String> mappedFile(long address) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/maps"))) {
                String[] f = line.trim().split("\\s+", 6);
                if (f.length < 6) {
                    continue;
                }
                String[] range = f[0].split("-");
                long lo = Long.parseUnsignedLong(range[0], 16);
                long hi = Long.parseUnsignedLong(range[1], 16);
                if (Long.compareUnsigned(address, lo) >= 0 && Long.compareUnsigned(address, hi) < 0) {
                    return Optional.of(f[5]);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux or no procfs: the caller reports the name it loaded instead
        }
        return Optional.empty();
    }
}
