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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every native call of the key-derivation family: EVP_KDF and EVP_KDF_CTX (HKDF, PBKDF2, Argon2).
 *
 * <p>Callers validate every input before calling in. Secret inputs (keys, salts, passwords) reach
 * OpenSSL through {@code OSSL_PARAM} arrays, which hold pointers and so cannot point into the Java
 * heap: they are copied into native memory of a confined arena and cleansed with
 * {@code OPENSSL_cleanse} before the arena is released. OpenSSL copies them again into the
 * context, and {@code EVP_KDF_CTX_free} clears those copies.
 *
 * <p>A context is created per derivation, so no secret outlives it and no locking is needed
 * between threads. Where the library can duplicate an HKDF context (3.5; OpenSSL 3.0's
 * {@code EVP_KDF_CTX_dup} returns NULL for HKDF), it is a copy of a per-digest template that
 * already holds the digest: setting "digest" fetches it by name, which was the larger part of an
 * HKDF derivation (a TLS 1.3 handshake makes about 40).
 */
public final class EvpKdf {
    /** EVP_KDF_HKDF_MODE_EXTRACT_AND_EXPAND. */
    public static final int HKDF_EXTRACT_AND_EXPAND = 0;
    /** EVP_KDF_HKDF_MODE_EXTRACT_ONLY: the output is the PRK, exactly the digest's size. */
    public static final int HKDF_EXTRACT_ONLY = 1;
    /** EVP_KDF_HKDF_MODE_EXPAND_ONLY: the key is the PRK. */
    public static final int HKDF_EXPAND_ONLY = 2;

    private static final MethodHandle EVP_KDF_FETCH =
            LibCrypto.function("EVP_KDF_fetch", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle EVP_KDF_CTX_NEW =
            LibCrypto.function("EVP_KDF_CTX_new", FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle EVP_KDF_CTX_FREE = NativeResource.freeFunction("EVP_KDF_CTX_free");
    private static final MethodHandle EVP_KDF_CTX_DUP =
            LibCrypto.function("EVP_KDF_CTX_dup", FunctionDescriptor.of(ADDRESS, ADDRESS));
    /** Not critical: setting "digest" fetches the digest, which may wait on a lock. */
    private static final MethodHandle EVP_KDF_CTX_SET_PARAMS =
            LibCrypto.function("EVP_KDF_CTX_set_params", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    /** Critical: HKDF output (at most 255 digests) is written straight into a heap array. */
    private static final MethodHandle EVP_KDF_DERIVE_CRITICAL =
            LibCrypto.critical("EVP_KDF_derive", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));
    /** Plain: a PBKDF2 derivation runs as long as its iteration count asks and must not hold off the GC. */
    private static final MethodHandle EVP_KDF_DERIVE =
            LibCrypto.function("EVP_KDF_derive", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));

    /** OSSL_set_max_threads / OSSL_get_max_threads (OpenSSL 3.2+; absent from 3.0). */
    private static final java.util.Optional<MethodHandle> OSSL_SET_MAX_THREADS =
            LibCrypto.optionalFunction("OSSL_set_max_threads", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG));

    private static final java.util.Optional<MethodHandle> OSSL_GET_MAX_THREADS =
            LibCrypto.optionalFunction("OSSL_get_max_threads", FunctionDescriptor.of(JAVA_LONG, ADDRESS));

    /** HKDF info lengths to try, largest first, when finding what the loaded library accepts. */
    private static final int[] HKDF_INFO_CANDIDATES = {32 * 1024, 2048, 1024};

    /** HKDF's contexts, freed in the call that made them, in the live-object counts all the same. */
    private static final java.util.concurrent.atomic.LongAdder LIVE_HKDF_CTX =
            NativeResource.liveCounter("EVP_KDF_CTX");

    private static final Map<String, Optional<Algorithm>> FETCHED = new ConcurrentHashMap<>();
    /**
     * Per HKDF digest: a context holding only that digest, copied for each derivation; never
     * freed (one per digest for the process, like the fetched algorithms). Empty where the
     * library cannot duplicate it.
     */
    private static final Map<String, Optional<MemorySegment>> HKDF_TEMPLATES = new ConcurrentHashMap<>();

