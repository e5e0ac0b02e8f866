package dev.acceljce.libssl;

import dev.acceljce.awslc.AwsLc;
import dev.acceljce.foreign.BundledLibrary;
import dev.acceljce.foreign.NativeLibrary;
import java.io.IOException;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The loaded AWS-LC libssl, the TLS state machine under AccelJCE's own {@code SSLContext}: finds
 * it, and hands out one {@link MethodHandle} per symbol ({@link NativeLibrary} makes the handles).
 * Nothing here knows about JSSE.
 *
 * <p>libssl needs the AWS-LC libcrypto it was built with (its {@code NEEDED} entry names that
 * library's soname). {@link AwsLc} loads libcrypto first, and the dynamic linker then resolves
 * the entry to the library already in the process, whatever directory each was extracted to.
 * libssl's own C API ({@code SSL_*}) carries no prefix (scripts/build-awslc.sh says why that is
 * safe); the libcrypto functions the TLS layer also needs (BIO pairs, CRYPTO_BUFFERs, the error
 * queue) are reached through {@link AwsLc}, under its prefix.
 *
 * <p>Loading order: {@code acceljce.awslc=false} or no AWS-LC: none; the path in
 * {@code acceljce.libssl.lib} when set (built against the loaded libcrypto); else the bundled
 * {@code libawslc-ssl.so} from the {@code acceljce-openssl-<platform>} jar.
 */
public final class LibSsl {
    private static final String NAME = "AWS-LC's libssl";
    private static final NativeLibrary LIBRARY = load();

    private LibSsl() {}

    public static boolean isAvailable() {
        return LIBRARY.isAvailable();
    }

    /** Why libssl is not loaded, or null when it is. */
    public static String unavailableReason() {
        return LIBRARY.failure();
    }

    /** The file libssl was loaded from, or null. */
    public static String path() {
        return LIBRARY.path();
    }

    /** A downcall handle for libssl's {@code name}; the call may run upcalls (handshake callbacks). */
    static MethodHandle function(String name, FunctionDescriptor fd) {
        return LIBRARY.function(name, fd);
    }

    /** A downcall handle for libssl's {@code name} that may take heap segments: no upcall, short. */
    static MethodHandle critical(String name, FunctionDescriptor fd) {
        return LIBRARY.critical(name, fd);
    }

    private static NativeLibrary load() {
        if (!AwsLc.isAvailable()) {
            return failed("AWS-LC's libcrypto is not loaded (" + AwsLc.unavailableReason() + ")");
        }
        String explicit = System.getProperty("acceljce.libssl.lib");
        if (explicit != null && !explicit.isBlank()) {
            List<String> attempts = new ArrayList<>();
            NativeLibrary loaded = tryLoad(Path.of(explicit), "property", attempts);
            return loaded.isAvailable() ? loaded : failed(attempts.getLast());
        }
        Optional<BundledLibrary> found;
        try {
            found = BundledLibrary.find(LibSsl.class.getClassLoader(), "awslc-ssl");
        } catch (IOException | RuntimeException e) {
            return failed("bundled libssl: unusable bundle jar: " + e.getMessage());
        }
        if (found.isEmpty()) {
            return failed("no bundled libssl (" + BundledLibrary.RESOURCE_ROOT + BundledLibrary.platform()
                    + "/awslc-ssl.properties is not on the class path)");
        }
        List<String> attempts = new ArrayList<>();
        NativeLibrary loaded =
                NativeLibrary.loadBundled(found.get(), attempts, file -> tryLoad(file, "bundled", attempts));
        return loaded != null ? loaded : failed("bundled libssl: " + String.join("; ", attempts));
    }

    private static NativeLibrary failed(String why) {
        return NativeLibrary.unavailable(NAME, why, List.of(why));
    }

    /** libssl from {@code file}, or unavailable with "source file: why" added to {@code attempts}. */
    private static NativeLibrary tryLoad(Path file, String source, List<String> attempts) {
        try {
            SymbolLookup lookup = NativeLibrary.open(file);
            lookup.find("SSL_CTX_new").orElseThrow(() -> new IllegalStateException("not a libssl (no SSL_CTX_new)"));
            attempts.add(source + " " + file + ": loaded");
            return NativeLibrary.loaded(NAME, "libssl", lookup, "", file.toString(), null, source, attempts);
        } catch (RuntimeException e) {
            attempts.add(source + " " + file + ": " + e.getMessage());
            return NativeLibrary.unavailable(NAME, null, attempts);
        }
    }
}
