package dev.acceljce.openssl;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The one place every binding takes its OSSL_LIB_CTX and property query from, for every
 * {@code EVP_*_fetch}, {@code EVP_PKEY_CTX_new_from_*}, key decoding and DRBG call.
 *
 * <p>By default both are NULL: OpenSSL's process-wide default context and no property query,
 * exactly as before FIPS mode existed. With {@code acceljce.fips=true} they are the context
 * {@link FipsModule} made (OpenSSL's FIPS provider and the base provider, loaded from their
 * configuration into a context of AccelJCE's own, so other users of the library in the process
 * are unaffected) and {@code "fips=yes"}. Decided once, at class initialisation: a JVM is in FIPS
 * mode from its first AccelJCE call to its end. The fields are static finals, so the JIT folds
 * them into each call site.
 */
public final class LibContext {
    /** The property query of FIPS mode: only implementations the module marks approved. */
    public static final String FIPS_QUERY = "fips=yes";

    private static final FipsModule.Status FIPS = FipsModule.loadIfRequested();
    private static final MemorySegment LIBCTX = FIPS.active() ? FIPS.libctx() : MemorySegment.NULL;
    private static final MemorySegment PROPQ =
            FIPS.active() ? Arena.global().allocateFrom(FIPS_QUERY) : MemorySegment.NULL;

    private LibContext() {}

    /** The OSSL_LIB_CTX to pass to OpenSSL: NULL (the default context) unless in FIPS mode. */
    public static MemorySegment libctx() {
        return LIBCTX;
    }

    /** The property query to pass to OpenSSL: NULL unless in FIPS mode ("fips=yes"). */
    public static MemorySegment propq() {
        return PROPQ;
    }

    /** Whether FIPS mode was asked for ({@code acceljce.fips=true}), whether or not the module loaded. */
    public static boolean fipsRequested() {
        return FIPS.requested();
    }

    /** The FIPS module's state: not requested, active (with its name, version, ...) or failed and why. */
    public static FipsModule.Status fips() {
        return FIPS;
    }
}
