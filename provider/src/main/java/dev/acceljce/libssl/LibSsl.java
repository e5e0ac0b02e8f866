package dev.acceljce.libssl;

import dev.acceljce.awslc.AwsLc;
import dev.acceljce.foreign.BundledLibrary;
import dev.acceljce.foreign.UpperStateGuard;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The loaded AWS-LC libssl, the TLS state machine under AccelJCE's own {@code SSLContext}: finds
 * it, and hands out one {@link MethodHandle} per symbol. Nothing here knows about JSSE.
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
    private static final Linker LINKER = Linker.nativeLinker();
    private static final Loaded LOADED = load();

    private LibSsl() {}

    private record Loaded(SymbolLookup lookup, String path, String failure) {}

    public static boolean isAvailable() {
        return LOADED.lookup != null;
    }

    /** Why libssl is not loaded, or null when it is. */
    public static String unavailableReason() {
        return LOADED.failure;
    }

    /** The file libssl was loaded from, or null. */
    public static String path() {
        return LOADED.path;
    }

    /** A downcall handle for libssl's {@code name}; the call may run upcalls (handshake callbacks). */
    static MethodHandle function(String name, FunctionDescriptor fd) {
        return UpperStateGuard.guard(LINKER.downcallHandle(symbol(name), fd));
    }

    /** A downcall handle for libssl's {@code name} that may take heap segments: no upcall, short. */
    static MethodHandle critical(String name, FunctionDescriptor fd) {
        return UpperStateGuard.guard(LINKER.downcallHandle(symbol(name), fd, Linker.Option.critical(true)));
    }

    private static MemorySegment symbol(String name) {
        if (!isAvailable()) {
            throw new IllegalStateException("AWS-LC's libssl is not loaded: " + LOADED.failure);
        }
        return LOADED.lookup
                .find(name)
                .orElseThrow(() -> new UnsatisfiedLinkError("libssl at " + LOADED.path + " has no symbol " + name));
    }

    private static Loaded load() {
        if (!AwsLc.isAvailable()) {
            return new Loaded(null, null, "AWS-LC's libcrypto is not loaded (" + AwsLc.unavailableReason() + ")");
        }
        String explicit = System.getProperty("acceljce.libssl.lib");
        if (explicit != null && !explicit.isBlank()) {
            return tryLoad(Path.of(explicit), "property");
        }
        Optional<BundledLibrary> found;
        try {
            found = BundledLibrary.find(LibSsl.class.getClassLoader(), "awslc-ssl");
        } catch (IOException | RuntimeException e) {
            return new Loaded(null, null, "bundled libssl: unusable bundle jar: " + e.getMessage());
        }
        if (found.isEmpty()) {
            return new Loaded(
                    null,
                    null,
                    "no bundled libssl (" + BundledLibrary.RESOURCE_ROOT + BundledLibrary.platform()
                            + "/awslc-ssl.properties is not on the class path)");
        }
        List<String> attempts = new ArrayList<>();
        for (Path base : BundledLibrary.baseDirectories()) {
            Path file;
            try {
                file = found.get().extractTo(base);
            } catch (IOException | RuntimeException e) {
                attempts.add(base + ": " + e.getMessage());
                continue;
            }
            Loaded l = tryLoad(file, "bundled");
            if (l.lookup != null) {
                return l;
            }
            attempts.add(l.failure);
        }
        return new Loaded(null, null, "bundled libssl: " + String.join("; ", attempts));
    }

    private static Loaded tryLoad(Path file, String source) {
        try {
            SymbolLookup lookup = SymbolLookup.libraryLookup(file, Arena.global());
            lookup.find("SSL_CTX_new").orElseThrow(() -> new IllegalStateException("not a libssl (no SSL_CTX_new)"));
            return new Loaded(lookup, file.toString(), null);
        } catch (RuntimeException e) {
            return new Loaded(null, null, source + " " + file + ": " + e.getMessage());
        }
    }
}
