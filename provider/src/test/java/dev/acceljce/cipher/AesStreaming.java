package dev.acceljce.cipher;

import dev.acceljce.testing.Differential;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import javax.crypto.Cipher;

/**
 * Feeds a cipher its input in random pieces through every API style (array updates, output-array
 * updates, heap/direct/read-only ByteBuffers, in-place and overlapping ranges of one array) and
 * returns everything it produced. The tests compare that with one JDK doFinal.
 */
final class AesStreaming {
    private AesStreaming() {}

    static byte[] run(Cipher c, byte[] input, SplittableRandom r) throws Exception {
        return run(c, input, r, null);
    }

    /**
     * As {@link #run(Cipher, byte[], SplittableRandom)}; when {@code twin} (SunJCE, initialised
     * alike) is given, it gets the same pieces and every piece's output must be the same, so
     * update boundaries and not only the concatenation match.
     */
    static byte[] run(Cipher c, byte[] input, SplittableRandom r, Cipher twin) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int[] cuts = Differential.splits(r, input.length, 5);
        for (int p = 0; p + 1 < cuts.length; p++) {
            int from = cuts[p];
            int n = cuts[p + 1] - cuts[p];
            boolean last = p + 2 == cuts.length;
            int expectedSize = twin == null ? -1 : twin.getOutputSize(n);
            if (twin != null && expectedSize != c.getOutputSize(n)) {
                throw new AssertionError("getOutputSize(" + n + ") " + c.getOutputSize(n) + ", SunJCE " + expectedSize);
            }
            byte[] piece = step(c, input, from, n, last, r);
            if (twin != null) {
                byte[] expected = last ? twin.doFinal(input, from, n) : twin.update(input, from, n);
                if (!java.util.Arrays.equals(orEmpty(expected), orEmpty(piece))) {
                    throw new AssertionError("piece " + p + " (" + n + " bytes" + (last ? ", doFinal" : "") + "): "
                            + orEmpty(piece).length + " bytes, SunJCE " + orEmpty(expected).length);
                }
            }
            if (piece != null) {
                out.write(piece);
            }
        }
        return out.toByteArray();
    }

    private static byte[] orEmpty(byte[] b) {
        return b == null ? new byte[0] : b;
    }

    private static byte[] step(Cipher c, byte[] input, int from, int n, boolean last, SplittableRandom r)
            throws Exception {
        // key wrap reports negative sizes for short decryptions, as SunJCE does
        int size = Math.max(0, c.getOutputSize(n));
        switch (r.nextInt(6)) {
            case 0 -> {
                return last ? c.doFinal(input, from, n) : c.update(input, from, n);
            }
            case 1 -> {
                int pad = r.nextInt(8);
                byte[] out = new byte[pad + size + r.nextInt(3)];
                int k = last ? c.doFinal(input, from, n, out, pad) : c.update(input, from, n, out, pad);
                return java.util.Arrays.copyOfRange(out, pad, pad + k);
            }
            case 2, 3 -> {
                ByteBuffer in = buffer(r, input, from, n);
                ByteBuffer out = r.nextBoolean() ? ByteBuffer.allocateDirect(size + 5) : ByteBuffer.allocate(size + 5);
                out.position(r.nextInt(5));
                int start = out.position();
                int k = last ? c.doFinal(in, out) : c.update(in, out);
                if (in.hasRemaining() || out.position() != start + k) {
                    throw new AssertionError("ByteBuffer positions not advanced");
                }
                byte[] b = new byte[k];
                out.flip().position(start);
                out.get(b);
                return b;
            }
            default -> {
                // one array holding input and output: exactly in place, or shifted by a few bytes
                int shift = r.nextBoolean() ? 0 : r.nextInt(-20, 21);
                int base = 24;
                byte[] work = new byte[base + Math.max(n, size) + 48];
                System.arraycopy(input, from, work, base, n);
                int k = last
                        ? c.doFinal(work, base, n, work, base + shift)
                        : c.update(work, base, n, work, base + shift);
                return java.util.Arrays.copyOfRange(work, base + shift, base + shift + k);
            }
        }
    }

    private static ByteBuffer buffer(SplittableRandom r, byte[] input, int from, int n) {
        return switch (r.nextInt(3)) {
            case 0 -> ByteBuffer.wrap(input, from, n).slice();
            case 1 ->
                ByteBuffer.allocateDirect(n + 3)
                        .position(3)
                        .put(input, from, n)
                        .flip()
                        .position(3);
            default -> ByteBuffer.wrap(input, from, n).asReadOnlyBuffer();
        };
    }
}
