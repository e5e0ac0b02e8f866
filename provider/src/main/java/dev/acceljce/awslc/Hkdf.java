package dev.acceljce.awslc;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.acceljce.foreign.NativeObject;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.Objects;

/**
 * AWS-LC's HKDF (RFC 5869) with SHA-256, SHA-384 or SHA-512: {@code HKDF_extract},
 * {@code HKDF_expand} and {@code HKDF}, each one critical downcall on the caller's arrays. No
 * context is fetched, allocated or freed per derivation (OpenSSL's EVP_KDF needs all three), which
 * is what a TLS 1.3 handshake, with its dozen short derivations per side, pays for. Nothing secret
 * is copied outside the caller's arrays; AWS-LC wipes its HMAC state on the stack.
 */
public final class Hkdf {
    /** The digests bound here, with AWS-LC's {@code EVP_MD} getter and the digest's length. */
    public enum Digest {
        SHA256("EVP_sha256", 32),
        SHA384("EVP_sha384", 48),
        SHA512("EVP_sha512", 64);

        private final MemorySegment md;
        private final int length;

        Digest(String getter, int length) {
            try {
                this.md = (MemorySegment)
                        AwsLc.function(getter, FunctionDescriptor.of(ADDRESS)).invokeExact();
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            }
            this.length = length;
        }

        public int length() {
            return length;
        }
    }

    /** RFC 5869: at most 255 blocks of output. */
    private static final int MAX_BLOCKS = 255;

    private static final MethodHandle HKDF = AwsLc.critical(
            "HKDF",
            FunctionDescriptor.of(
                    JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG));
    private static final MethodHandle HKDF_EXTRACT = AwsLc.critical(
            "HKDF_extract",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG));
    private static final MethodHandle HKDF_EXPAND = AwsLc.critical(
            "HKDF_expand",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG));

    private Hkdf() {}

    /**
     * HKDF-Extract: the pseudorandom key of {@code ikm} and {@code salt} (empty: RFC 5869's
     * all-zero salt, which HMAC's zero padding of the key gives) into {@code prk}, exactly the
     * digest's length.
     */
    public static void extract(Digest digest, byte[] ikm, byte[] salt, byte[] prk) {
        if (prk.length != digest.length) {
            throw new IllegalArgumentException("the PRK of " + digest + " is " + digest.length + " bytes");
        }
        long[] written = new long[1];
        try {
            int ok = (int) HKDF_EXTRACT.invokeExact(
                    MemorySegment.ofArray(prk),
                    MemorySegment.ofArray(written),
                    digest.md,
                    MemorySegment.ofArray(ikm),
                    (long) ikm.length,
                    MemorySegment.ofArray(salt),
                    (long) salt.length);
            if (ok != 1 || written[0] != prk.length) {
                throw AwsLcErrors.failure("HKDF_extract");
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /** HKDF-Expand: {@code out.length} bytes (1 to 255 blocks) of {@code prk} and {@code info}. */
    public static void expand(Digest digest, byte[] prk, byte[] info, byte[] out) {
        checkOutput(digest, out);
        try {
            int ok = (int) HKDF_EXPAND.invokeExact(
                    MemorySegment.ofArray(out),
                    (long) out.length,
                    digest.md,
                    MemorySegment.ofArray(prk),
                    (long) prk.length,
                    MemorySegment.ofArray(info),
                    (long) info.length);
            if (ok != 1) {
                throw AwsLcErrors.failure("HKDF_expand");
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /** Extract then Expand in one call: {@code out.length} bytes (1 to 255 blocks). */
    public static void extractAndExpand(Digest digest, byte[] ikm, byte[] salt, byte[] info, byte[] out) {
        checkOutput(digest, out);
        try {
            int ok = (int) HKDF.invokeExact(
                    MemorySegment.ofArray(out),
                    (long) out.length,
                    digest.md,
                    MemorySegment.ofArray(ikm),
                    (long) ikm.length,
                    MemorySegment.ofArray(salt),
                    (long) salt.length,
                    MemorySegment.ofArray(info),
                    (long) info.length);
            if (ok != 1) {
                throw AwsLcErrors.failure("HKDF");
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    private static void checkOutput(Digest digest, byte[] out) {
        Objects.requireNonNull(out, "out");
        if (out.length == 0 || out.length > MAX_BLOCKS * digest.length) {
            throw new IllegalArgumentException("HKDF output of " + digest + " is 1 to " + MAX_BLOCKS * digest.length
                    + " bytes, not " + out.length);
        }
    }
}
