package dev.acceljce.openssl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.acceljce.foreign.NativeObject;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.ref.Reference;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Every native call of the message-digest family: EVP_MD and EVP_MD_CTX. */
public final class EvpDigest {
    private static final MethodHandle EVP_MD_FETCH =
            LibCrypto.function("EVP_MD_fetch", FunctionDescriptor.of(ADDRESS, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle EVP_MD_GET_SIZE =
            LibCrypto.function("EVP_MD_get_size", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle EVP_MD_GET_BLOCK_SIZE =
            LibCrypto.function("EVP_MD_get_block_size", FunctionDescriptor.of(JAVA_INT, ADDRESS));
    private static final MethodHandle EVP_MD_CTX_NEW =
            LibCrypto.function("EVP_MD_CTX_new", FunctionDescriptor.of(ADDRESS));
    private static final MethodHandle EVP_MD_CTX_FREE = NativeResource.freeFunction("EVP_MD_CTX_free");
    private static final MethodHandle EVP_DIGEST_INIT_EX2 =
            LibCrypto.critical("EVP_DigestInit_ex2", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle EVP_DIGEST_UPDATE =
            LibCrypto.critical("EVP_DigestUpdate", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG));
    private static final MethodHandle EVP_DIGEST_FINAL_EX =
            LibCrypto.critical("EVP_DigestFinal_ex", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
    private static final MethodHandle EVP_DIGEST_FINAL_XOF =
            LibCrypto.critical("EVP_DigestFinalXOF", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG));
    /** EVP_DigestSqueeze (OpenSSL 3.3+): output in several calls. Absent before. */
    private static final java.util.Optional<MethodHandle> EVP_DIGEST_SQUEEZE = LibCrypto.optionalCritical(
            "EVP_DigestSqueeze", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG));
    /** EVP_Digest: a whole message in one call, on a context OpenSSL makes and frees inside it. */
    private static final MethodHandle EVP_DIGEST = LibCrypto.critical(
            "EVP_Digest", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, ADDRESS, ADDRESS, ADDRESS));

    private static final MethodHandle EVP_MD_CTX_COPY_EX =
            LibCrypto.critical("EVP_MD_CTX_copy_ex", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));

    /** Fetched algorithms, kept for the life of the process (fetching is slow in OpenSSL 3). */
    private static final Map<String, Optional<Algorithm>> FETCHED = new ConcurrentHashMap<>();

    private EvpDigest() {}

    /**
     * A fetched EVP_MD. Never freed: one per algorithm name for the whole process. For an
     * extendable-output function ({@code xof}), {@code size} is the output length chosen by
     * {@link #xof}, produced with EVP_DigestFinalXOF.
     */
    public record Algorithm(String name, MemorySegment md, int size, int blockSize, boolean xof) {
        public Algorithm(String name, MemorySegment md, int size, int blockSize) {
            this(name, md, size, blockSize, false);
        }
    }

    /** The XOF OpenSSL calls {@code name} ("SHAKE128", "SHAKE256") with a fixed output of {@code length} bytes. */
    public static Optional<Algorithm> xof(String name, int length) {
        return fetch(name).map(a -> new Algorithm(a.name, a.md, length, a.blockSize, true));
    }

    /** Fetches the digest OpenSSL calls {@code name} ("SHA256", "SHA3-256", ...), once. */
    public static Optional<Algorithm> fetch(String name) {
        return FETCHED.computeIfAbsent(name, EvpDigest::doFetch);
    }

