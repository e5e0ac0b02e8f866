package dev.acceljce.openssl;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

/**
 * Every native call of the MAC family: EVP_MAC and EVP_MAC_CTX (HMAC over any fetched digest).
 *
 * <p>Callers validate lengths and offsets before calling in; these methods assume the ranges are
 * inside the arrays. Inputs larger than {@link Native#MAX_CHUNK} are fed in chunks.
 */
public final class EvpMac {
    private static final MethodHandle EVP_MAC_FETCH = LibCrypto.function("EVP_MAC_fetch",
            FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle EVP_MAC_CTX_NEW = LibCrypto.function("EVP_MAC_CTX_new",
            FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle EVP_MAC_CTX_FREE = NativeResource.freeFunction("EVP_MAC_CTX_free");
    private static final MethodHandle EVP_MAC_CTX_DUP = LibCrypto.critical("EVP_MAC_CTX_dup",
            FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle EVP_MAC_CTX_SET_PARAMS = LibCrypto.function("EVP_MAC_CTX_set_params",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle EVP_MAC_CTX_GET_MAC_SIZE = LibCrypto.function("EVP_MAC_CTX_get_mac_size",
            FunctionDescriptor.of(JAVA_LONG, ADDRESS));
    /** For keys up to {@link Native#MAX_CHUNK}: the Java array goes straight in, no native copy. */
    private static final MethodHandle EVP_MAC_INIT = LibCrypto.critical("EVP_MAC_init",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));
    /** For longer keys (hashed first by HMAC): a native copy, so the GC is not held off meanwhile. */
    private static final MethodHandle EVP_MAC_INIT_LONG = LibCrypto.function("EVP_MAC_init",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));
    private static final MethodHandle EVP_MAC_UPDATE = LibCrypto.critical("EVP_MAC_update",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG));
    private static final MethodHandle EVP_MAC_FINAL = LibCrypto.critical("EVP_MAC_final",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));

    /** The HMAC implementation; fetched once, never freed. */
    private static final MemorySegment HMAC = fetchHmac();
    private static final Map<String, Optional<Hmac>> HMACS = new ConcurrentHashMap<>();

    private EvpMac() {}

    private static MemorySegment fetchHmac() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mac = (MemorySegment) EVP_MAC_FETCH.invokeExact(LibContext.libctx(),
                    arena.allocateFrom("HMAC"), LibContext.propq());
            if (mac.equals(MemorySegment.NULL)) {
                OpenSslErrors.drain();
            }
            return mac;
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /**
     * HMAC over one digest. {@code template} is an EVP_MAC_CTX with the digest set and an empty key,
     * kept for the life of the process: new contexts are duplicated from it, which skips fetching
     * the digest by name for every new Mac object. Only ever read (duplicated), so it is shared by
     * all threads without a lock.
     */
    public record Hmac(String digest, MemorySegment template, int macSize) {}

    /** HMAC over the digest OpenSSL calls {@code digest} ("SHA256", "SHA3-256", ...), set up once. */
    public static Optional<Hmac> hmac(String digest) {
        return HMACS.computeIfAbsent(digest, EvpMac::newTemplate);
    }

    private static Optional<Hmac> newTemplate(String digest) {
        if (HMAC.equals(MemorySegment.NULL)) {
            return Optional.empty();
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ctx = (MemorySegment) EVP_MAC_CTX_NEW.invokeExact(HMAC);
            if (ctx.equals(MemorySegment.NULL)) {
                throw OpenSslErrors.failure("EVP_MAC_CTX_new(HMAC)");
            }
            MemorySegment params = OsslParams.in(arena).utf8("digest", digest).build();
            // an empty key makes the template a complete context, which EVP_MAC_CTX_dup needs
            if ((int) EVP_MAC_CTX_SET_PARAMS.invokeExact(ctx, params) != 1
                    || (int) EVP_MAC_INIT_LONG.invokeExact(ctx, arena.allocate(1), 0L, MemorySegment.NULL) != 1) {
                OpenSslErrors.drain();
                EVP_MAC_CTX_FREE.invokeExact(ctx);
                return Optional.empty();
            }
            int size = (int) (long) EVP_MAC_CTX_GET_MAC_SIZE.invokeExact(ctx);
            return Optional.of(new Hmac(digest, ctx, size));
        } catch (Throwable t) {
            throw Native.rethrow(t);
        }
    }

    /** An EVP_MAC_CTX computing one HMAC; starts with the empty key of its template. */
    public static final class Context extends NativeResource {
        private final Hmac algorithm;
        /** Out-parameter of EVP_MAC_final; a heap long is fine in a critical call. */
        private final long[] outLen = new long[1];

