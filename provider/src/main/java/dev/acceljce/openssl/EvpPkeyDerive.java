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
 * Every native call of key agreement: one EVP_PKEY_CTX initialised for EVP_PKEY_derive with a
 * private key, kept by the JCA object while the key stays the same, and given a new peer per
 * agreement. The context holds its own reference to the private key (OpenSSL up-refs it).
 *
 * <p>EVP_PKEY_derive_set_peer validates the peer (EVP_PKEY_public_check: on the curve, in the
 * group, right type and domain) before accepting it; X25519/X448 derivation fails on an all-zero
 * result (a small-order peer). Both failures are reported as null, with the error queue cleared.
 */
public final class EvpPkeyDerive extends NativeResource {
    private static final MethodHandle EVP_PKEY_CTX_FREE = NativeResource.freeFunction("EVP_PKEY_CTX_free");
    private static final MethodHandle EVP_PKEY_DERIVE_INIT =
            LibCrypto.function("EVP_PKEY_derive_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle EVP_PKEY_DERIVE_SET_PEER =
            LibCrypto.function("EVP_PKEY_derive_set_peer", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle EVP_PKEY_DERIVE =
            LibCrypto.function("EVP_PKEY_derive", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle OPENSSL_CLEANSE =
            LibCrypto.function("OPENSSL_cleanse", FunctionDescriptor.ofVoid(ADDRESS, JAVA_LONG));

    private final MemorySegment secret;
    private final MemorySegment secretLen;

    /**
     * A derivation context for {@code key}, whose shared secrets are {@code secretBytes} long
     * (the field size of an EC curve, 32 for X25519, 56 for X448).
     *
     * @throws OpenSslException when OpenSSL cannot derive with this key
     */
    public EvpPkeyDerive(EvpPkey.Key key, int secretBytes) {
        super(EvpPkey.newContext(key), EVP_PKEY_CTX_FREE, "EVP_PKEY_CTX");
        Arena arena = Arena.ofAuto();
        this.secret = arena.allocate(secretBytes);
        this.secretLen = arena.allocate(JAVA_LONG);
        try {
            if ((int) EVP_PKEY_DERIVE_INIT.invokeExact(ptr()) != 1) {
                close();
                throw OpenSslErrors.failure("EVP_PKEY_derive_init");
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * The shared secret with {@code peer}, or null when OpenSSL refuses the peer (not a valid
     * public key of the same type and domain) or the result (all zero). The native copy of the
     * secret is cleansed.
     */
    public byte[] derive(EvpPkey.Key peer) {
        MemorySegment ctx = enter();
        try {
            if ((int) EVP_PKEY_DERIVE_SET_PEER.invokeExact(ctx, peer.pointer()) != 1) {
                OpenSslErrors.clear();
                return null;
            }
            secretLen.set(JAVA_LONG, 0, secret.byteSize());
            int ok = (int) EVP_PKEY_DERIVE.invokeExact(ctx, secret, secretLen);
            try {
                if (ok != 1 || secretLen.get(JAVA_LONG, 0) != secret.byteSize()) {
                    OpenSslErrors.clear();
                    return null;
                }
                return secret.toArray(JAVA_BYTE);
            } finally {
                OPENSSL_CLEANSE.invokeExact(secret, secret.byteSize());
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            exit();
            Reference.reachabilityFence(peer);
        }
    }
}
