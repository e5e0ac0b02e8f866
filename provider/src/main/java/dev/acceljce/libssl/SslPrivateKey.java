package dev.acceljce.libssl;

import static java.lang.foreign.ValueLayout.ADDRESS;

import dev.acceljce.awslc.AwsLcErrors;
import dev.acceljce.foreign.NativeObject;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A private key as libssl signs with it: one owned AWS-LC {@code EVP_PKEY}, parsed once from the
 * key's PKCS#8 encoding and kept for as long as its Java key is (the TLS context caches it), so a
 * handshake does not parse the key again. {@code EVP_PKEY_free} cleanses the key material.
 */
public final class SslPrivateKey extends NativeObject {
    private SslPrivateKey(MemorySegment pkey) {
        super(pkey, SslCalls.EVP_PKEY_FREE, "EVP_PKEY (TLS key)", false);
    }

    /**
     * The key libssl reads from {@code pkcs8} (RSA, EC, Ed25519; ML-DSA in any of its three PKCS#8
     * forms: seed, expanded key, both), or null when it cannot. Wipes the copy it makes.
     */
    public static SslPrivateKey parse(byte[] pkcs8) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment der = arena.allocate(Math.max(1, pkcs8.length));
            der.copyFrom(MemorySegment.ofArray(pkcs8));
            MemorySegment cursor = arena.allocate(ADDRESS);
            cursor.set(ADDRESS, 0, der);
            // d2i_AutoPrivateKey(NULL, &p, len): the cursor holds p, advanced by the call
            MemorySegment pkey;
            try {
                pkey = (MemorySegment)
                        SslCalls.D2I_AUTO_PRIVATE_KEY.invokeExact(MemorySegment.NULL, cursor, (long) pkcs8.length);
            } catch (Throwable t) {
                throw rethrow(t);
            } finally {
                der.fill((byte) 0);
            }
            if (pkey.equals(MemorySegment.NULL)) {
                AwsLcErrors.clear();
                return null;
            }
            return new SslPrivateKey(pkey);
        }
    }

    /** The pointer for SSL_set_chain_and_key (which takes its own reference); shared, never freed by a user. */
    MemorySegment pointer() {
        return ptr();
    }
}
