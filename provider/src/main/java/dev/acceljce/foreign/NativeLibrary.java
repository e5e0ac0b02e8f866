package dev.acceljce.foreign;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * One native library as a binding loaded it (OpenSSL's libcrypto, AWS-LC's libcrypto, AWS-LC's
 * libssl), or why none was loaded, and the one way every binding turns the library's symbols into
 * downcall handles: each handle guarded by {@link UpperStateGuard}, looked up under the library's
 * symbol prefix, and failing with the same messages ("... is not loaded: why", "... at path has no
 * symbol ..."). Which file to try, in which order, and how to tell that a file is the library
 * wanted (its version call) stay with each binding ({@code openssl/LibCrypto}, {@code awslc/AwsLc},
 * {@code libssl/LibSsl}): those rules differ per library. Every library is opened in the global
 * arena: once loaded it stays for the life of the process.
 */
public final class NativeLibrary {
    private static final Linker LINKER = Linker.nativeLinker();

    private final String name;
    private final String label;
    private final SymbolLookup lookup;
    private final String prefix;
    private final String path;
    private final String version;
    private final String source;
    private final String failure;
    private final List<String> attempts;

    private NativeLibrary(
            String name,
            String label,
            SymbolLookup lookup,
            String prefix,
            String path,
            String version,
            String source,
            String failure,
            List<String> attempts) {
        this.name = name;
        this.label = label;
        this.lookup = lookup;
        this.prefix = prefix;
        this.path = path;
        this.version = version;
        this.source = source;
        this.failure = failure;
        this.attempts = List.copyOf(attempts);
    }

    /**
     * A library that loaded.
     *
     * @param name     what "... is not loaded" would call it ("libcrypto", "AWS-LC")
     * @param label    what "... at path has no symbol" calls it ("libcrypto OpenSSL 3.5.5 ...")
     * @param prefix   put in front of every symbol name asked for ("" for none)
     * @param source   which rule of the binding's loading order chose it ("bundled", ...)
     * @param attempts every candidate tried, this one last
     */
    public static NativeLibrary loaded(
            String name,
            String label,
            SymbolLookup lookup,
            String prefix,
            String path,
            String version,
            String source,
            List<String> attempts) {
        return new NativeLibrary(name, label, lookup, prefix, path, version, source, null, attempts);
    }

    /** No library: {@code failure} says why (null while the binding still has candidates to try). */
    public static NativeLibrary unavailable(String name, String failure, List<String> attempts) {
        return new NativeLibrary(name, null, null, null, null, null, null, failure, attempts);
    }

    /** Opens a library file in the global arena (it is never unloaded). */
    public static SymbolLookup open(Path file) {
        return SymbolLookup.libraryLookup(file, Arena.global());
    }

    /** Opens a library the dynamic linker finds by its name ("libcrypto.so.3"), in the global arena. */
    public static SymbolLookup open(String soname) {
        return SymbolLookup.libraryLookup(soname, Arena.global());
    }

    /**
     * The bundled library extracted to the first base directory ({@link
     * BundledLibrary#baseDirectories()}) where it can be, and where {@code open} then loads it:
     * {@code open}'s first available result, or null. Every base that cannot take the file adds
     * "bundled &lt;description&gt; in &lt;base&gt;: &lt;why&gt;" to {@code attempts}; {@code open}
     * notes its own outcome there.
     */
    public static NativeLibrary loadBundled(
            BundledLibrary bundle, List<String> attempts, Function<Path, NativeLibrary> open) {
        List<Path> bases;
        try {
            bases = BundledLibrary.baseDirectories();
        } catch (RuntimeException e) {
            attempts.add("bundled " + bundle.description() + ": no directory to extract to: " + e.getMessage());
            return null;
        }
        for (Path base : bases) {
            Path file;
            try {
                file = bundle.extractTo(base);
            } catch (IOException | RuntimeException e) {
                attempts.add("bundled " + bundle.description() + " in " + base + ": " + e);
                continue;
            }
            NativeLibrary library = open.apply(file);
            if (library.isAvailable()) {
                return library;
            }
        }
        return null;
    }

    public boolean isAvailable() {
        return lookup != null;
    }

    /** Why no library is loaded, or null when one is. */
    public String failure() {
        return failure;
    }

    /** The file the library was loaded from, or null. */
    public String path() {
        return path;
    }

    /** The version text the library reports, or null. */
    public String version() {
        return version;
    }

    /** Which rule of the binding's loading order chose the library, or null. */
    public String source() {
        return source;
    }

    /** The prefix every symbol of the library carries ("" for none), or null when not loaded. */
    public String prefix() {
        return prefix;
    }

    /** Each candidate tried, in order, with its outcome. */
    public List<String> attempts() {
        return attempts;
    }

    /** A plain downcall handle: for calls that may run long or call back into Java. */
    public MethodHandle function(String symbol, FunctionDescriptor fd) {
        return UpperStateGuard.guard(LINKER.downcallHandle(address(symbol), fd));
    }

    /**
     * A critical downcall: heap arrays may be passed without copying, and the call must be short
     * (it holds off the GC) and must not call back into Java.
     */
    public MethodHandle critical(String symbol, FunctionDescriptor fd) {
        return UpperStateGuard.guard(LINKER.downcallHandle(address(symbol), fd, Linker.Option.critical(true)));
    }

    /** A plain downcall handle for a symbol that older libraries lack, or empty. */
    public Optional<MethodHandle> optionalFunction(String symbol, FunctionDescriptor fd) {
        if (!isAvailable()) {
            return Optional.empty();
        }
        return lookup.find(prefix + symbol).map(s -> UpperStateGuard.guard(LINKER.downcallHandle(s, fd)));
    }

    /** A critical downcall ({@link #critical}) for a symbol that older libraries lack, or empty. */
    public Optional<MethodHandle> optionalCritical(String symbol, FunctionDescriptor fd) {
        if (!isAvailable()) {
            return Optional.empty();
        }
        return lookup.find(prefix + symbol)
                .map(s -> UpperStateGuard.guard(LINKER.downcallHandle(s, fd, Linker.Option.critical(true))));
    }

    private MemorySegment address(String symbol) {
        if (!isAvailable()) {
            throw new IllegalStateException(name + " is not loaded: " + failure);
        }
        return lookup.find(prefix + symbol)
                .orElseThrow(
                        () -> new UnsatisfiedLinkError(label + " at " + path + " has no symbol " + prefix + symbol));
    }
}
