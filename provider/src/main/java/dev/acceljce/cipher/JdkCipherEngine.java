package dev.acceljce.cipher;

import dev.acceljce.jdk.DecryptionInput;
import dev.acceljce.jdk.JdkProviders;
import dev.acceljce.jdk.VerifiedDecryption;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;

/**
 * The one way the ciphers of this package reach the JDK: a SunJCE cipher serving what OpenSSL does
 * not take (AES modes and paddings it lacks, GCM IVs longer than it accepts), its work counted on
 * the JDK path of the service (see {@link Tallies#jdkPath}) here and nowhere else: the bytes of an
 * update as they come (a stream may never call doFinal), one operation at doFinal with the bytes
 * of its last input.
 *
 * <p>Two things the JDK's cipher does not do for us: its GCM is not copy-safe in place once it
 * holds a partial block, so input sharing the output array is detached first; and AEAD decryption
 * (set at construction) goes through {@link VerifiedDecryption}, so nothing unverified is
 * released, as on the native path.
 */
final class JdkCipherEngine implements CipherEngine {
    private final Cipher cipher;
    private final Tallies tallies;
    private final boolean verifiedDecryption;
    /** The native path's length rules for the message being decrypted. */
    private final DecryptionInput message = new DecryptionInput();

    /**
     * {@code verifiedDecryption}: the cipher decrypts an AEAD, whose doFinal must release nothing
     * before the tag verified.
     */
    JdkCipherEngine(Cipher cipher, Tallies tallies, boolean verifiedDecryption) {
        this.cipher = cipher;
        this.tallies = tallies;
        this.verifiedDecryption = verifiedDecryption;
    }

    /**
     * A new, uninitialised cipher for {@code transformation} from the JDK provider of the Cipher
     * service {@code service} (the base name "AES", or the transformation itself).
     */
    static Cipher jdkCipher(String service, String transformation)
            throws NoSuchAlgorithmException, NoSuchPaddingException {
        return Cipher.getInstance(transformation, JdkProviders.forService("Cipher", service));
    }

    // ---- before the operation: init and what the JDK's cipher answers about it

    void init(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        DecryptionInput.requireKey(key);
        cipher.init(opmode, key, random);
        initialized(opmode, () -> cipher.init(opmode, key, random));
    }

    private void initialized(int opmode, DecryptionInput.Init again) {
        message.initialized(opmode, cipher.getAlgorithm(), cipher.getBlockSize(), again);
    }

    void init(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        DecryptionInput.requireKey(key);
        cipher.init(opmode, key, params, random);
        initialized(opmode, () -> cipher.init(opmode, key, params, random));
    }

    void init(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        DecryptionInput.requireKey(key);
        cipher.init(opmode, key, params, random);
        initialized(opmode, () -> cipher.init(opmode, key, params, random));
    }

    byte[] iv() {
        return cipher.getIV();
    }

    AlgorithmParameters parameters() {
        return cipher.getParameters();
    }

    // ---- the operation

    @Override
    public int outputSize(int inputLen) {
        return cipher.getOutputSize(inputLen);
    }

    @Override
    public byte[] update(byte[] in, int inOffset, int inLen) {
        byte[] out = cipher.update(in, inOffset, inLen);
        message.added(inLen);
        tallies.jdkPath().bytes(inLen);
        return out;
    }

    @Override
    public int update(byte[] in, int inOffset, int inLen, byte[] out, int outOffset) throws ShortBufferException {
        int n = in == out
                ? cipher.update(Arrays.copyOfRange(in, inOffset, inOffset + inLen), 0, inLen, out, outOffset)
                : cipher.update(in, inOffset, inLen, out, outOffset);
        message.added(inLen);
        tallies.jdkPath().bytes(inLen);
        return n;
    }

    @Override
    public int update(ByteBuffer in, ByteBuffer out) throws ShortBufferException {
        int before = in.remaining();
        int n = cipher.update(in, out);
        message.added(before - in.remaining());
        tallies.jdkPath().bytes(before - in.remaining());
        return n;
    }

    @Override
    public void updateAad(byte[] src, int offset, int len) {
        cipher.updateAAD(src, offset, len);
    }

    @Override
    public void updateAad(ByteBuffer src) {
        cipher.updateAAD(src);
    }

    @Override
    public byte[] doFinal(byte[] in, int inOffset, int inLen) throws IllegalBlockSizeException, BadPaddingException {
        message.ending(in == null ? 0 : inLen);
        byte[] out;
        try {
            out = in == null ? cipher.doFinal() : cipher.doFinal(in, inOffset, inLen);
        } catch (BadPaddingException e) {
            message.paddingRefused();
            throw e;
        }
        completed(in == null ? 0 : inLen);
        return out;
    }

    @Override
    public int doFinal(byte[] in, int inOffset, int inLen, byte[] out, int outOffset)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        message.ending(in == null ? 0 : inLen);
        int n;
        try {
            if (verifiedDecryption) {
                n = VerifiedDecryption.doFinal(cipher, in, inOffset, inLen, out, outOffset);
            } else if (in == null) {
                n = cipher.doFinal(out, outOffset);
            } else if (in == out) { // see update: not copy-safe in place
                n = cipher.doFinal(Arrays.copyOfRange(in, inOffset, inOffset + inLen), 0, inLen, out, outOffset);
            } else {
                n = cipher.doFinal(in, inOffset, inLen, out, outOffset);
            }
        } catch (BadPaddingException e) {
            message.paddingRefused();
            throw e;
        }
        completed(in == null ? 0 : inLen);
        return n;
    }

    @Override
    public int doFinal(ByteBuffer in, ByteBuffer out)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        int before = in.remaining();
        message.ending(before);
        int n;
        try {
            n = verifiedDecryption ? VerifiedDecryption.doFinal(cipher, in, out) : cipher.doFinal(in, out);
        } catch (BadPaddingException e) {
            message.paddingRefused();
            throw e;
        }
        completed(before);
        return n;
    }

    @Override
    public byte[] wrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        byte[] out = cipher.wrap(key);
        completed(0); // as the JDK path counts a wrap
        return out;
    }

    @Override
    public Key unwrap(byte[] wrapped, String algorithm, int type) throws InvalidKeyException, NoSuchAlgorithmException {
        try {
            message.ending(wrapped.length);
        } catch (IllegalBlockSizeException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
        Key k = cipher.unwrap(wrapped, algorithm, type);
        completed(wrapped.length);
        return k;
    }

    /** One operation done, with the bytes of its last input (its updates were counted as they came). */
    private void completed(long lastInput) {
        message.ended();
        tallies.jdkPath().count(lastInput);
    }
}
