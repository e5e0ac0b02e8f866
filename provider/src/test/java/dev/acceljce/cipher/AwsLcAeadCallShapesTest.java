package dev.acceljce.cipher;

import static dev.acceljce.cipher.AeadTesting.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.awslc.AwsLc;
import dev.acceljce.control.Dispatch;
import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.testing.Providers;
import java.nio.ByteBuffer;
import java.security.Provider;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * AES-GCM and ChaCha20-Poly1305 on AWS-LC, one doFinal per message, in every call shape and at the
 * sizes around the engine's native scratch buffer (messages up to a TLS record are copied through
 * it, longer ones go through segments of the caller's memory) and around the size from which
 * encryptions, and decryptions into a new array, skip it (512 B, the longer of input and output,
 * so a 16-byte tag puts 496 B of plaintext on either side): byte[] returned, into another
 * array, in place, shifted overlaps both ways, heap and direct ByteBuffers. Every result equals
 * SunJCE's, both directions; GCM also with IV lengths OpenSSL does not take (AWS-LC does).
 */
class AwsLcAeadCallShapesTest {
    /** Around the scratch buffer's largest size (17.5 KiB, nonce and AAD included), around 512 B, and small ones. */
    private static final int[] SIZES = {
        0,
        1,
        15,
        16,
        17,
        255,
        495,
        496,
        497,
        511,
        512,
        513,
        1023,
        1024,
        1025,
        16384,
        17 * 1024 + 460,
        17 * 1024 + 500,
        40000
    };

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    @AfterEach
    void defaultEngines() {
        AeadTesting.defaultEngine(Family.GCM);
        AeadTesting.defaultEngine(Family.CHACHA20);
        dev.acceljce.control.Settings.set("acceljce.cpuClass", null);
        dev.acceljce.control.Crossovers.reload();
    }

    /**
     * {@code auto}: the built-in choice of the {@code intel-avx512} table (where it was measured),
     * which starts ChaCha20-Poly1305 on AWS-LC and hands whole messages from 1 KiB on to OpenSSL
     * within the same object.
     */
    @ParameterizedTest
    @CsvSource({"AES/GCM/NoPadding, awslc", "ChaCha20-Poly1305, awslc", "ChaCha20-Poly1305, auto"})
    void everyShapeAsJdk(String alg, String engine) throws Exception {
        boolean gcm = alg.startsWith("AES");
        Family family = gcm ? Family.GCM : Family.CHACHA20;
        if (engine.equals("awslc")) {
            AeadTesting.useEngine(family, Engine.AWSLC);
        } else {
            assumeTrue(AwsLc.isAvailable(), "AWS-LC is not loaded");
            dev.acceljce.control.Settings.set("acceljce.cpuClass", "intel-avx512");
            dev.acceljce.control.Crossovers.reload();
            assertEquals(Engine.AWSLC, Dispatch.engine(family, AeadServices.ENGINES));
            assertEquals(1024, Dispatch.openSslFrom(family));
        }
        Provider jdk = Providers.jdk("Cipher", alg);
        SplittableRandom r = new SplittableRandom(20261126);
        int[] ivLengths = gcm ? new int[] {12, 1, 16, 200} : new int[] {12};
        for (int ivLength : ivLengths) {
            for (int size : SIZES) {
                SecretKey key = new SecretKeySpec(bytes(r, gcm ? 16 + 8 * r.nextInt(3) : 32), gcm ? "AES" : "ChaCha20");
                byte[] nonce = bytes(r, ivLength);
                AlgorithmParameterSpec spec =
                        gcm ? new GCMParameterSpec(96 + 8 * r.nextInt(5), nonce) : new IvParameterSpec(nonce);
                byte[] aad = bytes(r, r.nextInt(40));
                byte[] plain = bytes(r, size);
                Cipher j = Cipher.getInstance(alg, jdk);
                j.init(Cipher.ENCRYPT_MODE, key, spec);
                j.updateAAD(aad);
                byte[] sealed = j.doFinal(plain);
                String where = alg + " iv " + ivLength + " size " + size;
                for (int shape = 0; shape < 7; shape++) {
                    assertArrayEquals(
                            sealed,
                            run(alg, Cipher.ENCRYPT_MODE, key, spec, aad, plain, shape),
                            where + " shape " + shape);
                    assertArrayEquals(
                            plain,
                            run(alg, Cipher.DECRYPT_MODE, key, spec, aad, sealed, shape),
                            where + " shape " + shape);
                }
            }
        }
    }

    /** One doFinal of {@code input} in call shape {@code shape}; the output. */
    private static byte[] run(
            String alg, int mode, SecretKey key, AlgorithmParameterSpec spec, byte[] aad, byte[] input, int shape)
            throws Exception {
        Cipher c = Cipher.getInstance(alg, Providers.ACCEL);
        c.init(mode, key, spec);
        c.updateAAD(aad);
        int outLength = c.getOutputSize(input.length);
        switch (shape) {
            case 0 -> {
                return c.doFinal(input);
            }
            case 1 -> { // into another array at an offset
                byte[] out = new byte[outLength + 7];
                int n = c.doFinal(input, 0, input.length, out, 7);
                return Arrays.copyOfRange(out, 7, 7 + n);
            }
            case 2, 3, 4 -> { // in place, output 5 bytes ahead of the input, 5 bytes behind it
                int inAt = shape == 4 ? 5 : 0;
                int outAt = shape == 3 ? 5 : 0;
                byte[] buf = new byte[Math.max(input.length, outLength) + 10];
                System.arraycopy(input, 0, buf, inAt, input.length);
                int n = c.doFinal(buf, inAt, input.length, buf, outAt);
                return Arrays.copyOfRange(buf, outAt, outAt + n);
            }
            default -> { // heap input at a position; direct output (5), heap output (6)
                ByteBuffer in = ByteBuffer.allocate(input.length + 3).position(3);
                in.put(input).position(3);
                ByteBuffer out = (shape == 5
                                ? ByteBuffer.allocateDirect(outLength + 2)
                                : ByteBuffer.allocate(outLength + 2))
                        .position(2);
                int n = c.doFinal(in, out);
                assertEquals(in.limit(), in.position());
                byte[] got = new byte[n];
                out.flip().position(2);
                out.get(got);
                return got;
            }
        }
    }
}
