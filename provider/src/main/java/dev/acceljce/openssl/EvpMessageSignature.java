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
import java.util.Optional;

/**
 * Message signatures through OpenSSL 3.5's EVP_PKEY_sign_message_init / EVP_PKEY_verify_message_init
 * followed by a one-shot EVP_PKEY_sign / EVP_PKEY_verify over the whole message: the interface
 * ML-DSA is offered through (pure ML-DSA signs the message itself, not a digest of it).
 *
 * <p>The 3.5 functions are looked up optionally; {@link #available()} is false on OpenSSL 3.0,
 * and the services using this class are not registered there.
 */
public final class EvpMessageSignature {
    private static final Optional<MethodHandle> SIGN_MESSAGE_INIT = LibCrypto.optionalFunction(
            "EVP_PKEY_sign_message_init", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    private static final Optional<MethodHandle> VERIFY_MESSAGE_INIT = LibCrypto.optionalFunction(
            "EVP_PKEY_verify_message_init", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    private static final Optional<MethodHandle> SIGNATURE_FETCH = LibCrypto.optionalFunction(
            "EVP_SIGNATURE_fetch", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    private static final Optional<MethodHandle> SIGNATURE_FREE =
            LibCrypto.optionalFunction("EVP_SIGNATURE_free", FunctionDescriptor.ofVoid(ADDRESS));
    private static final MethodHandle EVP_PKEY_CTX_FREE = NativeResource.freeFunction("EVP_PKEY_CTX_free");
    private static final MethodHandle EVP_PKEY_SIGN = LibCrypto.function(
            "EVP_PKEY_sign", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));
    private static final MethodHandle EVP_PKEY_VERIFY = LibCrypto.function(
            "EVP_PKEY_verify", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG));

    private EvpMessageSignature() {}

    /** Whether the loaded library has the message-signing interface (OpenSSL 3.5 and later). */
    public static boolean available() {
        return SIGN_MESSAGE_INIT.isPresent()
                && VERIFY_MESSAGE_INIT.isPresent()
                && SIGNATURE_FETCH.isPresent()
                && SIGNATURE_FREE.isPresent();
    }

    /** Whether the library has signature algorithm {@code name} ("ML-DSA-65", ...): a probe. */
    public static boolean has(String name) {
        if (!available()) {
            return false;
        }
        Algorithm a = Algorithm.fetch(name);
        if (a == null) {
            return false;
        }
        a.close();
        return true;
    }

    /** A fetched EVP_SIGNATURE, held for the life of the JCA object that uses it. */
    public static final class Algorithm extends NativeResource {
        private Algorithm(MemorySegment sig) {
            super(sig, SIGNATURE_FREE.orElseThrow(), "EVP_SIGNATURE");
        }

        /** The algorithm, or null when the library does not have it (the error queue is cleared). */
        public static Algorithm fetch(String name) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment s = (MemorySegment) SIGNATURE_FETCH
                        .orElseThrow()
                        .invokeExact(LibContext.libctx(), arena.allocateFrom(name), LibContext.propq());
                if (s.equals(MemorySegment.NULL)) {
                    OpenSslErrors.clear();
                    return null;
                }
                return new Algorithm(s);
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            }
        }

        MemorySegment pointer() {
            return ptr();
        }
    }

    /**
     * Signs {@code message[0..len)} with {@code key}. {@code params} (may be null) are given to
     * the init call: ML-DSA's "context-string", and for tests "deterministic", "test-entropy" or
     * "mu". Returns null when OpenSSL refuses (the error queue is cleared).
     */
    public static byte[] sign(
            Algorithm algorithm, EvpPkey.Key key, int maxSignatureSize, byte[] message, int len, MemorySegment params) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ctx = EvpPkey.requireContext(key); // holds its own reference to the key
            try {
                MemorySegment initParams = params == null ? MemorySegment.NULL : params;
                if ((int) SIGN_MESSAGE_INIT.orElseThrow().invokeExact(ctx, algorithm.pointer(), initParams) != 1) {
                    OpenSslErrors.clear();
                    return null;
                }
                MemorySegment msg = stage(arena, message, len);
                MemorySegment sig = arena.allocate(maxSignatureSize);
                MemorySegment sigLen = arena.allocateFrom(JAVA_LONG, maxSignatureSize);
                int ok = (int) EVP_PKEY_SIGN.invokeExact(ctx, sig, sigLen, msg, (long) len);
                msg.fill((byte) 0);
                if (ok != 1) {
                    OpenSslErrors.clear();
                    return null;
                }
                return sig.asSlice(0, sigLen.get(JAVA_LONG, 0)).toArray(JAVA_BYTE);
            } finally {
                EVP_PKEY_CTX_FREE.invokeExact(ctx);
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            Reference.reachabilityFence(algorithm);
            Reference.reachabilityFence(key);
        }
    }

    /** Verifies {@code signature} over {@code message[0..len)}: true only when OpenSSL says 1. */
    public static boolean verify(
            Algorithm algorithm, EvpPkey.Key key, byte[] signature, byte[] message, int len, MemorySegment params) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ctx = EvpPkey.requireContext(key); // holds its own reference to the key
            try {
                MemorySegment initParams = params == null ? MemorySegment.NULL : params;
                if ((int) VERIFY_MESSAGE_INIT.orElseThrow().invokeExact(ctx, algorithm.pointer(), initParams) != 1) {
                    OpenSslErrors.clear();
                    return false;
                }
                MemorySegment msg = stage(arena, message, len);
                MemorySegment sig = stage(arena, signature, signature.length);
                int ok = (int) EVP_PKEY_VERIFY.invokeExact(ctx, sig, (long) signature.length, msg, (long) len);
                msg.fill((byte) 0);
                if (ok != 1) {
                    OpenSslErrors.clear();
                }
                return ok == 1;
            } finally {
                EVP_PKEY_CTX_FREE.invokeExact(ctx);
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            Reference.reachabilityFence(algorithm);
            Reference.reachabilityFence(key);
        }
    }

    private static MemorySegment stage(Arena arena, byte[] data, int len) {
        MemorySegment s = arena.allocate(Math.max(1, len));
        MemorySegment.copy(data, 0, s, JAVA_BYTE, 0, len);
        return s.asSlice(0, len);
    }
}
