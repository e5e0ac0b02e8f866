package dev.acceljce.jsse;

import dev.acceljce.libssl.SslConnection;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;

/**
 * The framing {@link AccelSslEngine} reads from a TLS record header before libssl sees the record,
 * and the checks of the buffer arrays JSSE's {@code wrap} and {@code unwrap} take.
 */
final class RecordFraming {
    static final int RECORD_HEADER = 5;
    /** The largest record body TLS allows (2^14 plus 2 KiB of expansion). */
    static final int MAX_RECORD_BODY = 16384 + 2048;

    static final int CONTENT_APPLICATION_DATA = 23;

    private RecordFraming() {}

    /** {@code wrap}'s arguments as the SSLEngine contract checks them, before any state is looked at. */
    static void checkWrapArguments(ByteBuffer[] srcs, int offset, int length, ByteBuffer dst) {
        checkArrays(srcs, offset, length);
        if (dst == null) {
            throw new IllegalArgumentException("destination buffer is null");
        }
        if (dst.isReadOnly()) {
            throw new ReadOnlyBufferException();
        }
    }

    /** {@code unwrap}'s arguments as the SSLEngine contract checks them, before any state is looked at. */
    static void checkUnwrapArguments(ByteBuffer src, ByteBuffer[] dsts, int offset, int length) {
        if (src == null) {
            throw new IllegalArgumentException("source buffer is null");
        }
        checkArrays(dsts, offset, length);
        for (int i = offset; i < offset + length; i++) {
            if (dsts[i].isReadOnly()) {
                throw new ReadOnlyBufferException();
            }
        }
    }

    /** As the SSLEngine contract asks: no null array or element, and a range inside the array. */
    static void checkArrays(ByteBuffer[] buffers, int offset, int length) {
        if (buffers == null) {
            throw new IllegalArgumentException("buffer array is null");
        }
        if (offset < 0 || length < 0 || offset > buffers.length - length) {
            throw new IndexOutOfBoundsException("offset " + offset + ", length " + length + " of " + buffers.length);
        }
        for (int i = offset; i < offset + length; i++) {
            if (buffers[i] == null) {
                throw new IllegalArgumentException("buffer " + i + " is null");
            }
        }
    }

    /**
     * How many bytes of {@code src} (from its position) the next unwrap hands libssl: a whole
     * record of any content type (libssl refuses an unknown one only once it has the whole
     * record); the header alone for what is not a TLS record or is longer than TLS allows (libssl
     * refuses it from the header, with its alert, so it gets only that, now, rather than waiting
     * for a body); 0 when more bytes must arrive first.
     */
    static int nextRecordLength(ByteBuffer src) {
        if (src.remaining() < RECORD_HEADER) {
            return 0;
        }
        int p = src.position();
        int bodyLength = bodyLength(src);
        if (src.get(p + 1) == 3 && bodyLength <= MAX_RECORD_BODY) {
            int recordLength = RECORD_HEADER + bodyLength;
            return src.remaining() < recordLength ? 0 : recordLength;
        }
        return RECORD_HEADER;
    }

    /** Whether the record at {@code src}'s position (its header there) carries application data. */
    static boolean isApplicationData(ByteBuffer src) {
        return (src.get(src.position()) & 0xff) == CONTENT_APPLICATION_DATA;
    }

    /**
     * The most plaintext the record at {@code src}'s position can hold, for a record protection
     * adding up to {@code sealOverhead} bytes: the room an unwrap needs for it.
     */
    static long plaintextBound(ByteBuffer src, int sealOverhead) {
        return Math.max(0, Math.min(SslConnection.MAX_PLAINTEXT, bodyLength(src) + RECORD_HEADER - sealOverhead));
    }

    private static int bodyLength(ByteBuffer src) {
        int p = src.position();
        return ((src.get(p + 3) & 0xff) << 8) | (src.get(p + 4) & 0xff);
    }

    /** What {@code buffers[offset..offset+length)} hold (or have room for) in all. */
    static long remaining(ByteBuffer[] buffers, int offset, int length) {
        long n = 0;
        for (int i = offset; i < offset + length; i++) {
            n += buffers[i].remaining();
        }
        return n;
    }
}
