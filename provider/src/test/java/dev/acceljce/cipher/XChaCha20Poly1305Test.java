package dev.acceljce.cipher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.awslc.AwsLc;
import dev.acceljce.control.Decisions;
import dev.acceljce.control.Path;
import dev.acceljce.testing.Providers;
import dev.acceljce.testing.Wycheproof;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.util.Arrays;
import java.util.SplittableRandom;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * XChaCha20-Poly1305 on AWS-LC: Wycheproof's vectors with strict exceptions, and the JCA contract
 * of the ChaCha20-Poly1305 family (SunJCE has no XChaCha20 to compare with; its ChaCha20-Poly1305
 * rules apply): the nonce-reuse rule, whole-message updates, ByteBuffers, output sizes,
 * untouched output on a bad tag.
 */
class XChaCha20Poly1305Test {
    private static final String ALG = "XChaCha20-Poly1305";

    @BeforeAll
    static void awsLcLoaded() {
        assumeTrue(AwsLc.isAvailable(), "XChaCha20-Poly1305 needs AWS-LC: " + AwsLc.unavailableReason());
    }

    private static Cipher ours() throws Exception {
        return Cipher.getInstance(ALG, Providers.ACCEL);
    }

    private static byte[] bytes(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    @Test
    void wycheproofServedByAwsLc() throws Exception {
        long before = Decisions.count("Cipher", ALG, Path.NATIVE);
        int n = 0;
        for (Wycheproof.Case t : Wycheproof.cases("xchacha20_poly1305")) {
            // a fresh object per vector: vectors repeat key and nonce, which the reuse rule refuses
            ChaCha20Poly1305Test.checkVector(t, ours());
            n++;
        }
        assertEquals(315, n);
        assertEquals(before + n, Decisions.count("Cipher", ALG, Path.NATIVE));
    }

    @Test
    void refusesOtherNoncesAndKeys() throws Exception {
        Cipher c = ours();
        SecretKey k = new SecretKeySpec(new byte[32], "XChaCha20");
        assertThrows(
                InvalidAlgorithmParameterException.class,
                () -> c.init(Cipher.ENCRYPT_MODE, k, new IvParameterSpec(new byte[12])));
        assertThrows(
                InvalidKeyException.class,
                () -> c.init(
                        Cipher.ENCRYPT_MODE,
                        new SecretKeySpec(new byte[16], "XChaCha20"),
                        new IvParameterSpec(new byte[24])));
        assertThrows(InvalidKeyException.class, () -> c.init(Cipher.DECRYPT_MODE, k));
    }

    @Test
    void nonceReuseAndFinishedEncryptionAreRefused() throws Exception {
        Cipher c = ours();
        SecretKey k = new SecretKeySpec(new byte[32], "XChaCha20");
        IvParameterSpec nonce = new IvParameterSpec(new byte[24]);
        c.init(Cipher.ENCRYPT_MODE, k, nonce);
        c.doFinal(new byte[5]);
        assertThrows(IllegalStateException.class, () -> c.doFinal(new byte[5]));
        assertThrows(InvalidKeyException.class, () -> c.init(Cipher.ENCRYPT_MODE, k, nonce));
        // decryption may repeat with the same pair
        c.init(Cipher.DECRYPT_MODE, k, nonce);
        c.init(Cipher.ENCRYPT_MODE, k, new IvParameterSpec(new byte[24]) {
            @Override
            public byte[] getIV() {
                byte[] n = new byte[24];
                n[0] = 1;
                return n;
            }
        });
    }

    @Test
    void randomNonceAndParameters() throws Exception {
        Cipher c = ours();
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[32], "XChaCha20"));
        byte[] nonce = c.getIV();
        assertEquals(24, nonce.length);
        AlgorithmParameters p = c.getParameters();
        assertEquals(ALG, p.getAlgorithm());
        assertArrayEquals(nonce, p.getParameterSpec(IvParameterSpec.class).getIV());
        AlgorithmParameters again = AlgorithmParameters.getInstance(ALG, Providers.ACCEL);
        again.init(p.getEncoded());
        assertArrayEquals(nonce, again.getParameterSpec(IvParameterSpec.class).getIV());
        byte[] sealed = c.doFinal("hello".getBytes());
        Cipher d = ours();
        d.init(Cipher.DECRYPT_MODE, new SecretKeySpec(new byte[32], "XChaCha20"), p);
        assertArrayEquals("hello".getBytes(), d.doFinal(sealed));
    }

    /** Every way of feeding a message gives the one-shot answer, in both directions. */
    @Test
    void allInputShapesAgree() throws Exception {
        SplittableRandom r = new SplittableRandom(25);
        for (int i = 0; i < 200; i++) {
            SecretKey k = new SecretKeySpec(bytes(r, 32), "XChaCha20");
            IvParameterSpec n = new IvParameterSpec(bytes(r, 24));
            byte[] aad = bytes(r, r.nextInt(40));
            byte[] msg = bytes(r, r.nextInt(300));
            Cipher c = ours();
            c.init(Cipher.ENCRYPT_MODE, k, n);
            c.updateAAD(aad);
            byte[] sealed = c.doFinal(msg);
            assertEquals(msg.length + 16, sealed.length);

            // pieces through update (which returns nothing until doFinal), AAD in two parts
            c.init(Cipher.DECRYPT_MODE, k, n);
            c.updateAAD(aad, 0, aad.length / 2);
            c.updateAAD(ByteBuffer.wrap(aad, aad.length / 2, aad.length - aad.length / 2));
            int cut = r.nextInt(sealed.length + 1);
            byte[] early = c.update(sealed, 0, cut); // the JCA turns an empty answer into null
            assertTrue(early == null || early.length == 0);
            // SunJCE ChaCha20-Poly1305's bound: at least what doFinal writes
            assertTrue(c.getOutputSize(sealed.length - cut) >= msg.length);
            assertArrayEquals(msg, c.doFinal(sealed, cut, sealed.length - cut));

            // direct ByteBuffers, encrypting into a buffer that is too short first
            c.init(Cipher.DECRYPT_MODE, k, n); // a decryption init clears the reuse rule's pair
            Cipher e = ours();
            e.init(Cipher.ENCRYPT_MODE, k, n);
            e.updateAAD(aad);
            ByteBuffer in = ByteBuffer.allocateDirect(msg.length).put(msg).flip();
            ByteBuffer small = ByteBuffer.allocateDirect(msg.length + 15);
            assertThrows(ShortBufferException.class, () -> e.doFinal(in, small));
            assertEquals(msg.length, in.remaining(), "a short buffer consumes nothing");
            ByteBuffer out = ByteBuffer.allocateDirect(e.getOutputSize(msg.length));
            assertEquals(sealed.length, e.doFinal(in, out));
            byte[] got = new byte[sealed.length];
            out.flip().get(got);
            assertArrayEquals(sealed, got);

            // in place, in one array
            byte[] buf = Arrays.copyOf(sealed, sealed.length);
            c.updateAAD(aad);
            assertEquals(msg.length, c.doFinal(buf, 0, buf.length, buf, 0));
            assertArrayEquals(msg, Arrays.copyOf(buf, msg.length));
        }
    }

    @Test
    void aBadTagLeavesTheOutputUntouched() throws Exception {
        SecretKey k = new SecretKeySpec(new byte[32], "XChaCha20");
        IvParameterSpec n = new IvParameterSpec(new byte[24]);
        Cipher c = ours();
        c.init(Cipher.ENCRYPT_MODE, k, n);
        byte[] sealed = c.doFinal(new byte[64]);
        sealed[3] ^= 1;
        c.init(Cipher.DECRYPT_MODE, k, n);
        byte[] out = new byte[64];
        Arrays.fill(out, (byte) 0x5a);
        assertThrows(AEADBadTagException.class, () -> c.doFinal(sealed, 0, sealed.length, out, 0));
        byte[] expected = new byte[64];
        Arrays.fill(expected, (byte) 0x5a);
        assertArrayEquals(expected, out);
        assertThrows(AEADBadTagException.class, () -> c.doFinal(new byte[15]));
        sealed[3] ^= 1;
        assertArrayEquals(new byte[64], c.doFinal(sealed), "ready again after a failure");
    }
}
