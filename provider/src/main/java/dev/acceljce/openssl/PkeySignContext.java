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
 * An EVP_PKEY_CTX initialised once for signing or verifying digests with one key: the
 * JCA object keeps it across operations (no per-call allocation), hashing with its own
 * EVP_MD_CTX and handing the digest here. Buffers for the digest, the signature and the
 * length live in native memory owned by this object.
 */
public final class PkeySignContext extends NativeResource {
    private static final MethodHandle EVP_PKEY_SIGN_INIT =
            LibCrypto.function("EVP_PKEY_sign_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle EVP_PKEY_VERIFY_INIT =
            LibCrypto.function("EVP_PKEY_verify_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle EVP_PKEY_SIGN = LibCrypto.function(
            "EVP_PKEY_sign", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));
    private static final MethodHandle EVP_PKEY_VERIFY = LibCrypto.function(
            "EVP_PKEY_verify", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG));

    private final boolean signing;
    private final Arena arena = Arena.ofAuto();
    private final MemorySegment tbs;
    private final MemorySegment sig;
    private final MemorySegment sigLen;

    /**
     * @param params OSSL_PARAM arrays applied in order after init (digest, then padding mode,
     *               then salt length and MGF1 digest: RSA needs the mode set before the rest)
     * @param maxTbs the largest digest (or raw input) this context will be given
     */
    public PkeySignContext(EvpPkey.Key key, boolean signing, int maxTbs, MemorySegment... params) {
        super(EvpPkey.newContext(key), EvpPkey.EVP_PKEY_CTX_FREE, "EVP_PKEY_CTX");
        this.signing = signing;
        this.tbs = arena.allocate(Math.max(1, maxTbs));
        this.sig = arena.allocate(Math.max(1, key.maxSignatureSize()));
        this.sigLen = arena.allocate(JAVA_LONG);
        try {
            int ok = signing
                    ? (int) EVP_PKEY_SIGN_INIT.invokeExact(ptr())
                    : (int) EVP_PKEY_VERIFY_INIT.invokeExact(ptr());
            EvpPkey.setAfterInit(this, ptr(), ok, signing ? "EVP_PKEY_sign_init" : "EVP_PKEY_verify_init", params);
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    public boolean signing() {
        return signing;
    }

    /** Signs {@code digest[0..len)}; returns the signature, or null when OpenSSL refused. */
    public byte[] sign(byte[] digest, int len) {
        MemorySegment ctx = enter();
        try {
            MemorySegment.copy(digest, 0, tbs, JAVA_BYTE, 0, len);
            sigLen.set(JAVA_LONG, 0, sig.byteSize());
            int ok = (int) EVP_PKEY_SIGN.invokeExact(ctx, sig, sigLen, tbs, (long) len);
            if (ok != 1) {
                OpenSslErrors.clear();
                return null;
            }
            return sig.asSlice(0, sigLen.get(JAVA_LONG, 0)).toArray(JAVA_BYTE);
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            exit();
        }
    }

    /**
     * Verifies {@code signature} over {@code digest[0..len)}: true only when OpenSSL says 1;
     * the caller checked that the signature fits the key's size.
     */
    public boolean verify(byte[] signature, byte[] digest, int len) {
        MemorySegment ctx = enter();
        try {
            if (signature.length > sig.byteSize()) {
                return false;
            }
            MemorySegment.copy(digest, 0, tbs, JAVA_BYTE, 0, len);
            MemorySegment.copy(signature, 0, sig, JAVA_BYTE, 0, signature.length);
            int ok = (int) EVP_PKEY_VERIFY.invokeExact(ctx, sig, (long) signature.length, tbs, (long) len);
            if (ok != 1) {
                OpenSslErrors.clear();
            }
            return ok == 1;
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            exit();
        }
    }
}