    private static Optional<Algorithm> doFetch(String name) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment md = (MemorySegment)
                    EVP_MD_FETCH.invokeExact(LibContext.libctx(), arena.allocateFrom(name), LibContext.propq());
            if (md.equals(MemorySegment.NULL)) {
                OpenSslErrors.drain();
                return Optional.empty();
            }
            int size = (int) EVP_MD_GET_SIZE.invokeExact(md);
            int block = (int) EVP_MD_GET_BLOCK_SIZE.invokeExact(md);
            return Optional.of(new Algorithm(name, md, size, block));
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /**
     * The digest of {@code data[off..off+len)} into {@code out[outOff..outOff+size)} in one native call
     * (EVP_Digest), with no context kept in Java: what a MessageDigest used for one short message
     * costs no EVP_MD_CTX, no Cleaner and no guard. Not for an XOF (its length is not the default);
     * the caller checked every bound, and {@code len} is at most {@link Native#MAX_CHUNK}.
     */
    public static void digest(Algorithm algorithm, byte[] data, int off, int len, byte[] out, int outOff) {
        if (algorithm.xof || len > Native.MAX_CHUNK) {
            throw new IllegalArgumentException("one-shot digest of " + algorithm.name + ", " + len + " bytes");
        }
        try {
            if ((int) EVP_DIGEST.invokeExact(
                            MemorySegment.ofArray(data).asSlice(off, len),
                            (long) len,
                            MemorySegment.ofArray(out).asSlice(outOff, algorithm.size),
                            MemorySegment.NULL,
                            algorithm.md,
                            MemorySegment.NULL)
                    != 1) {
                throw OpenSslErrors.failure("EVP_Digest(" + algorithm.name + ")");
            }
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /** An EVP_MD_CTX bound to one algorithm, ready for updates after construction. */
    public static final class Context extends NativeResource {
        private final Algorithm algorithm;
        /** Out-parameter of DigestFinal; a heap int is fine in a critical call. */
        private final int[] outLen = new int[1];

        public Context(Algorithm algorithm) {
            super(newCtx(), EVP_MD_CTX_FREE, "EVP_MD_CTX");
            this.algorithm = algorithm;
            init(algorithm.md);
        }

        private static MemorySegment newCtx() {
            try {
                return (MemorySegment) EVP_MD_CTX_NEW.invokeExact();
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            }
        }

        public Algorithm algorithm() {
            return algorithm;
        }

        /** Starts a new digest, discarding any state. */
        public void reset() {
            // NULL type: keep the digest already set, which OpenSSL re-initialises cheaply
            init(MemorySegment.NULL);
        }

        private void init(MemorySegment md) {
            MemorySegment ctx = enter();
            try {
                init(ctx, md);
            } finally {
                exit();
            }
        }

        /** EVP_DigestInit_ex2 on a context the caller entered. */
        private void init(MemorySegment ctx, MemorySegment md) {
            try {
                if ((int) EVP_DIGEST_INIT_EX2.invokeExact(ctx, md, MemorySegment.NULL) != 1) {
                    throw OpenSslErrors.failure("EVP_DigestInit_ex2(" + algorithm.name + ")");
                }
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            }
        }

        /** Hashes {@code len} bytes of {@code data} from {@code off}; the caller checked the bounds. */
        public void update(byte[] data, int off, int len) {
            MemorySegment all = MemorySegment.ofArray(data);
            while (len > 0) {
                int n = Math.min(len, Native.MAX_CHUNK);
                update(all.asSlice(off, n));
                off += n;
                len -= n;
            }
        }

        /** Hashes a segment (heap, direct or read-only); chunks large ones. */
        public void update(MemorySegment data) {
            MemorySegment ctx = enter();
            try {
                long size = data.byteSize();
                for (long pos = 0; pos < size; pos += Native.MAX_CHUNK) {
                    long n = Math.min(size - pos, Native.MAX_CHUNK);
                    if ((int) EVP_DIGEST_UPDATE.invokeExact(ctx, data.asSlice(pos, n), n) != 1) {
                        throw OpenSslErrors.failure("EVP_DigestUpdate(" + algorithm.name + ")");
                    }
                }
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                exit();
            }
        }

        /** Writes the digest to {@code out[off..off+size)} and resets for the next message. */
        public void finish(byte[] out, int off) {
            MemorySegment dst = MemorySegment.ofArray(out).asSlice(off, algorithm.size);
            MemorySegment ctx = enter();
            try {
                int ok = algorithm.xof
                        ? (int) EVP_DIGEST_FINAL_XOF.invokeExact(ctx, dst, (long) algorithm.size)
                        : (int) EVP_DIGEST_FINAL_EX.invokeExact(ctx, dst, MemorySegment.ofArray(outLen));
                if (ok != 1) {
                    throw OpenSslErrors.failure(
                            "EVP_DigestFinal" + (algorithm.xof ? "XOF(" : "_ex(") + algorithm.name + ")");
                }
                init(ctx, MemorySegment.NULL); // ready for the next message, under the same guard
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                exit();
            }
        }

        /** Whether the loaded library can squeeze an XOF in several calls (EVP_DigestSqueeze, 3.3+). */
        public static boolean canSqueeze() {
            return EVP_DIGEST_SQUEEZE.isPresent();
        }

        /**
         * Writes the next {@code len} bytes of the XOF's output to {@code out[off..)}; further calls
         * continue the stream (EVP_DigestSqueeze). With {@code last} on a library without
         * EVP_DigestSqueeze, one EVP_DigestFinalXOF. Does not reset: the caller calls {@link #reset()}.
         */
        public void squeeze(byte[] out, int off, int len, boolean last) {
            MemorySegment ctx = enter();
            try {
                for (int pos = 0; pos < len || (len == 0 && pos == 0); pos += Native.MAX_CHUNK) {
                    int n = Math.min(len - pos, Native.MAX_CHUNK);
                    MemorySegment dst = MemorySegment.ofArray(out).asSlice(off + pos, n);
                    int ok;
                    if (EVP_DIGEST_SQUEEZE.isPresent()) {
                        ok = (int) EVP_DIGEST_SQUEEZE.get().invokeExact(ctx, dst, (long) n);
                    } else if (last && pos == 0 && n == len) {
                        ok = (int) EVP_DIGEST_FINAL_XOF.invokeExact(ctx, dst, (long) n);
                    } else {
                        throw new IllegalStateException(LibCrypto.version() + " has no EVP_DigestSqueeze: one"
                                + " squeeze of at most " + Native.MAX_CHUNK + " bytes per message");
                    }
                    if (ok != 1) {
                        throw OpenSslErrors.failure("EVP_DigestSqueeze(" + algorithm.name + ")");
                    }
                    if (len == 0) {
                        break;
                    }
                }
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                exit();
            }
        }

        /** A new context with this one's state (for {@code clone()}). */
        public Context copy() {
            Context c = new Context(algorithm);
            boolean copied = false;
            MemorySegment src = enter();
            try {
                // c is new and not yet shared: its pointer needs no guard
                copied = (int) EVP_MD_CTX_COPY_EX.invokeExact(c.ptr(), src) == 1;
            } catch (Throwable t) {
                throw NativeObject.rethrow(t);
            } finally {
                exit();
                Reference.reachabilityFence(c);
            }
            if (!copied) {
                c.close();
                throw OpenSslErrors.failure("EVP_MD_CTX_copy_ex(" + algorithm.name + ")");
            }
            return c;
        }
    }
}
