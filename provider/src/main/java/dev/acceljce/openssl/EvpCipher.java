package dev.acceljce.openssl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import dev.acceljce.foreign.NativeObject;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.ref.Reference;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every native call of the symmetric-cipher family: EVP_CIPHER and EVP_CIPHER_CTX.
 *
 * <p>Callers validate every length and offset before calling in; these methods assume the ranges
 * are inside the arrays. Inputs larger than {@link Native#MAX_CHUNK} are fed in chunks.
 */
public final class EvpCipher {
    /** EVP_CTRL_AEAD_SET_IVLEN. */
    public static final int CTRL_AEAD_SET_IVLEN = 0x9;
    /** EVP_CTRL_AEAD_GET_TAG. */
    public static final int CTRL_AEAD_GET_TAG = 0x10;
    /** EVP_CTRL_AEAD_SET_TAG. */
    public static final int CTRL_AEAD_SET_TAG = 0x11;
    /** EVP_CIPHER_CTX_FLAG_WRAP_ALLOW: needed before initialising a key-wrap cipher. */
    public static final int FLAG_WRAP_ALLOW = 0x1;

    private static final MethodHandle EVP_CIPHER_FETCH =
            LibCrypto.function("EVP_CIPHER_fetch", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle EVP_CIPHER_GET_KEY_LENGTH =
            LibCrypto.function("EVP_CIPHER_get_key_length", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle EVP_CIPHER_GET_IV_LENGTH =
            LibCrypto.function("EVP_CIPHER_get_iv_length", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle EVP_CIPHER_GET_BLOCK_SIZE =
            LibCrypto.function("EVP_CIPHER_get_block_size", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle EVP_CIPHER_CTX_NEW =
            LibCrypto.function("EVP_CIPHER_CTX_new", FunctionDescriptor.of(ADDRESS));
    private static final MethodHandle EVP_CIPHER_CTX_FREE = NativeResource.freeFunction("EVP_CIPHER_CTX_free");
    private static final MethodHandle EVP_CIPHER_CTX_SET_FLAGS =
            LibCrypto.critical("EVP_CIPHER_CTX_set_flags", FunctionDescriptor.ofVoid(ADDRESS, JAVA_INT));
    private static final MethodHandle EVP_CIPHER_CTX_SET_PADDING =
            LibCrypto.critical("EVP_CIPHER_CTX_set_padding", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT));
    private static final MethodHandle EVP_CIPHER_CTX_CTRL = LibCrypto.critical(
            "EVP_CIPHER_CTX_ctrl", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT, ADDRESS));
    private static final MethodHandle EVP_CIPHER_INIT_EX2 = LibCrypto.critical(
            "EVP_CipherInit_ex2",
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_INT, ADDRESS));
    private static final MethodHandle EVP_CIPHER_UPDATE = LibCrypto.critical(
            "EVP_CipherUpdate", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_INT));
    private static final MethodHandle EVP_CIPHER_FINAL_EX =
            LibCrypto.critical("EVP_CipherFinal_ex", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle EVP_CIPHER_CTX_COPY =
            LibCrypto.function("EVP_CIPHER_CTX_copy", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));

    private static final Map<String, Optional<Algorithm>> FETCHED = new ConcurrentHashMap<>();

    private EvpCipher() {}

    /** A fetched EVP_CIPHER ("AES-128-GCM", "ChaCha20-Poly1305", "id-aes128-wrap", ...); never freed. */
    public record Algorithm(String name, MemorySegment cipher, int keyLength, int ivLength, int blockSize) {}

    /** Fetches the cipher OpenSSL calls {@code name}, once per process. */
    public static Optional<Algorithm> fetch(String name) {
        return FETCHED.computeIfAbsent(name, EvpCipher::doFetch);
    }

    private static Optional<Algorithm> doFetch(String name) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment c = (MemorySegment)
                    EVP_CIPHER_FETCH.invokeExact(LibContext.libctx(), arena.allocateFrom(name), LibContext.propq());
            if (c.equals(MemorySegment.NULL)) {
                OpenSslErrors.drain();
                return Optional.empty();
            }
            return Optional.of(new Algorithm(
                    name,
                    c,
                    (int) EVP_CIPHER_GET_KEY_LENGTH.invokeExact(c),
                    (int) EVP_CIPHER_GET_IV_LENGTH.invokeExact(c),
                    (int) EVP_CIPHER_GET_BLOCK_SIZE.invokeExact(c)));
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /** Whether {@code s} is the NULL pointer (a native segment at address 0), without equals(). */
    private static boolean isNull(MemorySegment s) {
        return s.isNative() && s.address() == 0;
    }

    private static MemorySegment heap(byte[] a) {
        return a == null ? MemorySegment.NULL : MemorySegment.ofArray(a);
    }

    /**
     * One EVP_CIPHER_CTX. Keep it for the life of the JCA object: re-initialising with a NULL
     * cipher and key keeps the key schedule, which is most of the set-up cost.
     */
    public static final class Context extends NativeResource {
        private final int[] outLen = new int[1];
        /** outLen as the out-parameter of OpenSSL's calls, made once (not an object per call). */
        private final MemorySegment outLenSegment = MemorySegment.ofArray(outLen);

        public Context() {
            super(newCtx(), EVP_CIPHER_CTX_FREE, "EVP_CIPHER_CTX");
        }

        private Context(boolean scoped) {
            super(newCtx(), EVP_CIPHER_CTX_FREE, "EVP_CIPHER_CTX", scoped);
        }

        /** A context for one call, without a Cleaner: close it in a {@code finally} block. */
        public static Context scoped() {
            return new Context(true);
        }

        private static MemorySegment newCtx() {
            try {
                return (MemorySegment) EVP_CIPHER_CTX_NEW.invokeExact();
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            }
        }

        /** EVP_CIPHER_CTX_set_flags. */
        public void setFlags(int flags) {
            MemorySegment ctx = enter();
            try {
                EVP_CIPHER_CTX_SET_FLAGS.invokeExact(ctx, flags);
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                exit();
            }
        }

        /**
         * EVP_CipherInit_ex2. Any of {@code algorithm}, {@code key}, {@code iv} may be null to keep
         * what the context already has (a null key keeps the key schedule). {@code encrypt}: 1
         * encrypt, 0 decrypt, -1 unchanged. The caller checked the key and IV lengths.
         */
        public void init(Algorithm algorithm, byte[] key, byte[] iv, int encrypt) {
            MemorySegment ctx = enter();
            try {
                // a conditional argument would be typed Object by invokeExact: decide it first
                MemorySegment cipher = algorithm == null ? MemorySegment.NULL : algorithm.cipher;
                int ok = (int)
                        EVP_CIPHER_INIT_EX2.invokeExact(ctx, cipher, heap(key), heap(iv), encrypt, MemorySegment.NULL);
                if (ok != 1) {
                    throw OpenSslErrors.failure(
                            "EVP_CipherInit_ex2" + (algorithm == null ? "" : "(" + algorithm.name + ")"));
                }
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                exit();
            }
        }

        /** EVP_CIPHER_CTX_set_padding: PKCS#7 padding on (the default) or off. */
        public void setPadding(boolean on) {
            MemorySegment ctx = enter();
            try {
                if ((int) EVP_CIPHER_CTX_SET_PADDING.invokeExact(ctx, on ? 1 : 0) != 1) {
                    throw OpenSslErrors.failure("EVP_CIPHER_CTX_set_padding");
                }
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                exit();
            }
        }

        /**
         * EVP_CIPHER_CTX_ctrl with an int argument and an optional byte array (IV length, tag get
         * and set). Returns OpenSSL's result (1 on success) without throwing, so that a failed tag
         * set can be mapped by the caller; the error queue is cleared on failure.
         */
        public int ctrl(int type, int arg, byte[] data) {
            MemorySegment ctx = enter();
            try {
                int r = (int) EVP_CIPHER_CTX_CTRL.invokeExact(ctx, type, arg, heap(data));
                if (r <= 0) {
                    OpenSslErrors.clear();
                }
                return r;
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                exit();
            }
        }

        /**
         * EVP_CipherUpdate over {@code in[inOff..inOff+len)} into {@code out} at {@code outOff}
         * (out may be null for AAD). Returns the bytes written. Returns -1 instead of throwing when
         * OpenSSL refuses the data (the error queue is cleared) so callers map it to the JCA
         * exception their contract names.
         */
        public int update(byte[] in, int inOff, int len, byte[] out, int outOff) {
            return update(
                    MemorySegment.ofArray(in).asSlice(inOff, len),
                    out == null
                            ? MemorySegment.NULL
                            : MemorySegment.ofArray(out).asSlice(outOff));
        }

        /** As {@link #update(byte[], int, int, byte[], int)}, for segments (direct or heap). */
        public int update(MemorySegment in, MemorySegment out) {
            MemorySegment ctx = enter();
            try {
                long size = in.byteSize();
                long written = 0;
                MemorySegment outLenSeg = outLenSegment;
                for (long pos = 0; pos < size || (size == 0 && pos == 0); pos += Native.MAX_CHUNK) {
                    int n = (int) Math.min(size - pos, Native.MAX_CHUNK);
                    // no new slice when the whole segment goes in one call (every message under
                    // MAX_CHUNK): each slice is an object C2 may fail to scalar-replace, one more
                    // way for JVMs to differ in speed (docs/history/2026-11-26-intel-aes-gcm-upper-vector-state.md)
                    MemorySegment dst = isNull(out) ? MemorySegment.NULL : written == 0 ? out : out.asSlice(written);
                    MemorySegment src = pos == 0 && n == size ? in : in.asSlice(pos, n);
                    int ok = (int) EVP_CIPHER_UPDATE.invokeExact(ctx, dst, outLenSeg, src, n);
                    if (ok != 1) {
                        OpenSslErrors.clear();
                        return -1;
                    }
                    written += outLen[0];
                    if (size == 0) {
                        break;
                    }
                }
                return (int) written;
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                exit();
            }
        }

        /**
         * EVP_CipherFinal_ex into {@code out} at {@code outOff}. Returns the bytes written, or -1
         * when OpenSSL refuses (bad padding, wrong tag, partial block); the queue is cleared.
         */
        public int doFinal(byte[] out, int outOff) {
            return doFinal(
                    out == null
                            ? MemorySegment.NULL
                            : MemorySegment.ofArray(out).asSlice(outOff));
        }

        /** As {@link #doFinal(byte[], int)}, for a segment. */
        public int doFinal(MemorySegment out) {
            MemorySegment ctx = enter();
            try {
                int ok = (int) EVP_CIPHER_FINAL_EX.invokeExact(ctx, out, outLenSegment);
                if (ok != 1) {
                    OpenSslErrors.clear();
                    return -1;
                }
                return outLen[0];
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                exit();
            }
        }

        /**
         * As {@link #ctrl(int, int, byte[])}, with the data in a segment (heap or native): an AEAD
         * tag read straight into, or set straight from, the caller's buffer.
         */
        public int ctrl(int type, int arg, MemorySegment data) {
            MemorySegment ctx = enter();
            try {
                int r = (int) EVP_CIPHER_CTX_CTRL.invokeExact(ctx, type, arg, data);
                if (r <= 0) {
                    OpenSslErrors.clear();
                }
                return r;
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                exit();
            }
        }

        /**
         * A new context in the same state as this one (EVP_CIPHER_CTX_copy): lets a caller try an
         * operation on the copy and keep this context untouched if the result cannot be delivered.
         */
        public Context copy() {
            Context c = new Context();
            boolean copied;
            MemorySegment src = enter();
            try {
                // c is new and not yet shared: its pointer needs no guard
                copied = (int) EVP_CIPHER_CTX_COPY.invokeExact(c.ptr(), src) == 1;
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                exit();
                Reference.reachabilityFence(c);
            }
            if (!copied) {
                c.close();
                throw OpenSslErrors.failure("EVP_CIPHER_CTX_copy");
            }
            return c;
        }

        /**
         * One EVP_CipherUpdate over all of {@code in}, never chunked: for the key-wrap ciphers,
         * which take their whole input in a single call. Returns the bytes written, or -1 when
         * OpenSSL refuses (failed integrity check); the error queue is cleared.
         */
        public int updateWhole(MemorySegment in, MemorySegment out) {
            MemorySegment ctx = enter();
            try {
                int ok = (int)
                        EVP_CIPHER_UPDATE.invokeExact(ctx, out, outLenSegment, in, Math.toIntExact(in.byteSize()));
                if (ok != 1) {
                    OpenSslErrors.clear();
                    return -1;
                }
                return outLen[0];
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                exit();
            }
        }

        /**
         * EVP_CipherUpdate with no input and no output and {@code length} as the length: how CCM is
         * told the total plaintext length before its AAD. Returns false (queue cleared) if refused.
         */
        public boolean declareLength(int length) {
            MemorySegment ctx = enter();
            try {
                int ok = (int) EVP_CIPHER_UPDATE.invokeExact(
                        ctx, MemorySegment.NULL, outLenSegment, MemorySegment.NULL, length);
                if (ok != 1) {
                    OpenSslErrors.clear();
                    return false;
                }
                return true;
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                exit();
            }
        }
    }
}
