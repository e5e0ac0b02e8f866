package dev.acceljce.libssl;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How plaintext in the caller's {@link ByteBuffer}s reaches {@code SSL_write} and leaves
 * {@code SSL_read} when libssl cannot use it in place (heap buffers: those calls may call back
 * into Java, so they cannot be critical and cannot take heap memory; data spread over several
 * buffers): through record-sized native scratch buffers shared by all connections, gathered in
 * and scattered out.
 *
 * <p>Each call takes a scratch buffer and gives it back before it returns (libssl keeps no pointer
 * to it: a write completes in the call, as the wire takes everything libssl writes). One per
 * connection cost every connection that reads a heap buffer a zeroed 20 KiB allocation and a
 * Cleaner, about 4% of a resumed handshake. What a buffer held stays until the next call
 * overwrites it, as it stayed in a connection's own buffer before.
 */
final class PlaintextBuffers {
    /** A scratch buffer's size: more than the largest plaintext libssl takes or gives in one call. */
    private static final int SCRATCH = 20 * 1024;

    /** Idle scratch buffers kept for the next call; more are left to the GC. */
    private static final int MAX_IDLE = 64;

    private static final ConcurrentLinkedQueue<MemorySegment> IDLE = new ConcurrentLinkedQueue<>();
    private static final AtomicInteger IDLE_COUNT = new AtomicInteger();

    private PlaintextBuffers() {}

    /** A scratch buffer of {@value #SCRATCH} bytes, for one call. */
    static MemorySegment take() {
        MemorySegment s = IDLE.poll();
        if (s != null) {
            IDLE_COUNT.decrementAndGet();
            return s;
        }
        return Arena.ofAuto().allocate(SCRATCH); // freed by the GC once no queue or call holds it
    }

    /** Gives back what {@link #take} gave, before the call that took it returns. */
    static void give(MemorySegment s) {
        if (IDLE_COUNT.incrementAndGet() <= MAX_IDLE) {
            IDLE.offer(s);
        } else {
            IDLE_COUNT.decrementAndGet();
        }
    }

    /** The first of {@code buffers[offset..offset+length)} with room or bytes left, else the first. */
    static ByteBuffer firstWithRoom(ByteBuffer[] dsts, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            if (dsts[i].hasRemaining()) {
                return dsts[i];
            }
        }
        return dsts[offset];
    }

    /** Copies {@code n} bytes of {@code from} into the buffers in turn, advancing their positions. */
    static void scatter(MemorySegment from, int n, ByteBuffer[] dsts, int offset, int length) {
        int done = 0;
        for (int i = offset; i < offset + length && done < n; i++) {
            ByteBuffer d = dsts[i];
            int k = Math.min(d.remaining(), n - done);
            if (k == 0) {
                continue;
            }
            MemorySegment.copy(from, done, MemorySegment.ofBuffer(d), 0, k);
            d.position(d.position() + k);
            done += k;
        }
    }

    /** Copies {@code len} bytes from the buffers in turn into {@code to}, leaving their positions. */
    static void gather(ByteBuffer[] srcs, int offset, int length, MemorySegment to, int len) {
        int done = 0;
        for (int i = offset; i < offset + length && done < len; i++) {
            ByteBuffer s = srcs[i];
            int k = Math.min(s.remaining(), len - done);
            if (k > 0) {
                MemorySegment.copy(MemorySegment.ofBuffer(s), 0, to, done, k);
                done += k;
            }
        }
    }

    /** Advances the buffers' positions past {@code n} bytes in all. */
    static void advance(ByteBuffer[] srcs, int offset, int length, int n) {
        for (int i = offset; i < offset + length && n > 0; i++) {
            int k = Math.min(srcs[i].remaining(), n);
            srcs[i].position(srcs[i].position() + k);
            n -= k;
        }
    }
}
