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
import java.nio.charset.StandardCharsets;

/**
 * EVP_PKEY: import, export, generation and component read-out of public-key keys, and the
 * EVP_PKEY_CTX set-up every key operation shares ({@link #newContext}, {@link #setAfterInit}).
 * Signing over a digest is {@link PkeySignContext}, one-shot EdDSA {@link DigestSignOneShot},
 * agreement {@link EvpPkeyDerive}, encryption {@link EvpPkeyCrypt}, kept keys {@link PreparedKeys}.
 *
 * <p>Failures of import and verification are reported as null / negative results (the error
 * queue is cleared) so that the SPI classes map them to the JCA exception their contract names.
 */
public final class EvpPkey {
    static final MethodHandle EVP_PKEY_FREE = NativeResource.freeFunction("EVP_PKEY_free");
    private static final MethodHandle EVP_PKEY_UP_REF =
            LibCrypto.function("EVP_PKEY_up_ref", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle EVP_PKEY_NEW_RAW_PRIVATE_KEY_EX = LibCrypto.function(
            "EVP_PKEY_new_raw_private_key_ex",
            FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));
    private static final MethodHandle D2I_PUBKEY = LibCrypto.function(
            "d2i_PUBKEY_ex", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS));
    private static final MethodHandle I2D_PUBKEY =
            LibCrypto.function("i2d_PUBKEY", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle D2I_PKCS8 =
            LibCrypto.function("d2i_PKCS8_PRIV_KEY_INFO", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));
    private static final MethodHandle I2D_PKCS8 =
            LibCrypto.function("i2d_PKCS8_PRIV_KEY_INFO", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle PKCS8_FREE = NativeResource.freeFunction("PKCS8_PRIV_KEY_INFO_free");
    private static final MethodHandle EVP_PKCS82PKEY =
            LibCrypto.function("EVP_PKCS82PKEY_ex", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle EVP_PKEY2PKCS8 =
            LibCrypto.function("EVP_PKEY2PKCS8", FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle EVP_PKEY_IS_A =
            LibCrypto.function("EVP_PKEY_is_a", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    private static final MethodHandle EVP_PKEY_GET0_TYPE_NAME =
            LibCrypto.function("EVP_PKEY_get0_type_name", FunctionDescriptor.of(ADDRESS, ADDRESS));
    private static final MethodHandle EVP_PKEY_GET_BITS =
            LibCrypto.function("EVP_PKEY_get_bits", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle EVP_PKEY_GET_SIZE =
            LibCrypto.function("EVP_PKEY_get_size", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle EVP_PKEY_GET_UTF8 = LibCrypto.function(
            "EVP_PKEY_get_utf8_string_param",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));
    private static final MethodHandle EVP_PKEY_GET_OCTETS = LibCrypto.function(
            "EVP_PKEY_get_octet_string_param",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS));
    private static final MethodHandle EVP_PKEY_GET_BN =
            LibCrypto.function("EVP_PKEY_get_bn_param", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle EVP_PKEY_SET_INT =
            LibCrypto.function("EVP_PKEY_set_int_param", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
    private static final MethodHandle BN_NUM_BITS =
            LibCrypto.function("BN_num_bits", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle BN_BN2BINPAD =
            LibCrypto.function("BN_bn2binpad", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
    private static final MethodHandle BN_CLEAR_FREE = NativeResource.freeFunction("BN_clear_free");
    private static final MethodHandle OPENSSL_CLEANSE =
            LibCrypto.function("OPENSSL_cleanse", FunctionDescriptor.ofVoid(ADDRESS, JAVA_LONG));

    private static final MethodHandle EVP_PKEY_CTX_NEW_FROM_NAME =
            LibCrypto.function("EVP_PKEY_CTX_new_from_name", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle EVP_PKEY_CTX_NEW_FROM_PKEY =
            LibCrypto.function("EVP_PKEY_CTX_new_from_pkey", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    static final MethodHandle EVP_PKEY_CTX_FREE = NativeResource.freeFunction("EVP_PKEY_CTX_free");
    static final MethodHandle EVP_PKEY_KEYGEN_INIT =
            LibCrypto.function("EVP_PKEY_keygen_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle EVP_PKEY_FROMDATA_INIT =
            LibCrypto.function("EVP_PKEY_fromdata_init", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle EVP_PKEY_FROMDATA = LibCrypto.function(
            "EVP_PKEY_fromdata", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS));
    private static final MethodHandle EVP_PKEY_TODATA =
            LibCrypto.function("EVP_PKEY_todata", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS));
    private static final MethodHandle OSSL_PARAM_FREE = NativeResource.freeFunction("OSSL_PARAM_free");
    /** EVP_PKEY_PUBLIC_KEY: OSSL_KEYMGMT_SELECT_ALL_PARAMETERS | OSSL_KEYMGMT_SELECT_PUBLIC_KEY. */
    private static final int SELECT_PUBLIC_KEY = 0x86;
    /** EVP_PKEY_KEYPAIR: EVP_PKEY_PUBLIC_KEY | OSSL_KEYMGMT_SELECT_PRIVATE_KEY. */
    private static final int SELECT_KEYPAIR = 0x87;

    static final MethodHandle EVP_PKEY_CTX_SET_PARAMS =
            LibCrypto.function("EVP_PKEY_CTX_set_params", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
    static final MethodHandle EVP_PKEY_GENERATE =
            LibCrypto.function("EVP_PKEY_generate", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));

    private EvpPkey() {}

    /** Whether the loaded library offers key type {@code type} ("EC", "ED448", ...): a probe. */
    public static boolean hasKeyType(String type) {
        Boolean ok = withKeyTypeContext(type, false, (ctx, arena) -> (int) EVP_PKEY_KEYGEN_INIT.invokeExact(ctx) == 1);
        OpenSslErrors.clear();
        return ok != null && ok;
    }

    /** What runs on a fresh EVP_PKEY_CTX of one key type, with an arena that lives as long. */
    @FunctionalInterface
    private interface KeyTypeWork<T> {
        T run(MemorySegment ctx, Arena arena) throws Throwable;
    }

    /**
     * Runs {@code work} on a new EVP_PKEY_CTX for key type {@code type} and frees the context
     * after it. When OpenSSL has no such type: an {@link OpenSslException} if {@code required},
     * else null with the error queue left for the caller.
     */
    private static <T> T withKeyTypeContext(String type, boolean required, KeyTypeWork<T> work) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment ctx = newTypeContext(type);
            if (ctx.equals(MemorySegment.NULL)) {
                if (required) {
                    throw OpenSslErrors.failure("EVP_PKEY_CTX_new_from_name(" + type + ")");
                }
                return null;
            }
            try {
                return work.run(ctx, arena);
            } finally {
                EVP_PKEY_CTX_FREE.invokeExact(ctx);
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /**
     * A new EVP_PKEY_CTX for key type {@code type} in AccelJCE's library context; NULL (error queue
     * left for the caller) when OpenSSL has no such type. The caller frees it.
     */
    static MemorySegment newTypeContext(String type) throws Throwable {
        try (Arena arena = Arena.ofConfined()) {
            return (MemorySegment) EVP_PKEY_CTX_NEW_FROM_NAME.invokeExact(
                    LibContext.libctx(), arena.allocateFrom(type), LibContext.propq());
        }
    }

    /** Copies {@code data} into {@code arena} (for calls that read through a pointer-to-pointer). */
    private static MemorySegment copy(Arena arena, byte[] data) {
        MemorySegment s = arena.allocate(Math.max(1, data.length));
        MemorySegment.copy(data, 0, s, JAVA_BYTE, 0, data.length);
        return s;
    }

    private static void cleanse(MemorySegment s) throws Throwable {
        OPENSSL_CLEANSE.invokeExact(s, s.byteSize());
    }

    /**
     * One owned EVP_PKEY. Private components stay in OpenSSL's memory; {@link #close()} frees the
     * key, and OpenSSL clear-frees the private components.
     */
    public static final class Key extends NativeResource {
        private Key(MemorySegment pkey) {
            super(pkey, EVP_PKEY_FREE, "EVP_PKEY");
        }

        /** Takes ownership of an EVP_PKEY another class of this package made. */
        static Key adopt(MemorySegment pkey) {
            return new Key(pkey);
        }

        /**
         * Parses a DER SubjectPublicKeyInfo; null when OpenSSL refuses it or bytes are left over
         * (the error queue is cleared).
         */
        public static Key fromPublicDer(byte[] der) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment data = copy(arena, der);
                MemorySegment pp = arena.allocateFrom(ADDRESS, data);
                MemorySegment pkey = (MemorySegment) D2I_PUBKEY.invokeExact(
                        MemorySegment.NULL, pp, (long) der.length, LibContext.libctx(), LibContext.propq());
                if (pkey.equals(MemorySegment.NULL)) {
                    OpenSslErrors.clear();
                    return null;
                }
                Key key = new Key(pkey);
                if (pp.get(ADDRESS, 0).address() != data.address() + der.length) {
                    key.close();
                    return null;
                }
                return key;
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            }
        }

        /**
         * Parses a DER PKCS#8 PrivateKeyInfo; null when OpenSSL refuses it or bytes are left over.
         * The native copy of the encoding is cleansed before it is released.
         */
        public static Key fromPrivateDer(byte[] der) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment data = copy(arena, der);
                try {
                    MemorySegment pp = arena.allocateFrom(ADDRESS, data);
                    MemorySegment p8 = (MemorySegment) D2I_PKCS8.invokeExact(MemorySegment.NULL, pp, (long) der.length);
                    if (p8.equals(MemorySegment.NULL)) {
                        OpenSslErrors.clear();
                        return null;
                    }
                    boolean consumed = pp.get(ADDRESS, 0).address() == data.address() + der.length;
                    MemorySegment pkey = consumed
                            ? (MemorySegment) EVP_PKCS82PKEY.invokeExact(p8, LibContext.libctx(), LibContext.propq())
                            : MemorySegment.NULL;
                    PKCS8_FREE.invokeExact(p8); // clear-frees the private key octets
                    if (pkey.equals(MemorySegment.NULL)) {
                        OpenSslErrors.clear();
                        return null;
                    }
                    return new Key(pkey);
                } finally {
                    cleanse(data);
                }
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            }
        }

        /**
         * Imports a public key of OpenSSL type {@code type} from OSSL_PARAMs (EVP_PKEY_fromdata):
         * "group" and "pub" (an encoded point) of an EC key, for instance. OpenSSL validates what
         * it imports (an EC point must lie on the curve). Null when refused (the error queue is
         * cleared). For per-handshake paths: OpenSSL 3.0's DER decoder behind d2i_PUBKEY costs
         * hundreds of microseconds, this a few.
         */
        public static Key fromPublicParams(String type, MemorySegment params) {
            return withKeyTypeContext(type, true, (ctx, arena) -> {
                MemorySegment out = arena.allocate(ADDRESS);
                if ((int) EVP_PKEY_FROMDATA_INIT.invokeExact(ctx) != 1
                        || (int) EVP_PKEY_FROMDATA.invokeExact(ctx, out, SELECT_PUBLIC_KEY, params) != 1) {
                    OpenSslErrors.clear();
                    return null;
                }
                return new Key(out.get(ADDRESS, 0));
            });
        }

        /**
         * The private key of OpenSSL type {@code type} ("X25519", "ED25519", ...) from its raw
         * RFC 7748 / RFC 8032 bytes ({@code EVP_PKEY_new_raw_private_key_ex}); OpenSSL derives
         * the public key. The native copy of {@code raw} is cleansed; the caller wipes its array.
         *
         * @throws OpenSslException when OpenSSL refuses it
         */
        public static Key fromRawPrivate(String type, byte[] raw) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment data = copy(arena, raw);
                try {
                    MemorySegment pkey = (MemorySegment) EVP_PKEY_NEW_RAW_PRIVATE_KEY_EX.invokeExact(
                            LibContext.libctx(), arena.allocateFrom(type), LibContext.propq(), data, (long) raw.length);
                    if (pkey.equals(MemorySegment.NULL)) {
                        throw OpenSslErrors.failure("EVP_PKEY_new_raw_private_key_ex(" + type + ")");
                    }
                    return new Key(pkey);
                } finally {
                    cleanse(data);
                }
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            }
        }

        /**
         * Imports a key pair of OpenSSL type {@code type} from OSSL_PARAMs (EVP_PKEY_fromdata with
         * the private and public halves): "group", "priv" and "pub" of an EC key another library
         * generated, for instance. OpenSSL checks what it parses (an EC point on the curve), not
         * that the halves belong together: the caller gives a pair it knows is one. Null when
         * refused (the error queue is cleared). The caller cleanses the private parameter.
         */
        public static Key fromKeyPairParams(String type, MemorySegment params) {
            return withKeyTypeContext(type, true, (ctx, arena) -> {
                MemorySegment out = arena.allocate(ADDRESS);
                if ((int) EVP_PKEY_FROMDATA_INIT.invokeExact(ctx) != 1
                        || (int) EVP_PKEY_FROMDATA.invokeExact(ctx, out, SELECT_KEYPAIR, params) != 1) {
                    OpenSslErrors.clear();
                    return null;
                }
                return new Key(out.get(ADDRESS, 0));
            });
        }

        /**
         * Generates a key of OpenSSL type {@code type} ("EC", "RSA", "ED25519", "X25519", ...)
         * with the key-generation parameters {@code params} (may be null) built in {@code arena}.
         */
        public static Key generate(String type, MemorySegment params) {
            return withKeyTypeContext(type, true, (ctx, arena) -> {
                if ((int) EVP_PKEY_KEYGEN_INIT.invokeExact(ctx) != 1) {
                    throw OpenSslErrors.failure("EVP_PKEY_keygen_init(" + type + ")");
                }
                if (params != null && (int) EVP_PKEY_CTX_SET_PARAMS.invokeExact(ctx, params) != 1) {
                    throw OpenSslErrors.failure("EVP_PKEY_CTX_set_params(" + type + " keygen)");
                }
                MemorySegment out = arena.allocate(ADDRESS);
                if ((int) EVP_PKEY_GENERATE.invokeExact(ctx, out) != 1) {
                    throw OpenSslErrors.failure("EVP_PKEY_generate(" + type + ")");
                }
                return new Key(out.get(ADDRESS, 0));
            });
        }

        /**
         * A new EVP_PKEY holding only this key's public half and domain parameters, exported and
         * imported as OSSL_PARAMs (EVP_PKEY_todata, EVP_PKEY_fromdata): a DER round trip through
         * OpenSSL's decoders costs far more (about 1 ms per EC key on OpenSSL 3.0).
         */
        public Key publicCopy() {
            String type = typeName();
            if (type == null) {
                throw new IllegalStateException("EVP_PKEY without a type name");
            }
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment out = arena.allocate(ADDRESS);
                if ((int) EVP_PKEY_TODATA.invokeExact(ptr(), SELECT_PUBLIC_KEY, out) != 1) {
                    throw OpenSslErrors.failure("EVP_PKEY_todata(" + type + ", public key)");
                }
                MemorySegment params = out.get(ADDRESS, 0);
                try {
                    Key copy = fromPublicParams(type, params);
                    if (copy == null) {
                        throw new IllegalStateException(
                                "OpenSSL refused the public half of a " + type + " key it exported itself");
                    }
                    return copy;
                } finally {
                    OSSL_PARAM_FREE.invokeExact(params); // public values only: nothing to cleanse
                }
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                Reference.reachabilityFence(this);
            }
        }

        /** The DER SubjectPublicKeyInfo. */
        public byte[] publicDer() {
            try (Arena arena = Arena.ofConfined()) {
                int len = (int) I2D_PUBKEY.invokeExact(ptr(), MemorySegment.NULL);
                if (len <= 0) {
                    throw OpenSslErrors.failure("i2d_PUBKEY");
                }
                MemorySegment buf = arena.allocate(len);
                MemorySegment pp = arena.allocateFrom(ADDRESS, buf);
                if ((int) I2D_PUBKEY.invokeExact(ptr(), pp) != len) {
                    throw OpenSslErrors.failure("i2d_PUBKEY");
                }
                return buf.toArray(JAVA_BYTE);
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                Reference.reachabilityFence(this);
            }
        }

        /** The DER PKCS#8 PrivateKeyInfo; native intermediate copies are cleansed. */
        public byte[] privateDer() {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment p8 = (MemorySegment) EVP_PKEY2PKCS8.invokeExact(ptr());
                if (p8.equals(MemorySegment.NULL)) {
                    throw OpenSslErrors.failure("EVP_PKEY2PKCS8");
                }
                try {
                    int len = (int) I2D_PKCS8.invokeExact(p8, MemorySegment.NULL);
                    if (len <= 0) {
                        throw OpenSslErrors.failure("i2d_PKCS8_PRIV_KEY_INFO");
                    }
                    MemorySegment buf = arena.allocate(len);
                    try {
                        MemorySegment pp = arena.allocateFrom(ADDRESS, buf);
                        if ((int) I2D_PKCS8.invokeExact(p8, pp) != len) {
                            throw OpenSslErrors.failure("i2d_PKCS8_PRIV_KEY_INFO");
                        }
                        return buf.toArray(JAVA_BYTE);
                    } finally {
                        cleanse(buf);
                    }
                } finally {
                    PKCS8_FREE.invokeExact(p8);
                }
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                Reference.reachabilityFence(this);
            }
        }

        /** EVP_PKEY_is_a: whether the key is of OpenSSL type {@code name}. */
        public boolean isA(String name) {
            try (Arena arena = Arena.ofConfined()) {
                return (int) EVP_PKEY_IS_A.invokeExact(ptr(), arena.allocateFrom(name)) == 1;
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                Reference.reachabilityFence(this);
            }
        }

        /** OpenSSL's type name of the key ("EC", "RSA", "RSA-PSS", "ED25519", ...), or null. */
        public String typeName() {
            try {
                MemorySegment name = (MemorySegment) EVP_PKEY_GET0_TYPE_NAME.invokeExact(ptr());
                return name.equals(MemorySegment.NULL)
                        ? null
                        : name.reinterpret(64).getString(0);
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                Reference.reachabilityFence(this);
            }
        }

        /** The key's size in bits (modulus for RSA, field for EC). */
        public int bits() {
            try {
                return (int) EVP_PKEY_GET_BITS.invokeExact(ptr());
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                Reference.reachabilityFence(this);
            }
        }

        /** The largest signature the key makes, in bytes. */
        public int maxSignatureSize() {
            try {
                return (int) EVP_PKEY_GET_SIZE.invokeExact(ptr());
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                Reference.reachabilityFence(this);
            }
        }

        /** A UTF-8 string parameter ("group" of an EC key), or null when the key has none. */
        public String utf8Param(String name) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment buf = arena.allocate(128);
                MemorySegment outLen = arena.allocate(JAVA_LONG);
                int ok = (int) EVP_PKEY_GET_UTF8.invokeExact(ptr(), arena.allocateFrom(name), buf, 128L, outLen);
                if (ok != 1) {
                    OpenSslErrors.clear();
                    return null;
                }
                return new String(buf.asSlice(0, outLen.get(JAVA_LONG, 0)).toArray(JAVA_BYTE), StandardCharsets.UTF_8);
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                Reference.reachabilityFence(this);
            }
        }

        /**
         * An octet-string parameter ("priv" and "pub" of EdDSA/XDH keys) copied to the heap, or
         * null when absent. The native buffer is cleansed.
         */
        public byte[] octetParam(String name) {
            return octetParam(name, 256);
        }

        /**
         * As {@link #octetParam(String)}, for components up to {@code maxSize} bytes (the
         * expanded ML-KEM and ML-DSA keys run to a few kilobytes).
         */
        public byte[] octetParam(String name, int maxSize) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment buf = arena.allocate(maxSize);
                MemorySegment outLen = arena.allocate(JAVA_LONG);
                try {
                    int ok = (int) EVP_PKEY_GET_OCTETS.invokeExact(
                            ptr(), arena.allocateFrom(name), buf, (long) maxSize, outLen);
                    if (ok != 1) {
                        OpenSslErrors.clear();
                        return null;
                    }
                    return buf.asSlice(0, outLen.get(JAVA_LONG, 0)).toArray(JAVA_BYTE);
                } finally {
                    cleanse(buf);
                }
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                Reference.reachabilityFence(this);
            }
        }

        /**
         * A BIGNUM parameter ("n", "e", "d", "priv", "rsa-factor1", ...) as a big-endian unsigned
         * magnitude, or null when absent. The BIGNUM and the native buffer are cleansed.
         */
        public byte[] bnParam(String name) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment out = arena.allocate(ADDRESS);
                int ok = (int) EVP_PKEY_GET_BN.invokeExact(ptr(), arena.allocateFrom(name), out);
                if (ok != 1) {
                    OpenSslErrors.clear();
                    return null;
                }
                MemorySegment bn = out.get(ADDRESS, 0);
                try {
                    int bytes = ((int) BN_NUM_BITS.invokeExact(bn) + 7) / 8;
                    MemorySegment buf = arena.allocate(Math.max(1, bytes));
                    try {
                        int n = (int) BN_BN2BINPAD.invokeExact(bn, buf, bytes);
                        return buf.asSlice(0, Math.max(0, n)).toArray(JAVA_BYTE);
                    } finally {
                        cleanse(buf);
                    }
                } finally {
                    BN_CLEAR_FREE.invokeExact(bn);
                }
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                Reference.reachabilityFence(this);
            }
        }

        /** EVP_PKEY_set_int_param (e.g. "include-public" of an EC key); false when refused. */
        public boolean setIntParam(String name, int value) {
            try (Arena arena = Arena.ofConfined()) {
                int ok = (int) EVP_PKEY_SET_INT.invokeExact(ptr(), arena.allocateFrom(name), value);
                if (ok != 1) {
                    OpenSslErrors.clear();
                }
                return ok == 1;
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                Reference.reachabilityFence(this);
            }
        }

        /**
         * Another owned reference to the same EVP_PKEY (EVP_PKEY_up_ref): an engine holds one so
         * that the key's owner destroying or dropping its reference cannot free the key under a
         * running operation. OpenSSL frees the key when the last reference goes.
         */
        public Key share() {
            try {
                MemorySegment p = ptr();
                if ((int) EVP_PKEY_UP_REF.invokeExact(p) != 1) {
                    throw OpenSslErrors.failure("EVP_PKEY_up_ref");
                }
                return new Key(p);
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                Reference.reachabilityFence(this);
            }
        }

        MemorySegment pointer() {
            return ptr();
        }

        /**
         * The pointer, in shared use until {@link #unpin()}: an engine's own reference can be
         * released from another thread when its key is destroyed ({@link #release()}), and must
         * not be freed while OpenSSL is being handed the pointer (the call takes its own
         * reference). Shared, because several threads may use one reference at once (a
         * KEM.Decapsulator is safe for concurrent use). Freed already: IllegalStateException.
         */
        MemorySegment pin() {
            return enterShared();
        }

        void unpin() {
            exitShared();
        }
    }

    /** As {@link #newContext}, for callers that own the context themselves: NULL is an error. */
    static MemorySegment requireContext(Key key) {
        MemorySegment ctx = newContext(key);
        if (ctx.equals(MemorySegment.NULL)) {
            throw OpenSslErrors.failure("EVP_PKEY_CTX_new_from_pkey");
        }
        return ctx;
    }

    /**
     * A new EVP_PKEY_CTX for {@code key}, holding its own reference to the key; NULL when OpenSSL
     * refuses (the owning {@link NativeResource} reports it).
     */
    static MemorySegment newContext(Key key) {
        MemorySegment pkey = key.pin();
        try {
            return (MemorySegment)
                    EVP_PKEY_CTX_NEW_FROM_PKEY.invokeExact(LibContext.libctx(), pkey, LibContext.propq());
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        } finally {
            key.unpin();
        }
    }

    /**
     * The rest of setting up an EVP_PKEY_CTX after its {@code EVP_PKEY_<operation>_init} returned
     * {@code initResult}: applies {@code params} (OSSL_PARAM arrays) in order. On any failure
     * frees {@code owner} (which owns {@code ctx}) and throws the OpenSSL error.
     */
    static void setAfterInit(
            NativeResource owner, MemorySegment ctx, int initResult, String init, MemorySegment... params)
            throws Throwable {
        if (initResult != 1) {
            owner.close();
            throw OpenSslErrors.failure(init);
        }
        for (MemorySegment p : params) {
            if ((int) EVP_PKEY_CTX_SET_PARAMS.invokeExact(ctx, p) != 1) {
                owner.close();
                throw OpenSslErrors.failure("EVP_PKEY_CTX_set_params");
            }
        }
    }
}
