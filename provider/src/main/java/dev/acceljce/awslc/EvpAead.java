package dev.acceljce.awslc;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.acceljce.foreign.NativeObject;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * AWS-LC's {@code EVP_AEAD}: one call seals or opens a whole message, on a context that holds the
 * key schedule from one message to the next. No streaming: the caller hands over the whole
 * plaintext (or ciphertext with its tag) and the whole AAD.
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

    private static final MethodHandle SEAL = AwsLc.critical("EVP_AEAD_CTX_seal", ONE_SHOT);
    private static final MethodHandle OPEN = AwsLc.critical("EVP_AEAD_CTX_open", ONE_SHOT);

    private EvpAead() {}

    /** The AEADs bound here, by AWS-LC's constructor function. */
    public enum Algorithm {
        /** XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha): a 24-byte nonce. */
        XCHACHA20_POLY1305("EVP_aead_xchacha20_poly1305", 32, 24, 16);

        private final String function;
        private final int keyLength;
        private final int nonceLength;
        private final int tagLength;
        private volatile MemorySegment aead;

        Algorithm(String function, int keyLength, int nonceLength, int tagLength) {
            this.function = function;
            this.keyLength = keyLength;
            this.nonceLength = nonceLength;
            this.tagLength = tagLength;
        }

        public int keyLength() {
            return keyLength;
        }

        public int nonceLength() {
            return nonceLength;
        }

        public int tagLength() {
            return tagLength;
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
     * An {@code EVP_AEAD_CTX} holding one key (its schedule), for any number of messages. Not
     * thread-safe: the shared guard refuses concurrent use.
     */
    public static final class Context extends AwsLcResource {
        private final Algorithm algorithm;

        /**
         * A context for {@code key} with the algorithm's full tag. The key's length is checked
         * here; the caller wipes its array, AWS-LC keeps only its own copy (wiped when freed).
         */
        public Context(Algorithm algorithm, byte[] key) {
            super(newContext(algorithm, key), CTX_FREE, "EVP_AEAD_CTX");
            this.algorithm = algorithm;
        }

        private static MemorySegment newContext(Algorithm algorithm, byte[] key) {
            if (key.length != algorithm.keyLength) {
                throw new IllegalArgumentException(algorithm + " keys are " + algorithm.keyLength + " bytes");
            }
            try {
                return (MemorySegment) CTX_NEW.invokeExact(
                        algorithm.aead(), MemorySegment.ofArray(key), (long) key.length, (long) algorithm.tagLength);
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            }
        }

        public Algorithm algorithm() {
            return algorithm;
        }

        /**
         * Seals {@code in} into {@code out} (exactly in + tag bytes: ciphertext, then the tag).
         * {@code out} may be {@code in} itself, or must not overlap it.
         */
        public void seal(MemorySegment nonce, MemorySegment in, MemorySegment aad, MemorySegment out) {
            checkNonce(nonce);
            if (out.byteSize() != in.byteSize() + algorithm.tagLength) {
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
            checkNonce(nonce);
            if (in.byteSize() < algorithm.tagLength || out.byteSize() != in.byteSize() - algorithm.tagLength) {
                throw new IllegalArgumentException("open output must be input - tag long");
            }
            if (call(OPEN, nonce, in, aad, out) == out.byteSize()) {
                return true;
            }
            AwsLcErrors.clear(); // a wrong tag is an expected outcome, not an error to report later
            return false;
        }

        private void checkNonce(MemorySegment nonce) {
            if (nonce.byteSize() != algorithm.nonceLength) {
                throw new IllegalArgumentException(algorithm + " nonces are " + algorithm.nonceLength + " bytes");
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
    }
}
