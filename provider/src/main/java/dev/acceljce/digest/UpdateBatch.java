package dev.acceljce.digest;

import java.nio.ByteBuffer;

/**
 * Tiny updates (single bytes, short arrays) collected in a small Java buffer and handed to OpenSSL
 * in one call, since a native call costs more than copying a few bytes. Serves the native digests
 * and HMACs; each gives the {@link Sink} that absorbs a flushed batch.
 */
public final class UpdateBatch {
    /** Updates shorter than this are batched in Java. */
    public static final int BATCH_BELOW = 64;

    private static final int BATCH_SIZE = 256;

    /** Where a flushed batch goes: the owner's native context. */
    @FunctionalInterface
    public interface Sink {
        void absorb(byte[] input, int offset, int len);
    }

    private final Sink sink;
    private byte[] bytes = new byte[BATCH_SIZE];
    private int length;

    public UpdateBatch(Sink sink) {
        this.sink = sink;
    }

    public void add(byte input) {
        if (length == BATCH_SIZE) {
            flush();
        }
        bytes[length++] = input;
    }

    /** Takes {@code input[offset..offset+len)} if it is short enough to batch; false if not (nothing taken). */
    public boolean tryAdd(byte[] input, int offset, int len) {
        if (len >= BATCH_BELOW) {
            return false;
        }
        if (length + len > BATCH_SIZE) {
            flush();
        }
        System.arraycopy(input, offset, bytes, length, len);
        length += len;
        return true;
    }

    /** Takes the buffer's remaining bytes if they are few enough to batch; false if not (nothing taken). */
    public boolean tryAdd(ByteBuffer input) {
        int n = input.remaining();
        if (n >= BATCH_BELOW) {
            return false;
        }
        if (length + n > BATCH_SIZE) {
            flush();
        }
        input.get(bytes, length, n);
        length += n;
        return true;
    }

    /** Hands the batched bytes to the sink. */
    public void flush() {
        if (length > 0) {
            sink.absorb(bytes, 0, length);
            length = 0;
        }
    }

    /**
     * Hands the batched bytes to {@code whole} instead of the sink and empties the batch: for an
     * owner that never flushed, they are the whole message, which it can finish in one call.
     */
    public void finishWith(Sink whole) {
        whole.absorb(bytes, 0, length);
        length = 0;
    }

    /** Drops the batched bytes (the message was discarded). */
    public void clear() {
        length = 0;
    }

    /** A copy holding the same batched bytes, flushing to {@code sink} (the copied owner's). */
    public UpdateBatch copy(Sink sink) {
        UpdateBatch c = new UpdateBatch(sink);
        c.bytes = bytes.clone();
        c.length = length;
        return c;
    }
}
