package dev.acceljce.jdk;

import java.nio.ByteBuffer;
import java.util.Arrays;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.ShortBufferException;

/**
 * AEAD decryption through a JDK cipher that releases nothing unverified. SunJCE's GCM, decrypting
 * into the caller's array (in place above all), leaves decrypted bytes there when the tag does not
 * verify; AccelJCE's native path never does, and a caller must not have to know which path ran.
 * So the JDK's cipher decrypts into an array of its own ({@code doFinal} returning a new array),
 * copied into the caller's output only once the tag verified. The output space is checked first,
 * so a ShortBufferException leaves the message as it was, as the JDK's does.
 */
public final class VerifiedDecryption {
    private VerifiedDecryption() {}

    /** {@code c.doFinal(in, inOfs, len, out, outOfs)}; {@code in} null: {@code c.doFinal(out, outOfs)}. */
    public static int doFinal(Cipher c, byte[] in, int inOfs, int len, byte[] out, int outOfs)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        int need = c.getOutputSize(in == null ? 0 : len);
        if (out == null || outOfs < 0 || out.length - outOfs < need) {
            throw new ShortBufferException("Output buffer too small, must be at least " + need + " bytes long");
        }
        byte[] plain = in == null ? c.doFinal() : c.doFinal(in, inOfs, len);
        System.arraycopy(plain, 0, out, outOfs, plain.length);
        Arrays.fill(plain, (byte) 0);
        return plain.length;
    }

    /** {@code c.doFinal(in, out)}: {@code in} is consumed and {@code out} written only on success. */
    public static int doFinal(Cipher c, ByteBuffer in, ByteBuffer out)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        int need = c.getOutputSize(in.remaining());
        if (out.remaining() < need) {
            throw new ShortBufferException("Output buffer too small, must be at least " + need + " bytes long");
        }
        byte[] src = new byte[in.remaining()];
        in.duplicate().get(src);
        byte[] plain = c.doFinal(src);
        in.position(in.limit());
        out.put(plain);
        Arrays.fill(plain, (byte) 0);
        return plain.length;
    }

    /** Whether {@code transformation} names an AEAD cipher whose decryption must go through here. */
    public static boolean isAead(String transformation) {
        String t = transformation.toUpperCase(java.util.Locale.ROOT);
        return t.contains("/GCM/") || t.startsWith("CHACHA20-POLY1305");
    }
}