    private static volatile int hkdfMaxInfo = -1;

    private EvpKdf() {}

    /** A fetched EVP_KDF ("HKDF", "PBKDF2"); never freed: one per name for the whole process. */
    public record Algorithm(String name, MemorySegment kdf) {}

    /** Fetches the KDF OpenSSL calls {@code name}, once per process. */
    public static Optional<Algorithm> fetch(String name) {
        return FETCHED.computeIfAbsent(name, EvpKdf::doFetch);
    }

    private static Optional<Algorithm> doFetch(String name) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment k = (MemorySegment)
                    EVP_KDF_FETCH.invokeExact(LibContext.libctx(), arena.allocateFrom(name), LibContext.propq());
            if (k.equals(MemorySegment.NULL)) {
                OpenSslErrors.drain();
                return Optional.empty();
            }
            return Optional.of(new Algorithm(name, k));
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /**
     * HKDF (RFC 5869) into {@code out}, whose length is the output length. {@code mode} is one of
     * the {@code HKDF_*} constants; for {@link #HKDF_EXPAND_ONLY} {@code key} is the PRK and
     * {@code salt} is ignored (otherwise it is non-null, possibly empty); for {@link #HKDF_EXTRACT_ONLY} {@code out} is the digest's size and
     * {@code info} is ignored. The caller checked the lengths (output at most 255 digests, info at
     * most {@link #hkdfMaxInfo()}).
     */
    public static void hkdf(Algorithm hkdf, String digest, int mode, byte[] key, byte[] salt, byte[] info, byte[] out) {
        Optional<MemorySegment> template = HKDF_TEMPLATES.computeIfAbsent(digest, d -> hkdfTemplate(hkdf, d));
        // The context lives only inside this call, so it is freed here rather than owned by a
        // NativeResource: a TLS 1.3 handshake makes about 40, and a Cleaner registration and its
        // clean-up each cost more than the derivation's own Java work.
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ctx = template.isPresent()
                    ? (MemorySegment) EVP_KDF_CTX_DUP.invokeExact(template.get())
                    : (MemorySegment) EVP_KDF_CTX_NEW.invokeExact(hkdf.kdf);
            if (ctx.equals(MemorySegment.NULL)) {
                throw OpenSslErrors.failure("EVP_KDF_CTX allocation");
            }
            LIVE_HKDF_CTX.increment();
            try {
                List<MemorySegment> secrets = new ArrayList<>(2);
                try {
                    OsslParams p = OsslParams.in(arena).integer("mode", mode);
                    if (template.isEmpty()) {
                        p.utf8("digest", digest);
                    }
                    p.octets("key", secret(arena, key, secrets));
                    if (mode != HKDF_EXPAND_ONLY) {
                        p.octets("salt", secret(arena, salt, secrets));
                    }
                    if (mode != HKDF_EXTRACT_ONLY) {
                        p.octets("info", info);
                    }
                    if ((int) EVP_KDF_CTX_SET_PARAMS.invokeExact(ctx, p.build()) != 1) {
                        throw OpenSslErrors.failure("EVP_KDF_CTX_set_params HKDF(" + digest + ")");
                    }
                } finally {
                    cleanse(secrets);
                }
                if ((int) EVP_KDF_DERIVE_CRITICAL.invokeExact(
                                ctx, MemorySegment.ofArray(out), (long) out.length, MemorySegment.NULL)
                        != 1) {
                    throw OpenSslErrors.failure("EVP_KDF_derive(" + hkdf.name() + ")");
                }
            } finally {
                EVP_KDF_CTX_FREE.invokeExact(ctx); // clears the key material OpenSSL copied in
                LIVE_HKDF_CTX.decrement();
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /** A context of {@code hkdf} holding {@code digest}, if the library can duplicate it; else empty. */
    private static Optional<MemorySegment> hkdfTemplate(Algorithm hkdf, String digest) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment t = (MemorySegment) EVP_KDF_CTX_NEW.invokeExact(hkdf.kdf);
            if (t.equals(MemorySegment.NULL)) {
                OpenSslErrors.clear();
                return Optional.empty();
            }
            MemorySegment copy = MemorySegment.NULL;
            if ((int) EVP_KDF_CTX_SET_PARAMS.invokeExact(
                            t, OsslParams.in(arena).utf8("digest", digest).build())
                    == 1) {
                copy = (MemorySegment) EVP_KDF_CTX_DUP.invokeExact(t);
            }
            if (copy.equals(MemorySegment.NULL)) {
                OpenSslErrors.clear();
                EVP_KDF_CTX_FREE.invokeExact(t);
                return Optional.empty();
            }
            EVP_KDF_CTX_FREE.invokeExact(copy); // it duplicates: keep the template
            return Optional.of(t);
        } catch (Throwable e) {
            throw NativeObject.rethrow(e);
        }
    }

