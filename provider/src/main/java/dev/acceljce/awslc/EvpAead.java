package dev.acceljce.awslc;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.acceljce.foreign.NativeObject;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.ref.Reference;
import java.util.Objects;

/**
 * AWS-LC's {@code EVP_AEAD}: one call seals or opens a whole message, on a context that holds the
 * key schedule from one message to the next. No streaming: the caller hands over the whole
 * plaintext (or ciphertext with its tag) and the whole AAD.
 *
 * <p>Two call shapes. {@link Context#seal}/{@link Context#open} take segments (any message size,
 * direct buffers). {@link Context#sealShort}/{@link Context#openShort} take Java arrays and a
 * {@link Scratch} buffer of native memory: the nonce, AAD and message are copied into it, the
 * library works there in place, and the result is copied out. The native call then sees plain
 * addresses, so no segment object is made per message: with heap segments, whether the JIT
 * removes those wrappers differs from one JVM to the next, and so did the speed of short messages
 * (docs/history/2026-11-26-intel-aes-gcm-upper-vector-state.md).
 */
public final class EvpAead {
    /** Critical: the key goes from its Java array straight into AWS-LC's context (no native copy to wipe). */
    private static final MethodHandle CTX_NEW =
            AwsLc.critical("EVP_AEAD_CTX_new", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, JAVA_LONG));

    private static final MethodHandle CTX_FREE =
            AwsLc.function("EVP_AEAD_CTX_free", FunctionDescriptor.ofVoid(ADDRESS));
    /** seal and open share one shape: (ctx, out, *out_len, max_out, nonce, n, in, n, ad, n). */
    private static final FunctionDescriptor ONE_SHOT = FunctionDescriptor.of(
            JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG);
    /**
     * The same shape with every pointer as a 64-bit integer (LP64: x86-64 and AArch64 Linux), for
     * the scratch calls, whose pointers are addresses in native memory this class owns.
     */
    private static final FunctionDescriptor ONE_SHOT_ADDRESSES = FunctionDescriptor.of(
            JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG, JAVA_LONG,
            JAVA_LONG);

    private static final MethodHandle SEAL = AwsLc.critical("EVP_AEAD_CTX_seal", ONE_SHOT);
    private static final MethodHandle OPEN = AwsLc.critical("EVP_AEAD_CTX_open", ONE_SHOT);
    private static final MethodHandle SEAL_AT = AwsLc.critical("EVP_AEAD_CTX_seal", ONE_SHOT_ADDRESSES);
    private static final MethodHandle OPEN_AT = AwsLc.critical("EVP_AEAD_CTX_open", ONE_SHOT_ADDRESSES);

    /** AES-GCM's largest tag, and the one AWS-LC's ChaCha20-Poly1305 AEADs have. */
    private static final int FULL_TAG = 16;

    private EvpAead() {}

    /** The AEADs bound here, by AWS-LC's constructor function. */
    public enum Algorithm {
        /** AES-128-GCM: any nonce of at least one byte (12 is the fast one), tags of 1..16 bytes. */
        AES_128_GCM("EVP_aead_aes_128_gcm", 16, 1, Integer.MAX_VALUE, true),
        AES_192_GCM("EVP_aead_aes_192_gcm", 24, 1, Integer.MAX_VALUE, true),
        AES_256_GCM("EVP_aead_aes_256_gcm", 32, 1, Integer.MAX_VALUE, true),
        /** ChaCha20-Poly1305 (RFC 8439): a 12-byte nonce, a 16-byte tag. */
        CHACHA20_POLY1305("EVP_aead_chacha20_poly1305", 32, 12, 12, false),
        /** XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha): a 24-byte nonce. */
        XCHACHA20_POLY1305("EVP_aead_xchacha20_poly1305", 32, 24, 24, false);

        private final String function;
        private final int keyLength;
        private final int minNonce;
        private final int maxNonce;
        private final boolean shortTags;
        private volatile MemorySegment aead;

        Algorithm(String function, int keyLength, int minNonce, int maxNonce, boolean shortTags) {
            this.function = function;
            this.shortTags = shortTags;
            this.keyLength = keyLength;
            this.minNonce = minNonce;
            this.maxNonce = maxNonce;
        }

        /** AES-GCM for a key of {@code keyLength} bytes (16, 24 or 32). */
        public static Algorithm aesGcm(int keyLength) {
            return switch (keyLength) {
                case 16 -> AES_128_GCM;
                case 24 -> AES_192_GCM;
                case 32 -> AES_256_GCM;
                default -> throw new IllegalArgumentException("AES keys are 16, 24 or 32 bytes");
            };
        }

        public int keyLength() {
            return keyLength;
        }

        /** The full tag length: the default, and the longest. */
        public int tagLength() {
            return FULL_TAG;
        }

        /** Whether the algorithm takes tags shorter than {@link #tagLength()} (GCM does). */
        public boolean truncatesTags() {
            return shortTags;
        }

        /** The library's static {@code EVP_AEAD}, asked once. */
        private MemorySegment aead() {
            MemorySegment a = aead;
            if (a == null) {
                try {
                    a = (MemorySegment) AwsLc.function(function, FunctionDescriptor.of(ADDRESS))
                            .invokeExact();
                } catch (Throwable t) {
                    throw NativeObject.rethrow(t);
                }
                aead = a;
            }
            return a;
        }
    }

    /**
     * Native memory for the short-message calls of one thread at a time: the length AWS-LC
     * writes, the nonce, the AAD and the message (sealed or opened in place). Freed by the garbage
     * collector with its owner; whatever plaintext an open leaves in it is wiped before the call
     * returns. Belongs to one cipher object, like the context it is used with.
     */
    public static final class Scratch {
        /** The first 8 bytes: AWS-LC's {@code *out_len}. */
        private static final long DATA = 8;

        /** The largest scratch buffer: short messages only. */
        public static final int MAX_CAPACITY = 64 * 1024;

        private static final byte[] ZEROS = new byte[MAX_CAPACITY];

        private final MemorySegment memory;

        /** A buffer of {@code capacity} bytes, the length word included. */
        public Scratch(int capacity) {
            if (capacity < DATA + FULL_TAG || capacity > MAX_CAPACITY) {
                throw new IllegalArgumentException("scratch capacity out of range: " + capacity);
            }
            this.memory = Arena.ofAuto().allocate(capacity, 16);
        }

        /** The capacity a message with this nonce, AAD and (input or output, the longer) length needs. */
        public static long capacityFor(int nonceLength, int aadLength, int messageLength) {
            return DATA + (long) nonceLength + aadLength + messageLength;
        }

        /** Whether a message with this nonce, AAD and (input or output, the longer) length fits. */
        public boolean fits(int nonceLength, int aadLength, int messageLength) {
            return capacityFor(nonceLength, aadLength, messageLength) <= memory.byteSize();
        }
    }

    /**
     * An {@code EVP_AEAD_CTX} holding one key (its schedule) and a tag length, for any number of
     * messages. Not thread-safe: the shared guard refuses concurrent use.
     */
    public static final class Context extends AwsLcResource {
        private final Algorithm algorithm;
        private final int tagLength;

        /** A context for {@code key} with the algorithm's full tag. */
        public Context(Algorithm algorithm, byte[] key) {
            this(algorithm, key, algorithm.tagLength());
        }

        /**
         * A context for {@code key} whose tags are {@code tagLength} bytes. The key's and the
         * tag's lengths are checked here; the caller wipes its array, AWS-LC keeps only its own
         * copy (wiped when freed).
         */
        public Context(Algorithm algorithm, byte[] key, int tagLength) {
            super(newContext(algorithm, key, tagLength), CTX_FREE, "EVP_AEAD_CTX");
            this.algorithm = algorithm;
            this.tagLength = tagLength;
        }

        private static MemorySegment newContext(Algorithm algorithm, byte[] key, int tagLength) {
            if (key.length != algorithm.keyLength) {
                throw new IllegalArgumentException(algorithm + " keys are " + algorithm.keyLength + " bytes");
            }
            if (tagLength != algorithm.tagLength()
                    && !(algorithm.truncatesTags() && tagLength >= 1 && tagLength < FULL_TAG)) {
                throw new IllegalArgumentException(algorithm + " does not take " + tagLength + "-byte tags");
            }
            try {
                return (MemorySegment) CTX_NEW.invokeExact(
                        algorithm.aead(), MemorySegment.ofArray(key), (long) key.length, (long) tagLength);
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            }
        }

        public Algorithm algorithm() {
            return algorithm;
        }

        public int tagLength() {
            return tagLength;
        }

        /**
         * Seals {@code in} into {@code out} (exactly in + tag bytes: ciphertext, then the tag).
         * {@code out} may be {@code in} itself, or must not overlap it.
         */
        public void seal(MemorySegment nonce, MemorySegment in, MemorySegment aad, MemorySegment out) {
            checkNonce(nonce.byteSize());
            if (out.byteSize() != in.byteSize() + tagLength) {
                throw new IllegalArgumentException("seal output must be input + tag long");
            }
            if (call(SEAL, nonce, in, aad, out) != out.byteSize()) {
                throw AwsLcErrors.failure(algorithm + " seal");
            }
        }

        /**
         * Opens {@code in} (ciphertext, then the tag) into {@code out} (exactly in - tag bytes).
         * Returns false when the tag does not verify; AWS-LC then zeroes {@code out}, so the
         * caller opens into a private buffer. {@code out} may be {@code in} itself, or must not
         * overlap it.
         */
        public boolean open(MemorySegment nonce, MemorySegment in, MemorySegment aad, MemorySegment out) {
            checkNonce(nonce.byteSize());
            if (in.byteSize() < tagLength || out.byteSize() != in.byteSize() - tagLength) {
                throw new IllegalArgumentException("open output must be input - tag long");
            }
            if (call(OPEN, nonce, in, aad, out) == out.byteSize()) {
                return true;
            }
            AwsLcErrors.clear(); // a wrong tag is an expected outcome, not an error to report later
            return false;
        }

        /**
         * Seals {@code in[inOffset, +inLength)} into {@code out[outOffset, +inLength + tag)}
         * through {@code scratch}, where it must {@link Scratch#fits fit}, and returns {@code out};
         * with {@code out} null ({@code outOffset} is then ignored), into a new array made after
         * the native call (see {@link #callShort}). The ranges may overlap in any way: the input
         * is copied out before the output is written.
         */
        public byte[] sealShort(
                Scratch scratch,
                byte[] nonce,
                byte[] aad,
                int aadLength,
                byte[] in,
                int inOffset,
                int inLength,
                byte[] out,
                int outOffset) {
            int outLength = inLength + tagLength;
            checkShort(scratch, nonce, aad, aadLength, in, inOffset, inLength, out, outOffset, outLength);
            byte[] result =
                    callShort(false, scratch, nonce, aad, aadLength, in, inOffset, inLength, out, outOffset, outLength);
            if (result == null) {
                throw AwsLcErrors.failure(algorithm + " seal");
            }
            return result;
        }

        /**
         * Opens {@code in[inOffset, +inLength)} (ciphertext, then the tag) into
         * {@code out[outOffset, +inLength - tag)} through {@code scratch}, where it must
         * {@link Scratch#fits fit}, and returns {@code out}; with {@code out} null, into a new
         * array made after the native call. Returns null, leaving {@code out} untouched, when the
         * tag does not verify. The plaintext is wiped from the scratch buffer in every case.
         */
        public byte[] openShort(
                Scratch scratch,
                byte[] nonce,
                byte[] aad,
                int aadLength,
                byte[] in,
                int inOffset,
                int inLength,
                byte[] out,
                int outOffset) {
            int outLength = inLength - tagLength;
            if (outLength < 0) {
                throw new IllegalArgumentException("open input must hold a tag");
            }
            checkShort(scratch, nonce, aad, aadLength, in, inOffset, inLength, out, outOffset, outLength);
            byte[] result =
                    callShort(true, scratch, nonce, aad, aadLength, in, inOffset, inLength, out, outOffset, outLength);
            if (result == null) {
                AwsLcErrors.clear(); // a wrong tag is an expected outcome, not an error to report later
            }
            return result;
        }

        private void checkShort(
                Scratch scratch,
                byte[] nonce,
                byte[] aad,
                int aadLength,
                byte[] in,
                int inOffset,
                int inLength,
                byte[] out,
                int outOffset,
                int outLength) {
            checkNonce(nonce.length);
            Objects.checkFromIndexSize(0, aadLength, aad.length);
            Objects.checkFromIndexSize(inOffset, inLength, in.length);
            if (out != null) {
                Objects.checkFromIndexSize(outOffset, outLength, out.length);
            }
            if (!scratch.fits(nonce.length, aadLength, Math.max(inLength, outLength))) {
                throw new IllegalArgumentException("message too long for the scratch buffer");
            }
        }

        private void checkNonce(long length) {
            if (length < algorithm.minNonce || length > algorithm.maxNonce) {
                throw new IllegalArgumentException(algorithm + " nonces are " + algorithm.minNonce
                        + (algorithm.maxNonce == algorithm.minNonce ? "" : " or more") + " bytes");
            }
        }

        /** One seal or open; the number of bytes written, or -1 when AWS-LC refused. */
        private long call(
                MethodHandle fn, MemorySegment nonce, MemorySegment in, MemorySegment aad, MemorySegment out) {
            long[] written = new long[1];
            MemorySegment ctx = enter();
            try {
                int ok = (int) fn.invokeExact(
                        ctx,
                        out,
                        MemorySegment.ofArray(written),
                        out.byteSize(),
                        nonce,
                        nonce.byteSize(),
                        in,
                        in.byteSize(),
                        aad,
                        aad.byteSize());
                return ok == 1 ? written[0] : -1;
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                exit();
            }
        }

        /**
         * Copies nonce, AAD and input into {@code scratch}, runs one seal or open there, in place,
         * and on success copies the {@code outLength} bytes of the result to {@code out} (a new
         * array when null) and returns it; null when AWS-LC refused. The message region is wiped
         * afterwards when it held plaintext (an open). All inside the concurrent-use guard, so two
         * threads misusing one cipher cannot mix their messages in the buffer.
         *
         * <p>A new output array is made here, after the guard's compare-and-set: made before it,
         * its zeroing stores (to memory not yet in cache) were still pending when the locked
         * instruction had to wait for them, 7% of AES-GCM's time at 512 B in a profile.
         */
        private byte[] callShort(
                boolean opening,
                Scratch scratch,
                byte[] nonce,
                byte[] aad,
                int aadLength,
                byte[] in,
                int inOffset,
                int inLength,
                byte[] out,
                int outOffset,
                int outLength) {
            MemorySegment mem = scratch.memory;
            long base = mem.address();
            long nonceAt = Scratch.DATA;
            long aadAt = nonceAt + nonce.length;
            long messageAt = aadAt + aadLength;
            MemorySegment ctx = enter();
            try {
                MemorySegment.copy(nonce, 0, mem, JAVA_BYTE, nonceAt, nonce.length);
                MemorySegment.copy(aad, 0, mem, JAVA_BYTE, aadAt, aadLength);
                MemorySegment.copy(in, inOffset, mem, JAVA_BYTE, messageAt, inLength);
                // each handle named at its call: a constant the JIT links directly, even where it
                // does not inline this method (a handle passed in as an argument went through
                // the generic invokeBasic path then)
                int ok = opening
                        ? (int) OPEN_AT.invokeExact(
                                ctx.address(),
                                base + messageAt,
                                base,
                                (long) outLength,
                                base + nonceAt,
                                (long) nonce.length,
                                base + messageAt,
                                (long) inLength,
                                base + aadAt,
                                (long) aadLength)
                        : (int) SEAL_AT.invokeExact(
                                ctx.address(),
                                base + messageAt,
                                base,
                                (long) outLength,
                                base + nonceAt,
                                (long) nonce.length,
                                base + messageAt,
                                (long) inLength,
                                base + aadAt,
                                (long) aadLength);
                if (ok != 1 || mem.get(JAVA_LONG, 0) != outLength) {
                    return null;
                }
                if (out == null) {
                    byte[] result = new byte[outLength];
                    MemorySegment.copy(mem, JAVA_BYTE, messageAt, result, 0, outLength);
                    return result;
                }
                MemorySegment.copy(mem, JAVA_BYTE, messageAt, out, outOffset, outLength);
                return out;
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                if (opening) { // from a zero array: a slice to fill would be one more object per message
                    MemorySegment.copy(Scratch.ZEROS, 0, mem, JAVA_BYTE, messageAt, inLength);
                }
                exit();
                Reference.reachabilityFence(scratch);
            }
        }
    }
}
