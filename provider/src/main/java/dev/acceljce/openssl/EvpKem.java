package dev.acceljce.openssl;

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

/**
 * Key encapsulation through EVP_PKEY_encapsulate / EVP_PKEY_decapsulate (ML-KEM in OpenSSL 3.5).
 * One EVP_PKEY_CTX per operation: a context is cheap next to the lattice arithmetic, and it keeps
 * no state between calls that could leak from one encapsulation into the next.
 *
 * <p>Lengths are checked by the caller (the SPI) before anything reaches native code; here they
 * are only asserted against what OpenSSL reports.
 */
public final class EvpKem {
    private static final MethodHandle EVP_PKEY_CTX_FREE = NativeResource.freeFunction("EVP_PKEY_CTX_free");
    private static final MethodHandle ENCAPSULATE_INIT =
            LibCrypto.function("EVP_PKEY_encapsulate_init", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle DECAPSULATE_INIT =
            LibCrypto.function("EVP_PKEY_decapsulate_init", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle ENCAPSULATE = LibCrypto.function(
            "EVP_PKEY_encapsulate", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle DECAPSULATE = LibCrypto.function(
            "EVP_PKEY_decapsulate", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));
    private static final MethodHandle OPENSSL_CLEANSE =
            LibCrypto.function("OPENSSL_cleanse", FunctionDescriptor.ofVoid(ADDRESS, JAVA_LONG));

    private EvpKem() {}

    /** A ciphertext and its shared secret; the caller clears {@code secret} after use. */
    public record Encapsulated(byte[] ciphertext, byte[] secret) {}

    /**
     * Encapsulates to public key {@code key}. {@code params} (may be null) go to
     * EVP_PKEY_encapsulate_init: only tests pass any (ML-KEM's "ikme", the fixed randomness of a
     * known-answer test).
     *
     * @throws OpenSslException when OpenSSL refuses (a key without public material, ...)
     */
    public static Encapsulated encapsulate(EvpPkey.Key key, int ciphertextSize, int secretSize, MemorySegment params) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ctx = EvpPkey.requireContext(key); // holds its own reference to the key
            MemorySegment secret = arena.allocate(secretSize);
            try {
                MemorySegment initParams = params == null ? MemorySegment.NULL : params;
                if ((int) ENCAPSULATE_INIT.invokeExact(ctx, initParams) != 1) {
                    throw OpenSslErrors.failure("EVP_PKEY_encapsulate_init");
                }
                MemorySegment ct = arena.allocate(ciphertextSize);
                MemorySegment ctLen = arena.allocateFrom(JAVA_LONG, ciphertextSize);
                MemorySegment secretLen = arena.allocateFrom(JAVA_LONG, secretSize);
                if ((int) ENCAPSULATE.invokeExact(ctx, ct, ctLen, secret, secretLen) != 1) {
                    throw OpenSslErrors.failure("EVP_PKEY_encapsulate");
                }
                if (ctLen.get(JAVA_LONG, 0) != ciphertextSize || secretLen.get(JAVA_LONG, 0) != secretSize) {
                    throw new OpenSslException("EVP_PKEY_encapsulate returned " + ctLen.get(JAVA_LONG, 0) + "/"
                            + secretLen.get(JAVA_LONG, 0) + " bytes, expected " + ciphertextSize + "/" + secretSize);
                }
                return new Encapsulated(ct.toArray(JAVA_BYTE), secret.toArray(JAVA_BYTE));
            } finally {
                OPENSSL_CLEANSE.invokeExact(secret, secret.byteSize());
                EVP_PKEY_CTX_FREE.invokeExact(ctx);
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            Reference.reachabilityFence(key);
        }
    }

    /**
     * Decapsulates {@code ciphertext} (whose length the caller checked) with private key
     * {@code key}. ML-KEM rejects implicitly: a wrong ciphertext of the right length gives a
     * pseudo-random secret, not an error.
     *
     * @throws OpenSslException when OpenSSL refuses
     */
    public static byte[] decapsulate(EvpPkey.Key key, byte[] ciphertext, int secretSize) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ctx = EvpPkey.requireContext(key); // holds its own reference to the key
            MemorySegment secret = arena.allocate(secretSize);
            try {
                if ((int) DECAPSULATE_INIT.invokeExact(ctx, MemorySegment.NULL) != 1) {
                    throw OpenSslErrors.failure("EVP_PKEY_decapsulate_init");
                }
                MemorySegment ct = arena.allocate(Math.max(1, ciphertext.length));
                MemorySegment.copy(ciphertext, 0, ct, JAVA_BYTE, 0, ciphertext.length);
                MemorySegment secretLen = arena.allocateFrom(JAVA_LONG, secretSize);
                if ((int) DECAPSULATE.invokeExact(ctx, secret, secretLen, ct, (long) ciphertext.length) != 1) {
                    throw OpenSslErrors.failure("EVP_PKEY_decapsulate");
                }
                if (secretLen.get(JAVA_LONG, 0) != secretSize) {
                    throw new OpenSslException("EVP_PKEY_decapsulate returned " + secretLen.get(JAVA_LONG, 0)
                            + " bytes, expected " + secretSize);
                }
                return secret.toArray(JAVA_BYTE);
            } finally {
                OPENSSL_CLEANSE.invokeExact(secret, secret.byteSize());
                EVP_PKEY_CTX_FREE.invokeExact(ctx);
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            Reference.reachabilityFence(key);
        }
    }
}
