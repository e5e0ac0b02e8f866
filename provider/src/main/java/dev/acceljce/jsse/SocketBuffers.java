package dev.acceljce.jsse;

import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Record-sized heap buffers that sockets borrow only while bytes are in flight, shared by all
 * sockets: an idle socket holds none (a server with thousands of keep-alive connections would
 * otherwise carry some 100 KiB of arrays per connection). One pool per size; what a buffer held
 * is overwritten before it is read again (a socket reads only what it wrote into it).
 */
final class SocketBuffers {
    /** A record's largest size on the wire: header, 2^14 of data, 2 KiB of expansion. */
    static final int RECORD = 5 + 16384 + 2048;
    /** One record's plaintext. */
    static final int PLAINTEXT = 16384;
    /** What one write to the transport holds at most: four full records. */
    static final int WRITE_BATCH = 4 * RECORD;

    /** Capacity zero: what a socket holds while idle (never written: every use asks for room first). */
    static final ByteBuffer NONE = ByteBuffer.allocate(0);

    private static final Pool RECORDS = new Pool(RECORD);
    private static final Pool PLAINTEXTS = new Pool(PLAINTEXT);
    private static final Pool BATCHES = new Pool(WRITE_BATCH);

    private SocketBuffers() {}

    /** A cleared buffer of {@code capacity} ({@link #RECORD}, {@link #PLAINTEXT} or {@link #WRITE_BATCH}). */
    static ByteBuffer take(int capacity) {
        return pool(capacity).take();
    }

    /** Gives {@code b} back (a buffer of another size, grown for a large record, is left to the GC); returns {@link #NONE}. */
    static ByteBuffer give(ByteBuffer b) {
        Pool p = b.capacity() == 0 ? null : pool(b.capacity());
        if (p != null) {
            p.give(b);
        }
        return NONE;
    }

    private static Pool pool(int capacity) {
        return switch (capacity) {
            case RECORD -> RECORDS;
            case PLAINTEXT -> PLAINTEXTS;
            case WRITE_BATCH -> BATCHES;
            default -> null;
        };
    }

    /** At most {@link #MAX_IDLE} idle buffers of one size; more are left to the GC. */
    private static final class Pool {
        private static final int MAX_IDLE = 64;
        private final int capacity;
        private final ConcurrentLinkedQueue<ByteBuffer> idle = new ConcurrentLinkedQueue<>();
        private final AtomicInteger idleCount = new AtomicInteger();

        Pool(int capacity) {
            this.capacity = capacity;
        }

        ByteBuffer take() {
            ByteBuffer b = idle.poll();
            if (b == null) {
                return ByteBuffer.allocate(capacity);
            }
            idleCount.decrementAndGet();
            return b.clear();
        }

        void give(ByteBuffer b) {
            if (idleCount.incrementAndGet() <= MAX_IDLE) {
                idle.offer(b);
            } else {
                idleCount.decrementAndGet();
            }
        }
    }
}
