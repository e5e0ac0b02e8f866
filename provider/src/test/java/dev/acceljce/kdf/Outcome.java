package dev.acceljce.kdf;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * What a call produced: its bytes, or the type of exception it threw. Two providers agree on a
 * call when their outcomes are equal.
 */
record Outcome(byte[] bytes, Class<? extends Throwable> thrown) {
    @FunctionalInterface
    interface Call {
        byte[] run() throws Exception;
    }

    static Outcome of(Call call) {
        try {
            return new Outcome(call.run(), null);
        } catch (Exception e) {
            return new Outcome(null, e.getClass());
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Outcome other && Arrays.equals(bytes, other.bytes) && thrown == other.thrown;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes) * 31 + (thrown == null ? 0 : thrown.hashCode());
    }

    @Override
    public String toString() {
        return thrown != null
                ? "threw " + thrown.getSimpleName()
                : HexFormat.of().formatHex(bytes);
    }
}
