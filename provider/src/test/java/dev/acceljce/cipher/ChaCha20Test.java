package dev.acceljce.cipher;

import static dev.acceljce.cipher.AeadTesting.bytes;
import static dev.acceljce.cipher.AeadTesting.sameOutcome;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.acceljce.control.Decisions;
import dev.acceljce.control.Path;
import dev.acceljce.testing.Differential;
import dev.acceljce.testing.Providers;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidKeyException;
import java.security.Provider;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ChaCha20Test {
    private static final String ALG = "ChaCha20";
    private static final Provider JDK = Providers.jdk("Cipher", ALG);

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    private static Cipher ours() throws Exception {
        return Cipher.getInstance(ALG, Providers.ACCEL);
    }

    private static Cipher jdk() throws Exception {
        return Cipher.getInstance(ALG, JDK);
    }

    private static SecretKey key(SplittableRandom r) {
        return new SecretKeySpec(bytes(r, 32), "ChaCha20");
    }

    private static byte[] jdkEncrypt(SecretKey k, ChaCha20ParameterSpec spec, byte[] msg) throws Exception {
        Cipher j = jdk();
        j.init(Cipher.ENCRYPT_MODE, k, spec);
        return j.doFinal(msg);
    }

    @Test
    void servedNatively() throws Exception {
        long before = Decisions.count("Cipher", ALG, Path.NATIVE);
        Cipher.getInstance(ALG, Providers.ACCEL);
        Cipher.getInstance("ChaCha20/None/NoPadding", Providers.ACCEL);
        assertEquals(before + 2, Decisions.count("Cipher", ALG, Path.NATIVE));
        assertThrows(Exception.class, () -> Cipher.getInstance("ChaCha20/CBC/NoPadding", Providers.ACCEL));
    }

    /** Random keys, nonces, counters (some about to wrap past 2^32-1), sizes, splits and API styles. */
    @Test
    void differentialAgainstJdk() throws Exception {
        SplittableRandom r = new SplittableRandom(Differential.seed(ALG));
        Cipher ours = ours();
        Cipher oursDec = ours();
        Cipher jdkDec = jdk();
        SecretKey k = key(r);
        int cases = Differential.cases();
        for (int i = 0; i < cases; i++) {
            if (r.nextInt(4) != 0) {
                k = key(r);
            }
            int counter = switch (r.nextInt(6)) {
                case 0 -> -1 - r.nextInt(1100); // wraps within 64 KiB
                case 1 -> 0;
                default -> r.nextInt();
            };
            ChaCha20ParameterSpec spec = new ChaCha20ParameterSpec(bytes(r, 12), counter);
            byte[] msg = bytes(r, Differential.size(r));
            String what = "case " + i + " counter " + Integer.toUnsignedString(counter) + " len " + msg.length;
            byte[] expected = jdkEncrypt(k, spec, msg);

            ours.init(Cipher.ENCRYPT_MODE, k, spec);
            assertArrayEquals(expected, AeadTesting.process(ours, msg, r), () -> what + AeadTesting.trace());

            oursDec.init(Cipher.DECRYPT_MODE, k, spec);
            assertArrayEquals(msg, AeadTesting.process(oursDec, expected, r), () -> what + AeadTesting.trace());
            if (r.nextInt(8) == 0) { // decryption starts over after doFinal
                assertArrayEquals(msg, AeadTesting.process(oursDec, expected, r), () -> what + AeadTesting.trace());
            }
            jdkDec.init(Cipher.DECRYPT_MODE, k, spec);
            assertArrayEquals(msg, jdkDec.doFinal(expected), what);
        }
    }

    @Test
    void thirtyTwoBitCounterWrapsLikeTheJdk() throws Exception {
        SecretKey k = new SecretKeySpec(new byte[32], "ChaCha20");
        byte[] msg = bytes(new SplittableRandom(1), 400);
        for (int counter : new int[] {-1, -2, -4}) {
            ChaCha20ParameterSpec spec = new ChaCha20ParameterSpec(new byte[12], counter);
            byte[] expected = jdkEncrypt(k, spec, msg);
            // pieces ending exactly on the wrap point and crossing it
            for (int cut : new int[] {0, 1, 63, 64, 65, 128, 129, 256, 257}) {
                Cipher c = ours();
                c.init(Cipher.DECRYPT_MODE, k, spec);
                byte[] out = new byte[400];
                int n = c.update(msg, 0, cut, out, 0);
                n += c.update(msg, cut, Math.min(64, 400 - cut), out, n);
                n += c.doFinal(msg, n, 400 - n, out, n);
                assertArrayEquals(expected, out, "counter " + counter + " cut " + cut);
            }
        }
    }

    @Test
    void parametersAndKeysAsJdk() throws Exception {
        SecretKey k = new SecretKeySpec(new byte[32], "ChaCha20");
        AlgorithmParameterSpec[] specs = {new IvParameterSpec(new byte[12]), new IvParameterSpec(new byte[16])};
        for (AlgorithmParameterSpec spec : specs) {
            sameOutcome(
                    "spec " + spec,
                    () -> jdk().init(Cipher.ENCRYPT_MODE, k, spec),
                    () -> ours().init(Cipher.ENCRYPT_MODE, k, spec));
        }
        for (int len : new int[] {1, 16, 31, 33}) {
            SecretKey bad = new SecretKeySpec(new byte[len], "ChaCha20");
            ChaCha20ParameterSpec spec = new ChaCha20ParameterSpec(new byte[12], 1);
            sameOutcome(
                    "key " + len,
                    () -> jdk().init(Cipher.ENCRYPT_MODE, bad, spec),
                    () -> ours().init(Cipher.ENCRYPT_MODE, bad, spec));
        }
        sameOutcome(
                "decrypt without params",
                () -> jdk().init(Cipher.DECRYPT_MODE, k),
                () -> ours().init(Cipher.DECRYPT_MODE, k));
        sameOutcome("wrap mode", () -> jdk().init(Cipher.WRAP_MODE, k), () -> ours().init(Cipher.WRAP_MODE, k));
        AlgorithmParameters p = AlgorithmParameters.getInstance("ChaCha20-Poly1305");
        p.init(new IvParameterSpec(new byte[12]));
        sameOutcome(
                "AlgorithmParameters",
                () -> jdk().init(Cipher.ENCRYPT_MODE, k, p),
                () -> ours().init(Cipher.ENCRYPT_MODE, k, p));
        sameOutcome(
                "AAD",
                () -> {
                    Cipher c = jdk();
                    c.init(Cipher.ENCRYPT_MODE, k);
                    c.updateAAD(new byte[1]);
                },
                () -> {
                    Cipher c = ours();
                    c.init(Cipher.ENCRYPT_MODE, k);
                    c.updateAAD(new byte[1]);
                });

        Cipher c = ours();
        assertNull(c.getIV());
        c.init(Cipher.ENCRYPT_MODE, k);
        assertEquals(12, c.getIV().length);
        assertNull(c.getParameters());
        assertEquals(0, c.getBlockSize());
        assertEquals(7, c.getOutputSize(7));
        // without parameters: random nonce, counter 1
        byte[] ct = c.doFinal(new byte[70]);
        assertArrayEquals(jdkEncrypt(k, new ChaCha20ParameterSpec(c.getIV(), 1), new byte[70]), ct);
    }

    @Test
    void reuseAndFinishRulesAsJdk() throws Exception {
        SecretKey k = new SecretKeySpec(new byte[32], "ChaCha20");
        byte[] nonce = new byte[12];
        for (Cipher c : new Cipher[] {ours(), jdk()}) {
            String who = c.getProvider().getName();
            c.init(Cipher.ENCRYPT_MODE, k, new ChaCha20ParameterSpec(nonce, 7));
            byte[] first = c.update(new byte[3]);
            assertEquals(3, first.length, who + ": a stream cipher answers at once");
            byte[] ct = concat(first, c.doFinal(new byte[3]));
            assertThrows(IllegalStateException.class, () -> c.update(new byte[3]), who);
            assertThrows(
                    InvalidKeyException.class,
                    () -> c.init(Cipher.ENCRYPT_MODE, k, new ChaCha20ParameterSpec(nonce, 8)),
                    who);
            c.init(Cipher.DECRYPT_MODE, k, new ChaCha20ParameterSpec(nonce, 7));
            assertArrayEquals(new byte[6], c.doFinal(ct), who);
            assertArrayEquals(new byte[6], c.doFinal(ct), who);
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void shortBuffersAndOverlap() throws Exception {
        SplittableRandom r = new SplittableRandom(8);
        SecretKey k = key(r);
        ChaCha20ParameterSpec spec = new ChaCha20ParameterSpec(bytes(r, 12), 5);
        byte[] msg = bytes(r, 200);
        byte[] expected = jdkEncrypt(k, spec, msg);
        Cipher c = ours();
        c.init(Cipher.ENCRYPT_MODE, k, spec);
        assertThrows(ShortBufferException.class, () -> c.update(msg, 0, 10, new byte[9], 0));
        assertThrows(ShortBufferException.class, () -> c.doFinal(ByteBuffer.wrap(msg), ByteBuffer.allocate(199)));
        assertArrayEquals(expected, c.doFinal(msg));
        for (int shift : new int[] {-9, -1, 0, 1, 64}) {
            Cipher d = ours();
            d.init(Cipher.DECRYPT_MODE, k, spec);
            byte[] buf = new byte[400];
            System.arraycopy(expected, 0, buf, 100, 200);
            assertEquals(200, d.doFinal(buf, 100, 200, buf, 100 + shift));
            assertArrayEquals(msg, Arrays.copyOfRange(buf, 100 + shift, 300 + shift), "shift " + shift);
        }
    }

    @Test
    void badArgumentsGiveJdkExceptions() {
        SecretKey k = new SecretKeySpec(new byte[32], "ChaCha20");
        AeadTesting.badCallsAsJdk(
                ChaCha20Test::jdk,
                ChaCha20Test::ours,
                (c, mode) -> c.init(mode, k, new ChaCha20ParameterSpec(new byte[12], 1)));
    }

    /** Beyond one native chunk (1 MiB), with the counter wrapping inside the second chunk. */
    @Test
    void inputsLargerThanOneNativeChunk() throws Exception {
        SplittableRandom r = new SplittableRandom(23);
        SecretKey k = key(r);
        ChaCha20ParameterSpec spec = new ChaCha20ParameterSpec(bytes(r, 12), -20_000); // wraps at 1,280,000
        byte[] msg = bytes(r, 3 * 1024 * 1024 + 5);
        byte[] expected = jdkEncrypt(k, spec, msg);
        Cipher c = ours();
        c.init(Cipher.ENCRYPT_MODE, k, spec);
        ByteBuffer in = ByteBuffer.allocateDirect(msg.length).put(msg).flip();
        ByteBuffer out = ByteBuffer.allocateDirect(msg.length);
        assertEquals(msg.length, c.doFinal(in, out));
        byte[] got = new byte[msg.length];
        out.flip().get(got);
        assertArrayEquals(expected, got);
    }

    @Test
    void jdkPathGivesIdenticalResults() throws Exception {
        SplittableRandom r = new SplittableRandom(12);
        SecretKey k = key(r);
        ChaCha20ParameterSpec spec = new ChaCha20ParameterSpec(bytes(r, 12), -3);
        byte[] msg = bytes(r, 5000);
        Cipher nat = ours();
        nat.init(Cipher.ENCRYPT_MODE, k, spec);
        byte[] expected = AeadTesting.process(nat, msg, r);
        System.setProperty("acceljce.native.chacha20", "false"); // the family switch
        dev.acceljce.control.Settings.reload();
        try {
            long jdkBefore = Decisions.count("Cipher", ALG, Path.JDK);
            Cipher c = ours();
            assertEquals(jdkBefore + 1, Decisions.count("Cipher", ALG, Path.JDK));
            c.init(Cipher.ENCRYPT_MODE, k, spec);
            assertArrayEquals(expected, AeadTesting.process(c, msg, r));
        } finally {
            System.clearProperty("acceljce.native.chacha20");
            dev.acceljce.control.Settings.reload();
        }
    }
}