    /**
     * PBKDF2 (PKCS #5 v2.1) of {@code length} bytes, with SP 800-132's lower bounds off (the JDK
     * accepts short salts and keys and any positive iteration count). Runs outside a critical
     * region: it takes as long as the iteration count asks. {@code length} is positive.
     */
    public static byte[] pbkdf2(
            Algorithm pbkdf2, String digest, byte[] password, byte[] salt, int iterations, int length) {
        try (Arena arena = Arena.ofConfined();
                Context ctx = new Context(pbkdf2)) {
            List<MemorySegment> secrets = new ArrayList<>(3);
            try {
                // "pkcs5" in a call of its own, before the salt and length it relaxes the checks of
                ctx.setParams(OsslParams.in(arena).integer("pkcs5", 1).build(), "PBKDF2 pkcs5");
                ctx.setParams(
                        OsslParams.in(arena)
                                .utf8("digest", digest)
                                .octets("pass", secret(arena, password, secrets))
                                .octets("salt", secret(arena, salt, secrets))
                                .unsigned("iter", iterations)
                                .build(),
                        "PBKDF2(" + digest + ")");
                MemorySegment out = arena.allocate(length);
                secrets.add(out);
                ctx.derive(out);
                return out.toArray(JAVA_BYTE);
            } finally {
                cleanse(secrets);
            }
        }
    }

    /**
     * Argon2 (RFC 9106, version 0x13) of {@code length} bytes with EVP_KDF "ARGON2ID", "ARGON2I" or
     * "ARGON2D". The caller checked every bound (salt of 8 bytes or more, memory of at least 8 KiB
     * per lane and within the configured cap, threads at most the lanes and at most
     * {@link #threadsAvailable}). Runs outside a critical region: it takes as long and as much
     * native memory as the parameters ask, and frees that memory before returning ("early_clean").
     */
    public static byte[] argon2(
            Algorithm argon2,
            byte[] password,
            byte[] salt,
            byte[] secret,
            byte[] ad,
            int iterations,
            int lanes,
            int memoryKiB,
            int threads,
            int length) {
        try (Arena arena = Arena.ofConfined();
                Context ctx = new Context(argon2)) {
            List<MemorySegment> secrets = new ArrayList<>(4);
            try {
                OsslParams p = OsslParams.in(arena)
                        .octets("pass", secret(arena, password, secrets))
                        .octets("salt", secret(arena, salt, secrets))
                        .unsigned("iter", Integer.toUnsignedLong(iterations))
                        .unsigned("lanes", Integer.toUnsignedLong(lanes))
                        .unsigned("memcost", Integer.toUnsignedLong(memoryKiB))
                        .unsigned("threads", Integer.toUnsignedLong(threads))
                        .unsigned("size", Integer.toUnsignedLong(length))
                        .unsigned("early_clean", 1);
                if (secret.length > 0) {
                    p.octets("secret", secret(arena, secret, secrets));
                }
                if (ad.length > 0) {
                    p.octets("ad", ad);
                }
                ctx.setParams(p.build(), argon2.name());
                MemorySegment out = arena.allocate(length);
                secrets.add(out);
                ctx.derive(out);
                return out.toArray(JAVA_BYTE);
            } finally {
                cleanse(secrets);
            }
        }
    }

