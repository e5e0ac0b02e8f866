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
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Key generation and EC public-key import from native state kept per key kind, for the keys a
 * TLS handshake makes and drops by the dozen (an ephemeral key pair per side, the peer's point).
 *
 * <p>Made from names each time, every EC key costs OpenSSL a new EC_GROUP built from the curve's
 * constants (Montgomery set-up, modular inverses included) and a key-management fetch. Here a
 * key-generation context, initialised once with its parameters, serves many
 * {@code EVP_PKEY_generate} calls (OpenSSL builds the group once per context and copies it per
 * key), and an EC public key is a copy of a parameters-only key of its curve given the point
 * ({@code EVP_PKEY_dup}, then {@code encoded-pub-key}: the same {@code EC_POINT_oct2point}
 * on-curve check as {@code EVP_PKEY_fromdata}).
 *
 * <p>SunJSSE makes a new KeyPairGenerator per handshake, so contexts are kept per process, not per
 * generator: a pool per kind, at most {@link #KEPT_PER_KIND} idle contexts each, taken by one
 * thread at a time. Kept contexts and parameter keys live as long as the process, like OpenSSL's
 * own fetched algorithms; a context whose generation failed is freed, not kept.
 */
public final class PreparedKeys {
    // bound once, in EvpPkey; the three below only here (contexts by type: EvpPkey.newTypeContext)
    private static final MethodHandle EVP_PKEY_CTX_FREE = EvpPkey.EVP_PKEY_CTX_FREE;
    private static final MethodHandle EVP_PKEY_KEYGEN_INIT = EvpPkey.EVP_PKEY_KEYGEN_INIT;
    private static final MethodHandle EVP_PKEY_CTX_SET_PARAMS = EvpPkey.EVP_PKEY_CTX_SET_PARAMS;
    private static final MethodHandle EVP_PKEY_GENERATE = EvpPkey.EVP_PKEY_GENERATE;
    private static final MethodHandle EVP_PKEY_FREE = EvpPkey.EVP_PKEY_FREE;
    private static final MethodHandle EVP_PKEY_PARAMGEN_INIT =
            LibCrypto.function("EVP_PKEY_paramgen_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle EVP_PKEY_DUP =
            LibCrypto.function("EVP_PKEY_dup", FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle EVP_PKEY_SET_OCTETS = LibCrypto.function(
            "EVP_PKEY_set_octet_string_param", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));

    /** Idle key-generation contexts kept per kind; more are made when all are taken. */
    static final int KEPT_PER_KIND = 8;

    /** Per key type, or per group for EC ("prime256v1"). */
    private static final Map<String, Pool> POOLS = new ConcurrentHashMap<>();
    /** Per EC group: a key holding only the group's parameters, or empty where it cannot be made. */
    private static final Map<String, Optional<MemorySegment>> EC_PARAMETERS = new ConcurrentHashMap<>();

    private PreparedKeys() {}

    /**
     * A new key of OpenSSL type {@code type} ("EC", "X25519", "ED25519", ...); for "EC",
     * {@code group} names the curve ("prime256v1"), otherwise it is null.
     *
     * @throws OpenSslException when OpenSSL cannot generate it
     */
    public static EvpPkey.Key generate(String type, String group) {
        // keyed by the group where there is one (only EC has groups, and their names are no type's)
        Pool pool = POOLS.computeIfAbsent(group == null ? type : group, k -> new Pool(type, group));
        MemorySegment ctx = pool.take();
        boolean ok = false;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment out = arena.allocate(ADDRESS);
            if ((int) EVP_PKEY_GENERATE.invokeExact(ctx, out) != 1) {
                throw OpenSslErrors.failure("EVP_PKEY_generate(" + pool.kind + ")");
            }
            ok = true;
            return EvpPkey.Key.adopt(out.get(ADDRESS, 0));
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            pool.giveBack(ctx, ok);
        }
    }

    /**
     * The EC public key on curve {@code group} at {@code point} (an encoded point, as X9.62), or
     * null when the point is refused: the point at infinity, or what OpenSSL refuses (not on the
     * curve, a bad encoding; the error queue is cleared).
     */
    public static EvpPkey.Key ecPublicKey(String group, byte[] point) {
        if (point.length < 2) {
            return null; // empty, or the point at infinity (0x00), which oct2point would accept
        }
        Optional<MemorySegment> parameters = EC_PARAMETERS.computeIfAbsent(group, PreparedKeys::ecParameters);
        if (parameters.isEmpty()) {
            try (Arena arena = Arena.ofConfined()) {
                return EvpPkey.Key.fromPublicParams(
                        "EC",
                        OsslParams.in(arena)
                                .utf8("group", group)
                                .octets("pub", point)
                                .build());
            }
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment pkey = (MemorySegment) EVP_PKEY_DUP.invokeExact(parameters.get());
            if (pkey.equals(MemorySegment.NULL)) {
                throw OpenSslErrors.failure("EVP_PKEY_dup(EC parameters " + group + ")");
            }
            MemorySegment data = arena.allocate(Math.max(1, point.length));
            MemorySegment.copy(point, 0, data, JAVA_BYTE, 0, point.length);
            if ((int) EVP_PKEY_SET_OCTETS.invokeExact(
                            pkey, arena.allocateFrom("encoded-pub-key"), data, (long) point.length)
                    != 1) {
                EVP_PKEY_FREE.invokeExact(pkey);
                OpenSslErrors.clear();
                return null;
            }
            return EvpPkey.Key.adopt(pkey);
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /**
     * The EC key pair on curve {@code group} with private scalar {@code scalar} (big-endian) and
     * public point {@code point} (uncompressed), as another library generated it: OpenSSL's form
     * of a key made elsewhere, imported only when OpenSSL is asked to use or encode it. The native
     * copy of the scalar is cleansed; the caller wipes its array.
     *
     * @throws OpenSslException when OpenSSL refuses the pair
     */
    public static EvpPkey.Key ecKeyPair(String group, byte[] scalar, byte[] point) {
        try (Arena arena = Arena.ofConfined()) {
            OsslParams params = OsslParams.in(arena).utf8("group", group).octets("pub", point);
            MemorySegment secret = params.unsignedBigEndian("priv", scalar);
            try {
                EvpPkey.Key key = EvpPkey.Key.fromKeyPairParams("EC", params.build());
                if (key == null) {
                    throw new OpenSslException("OpenSSL refused an EC key pair of " + group);
                }
                return key;
            } finally {
                secret.fill((byte) 0);
            }
        }
    }

    /** A parameters-only EC key of {@code group} (EVP_PKEY_paramgen with the group's name). */
    private static Optional<MemorySegment> ecParameters(String group) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ctx = newContext("EC");
            try {
                MemorySegment out = arena.allocate(ADDRESS);
                if ((int) EVP_PKEY_PARAMGEN_INIT.invokeExact(ctx) != 1
                        || (int) EVP_PKEY_CTX_SET_PARAMS.invokeExact(
                                        ctx,
                                        OsslParams.in(arena)
                                                .utf8("group", group)
                                                .build())
                                != 1
                        || (int) EVP_PKEY_GENERATE.invokeExact(ctx, out) != 1) {
                    OpenSslErrors.clear();
                    return Optional.empty();
                }
                return Optional.of(out.get(ADDRESS, 0));
            } finally {
                EVP_PKEY_CTX_FREE.invokeExact(ctx);
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    private static MemorySegment newContext(String type) throws Throwable {
        MemorySegment ctx = EvpPkey.newTypeContext(type);
        if (ctx.equals(MemorySegment.NULL)) {
            throw OpenSslErrors.failure("EVP_PKEY_CTX_new_from_name(" + type + ")");
        }
        return ctx;
    }

    /** The idle key-generation contexts of one kind. */
    private static final class Pool {
        final String type;
        final String group;
        final String kind;
        final ConcurrentLinkedQueue<MemorySegment> idle = new ConcurrentLinkedQueue<>();
        final AtomicInteger idleCount = new AtomicInteger();

        Pool(String type, String group) {
            this.type = type;
            this.group = group;
            this.kind = group == null ? type : type + " " + group;
        }

        MemorySegment take() {
            MemorySegment ctx = idle.poll();
            if (ctx != null) {
                idleCount.decrementAndGet();
                return ctx;
            }
            try (Arena arena = Arena.ofConfined()) {
                ctx = newContext(type);
                if ((int) EVP_PKEY_KEYGEN_INIT.invokeExact(ctx) != 1
                        || (group != null
                                && (int) EVP_PKEY_CTX_SET_PARAMS.invokeExact(
                                                ctx,
                                                OsslParams.in(arena)
                                                        .utf8("group", group)
                                                        .build())
                                        != 1)) {
                    EVP_PKEY_CTX_FREE.invokeExact(ctx);
                    throw OpenSslErrors.failure("EVP_PKEY_keygen_init(" + kind + ")");
                }
                return ctx;
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            }
        }

        /** Keeps {@code ctx} for the next key if it worked and the pool has room; frees it otherwise. */
        void giveBack(MemorySegment ctx, boolean worked) {
            if (worked && idleCount.incrementAndGet() <= KEPT_PER_KIND) {
                idle.offer(ctx);
                return;
            }
            if (worked) {
                idleCount.decrementAndGet();
            }
            try {
                EVP_PKEY_CTX_FREE.invokeExact(ctx);
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            }
        }
    }
}
