package dev.acceljce.cipher;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Byte plumbing shared by the AES-GCM, ChaCha20 and ChaCha20-Poly1305 ciphers: array ranges and
 * ByteBuffers as segments (so heap arrays go straight into critical downcalls and direct buffers
 * need no copy), and the overlap rule for ciphers that write while they read.
 */
final class AeadIo {
    static final byte[] EMPTY = new byte[0];

    private AeadIo() {}

    /** {@code a[off..off+len)} as a segment, after checking the range in Java. */
    static MemorySegment range(byte[] a, int off, int len) {
        Objects.checkFromIndexSize(off, len, a.length);
        // the whole array (the usual one-shot call) needs no slice object on top
        return off == 0 && len == a.length
                ? MemorySegment.ofArray(a)
                : MemorySegment.ofArray(a).asSlice(off, len);
    }

    /** A buffer's position..limit (heap, direct or read-only) as a segment; positions unchanged. */
    static MemorySegment remaining(ByteBuffer b) {
        return MemorySegment.ofBuffer(b);
    }

    /**
     * The input to hand OpenSSL when it writes {@code out} while reading {@code in}: the input
     * itself when the two do not overlap or start at the same byte (OpenSSL supports exact
     * in-place), otherwise a private copy, since a shifted overlap would overwrite input bytes
     * before they are read.
     */
    static MemorySegment detached(MemorySegment in, MemorySegment out) {
        if (in.byteSize() == 0
                || out.byteSize() == 0
                || in.asOverlappingSlice(out).isEmpty()
                || in.address() == out.address()) { // overlapping: same base, so addresses compare
            return in;
        }
        return MemorySegment.ofArray(in.toArray(ValueLayout.JAVA_BYTE));
    }
}
