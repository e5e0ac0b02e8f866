package dev.acceljce.policy;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The start of a message, held in Java until its size decides the path: it either ends below the
 * crossover, or grows to it and is handed over.
 */
final class MessageHead {
    private final long threshold;
    private byte[] bytes = new byte[64];
    private int length;

    MessageHead(long threshold) {
        this.threshold = threshold;
    }

    /** Whether {@code n} more bytes keep the message below the crossover. */
    boolean fits(long n) {
        return length + n < threshold;
    }

    void add(byte b) {
        grow(1);
        bytes[length++] = b;
    }

    void add(byte[] in, int off, int len) {
        grow(len);
        System.arraycopy(in, off, bytes, length, len);
        length += len;
    }

    void add(ByteBuffer in) {
        int n = in.remaining();
        grow(n);
        in.get(bytes, length, n);
        length += n;
    }

    byte[] bytes() {
        return bytes;
    }

    int length() {
        return length;
    }

    void clear() {
        Arrays.fill(bytes, 0, length, (byte) 0); // a MAC's message may be secret
        length = 0;
    }

    MessageHead copy() {
        MessageHead c = new MessageHead(threshold);
        c.bytes = bytes.clone();
        c.length = length;
        return c;
    }

    private void grow(int n) {
        if (length + n > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(length + n, bytes.length * 2));
        }
    }
}