        public Context(Hmac algorithm) {
            this(dup(algorithm.template, algorithm.digest), algorithm);
        }

        private Context(MemorySegment ctx, Hmac algorithm) {
            super(ctx, EVP_MAC_CTX_FREE, "EVP_MAC_CTX");
            this.algorithm = algorithm;
        }

        private static MemorySegment dup(MemorySegment src, String digest) {
            try {
                MemorySegment c = (MemorySegment) EVP_MAC_CTX_DUP.invokeExact(src);
                if (c.equals(MemorySegment.NULL)) {
                    throw OpenSslErrors.failure("EVP_MAC_CTX_dup(HMAC-" + digest + ")");
                }
                return c;
            } catch (Throwable t) {
                throw Native.rethrow(t);
            }
        }

        public Hmac algorithm() {
            return algorithm;
        }

        /** Sets a new key (any length, empty included) and starts a new MAC. */
        public void init(byte[] key) {
            MemorySegment ctx = enter();
            try {
                int ok;
                if (key.length <= Native.MAX_CHUNK) {
                    ok = (int) EVP_MAC_INIT.invokeExact(ctx, MemorySegment.ofArray(key), (long) key.length,
                            MemorySegment.NULL);
                } else {
                    try (Arena arena = Arena.ofConfined()) {
                        MemorySegment copy = arena.allocate(key.length);
                        MemorySegment.copy(key, 0, copy, JAVA_BYTE, 0, key.length);
                        try {
                            ok = (int) EVP_MAC_INIT_LONG.invokeExact(ctx, copy, (long) key.length,
                                    MemorySegment.NULL);
                        } finally {
                            Cleanse.of(copy);
                        }
                    }
                }
                if (ok != 1) {
                    throw OpenSslErrors.failure("EVP_MAC_init(HMAC-" + algorithm.digest + ")");
                }
            } catch (Throwable t) {
                throw Native.rethrow(t);
            } finally {
                exit();
            }
        }

        /**
         * Starts a new MAC with the key already set. A NULL key makes OpenSSL 3 restore its saved
         * inner and outer pad states instead of processing the key again.
         */
        public void restart() {
            MemorySegment ctx = enter();
            try {
                if ((int) EVP_MAC_INIT.invokeExact(ctx, MemorySegment.NULL, 0L, MemorySegment.NULL) != 1) {
                    throw OpenSslErrors.failure("EVP_MAC_init(HMAC-" + algorithm.digest + ", same key)");
                }
            } catch (Throwable t) {
                throw Native.rethrow(t);
            } finally {
                exit();
            }
        }

        /** MACs {@code len} bytes of {@code data} from {@code off}; the caller checked the bounds. */
        public void update(byte[] data, int off, int len) {
            update(MemorySegment.ofArray(data).asSlice(off, len));
        }

        /** MACs a segment (heap, direct or read-only); chunks large ones. */
        public void update(MemorySegment data) {
            MemorySegment ctx = enter();
            try {
                long size = data.byteSize();
                for (long pos = 0; pos < size; pos += Native.MAX_CHUNK) {
                    long n = Math.min(size - pos, Native.MAX_CHUNK);
                    if ((int) EVP_MAC_UPDATE.invokeExact(ctx, data.asSlice(pos, n), n) != 1) {
                        throw OpenSslErrors.failure("EVP_MAC_update(HMAC-" + algorithm.digest + ")");
                    }
                }
            } catch (Throwable t) {
                throw Native.rethrow(t);
            } finally {
                exit();
            }
        }

        /**
         * Writes the MAC to {@code out[off..off+macSize)}. The context must be restarted before it
         * is used again.
         */
        public void finish(byte[] out, int off) {
            int size = algorithm.macSize;
            MemorySegment dst = MemorySegment.ofArray(out).asSlice(off, size);
            MemorySegment ctx = enter();
            try {
                if ((int) EVP_MAC_FINAL.invokeExact(ctx, dst,
                        MemorySegment.ofArray(outLen), (long) size) != 1 || outLen[0] != size) {
                    throw OpenSslErrors.failure("EVP_MAC_final(HMAC-" + algorithm.digest + ")");
                }
            } catch (Throwable t) {
                throw Native.rethrow(t);
            } finally {
                exit();
            }
        }

        /** A new context with this one's key and state (for {@code clone()}). */
        public Context copy() {
            MemorySegment ctx = enter();
            MemorySegment copy;
            try {
                copy = dup(ctx, algorithm.digest);
            } finally {
                exit();
            }
            return new Context(copy, algorithm);
        }
    }
}
