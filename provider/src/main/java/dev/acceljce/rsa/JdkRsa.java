package dev.acceljce.rsa;

import dev.acceljce.control.Counters;
import dev.acceljce.jdk.JdkProviders;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;

/**
 * SunJCE's RSA cipher, serving keys and parameters the native side does not (non-RSA and non-CRT
 * keys, RSASSA-PSS keys, OAEP with a digest OpenSSL lacks or a non-MGF1 mask, non-OAEP parameters
 * such as JSSE's TlsRsaPremasterSecretParameterSpec): it accepts or refuses them, and does the
 * work, exactly as it would on its own. Its finished operations are counted on the JDK path (the
 * SPI object's {@link Counters.Tally#handedToJdk} tally).
 */
final class JdkRsa implements RsaEngine {
    private static final byte[] EMPTY = new byte[0];

    private final Cipher jdk;
    private final Counters.Tally tally;
    /** Input bytes given to {@link #jdk} by updates of the operation in progress. */
    private long updatedBytes;

    /** SunJCE's "RSA/ECB/{@code paddingName}"; refused with InvalidKeyException when the JDK cannot take over. */
    static Cipher jdkCipher(String paddingName) throws InvalidKeyException {
        try {
            return Cipher.getInstance("RSA/ECB/" + paddingName, JdkProviders.forService("Cipher", "RSA"));
        } catch (NoSuchAlgorithmException | NoSuchPaddingException e) {
            throw new InvalidKeyException("the JDK cannot take over RSA/ECB/" + paddingName, e);
        }
    }

    /** Initialises {@code jdk} with the caller's arguments: when SunJCE refuses them, this throws. */
    JdkRsa(Cipher jdk, int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random, Counters.Tally tally)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (random != null) {
            jdk.init(opmode, key, params, random);
        } else {
            jdk.init(opmode, key, params);
        }
        this.jdk = jdk;
        this.tally = tally;
    }

    /** An operation SunJCE did: its updates and last input, counted on the JDK path. */
    private void done(long lastInput) {
        tally.count(updatedBytes + lastInput);
        updatedBytes = 0;
    }

    @Override
    public byte[] update(byte[] in, int inOfs, int inLen) {
        byte[] out = jdk.update(in, inOfs, inLen);
        updatedBytes += inLen;
        return out == null ? EMPTY : out;
    }

    @Override
    public int update(byte[] in, int inOfs, int inLen, byte[] out, int outOfs) throws ShortBufferException {
        int n = jdk.update(in, inOfs, inLen, out, outOfs);
        updatedBytes += inLen;
        return n;
    }

    @Override
    public byte[] doFinal(byte[] in, int inOfs, int inLen) throws IllegalBlockSizeException, BadPaddingException {
        byte[] out = jdk.doFinal(in, inOfs, inLen);
        done(inLen);
        return out;
    }

    @Override
    public int doFinal(byte[] in, int inOfs, int inLen, byte[] out, int outOfs)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        int n = jdk.doFinal(in, inOfs, inLen, out, outOfs);
        done(inLen);
        return n;
    }

    @Override
    public byte[] wrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        byte[] out = jdk.wrap(key);
        tally.count(0);
        return out;
    }

    @Override
    public Key unwrap(byte[] wrappedKey, String algorithm, int type)
            throws InvalidKeyException, NoSuchAlgorithmException {
        Key k = jdk.unwrap(wrappedKey, algorithm, type);
        tally.count(wrappedKey.length);
        return k;
    }

    @Override
    public int outputSize(int inputLen) {
        return jdk.getOutputSize(inputLen);
    }

    @Override
    public AlgorithmParameters parameters() {
        return jdk.getParameters();
    }
}