    /**
     * Makes OpenSSL's thread pool (of the default library context) hold at least {@code wanted}
     * threads, and returns how many it allows: 1 where the library has no thread pool (3.0, or a
     * build without thread support). Raising the pool is process-wide; it is never lowered.
     */
    public static synchronized int threadsAvailable(int wanted) {
        if (OSSL_SET_MAX_THREADS.isEmpty() || OSSL_GET_MAX_THREADS.isEmpty()) {
            return 1;
        }
        try {
            long have = (long) OSSL_GET_MAX_THREADS.get().invokeExact(MemorySegment.NULL);
            if (have < wanted && (int) OSSL_SET_MAX_THREADS.get().invokeExact(MemorySegment.NULL, (long) wanted) == 1) {
                have = (long) OSSL_GET_MAX_THREADS.get().invokeExact(MemorySegment.NULL);
            } else {
                OpenSslErrors.clear();
            }
            return (int) Math.max(1, Math.min(have, Integer.MAX_VALUE));
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /**
     * The longest HKDF info the loaded library accepts (OpenSSL bounds it: 32 KiB in 3.0.19, less in
     * some other builds), or 0 when it refuses even 1 KiB. Found once by asking the library.
     */
    public static int hkdfMaxInfo() {
        int max = hkdfMaxInfo;
        if (max < 0) {
            max = 0;
            Algorithm hkdf = fetch("HKDF").orElseThrow(() -> new IllegalStateException("no HKDF in libcrypto"));
            for (int candidate : HKDF_INFO_CANDIDATES) {
                if (acceptsInfo(hkdf, candidate)) {
                    max = candidate;
                    break;
                }
            }
            hkdfMaxInfo = max;
        }
        return max;
    }

    private static boolean acceptsInfo(Algorithm hkdf, int length) {
        try (Arena arena = Arena.ofConfined();
                Context ctx = new Context(hkdf)) {
            if (ctx.trySetParams(
                    OsslParams.in(arena).octets("info", new byte[length]).build())) {
                return true;
            }
            OpenSslErrors.clear();
            return false;
        }
    }

    /** A native copy of {@code value}, remembered in {@code secrets} for cleansing. */
    private static MemorySegment secret(Arena arena, byte[] value, List<MemorySegment> secrets) {
        // at least one byte, so an empty value still has a non-NULL address (OpenSSL wants one)
        MemorySegment s = arena.allocate(Math.max(1, value.length));
        secrets.add(s);
        MemorySegment.copy(value, 0, s, JAVA_BYTE, 0, value.length);
        return s.asSlice(0, value.length);
    }

    private static void cleanse(List<MemorySegment> secrets) {
        for (MemorySegment s : secrets) {
            Cleanse.of(s);
        }
    }

    /** One EVP_KDF_CTX, used for a single derivation. */
    private static final class Context extends NativeResource {
        private final Algorithm algorithm;

        Context(Algorithm algorithm) {
            this(newCtx(algorithm), algorithm);
        }

        private Context(MemorySegment ctx, Algorithm algorithm) {
            super(ctx, EVP_KDF_CTX_FREE, "EVP_KDF_CTX");
            this.algorithm = algorithm;
        }

        private static MemorySegment newCtx(Algorithm algorithm) {
            try {
                return (MemorySegment) EVP_KDF_CTX_NEW.invokeExact(algorithm.kdf);
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            }
        }

        void setParams(MemorySegment params, String what) {
            if (!trySetParams(params)) {
                throw OpenSslErrors.failure("EVP_KDF_CTX_set_params " + what);
            }
        }

        /** EVP_KDF_CTX_set_params; false (error queue left for the caller) when refused. */
        boolean trySetParams(MemorySegment params) {
            MemorySegment ctx = enter();
            try {
                return (int) EVP_KDF_CTX_SET_PARAMS.invokeExact(ctx, params) == 1;
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                exit();
            }
        }

        /** EVP_KDF_derive into native memory, outside a critical region. */
        void derive(MemorySegment out) {
            MemorySegment ctx = enter();
            try {
                int ok = (int) EVP_KDF_DERIVE.invokeExact(ctx, out, out.byteSize(), MemorySegment.NULL);
                if (ok != 1) {
                    throw OpenSslErrors.failure("EVP_KDF_derive(" + algorithm.name + ")");
                }
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                exit();
            }
        }
    }
}
