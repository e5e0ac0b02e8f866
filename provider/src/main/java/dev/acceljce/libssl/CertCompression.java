package dev.acceljce.libssl;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.acceljce.foreign.NativeObject;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * TLS 1.3 certificate compression (RFC 8879) with zlib, done by {@code java.util.zip}: libssl
 * ({@code SSL_CTX_add_cert_compression_alg}) sends the compress_certificate extension listing
 * zlib, compresses its own Certificate message when the peer listed zlib (a server, or a client
 * asked for its certificate), and hands a peer's CompressedCertificate here to inflate. Nothing
 * of the TLS state machine is here: libssl decides when, these two upcalls only transform bytes.
 *
 * <p>zlib is RFC 1950's format (a header, deflate, an Adler-32), what {@link Deflater} and
 * {@link Inflater} make and read by default. A peer's message is inflated to exactly the length
 * it announced, which libssl has already bounded by its certificate-list limit (100 KiB), and
 * which is refused here above {@link #MAX_UNCOMPRESSED} too; longer or shorter output, trailing
 * bytes, a preset dictionary or a corrupt stream fail the handshake (libssl then sends
 * decode_error). Every upcall catches {@link Throwable}.
 *
 * <p>The compressed form of the last few distinct inputs is kept (a server sends the same chain
 * to every client): the key is the whole input, compared byte for byte, so a hit can only give
 * the bytes that input compresses to.
 */
public final class CertCompression {
    /** RFC 8879's code point for zlib. */
    public static final int ZLIB = 1;
    /** The largest certificate message inflated (1 MiB; libssl's own limit, 100 KiB, is checked before). */
    public static final long MAX_UNCOMPRESSED = 1 << 20;

    private static final MemorySegment COMPRESS_CB =
            stub("compressCb", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_LONG));
    private static final MemorySegment DECOMPRESS_CB =
            stub("decompressCb", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG));

    private static final AtomicLong COMPRESSED = new AtomicLong();
    private static final AtomicLong COMPRESSED_IN = new AtomicLong();
    private static final AtomicLong COMPRESSED_OUT = new AtomicLong();
    private static final AtomicLong DECOMPRESSED = new AtomicLong();
    private static final AtomicLong DECOMPRESSED_IN = new AtomicLong();
    private static final AtomicLong DECOMPRESSED_OUT = new AtomicLong();
    private static final AtomicLong REFUSED = new AtomicLong();

    /** Input and its compressed form; slots chosen by the input's hash. */
    private record Compressed(byte[] input, byte[] output) {}

    private static final AtomicReferenceArray<Compressed> RECENT = new AtomicReferenceArray<>(8);

    private CertCompression() {}

    private static MemorySegment stub(String name, FunctionDescriptor fd) {
        try {
            return Linker.nativeLinker()
                    .upcallStub(
                            MethodHandles.lookup().findStatic(CertCompression.class, name, fd.toMethodType()),
                            fd,
                            Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Registers zlib, both directions, on {@code ctx} (once per context, before its first connection). */
    static boolean install(MemorySegment ctx) {
        try {
            return (int) SslCalls.SSL_CTX_ADD_CERT_COMPRESSION_ALG.invokeExact(
                            ctx, (short) ZLIB, COMPRESS_CB, DECOMPRESS_CB)
                    == 1;
        } catch (Throwable t) {
            throw NativeObject.rethrow(t);
        }
    }

    /** What the upcalls did in this JVM, for tests and the curious. */
    public record Stats(
            long compressed,
            long compressedIn,
            long compressedOut,
            long decompressed,
            long decompressedIn,
            long decompressedOut,
            long refused) {}

    public static Stats stats() {
        return new Stats(
                COMPRESSED.get(),
                COMPRESSED_IN.get(),
                COMPRESSED_OUT.get(),
                DECOMPRESSED.get(),
                DECOMPRESSED_IN.get(),
                DECOMPRESSED_OUT.get(),
                REFUSED.get());
    }

    /** libssl's compress callback: writes zlib({@code in}) to the CBB {@code out}; 1 success, 0 error. */
    private static int compressCb(MemorySegment ssl, MemorySegment out, MemorySegment in, long inLen) {
        try {
            if (inLen <= 0 || inLen > MAX_UNCOMPRESSED) {
                return 0;
            }
            byte[] input = in.reinterpret(inLen).toArray(JAVA_BYTE);
            byte[] output = deflate(input);
            int ok = (int) SslCalls.CBB_ADD_BYTES.invokeExact(out, MemorySegment.ofArray(output), (long) output.length);
            if (ok != 1) {
                return 0;
            }
            COMPRESSED.incrementAndGet();
            COMPRESSED_IN.addAndGet(input.length);
            COMPRESSED_OUT.addAndGet(output.length);
            return 1;
        } catch (Throwable t) {
            return 0;
        }
    }

    /** zlib({@code input}), from the recent ones when it is one of them. */
    static byte[] deflate(byte[] input) {
        int slot = Math.floorMod(Arrays.hashCode(input), RECENT.length());
        Compressed c = RECENT.get(slot);
        if (c != null && Arrays.equals(c.input(), input)) {
            return c.output();
        }
        Deflater d = new Deflater(Deflater.BEST_COMPRESSION);
        try {
            d.setInput(input);
            d.finish();
            byte[] buf = new byte[input.length + 64];
            int n = 0;
            while (!d.finished()) {
                if (n == buf.length) {
                    buf = Arrays.copyOf(buf, buf.length * 2);
                }
                n += d.deflate(buf, n, buf.length - n);
            }
            byte[] output = Arrays.copyOf(buf, n);
            RECENT.set(slot, new Compressed(input, output));
            return output;
        } finally {
            d.end();
        }
    }

    /**
     * libssl's decompress callback: {@code *out} gets a new CRYPTO_BUFFER holding exactly
     * {@code uncompressedLen} bytes inflated from {@code in}; 1 success, 0 error (nothing set).
     */
    private static int decompressCb(
            MemorySegment ssl, MemorySegment out, long uncompressedLen, MemorySegment in, long inLen) {
        try {
            if (inLen <= 0 || inLen > MAX_UNCOMPRESSED) {
                REFUSED.incrementAndGet();
                return 0;
            }
            byte[] plain = inflate(in.reinterpret(inLen).toArray(JAVA_BYTE), uncompressedLen);
            if (plain == null) {
                REFUSED.incrementAndGet();
                return 0;
            }
            MemorySegment buffer;
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment dataPtr = arena.allocate(ADDRESS);
                buffer = (MemorySegment) SslCalls.CRYPTO_BUFFER_ALLOC.invokeExact(dataPtr, (long) plain.length);
                if (buffer.equals(MemorySegment.NULL)) {
                    return 0;
                }
                try {
                    MemorySegment data = dataPtr.get(ADDRESS, 0).reinterpret(plain.length);
                    data.copyFrom(MemorySegment.ofArray(plain));
                } catch (Throwable t) {
                    SslCalls.CRYPTO_BUFFER_FREE.invokeExact(buffer);
                    throw t;
                }
            }
            out.reinterpret(ADDRESS.byteSize()).set(ADDRESS, 0, buffer); // libssl owns it from here
            DECOMPRESSED.incrementAndGet();
            DECOMPRESSED_IN.addAndGet(inLen);
            DECOMPRESSED_OUT.addAndGet(plain.length);
            return 1;
        } catch (Throwable t) {
            return 0;
        }
    }

    /**
     * The {@code expected} bytes {@code input} inflates to, or null when it is not exactly that: a
     * length out of bounds, a corrupt or truncated stream, a preset dictionary, more output than
     * announced, or bytes after the stream's end.
     */
    static byte[] inflate(byte[] input, long expected) {
        if (input.length == 0 || input.length > MAX_UNCOMPRESSED || expected <= 0 || expected > MAX_UNCOMPRESSED) {
            return null;
        }
        Inflater inf = new Inflater();
        try {
            inf.setInput(input);
            // one byte more than announced: a stream that gives it is longer than it said
            byte[] buf = new byte[(int) expected + 1];
            int n = 0;
            // each round makes output or consumes input; a stream that does neither is stuck
            for (int rounds = 0; !inf.finished() && rounds < 1 << 16; rounds++) {
                int k = inf.inflate(buf, n, buf.length - n);
                n += k;
                if (k == 0 && (inf.needsInput() || inf.needsDictionary() || n == buf.length)) {
                    break;
                }
            }
            if (!inf.finished() || n != expected || inf.getRemaining() != 0) {
                return null;
            }
            return Arrays.copyOf(buf, n);
        } catch (DataFormatException e) {
            return null;
        } finally {
            inf.end();
        }
    }
}
