package dev.acceljce.signature;

import java.util.Arrays;

/**
 * The whole message of a one-shot signature scheme (pure EdDSA, ML-DSA), held until sign/verify.
 * At the int limit it ends as the JDK's own buffering (a ByteArrayOutputStream) does: an
 * {@link OutOfMemoryError} when the message would outgrow an array, never an index exception from
 * an overflowed length. The bytes are zeroed on reset, and a buffer grown past
 * {@link #KEPT_CAPACITY} is dropped then, so a signature object does not pin gigabytes after one
 * huge message.
 */
final class MessageBuffer {
    /** The longest array the JDK's growth policy asks for before it must (ArraysSupport.SOFT_MAX_ARRAY_LENGTH). */
    private static final int SOFT_MAX = Integer.MAX_VALUE - 8;

    private static final int INITIAL_CAPACITY = 256;
    private static final int KEPT_CAPACITY = 1 << 16;

    private byte[] bytes = new byte[INITIAL_CAPACITY];
    private int length;

    void append(byte[] b, int off, int len) {
        long need = (long) length + len;
        if (need > bytes.length) {
            if (need > Integer.MAX_VALUE) {
                throw new OutOfMemoryError("Required array length " + length + " + " + len + " is too large");
            }
            // double, as ByteArrayOutputStream does; past SOFT_MAX only what is needed
            int capacity = (int) Math.max(need, Math.min(2L * bytes.length, SOFT_MAX));
            byte[] bigger = Arrays.copyOf(bytes, capacity);
            Arrays.fill(bytes, 0, length, (byte) 0);
            bytes = bigger;
        }
        System.arraycopy(b, off, bytes, length, len);
        length = (int) need;
    }

    /** The message is {@code array()[0 .. length())}. */
    byte[] array() {
        return bytes;
    }

    int length() {
        return length;
    }

    void reset() {
        Arrays.fill(bytes, 0, length, (byte) 0);
        length = 0;
        if (bytes.length > KEPT_CAPACITY) {
            bytes = new byte[INITIAL_CAPACITY];
        }
    }
}
