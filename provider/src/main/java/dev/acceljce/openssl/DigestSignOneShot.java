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

/**
 * An EVP_MD_CTX for one-shot EVP_DigestSign / EVP_DigestVerify (EdDSA). The native message
 * and signature buffers are kept across operations (messages up to {@link #KEEP_MAX} bytes;
 * larger ones get a buffer for the one call) and the message copy is zeroed after each use.
 */
public final class DigestSignOneShot extends NativeResource {
    private static final MethodHandle EVP_MD_CTX_NEW =
            LibCrypto.function("EVP_MD_CTX_new", FunctionDescriptor.of(ADDRESS));
    private static final MethodHandle EVP_MD_CTX_FREE = NativeResource.freeFunction("EVP_MD_CTX_free");
    private static final MethodHandle EVP_MD_CTX_RESET =
            LibCrypto.function("EVP_MD_CTX_reset", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle EVP_DIGEST_SIGN_INIT_EX = LibCrypto.function(
            "EVP_DigestSignInit_ex",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle EVP_DIGEST_VERIFY_INIT_EX = LibCrypto.function(
            "EVP_DigestVerifyInit_ex",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle EVP_DIGEST_SIGN = LibCrypto.function(
            "EVP_DigestSign", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));
    private static final MethodHandle EVP_DIGEST_VERIFY = LibCrypto.function(
            "EVP_DigestVerify", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG));

    private static final int KEEP_MAX = 64 * 1024;
    private static final int SIGNATURE_MAX = 128;
    private final Arena arena = Arena.ofAuto();
    private final MemorySegment sig = arena.allocate(SIGNATURE_MAX);
    private final MemorySegment sigLen = arena.allocate(JAVA_LONG);
    private MemorySegment message = arena.allocate(1024);
    /**
     * The address of the EVP_PKEY this context was last initialised with (0: none). While
     * set, the context's EVP_PKEY_CTX holds a reference to that key, so the address cannot be
     * another key's.
     */
    private long initialisedKey;

    public DigestSignOneShot() {
        super(newCtx(), EVP_MD_CTX_FREE, "EVP_MD_CTX");
    }

    private static MemorySegment newCtx() {
        try {
            return (MemorySegment) EVP_MD_CTX_NEW.invokeExact();
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /**
     * {@code key}'s EVP_PKEY, after resetting {@code ctx} if it was initialised with another
     * key: EVP_DigestSignInit_ex and EVP_DigestVerifyInit_ex on a context that has an
     * EVP_PKEY_CTX re-initialise that one and ignore the key passed (OpenSSL 3.0 and 3.5), so
     * without the reset a re-initialised Signature went on signing and verifying with its
     * first key (found by SignatureFuzzTest). The same key keeps the cheaper re-initialisation;
     * a context never initialised, or reset by {@link #forget} (an engine's init with a new
     * key), needs no reset.
     */
    private MemorySegment forKey(MemorySegment ctx, EvpPkey.Key key) throws Throwable {
        MemorySegment pkey = key.pointer();
        if (pkey.address() != initialisedKey) {
            if (initialisedKey != 0 && (int) EVP_MD_CTX_RESET.invokeExact(ctx) != 1) {
                throw OpenSslErrors.failure("EVP_MD_CTX_reset");
            }
            initialisedKey = pkey.address();
        }
        return pkey;
    }

    /**
     * Drops the key the context was initialised with: EVP_MD_CTX_reset frees its EVP_PKEY_CTX
     * and with it the context's reference to the key. Skipped when a call on the context is
     * running on another thread (or it was freed); never throws.
     */
    public void forget() {
        MemorySegment ctx;
        try {
            ctx = enter();
        } catch (IllegalStateException inUseOrFreed) {
            return;
        }
        try {
            int ok = (int) EVP_MD_CTX_RESET.invokeExact(ctx);
            if (ok == 1) {
                initialisedKey = 0;
            } else {
                OpenSslErrors.clear();
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            exit();
        }
    }

    /** Pins {@code key} for the call that holds this context; leaves the context on failure. */
    private void pinOrExit(EvpPkey.Key key) {
        try {
            key.pin();
        } catch (RuntimeException e) {
            exit();
            throw e;
        }
    }

    /**
     * Ends a sign or verify call: zeroes the message's copy in the kept buffer ({@code msg}, null
     * when the call stopped before staging it), unpins the key, leaves the context.
     */
    private void endCall(MemorySegment msg, int len, EvpPkey.Key key) {
        if (msg != null && msg == message) {
            message.asSlice(0, len).fill((byte) 0);
        }
        key.unpin();
        exit();
    }

    /** {@code data[0..len)} in native memory: the kept buffer, or one from {@code temp}. */
    private MemorySegment stage(Arena temp, byte[] data, int len) {
        MemorySegment dst;
        if (len <= message.byteSize()) {
            dst = message;
        } else if (len <= KEEP_MAX) {
            message = Arena.ofAuto().allocate(len);
            dst = message;
        } else {
            dst = temp.allocate(len);
        }
        MemorySegment.copy(data, 0, dst, JAVA_BYTE, 0, len);
        return dst;
    }

    /** Signs {@code message[0..len)} with {@code key}; null when OpenSSL refused. */
    public byte[] sign(EvpPkey.Key key, byte[] data, int len) {
        MemorySegment msg = null;
        MemorySegment ctx = enter();
        pinOrExit(key);
        try (Arena temp = Arena.ofConfined()) {
            if (key.maxSignatureSize() > SIGNATURE_MAX
                    || (int) EVP_DIGEST_SIGN_INIT_EX.invokeExact(
                                    ctx,
                                    MemorySegment.NULL,
                                    MemorySegment.NULL,
                                    LibContext.libctx(),
                                    LibContext.propq(),
                                    forKey(ctx, key),
                                    MemorySegment.NULL)
                            != 1) {
                initialisedKey = 0;
                OpenSslErrors.clear();
                return null;
            }
            msg = stage(temp, data, len);
            sigLen.set(JAVA_LONG, 0, SIGNATURE_MAX);
            if ((int) EVP_DIGEST_SIGN.invokeExact(ctx, sig, sigLen, msg, (long) len) != 1) {
                OpenSslErrors.clear();
                return null;
            }
            return sig.asSlice(0, sigLen.get(JAVA_LONG, 0)).toArray(JAVA_BYTE);
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            endCall(msg, len, key);
        }
    }

    /** Verifies {@code signature} over {@code message[0..len)}: true only when OpenSSL says 1. */
    public boolean verify(EvpPkey.Key key, byte[] signature, byte[] data, int len) {
        MemorySegment msg = null;
        MemorySegment ctx = enter();
        pinOrExit(key);
        try (Arena temp = Arena.ofConfined()) {
            if (signature.length > SIGNATURE_MAX
                    || (int) EVP_DIGEST_VERIFY_INIT_EX.invokeExact(
                                    ctx,
                                    MemorySegment.NULL,
                                    MemorySegment.NULL,
                                    LibContext.libctx(),
                                    LibContext.propq(),
                                    forKey(ctx, key),
                                    MemorySegment.NULL)
                            != 1) {
                initialisedKey = 0;
                OpenSslErrors.clear();
                return false;
            }
            msg = stage(temp, data, len);
            MemorySegment.copy(signature, 0, sig, JAVA_BYTE, 0, signature.length);
            int ok = (int) EVP_DIGEST_VERIFY.invokeExact(ctx, sig, (long) signature.length, msg, (long) len);
            if (ok != 1) {
                OpenSslErrors.clear();
            }
            return ok == 1;
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            endCall(msg, len, key);
        }
    }
}
