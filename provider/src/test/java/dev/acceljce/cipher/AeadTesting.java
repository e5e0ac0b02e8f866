package dev.acceljce.cipher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.awslc.AwsLc;
import dev.acceljce.control.Dispatch;
import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.control.Settings;
import dev.acceljce.testing.Differential;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import org.junit.jupiter.api.function.Executable;

/**
 * Shared by the AES-GCM, ChaCha20 and ChaCha20-Poly1305 tests: feeding a cipher its input in
 * random pieces through every API style, and comparing outcomes with the JDK's provider.
 */
final class AeadTesting {
    private AeadTesting() {}

    /**
     * Makes new objects of {@code family} run on {@code engine} ({@code acceljce.engine.<family>}),
     * or skips the test when that library is not loaded. Undo with {@link #defaultEngine}.
     */
    static void useEngine(Family family, Engine engine) {
        if (engine == Engine.AWSLC) {
            assumeTrue(AwsLc.isAvailable(), "AWS-LC is not loaded: " + AwsLc.unavailableReason());
        }
        Settings.set("acceljce.engine." + family.property(), engine.property());
        assertEquals(engine, Dispatch.engine(family, AeadServices.ENGINES));
    }

    static void defaultEngine(Family family) {
        Settings.set("acceljce.engine." + family.property(), null);
    }

    /**
     * Runs {@code input} through {@code c} (already initialised) in random pieces, each through a
     * randomly chosen API: byte[] returning, byte[] into an array (sometimes in place), heap
     * ByteBuffers at non-zero positions, direct buffers, read-only input. Returns the whole output.
     */
    static byte[] process(Cipher c, byte[] input, SplittableRandom r) throws Exception {
        int[] cuts = Differential.splits(r, input.length, 4);
        ByteArrayOutputStream out = new ByteArrayOutputStream(input.length + 16);
        StringBuilder trace = TRACE.get();
        trace.setLength(0);
        for (int p = 0; p + 1 < cuts.length; p++) {
            boolean last = p + 2 == cuts.length;
            piece(c, input, cuts[p], cuts[p + 1] - cuts[p], last, r, out, trace);
        }
        return out.toByteArray();
    }

    private static final ThreadLocal<StringBuilder> TRACE = ThreadLocal.withInitial(StringBuilder::new);

    /** The pieces and API styles of the last {@link #process} call on this thread, for failure messages. */
    static String trace() {
        return TRACE.get().toString();
    }

    private static void piece(
            Cipher c,
            byte[] input,
            int from,
            int len,
            boolean last,
            SplittableRandom r,
            ByteArrayOutputStream out,
            StringBuilder trace)
            throws Exception {
        int room = c.getOutputSize(len);
        int style = r.nextInt(6);
        trace.append(' ').append(len).append(last ? "F" : "U").append(style);
        switch (style) {
            case 0 -> {
                byte[] o = last ? c.doFinal(input, from, len) : c.update(input, from, len);
                if (o != null) {
                    out.write(o);
                }
            }
            case 1 -> { // into an array at an offset
                int off = r.nextInt(8);
                byte[] o = new byte[off + room + r.nextInt(3)];
                int n = last ? c.doFinal(input, from, len, o, off) : c.update(input, from, len, o, off);
                out.write(o, off, n);
            }
            case 2 -> { // in place: input and output share the array at the same offset
                int off = r.nextInt(8);
                byte[] buf = new byte[off + Math.max(room, len)];
                System.arraycopy(input, from, buf, off, len);
                int n = last ? c.doFinal(buf, off, len, buf, off) : c.update(buf, off, len, buf, off);
                out.write(buf, off, n);
            }
            case 3 -> { // heap buffers at non-zero positions and array offsets
                ByteBuffer in = ByteBuffer.allocate(len + 10)
                        .position(3)
                        .slice()
                        .put(input, from, len)
                        .flip();
                ByteBuffer o = ByteBuffer.allocate(room + 20).position(5);
                int n = last ? c.doFinal(in, o) : c.update(in, o);
                assertEquals(len, in.position(), "input position advanced to the limit");
                assertEquals(5 + n, o.position(), "output position advanced by the bytes written");
                out.write(o.array(), 5, n);
            }
            case 4 -> { // direct buffers
                ByteBuffer in = ByteBuffer.allocateDirect(len + 7).position(7);
                in.put(input, from, len).position(7);
                ByteBuffer o = ByteBuffer.allocateDirect(room + 3).position(2);
                int n = last ? c.doFinal(in, o) : c.update(in, o);
                assertEquals(len + 7, in.position());
                byte[] got = new byte[n];
                o.flip().position(2).get(got);
                out.write(got);
            }
            default -> { // read-only heap input, direct output
                ByteBuffer in = ByteBuffer.wrap(input, from, len).asReadOnlyBuffer();
                ByteBuffer o = ByteBuffer.allocateDirect(room);
                int n = last ? c.doFinal(in, o) : c.update(in, o);
                byte[] got = new byte[n];
                o.flip().get(got);
                out.write(got);
            }
        }
    }

