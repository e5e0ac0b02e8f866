package dev.acceljce.beyond;

import java.util.Arrays;
import java.util.List;
import org.bouncycastle.crypto.BlockCipher;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.macs.CMac;
import org.bouncycastle.crypto.modes.SICBlockCipher;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

/**
 * Reference models, for the differential tests only, of the two modes Bouncy Castle has no
 * implementation of: AES-SIV (RFC 5297: S2V over BC's CMAC, then BC's CTR) and AES-XTS (IEEE 1619
 * over BC's AES block function, with ciphertext stealing). Test code: AccelJCE itself runs both in
 * OpenSSL. Written from the RFC's and the standard's pseudocode.
 */
final class References {
    private References() {}

    /** RFC 5297 section 2.6: returns V || C. */
    static byte[] sivEncrypt(byte[] key, List<byte[]> components, byte[] plaintext) {
        int half = key.length / 2;
        byte[] k1 = Arrays.copyOfRange(key, 0, half);
        byte[] k2 = Arrays.copyOfRange(key, half, key.length);
        byte[] v = s2v(k1, components, plaintext);
        byte[] c = ctr(k2, v, plaintext);
        byte[] out = Arrays.copyOf(v, 16 + c.length);
        System.arraycopy(c, 0, out, 16, c.length);
        return out;
    }

    private static byte[] s2v(byte[] k1, List<byte[]> components, byte[] plaintext) {
        byte[] d = cmac(k1, new byte[16]);
        for (byte[] s : components) {
            d = xor(dbl(d), cmac(k1, s));
        }
        byte[] t;
        if (plaintext.length >= 16) {
            t = plaintext.clone();
            for (int i = 0; i < 16; i++) {
                t[plaintext.length - 16 + i] ^= d[i];
            }
        } else {
            byte[] padded = new byte[16];
            System.arraycopy(plaintext, 0, padded, 0, plaintext.length);
            padded[plaintext.length] = (byte) 0x80;
            t = xor(dbl(d), padded);
        }
        return cmac(k1, t);
    }

    private static byte[] ctr(byte[] k2, byte[] v, byte[] data) {
        byte[] q = v.clone();
        q[8] &= 0x7f;
        q[12] &= 0x7f;
        SICBlockCipher ctr = new SICBlockCipher(AESEngine.newInstance());
        ctr.init(true, new ParametersWithIV(new KeyParameter(k2), q));
        byte[] out = new byte[data.length];
        ctr.processBytes(data, 0, data.length, out, 0);
        return out;
    }

    private static byte[] cmac(byte[] key, byte[] m) {
        CMac mac = new CMac(AESEngine.newInstance());
        mac.init(new KeyParameter(key));
        mac.update(m, 0, m.length);
        byte[] out = new byte[16];
        mac.doFinal(out, 0);
        return out;
    }

    /** Doubling in GF(2^128), big-endian (RFC 5297 "dbl"). */
    private static byte[] dbl(byte[] s) {
        byte[] out = new byte[16];
        int carry = 0;
        for (int i = 15; i >= 0; i--) {
            int b = s[i] & 0xff;
            out[i] = (byte) ((b << 1) | carry);
            carry = b >>> 7;
        }
        if ((s[0] & 0x80) != 0) {
            out[15] ^= (byte) 0x87;
        }
        return out;
    }

    private static byte[] xor(byte[] a, byte[] b) {
        byte[] out = a.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] ^= b[i];
        }
        return out;
    }

    /** IEEE 1619 XTS-AES of one data unit (16 bytes or more), with ciphertext stealing. */
    static byte[] xts(boolean encrypt, byte[] key, byte[] tweak, byte[] in) {
        int half = key.length / 2;
        BlockCipher data = AESEngine.newInstance();
        data.init(encrypt, new KeyParameter(Arrays.copyOfRange(key, 0, half)));
        BlockCipher tweaker = AESEngine.newInstance();
        tweaker.init(true, new KeyParameter(Arrays.copyOfRange(key, half, key.length)));
        byte[] t = new byte[16];
        tweaker.processBlock(tweak, 0, t, 0);
        byte[] out = new byte[in.length];
        int full = in.length / 16;
        int rest = in.length % 16;
        int plain = rest == 0 ? full : full - 1; // blocks before the stolen pair
        for (int j = 0; j < plain; j++) {
            block(data, t, in, j * 16, out, j * 16);
            t = times(t);
        }
        if (rest != 0) {
            int m = plain * 16; // the last full block starts here
            byte[] t1 = t;
            byte[] t2 = times(t);
            byte[] cc = new byte[16];
            // encryption: the last full block with T_m-1, then steal; decryption swaps the tweaks
            block(data, encrypt ? t1 : t2, in, m, cc, 0);
            byte[] pp = new byte[16];
            System.arraycopy(in, m + 16, pp, 0, rest);
            System.arraycopy(cc, rest, pp, rest, 16 - rest);
            System.arraycopy(cc, 0, out, m + 16, rest);
            block(data, encrypt ? t2 : t1, pp, 0, out, m);
        }
        return out;
    }

    private static void block(BlockCipher aes, byte[] t, byte[] in, int off, byte[] out, int outOff) {
        byte[] x = new byte[16];
        for (int i = 0; i < 16; i++) {
            x[i] = (byte) (in[off + i] ^ t[i]);
        }
        aes.processBlock(x, 0, x, 0);
        for (int i = 0; i < 16; i++) {
            out[outOff + i] = (byte) (x[i] ^ t[i]);
        }
    }

    /** Multiplication by alpha in GF(2^128), little-endian (IEEE 1619). */
    private static byte[] times(byte[] t) {
        byte[] out = new byte[16];
        int carry = 0;
        for (int i = 0; i < 16; i++) {
            int b = t[i] & 0xff;
            out[i] = (byte) ((b << 1) | carry);
            carry = b >>> 7;
        }
        if (carry != 0) {
            out[0] ^= (byte) 0x87;
        }
        return out;
    }
}
