package dev.acceljce.openssl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.acceljce.foreign.NativeObject;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * Every native call of the random family: OpenSSL's default DRBGs (RAND_* and the EVP_RAND calls
 * on the per-thread private DRBG).
 *
 * <p>OpenSSL 3 keeps one primary DRBG (seeded from the operating system and, where present,
 * RDSEED/RDRAND) and, per thread, a public and a private DRBG seeded from the primary. The
 * per-thread ones take no lock, so no Java-side lock may be added around these calls: callers on
 * different threads never contend. OpenSSL reseeds them itself (by time, by use count, after
 * fork, and when the primary reseeds).
 *
 * <p>{@code RAND_get0_private} returns the calling thread's DRBG: it is used in the same method,
 * on the same thread, and never kept.
 */
public final class Rand {
    private static final MethodHandle RAND_PRIV_BYTES = LibCrypto.critical(
            "RAND_priv_bytes_ex", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT));
    private static final MethodHandle RAND_ADD =
            LibCrypto.critical("RAND_add", FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT, JAVA_DOUBLE));
    private static final MethodHandle RAND_GET0_PRIVATE =
            LibCrypto.critical("RAND_get0_private", FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle EVP_RAND_GENERATE = LibCrypto.critical(
            "EVP_RAND_generate",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_INT, ADDRESS, JAVA_LONG));
    private static final MethodHandle EVP_RAND_RESEED = LibCrypto.critical(
            "EVP_RAND_reseed",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG));
    private static final MethodHandle EVP_RAND_GET_STRENGTH =
            LibCrypto.critical("EVP_RAND_get_strength", FunctionDescriptor.of(JAVA_INT, ADDRESS));

    private Rand() {}

    /** Whether the private DRBG works here (the provider's probe). */
    public static boolean available() {
        try {
            privateBytes(new byte[16], 0, 16);
            return strength() > 0;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** The security strength in bits of the private DRBG (256 for OpenSSL's default CTR-DRBG AES-256). */
    public static int strength() {
        try {
            MemorySegment drbg = privateDrbg();
            return (int) EVP_RAND_GET_STRENGTH.invokeExact(drbg);
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /** Fills {@code out[off..off+len)} from the calling thread's private DRBG (RAND_priv_bytes). */
    public static void privateBytes(byte[] out, int off, int len) {
        MemorySegment all = MemorySegment.ofArray(out);
        try {
            while (len > 0) {
                int n = Math.min(len, Native.MAX_CHUNK);
                if ((int) RAND_PRIV_BYTES.invokeExact(LibContext.libctx(), all.asSlice(off, n), (long) n, 0) != 1) {
                    throw OpenSslErrors.failure("RAND_priv_bytes");
                }
                off += n;
                len -= n;
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /**
     * Fills {@code out[off..off+len)} from the calling thread's private DRBG with EVP_RAND_generate:
     * {@code strength} in bits (0: the DRBG's own), {@code predictionResistance} to pull fresh
     * entropy from the operating system first, {@code additionalInput} (may be null) mixed in.
     * Both apply to the first chunk of a large request; later chunks continue from that state.
     */
    public static void generate(
            byte[] out, int off, int len, int strength, boolean predictionResistance, byte[] additionalInput) {
        MemorySegment all = MemorySegment.ofArray(out);
        MemorySegment adin = additionalInput == null ? MemorySegment.NULL : MemorySegment.ofArray(additionalInput);
        long adinLen = additionalInput == null ? 0 : additionalInput.length;
        int pr = predictionResistance ? 1 : 0;
        try {
            do {
                int n = Math.min(len, Native.MAX_CHUNK);
                MemorySegment drbg = privateDrbg();
                if ((int) EVP_RAND_GENERATE.invokeExact(
                                drbg, all.asSlice(off, n), (long) n, strength, pr, adin, adinLen)
                        != 1) {
                    throw OpenSslErrors.failure("EVP_RAND_generate");
                }
                off += n;
                len -= n;
                pr = 0;
                adin = MemorySegment.NULL;
                adinLen = 0;
            } while (len > 0);
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /**
     * Reseeds the calling thread's private DRBG (EVP_RAND_reseed). With prediction resistance the
     * reseed reaches through the primary DRBG to the operating system's entropy source; the other
     * threads' DRBGs follow when they next see the primary's new reseed count.
     */
    public static void reseed(boolean predictionResistance, byte[] additionalInput) {
        try {
            MemorySegment adin = additionalInput == null ? MemorySegment.NULL : MemorySegment.ofArray(additionalInput);
            long adinLen = additionalInput == null ? 0 : additionalInput.length;
            MemorySegment drbg = privateDrbg();
            if ((int) EVP_RAND_RESEED.invokeExact(
                            drbg, predictionResistance ? 1 : 0, MemorySegment.NULL, 0L, adin, adinLen)
                    != 1) {
                throw OpenSslErrors.failure("EVP_RAND_reseed");
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /**
     * Mixes caller data into the primary DRBG (RAND_add with an entropy estimate of zero). OpenSSL
     * uses it as additional input of a reseed from its own entropy source: it can only add to
     * the state, never replace the entropy.
     */
    public static void add(byte[] data) {
        if (LibContext.fipsRequested()) {
            // RAND_add has no context argument: in FIPS mode the caller's data goes to the
            // module's DRBG as additional input of a reseed, which is what RAND_add does too
            reseed(false, data);
            return;
        }
        MemorySegment all = MemorySegment.ofArray(data);
        try {
            for (int off = 0; off < data.length; off += Native.MAX_CHUNK) {
                int n = Math.min(data.length - off, Native.MAX_CHUNK);
                RAND_ADD.invokeExact(all.asSlice(off, n), n, 0.0);
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
        // RAND_add reports nothing; a failed reseed leaves an entry we must not hand to the next caller
        OpenSslErrors.clear();
    }

    private static MemorySegment privateDrbg() throws Throwable {
        MemorySegment drbg = (MemorySegment) RAND_GET0_PRIVATE.invokeExact(LibContext.libctx());
        if (drbg.equals(MemorySegment.NULL)) {
            throw OpenSslErrors.failure("RAND_get0_private");
        }
        return drbg;
    }
}