    /** Feeds AAD in random pieces, through byte[] and (heap, direct) ByteBuffer calls. */
    static void aad(Cipher c, byte[] aad, SplittableRandom r) {
        int[] cuts = Differential.splits(r, aad.length, 3);
        for (int p = 0; p + 1 < cuts.length; p++) {
            int from = cuts[p];
            int len = cuts[p + 1] - from;
            switch (r.nextInt(3)) {
                case 0 -> c.updateAAD(aad, from, len);
                case 1 -> c.updateAAD(ByteBuffer.wrap(aad, from, len));
                default ->
                    c.updateAAD(
                            ByteBuffer.allocateDirect(len).put(aad, from, len).flip());
            }
        }
    }

    static byte[] bytes(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    /** Initialises a cipher for one direction with fixed, valid parameters. */
    @FunctionalInterface
    interface Init {
        void init(Cipher c, int mode) throws Exception;
    }

    /** Bad calls every cipher must answer with the exception its JDK counterpart throws. */
    static final java.util.List<String> BAD_CALLS = java.util.List.of(
            "update in range",
            "update negative offset",
            "doFinal in range",
            "aad range",
            "update out offset",
            "update out offset past end",
            "decrypt update out offset past end",
            "update out null",
            "doFinal out offset",
            "doFinal out null",
            "decrypt doFinal out null",
            "decrypt doFinal out offset",
            "update before init",
            "doFinal before init");

    /** Runs every {@link #BAD_CALLS} entry on a JDK cipher and on ours, expecting the same outcome. */
    static void badCallsAsJdk(
            java.util.concurrent.Callable<Cipher> jdk, java.util.concurrent.Callable<Cipher> ours, Init init) {
        for (String call : BAD_CALLS) {
            sameOutcome(call, () -> badCall(jdk.call(), init, call), () -> badCall(ours.call(), init, call));
        }
    }

    private static void badCall(Cipher c, Init init, String call) throws Exception {
        if (!call.endsWith("before init")) {
            init.init(c, call.startsWith("decrypt") ? Cipher.DECRYPT_MODE : Cipher.ENCRYPT_MODE);
        }
        switch (call) {
            case "update in range" -> c.update(new byte[10], 5, 6);
            case "update negative offset" -> c.update(new byte[10], -1, 2);
            case "doFinal in range" -> c.doFinal(new byte[10], 8, 3);
            case "aad range" -> c.updateAAD(new byte[10], 3, 8);
            case "update out offset" -> c.update(new byte[32], 0, 32, new byte[32], -1);
            case "update out offset past end", "decrypt update out offset past end" ->
                c.update(new byte[32], 0, 32, new byte[32], 40);
            case "update out null" -> c.update(new byte[32], 0, 32, null, 0);
            case "doFinal out offset" -> c.doFinal(new byte[32], 0, 32, new byte[60], 40);
            case "doFinal out null", "decrypt doFinal out null" -> c.doFinal(new byte[32], 0, 32, null, 0);
            case "decrypt doFinal out offset" -> c.doFinal(new byte[32], 0, 32, new byte[20], 10);
            case "doFinal before init" -> c.doFinal();
            default -> c.update(new byte[3]);
        }
    }

    /** What a call threw, or null. */
    static Class<? extends Throwable> thrown(Executable call) {
        try {
            call.execute();
            return null;
        } catch (Throwable t) {
            return t.getClass();
        }
    }

    /** Asserts the call on ours fails like the same call on the JDK's provider (or both succeed). */
    static void sameOutcome(String what, Executable jdk, Executable ours) {
        Class<? extends Throwable> expected = thrown(jdk);
        if (expected == null) {
            Class<? extends Throwable> got = thrown(ours);
            assertEquals(null, got, what + ": the JDK accepts, we threw");
        } else {
            assertThrows(expected, ours, what);
        }
    }
}
