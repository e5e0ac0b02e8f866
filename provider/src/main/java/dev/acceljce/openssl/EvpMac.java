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
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every native call of the MAC family: EVP_MAC and EVP_MAC_CTX (HMAC over any fetched digest; CMAC
 * and KMAC through {@link Keyed}).
 *
 * <p>Callers validate lengths and offsets before calling in; these methods assume the ranges are
 * inside the arrays. Inputs larger than {@link Native#MAX_CHUNK} are fed in chunks.
 */
public final class EvpMac {
    private static final MethodHandle EVP_MAC_FETCH =
            LibCrypto.function("EVP_MAC_fetch", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle EVP_MAC_CTX_NEW =
            LibCrypto.function("EVP_MAC_CTX_new", FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle EVP_MAC_CTX_FREE = NativeResource.freeFunction("EVP_MAC_CTX_free");
    private static final MethodHandle EVP_MAC_CTX_DUP =
            LibCrypto.critical("EVP_MAC_CTX_dup", FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle EVP_MAC_CTX_SET_PARAMS =
            LibCrypto.function("EVP_MAC_CTX_set_params", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle EVP_MAC_CTX_GET_MAC_SIZE =
            LibCrypto.function("EVP_MAC_CTX_get_mac_size", FunctionDescriptor.of(JAVA_LONG, ADDRESS));
    /** For keys up to {@link Native#MAX_CHUNK}: the Java array goes straight in, no native copy. */
    private static final MethodHandle EVP_MAC_INIT =
            LibCrypto.critical("EVP_MAC_init", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));
    /** For longer keys (hashed first by HMAC): a native copy, so the GC is not held off meanwhile. */
    private static final MethodHandle EVP_MAC_INIT_LONG =
            LibCrypto.function("EVP_MAC_init", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));

    private static final MethodHandle EVP_MAC_UPDATE =
            LibCrypto.critical("EVP_MAC_update", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG));
    private static final MethodHandle EVP_MAC_FINAL =
            LibCrypto.critical("EVP_MAC_final", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));

    /** EVP_MAC_init with parameters in native memory (CMAC's cipher name, KMAC's customization). */
    private static final MethodHandle EVP_MAC_INIT_PARAMS =
            LibCrypto.function("EVP_MAC_init", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));

    private static final MethodHandle EVP_MAC_FINAL_NATIVE =
            LibCrypto.function("EVP_MAC_final", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));
    private static final Map<String, Optional<MemorySegment>> MACS = new ConcurrentHashMap<>();

    /** The HMAC implementation; fetched once, never freed. */
    private static final MemorySegment HMAC = fetchHmac();

    private static final Map<String, Optional<Hmac>> HMACS = new ConcurrentHashMap<>();

    private EvpMac() {}

    /** The EVP_MAC OpenSSL calls {@code name} ("CMAC", "KMAC128", ...), fetched once; empty if absent. */
    public static Optional<MemorySegment> fetch(String name) {
        return MACS.computeIfAbsent(name, n -> {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment mac = (MemorySegment)
                        EVP_MAC_FETCH.invokeExact(MemorySegment.NULL, arena.allocateFrom(n), MemorySegment.NULL);
                if (mac.equals(MemorySegment.NULL)) {
                    OpenSslErrors.drain();
                    return Optional.empty();
                }
                return Optional.of(mac);
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            }
        });
    }

    private static MemorySegment fetchHmac() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mac = (MemorySegment)
                    EVP_MAC_FETCH.invokeExact(LibContext.libctx(), arena.allocateFrom("HMAC"), LibContext.propq());
            if (mac.equals(MemorySegment.NULL)) {
                OpenSslErrors.drain();
            }
            return mac;
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
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
            throw NativeObject.rethrow(t);
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
                throw NativeObject.rethrow(t);
            }
        }

        public Hmac algorithm() {
            return algorithm;
        }

        /** Sets a new key (any length, empty included) and starts a new MAC. */
        public void init(byte[] key) {
            MemorySegment ctx = enter();
            try {
                keyCtx(ctx, key, algorithm.digest);
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
                restartCtx(ctx, "HMAC-" + algorithm.digest);
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
                updateCtx(ctx, data, "HMAC-" + algorithm.digest);
            } finally {
                exit();
            }
        }

        /**
         * Writes the MAC to {@code out[off..off+macSize)}. The context must be restarted before it
         * is used again.
         */
        public void finish(byte[] out, int off) {
            MemorySegment ctx = enter();
            try {
                finishCtx(ctx, algorithm, out, off, outLen);
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

    /**
     * The HMAC of {@code data[off..off+len)} under {@code key} into {@code out[outOff..outOff+macSize)}
     * on a context duplicated from the template and freed before returning (EVP_MAC_CTX_free clears
     * the key OpenSSL derived): for a Mac used for one short message, no context kept in Java, no
     * Cleaner. The caller checked every bound.
     */
    public static void mac(Hmac algorithm, byte[] key, byte[] data, int off, int len, byte[] out, int outOff) {
        MemorySegment ctx = Context.dup(algorithm.template, algorithm.digest);
        try {
            keyCtx(ctx, key, algorithm.digest);
            updateCtx(ctx, MemorySegment.ofArray(data).asSlice(off, len), "HMAC-" + algorithm.digest);
            finishCtx(ctx, algorithm, out, outOff, new long[1]);
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            try {
                EVP_MAC_CTX_FREE.invokeExact(ctx);
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            }
        }
    }

    /**
     * EVP_MAC_final of an HMAC into {@code out[off..off+macSize)} on a context the caller entered;
     * {@code outLen} is the out-parameter (a heap long is fine in a critical call).
     */
    private static void finishCtx(MemorySegment ctx, Hmac algorithm, byte[] out, int off, long[] outLen) {
        int size = algorithm.macSize;
        try {
            if ((int) EVP_MAC_FINAL.invokeExact(
                                    ctx,
                                    MemorySegment.ofArray(out).asSlice(off, size),
                                    MemorySegment.ofArray(outLen),
                                    (long) size)
                            != 1
                    || outLen[0] != size) {
                throw OpenSslErrors.failure("EVP_MAC_final(HMAC-" + algorithm.digest + ")");
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /**
     * EVP_MAC_init with {@code key} (any length, empty included) on a context the caller entered. A
     * key beyond a critical call's chunk goes through a native copy, cleansed right after.
     */
    private static void keyCtx(MemorySegment ctx, byte[] key, String digest) {
        try {
            int ok;
            if (key.length <= Native.MAX_CHUNK) {
                ok = (int) EVP_MAC_INIT.invokeExact(
                        ctx, MemorySegment.ofArray(key), (long) key.length, MemorySegment.NULL);
            } else {
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment copy = arena.allocate(key.length);
                    MemorySegment.copy(key, 0, copy, JAVA_BYTE, 0, key.length);
                    try {
                        ok = (int) EVP_MAC_INIT_LONG.invokeExact(ctx, copy, (long) key.length, MemorySegment.NULL);
                    } finally {
                        Cleanse.of(copy);
                    }
                }
            }
            if (ok != 1) {
                throw OpenSslErrors.failure("EVP_MAC_init(HMAC-" + digest + ")");
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /** EVP_MAC_init with a NULL key on a context the caller entered: a new MAC with the key it holds. */
    private static void restartCtx(MemorySegment ctx, String what) {
        try {
            if ((int) EVP_MAC_INIT.invokeExact(ctx, MemorySegment.NULL, 0L, MemorySegment.NULL) != 1) {
                throw OpenSslErrors.failure("EVP_MAC_init(" + what + ", same key)");
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /** EVP_MAC_update over a segment, in chunks, on a context the caller entered. */
    private static void updateCtx(MemorySegment ctx, MemorySegment data, String what) {
        try {
            long size = data.byteSize();
            for (long pos = 0; pos < size; pos += Native.MAX_CHUNK) {
                long n = Math.min(size - pos, Native.MAX_CHUNK);
                if ((int) EVP_MAC_UPDATE.invokeExact(ctx, data.asSlice(pos, n), n) != 1) {
                    throw OpenSslErrors.failure("EVP_MAC_update(" + what + ")");
                }
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /**
     * An EVP_MAC_CTX of a MAC whose set-up takes parameters with the key (CMAC: the cipher; KMAC: the
     * customization string and output length). Keys reach OpenSSL through a native copy that is
     * cleansed right after EVP_MAC_init; OpenSSL's own copy is cleared by EVP_MAC_CTX_free.
     */
    public static final class Keyed extends NativeResource {
        private final String name;
        private final long[] outLen = new long[1];

        /** A new context of the fetched MAC {@code name}; the caller checked it is present. */
        public Keyed(String name) {
            super(newCtx(name), EVP_MAC_CTX_FREE, "EVP_MAC_CTX");
            this.name = name;
        }

        private static MemorySegment newCtx(String name) {
            try {
                return (MemorySegment) EVP_MAC_CTX_NEW.invokeExact(fetch(name).orElseThrow());
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            }
        }

        /**
         * Sets a key and parameters ({@code params} built by the caller in {@code arena}, may be
         * NULL) and starts a MAC. Returns false (error queue cleared) when OpenSSL refuses the key,
         * so the caller can throw the JCA exception its contract names.
         */
        public boolean init(byte[] key, MemorySegment params) {
            MemorySegment ctx = enter();
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment copy = arena.allocate(Math.max(1, key.length));
                MemorySegment.copy(key, 0, copy, JAVA_BYTE, 0, key.length);
                try {
                    if ((int) EVP_MAC_INIT_PARAMS.invokeExact(ctx, copy, (long) key.length, params) != 1) {
                        OpenSslErrors.clear();
                        return false;
                    }
                    return true;
                } finally {
                    Cleanse.of(copy);
                }
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                exit();
            }
        }

        /** Starts a new MAC with the key (and parameters) already set. */
        public void restart() {
            MemorySegment ctx = enter();
            try {
                restartCtx(ctx, name);
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
                updateCtx(ctx, data, name);
            } finally {
                exit();
            }
        }

        /**
         * Writes the MAC, exactly {@code len} bytes (the length the context was set up for), to
         * {@code out[off..off+len)}. The context must be restarted before it is used again.
         */
        public void finish(byte[] out, int off, int len) {
            MemorySegment ctx = enter();
            try {
                int ok;
                if (len <= Native.MAX_CHUNK) {
                    ok = (int) EVP_MAC_FINAL.invokeExact(
                            ctx, MemorySegment.ofArray(out).asSlice(off, len), MemorySegment.ofArray(outLen), (long)
                                    len);
                } else { // a KMAC output of megabytes: squeezed outside a critical region
                    try (Arena arena = Arena.ofConfined()) {
                        MemorySegment dst = arena.allocate(len);
                        MemorySegment n = arena.allocate(JAVA_LONG);
                        ok = (int) EVP_MAC_FINAL_NATIVE.invokeExact(ctx, dst, n, (long) len);
                        outLen[0] = n.get(JAVA_LONG, 0);
                        MemorySegment.copy(dst, JAVA_BYTE, 0, out, off, len);
                    }
                }
                if (ok != 1 || outLen[0] != len) {
                    throw OpenSslErrors.failure("EVP_MAC_final(" + name + ")");
                }
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                exit();
            }
        }

        /** The OpenSSL name of this context's MAC ("CMAC", "KMAC128", ...). */
        public String name() {
            return name;
        }

        /** A new context with this one's key and state (EVP_MAC_CTX_dup, for {@code clone()}). */
        public Keyed copy() {
            MemorySegment ctx = enter();
            MemorySegment c;
            try {
                c = (MemorySegment) EVP_MAC_CTX_DUP.invokeExact(ctx);
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                exit();
            }
            if (c.equals(MemorySegment.NULL)) {
                throw OpenSslErrors.failure("EVP_MAC_CTX_dup(" + name + ")");
            }
            return new Keyed(c, name);
        }

        private Keyed(MemorySegment ctx, String name) {
            super(ctx, EVP_MAC_CTX_FREE, "EVP_MAC_CTX");
            this.name = name;
        }
    }
}
