package dev.acceljce.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import java.nio.ByteBuffer;

/**
 * Arguments drawn from the fuzzer's input, biased towards the values that break range checks:
 * negative, zero, exactly at the end, one past it, and huge.
 */
final class Pick {
    private static final int[] EDGES = {-1, Integer.MIN_VALUE, Integer.MAX_VALUE, -2_000_000_000, 1 << 30};

    private final FuzzedDataProvider data;

    Pick(FuzzedDataProvider data) {
        this.data = data;
    }

    boolean more() {
        return data.remainingBytes() > 0;
    }

    int choose(int n) {
        return data.consumeInt(0, n - 1);
    }

    boolean bool() {
        return data.consumeBoolean();
    }

    int intIn(int min, int max) {
        return data.consumeInt(min, max);
    }

    <T> T one(T[] options) {
        return options[choose(options.length)];
    }

    byte[] bytes(int max) {
        return data.consumeBytes(intIn(0, max));
    }

    /** Mostly a valid index into {@code [0, size]}, sometimes an edge value. */
    int index(int size) {
        return switch (choose(8)) {
            case 0 -> EDGES[choose(EDGES.length)];
            case 1 -> size + intIn(1, 4);
            default -> intIn(0, Math.max(0, size));
        };
    }

    /** An (offset, length) pair for an array of {@code size}: mostly in range, sometimes not. */
    int[] range(int size) {
        int off = index(size);
        int len = switch (choose(8)) {
            case 0 -> EDGES[choose(EDGES.length)];
            case 1 -> size - off + 1;
            default -> intIn(0, Math.max(0, size - Math.max(0, Math.min(off, size))));
        };
        return new int[] {off, len};
    }

    /**
     * A fuzzed copy of an encoding: as is, truncated, up to {@code maxChanged} bytes changed, or
     * up to {@code randomMax} random bytes instead. {@code der} itself is left alone.
     */
    byte[] mutated(byte[] der, int maxChanged, int randomMax) {
        byte[] out = der.clone();
        switch (choose(4)) {
            case 0 -> out = java.util.Arrays.copyOf(out, intIn(0, out.length));
            case 1 -> {
                int n = intIn(1, maxChanged);
                for (int i = 0; i < n && out.length > 0; i++) {
                    out[intIn(0, out.length - 1)] = (byte) intIn(-128, 127);
                }
            }
            case 2 -> out = bytes(randomMax);
            default -> {}
        }
        return out;
    }

    /**
     * A buffer holding {@code content} between position and limit: heap, direct, read-only, or a
     * slice with an offset, with room to spare after the limit.
     */
    ByteBuffer buffer(byte[] content) {
        int before = intIn(0, 16);
        int after = intIn(0, 16);
        int kind = choose(4);
        ByteBuffer b = kind == 1
                ? ByteBuffer.allocateDirect(before + content.length + after)
                : ByteBuffer.allocate(before + content.length + after);
        b.position(before);
        b.put(content);
        b.position(before).limit(before + content.length);
        if (kind == 2) {
            return b.asReadOnlyBuffer();
        }
        if (kind == 3) {
            return b.slice();
        }
        return b;
    }

    /**
     * Two identical, independent output buffers of {@code capacity} (heap or direct, sometimes
     * read-only, with a random position): one for each provider.
     */
    ByteBuffer[] outBuffers(int capacity) {
        int cap = Math.max(0, capacity);
        boolean direct = bool();
        int position = intIn(0, Math.min(8, cap));
        boolean readOnly = choose(16) == 0;
        ByteBuffer[] twins = new ByteBuffer[2];
        for (int i = 0; i < 2; i++) {
            ByteBuffer b = direct ? ByteBuffer.allocateDirect(cap) : ByteBuffer.allocate(cap);
            b.position(position);
            twins[i] = readOnly ? b.asReadOnlyBuffer() : b;
        }
        return twins;
    }
}
