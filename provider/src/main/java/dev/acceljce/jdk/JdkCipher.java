package dev.acceljce.jdk;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;

/**
 * The JDK path of a Cipher service. The JDK cipher is created from the service's transformation,
 * with the mode and padding the JCA sets when the service was looked up by its base name ("AES").
 */
public final class JdkCipher extends CipherSpi implements Counted {
    private final String algorithm;
    private String mode;
    private String padding;
    private Cipher cipher;
    /** Initialised to decrypt an AEAD transformation: doFinal goes through {@link VerifiedDecryption}. */
    private boolean aeadDecrypt;
    /** Whether {@link #cipher} is an AEAD; found when it is made, not on every init. */
    private boolean aead;
    /** The native path's length rules for the message being decrypted. */
    private final DecryptionInput message = new DecryptionInput();

    private Counters.Tally tally = Counters.Tally.NONE;

    /** {@code algorithm} is the service's name: a full transformation or a base name. */
    public JdkCipher(String algorithm) {
        this.algorithm = algorithm;
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    private String transformation() {
        if (mode == null && padding == null) {
            return algorithm;
        }
        // setMode is checked before setPadding arrives: NoPadding exists for every mode and also
        // for ciphers without PKCS5Padding (RSA); the cipher is made again with the real padding
        return algorithm + "/" + (mode == null ? "ECB" : mode) + "/" + (padding == null ? "NoPadding" : padding);
    }

    private Cipher cipher() {
        if (cipher == null) {
            try {
                String t = transformation();
                cipher = Cipher.getInstance(t, JdkProviders.forService("Cipher", algorithm));
                aead = VerifiedDecryption.isAead(t);
            } catch (NoSuchAlgorithmException | NoSuchPaddingException e) {
                throw new IllegalStateException(e);
            }
        }
        return cipher;
    }

    @Override
    protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
        this.mode = mode;
        this.cipher = null;
        try {
            cipher();
        } catch (IllegalStateException e) {
            this.mode = null;
            throw new NoSuchAlgorithmException("unsupported mode " + mode, e.getCause());
        }
    }

    @Override
    protected void engineSetPadding(String padding) throws NoSuchPaddingException {
        this.padding = padding;
        this.cipher = null;
        try {
            cipher();
        } catch (IllegalStateException e) {
            this.padding = null;
            throw new NoSuchPaddingException("unsupported padding " + padding);
        }
    }

    @Override
    protected int engineGetBlockSize() {
        return cipher().getBlockSize();
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
        return cipher().getOutputSize(inputLen);
    }

    @Override
    protected byte[] engineGetIV() {
        return cipher().getIV();
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        return cipher().getParameters();
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        byte[] encoded = key.getEncoded();
        if (encoded == null) {
            throw new InvalidKeyException("key has no encoding");
        }
        return encoded.length * 8;
    }

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        DecryptionInput.requireKey(key);
        cipher().init(opmode, key, random);
        initialized(opmode, () -> cipher().init(opmode, key, random));
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        DecryptionInput.requireKey(key);
        cipher().init(opmode, key, params, random);
        initialized(opmode, () -> cipher().init(opmode, key, params, random));
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        DecryptionInput.requireKey(key);
        cipher().init(opmode, key, params, random);
        initialized(opmode, () -> cipher().init(opmode, key, params, random));
    }

    @Override
    protected byte[] engineUpdate(byte[] input, int inputOffset, int inputLen) {
        byte[] out = cipher().update(input, inputOffset, inputLen);
        message.added(inputLen);
        tally.bytes(inputLen); // at once: a stream may never reach doFinal
        return out;
    }

    @Override
    protected int engineUpdate(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        int n = cipher().update(input, inputOffset, inputLen, output, outputOffset);
        message.added(inputLen);
        tally.bytes(inputLen); // at once: a stream may never reach doFinal
        return n;
    }

    @Override
    protected int engineUpdate(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
        int in = input.remaining();
        int n = cipher().update(input, output);
        message.added(in - input.remaining());
        tally.bytes(in - input.remaining());
        return n;
    }

    @Override
    protected byte[] engineDoFinal(byte[] input, int inputOffset, int inputLen)
            throws IllegalBlockSizeException, BadPaddingException {
        // Cipher.doFinal() reaches the SPI as (null, 0, 0); the public doFinal(byte[],...) refuses null
        ending(input == null ? 0 : inputLen);
        byte[] out;
        try {
            out = input == null ? cipher().doFinal() : cipher().doFinal(input, inputOffset, inputLen);
        } catch (BadPaddingException e) {
            message.paddingRefused();
            throw e;
        }
        done(input == null ? 0 : inputLen);
        return out;
    }

    @Override
    protected int engineDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        // Cipher.doFinal(output, offset) reaches the SPI with a null input
        ending(input == null ? 0 : inputLen);
        int n;
        try {
            n = aeadDecrypt
                    ? VerifiedDecryption.doFinal(cipher(), input, inputOffset, inputLen, output, outputOffset)
                    : input == null
                            ? cipher().doFinal(output, outputOffset)
                            : cipher().doFinal(input, inputOffset, inputLen, output, outputOffset);
        } catch (BadPaddingException e) {
            message.paddingRefused();
            throw e;
        }
        done(input == null ? 0 : inputLen);
        return n;
    }

    @Override
    protected int engineDoFinal(ByteBuffer input, ByteBuffer output)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        int in = input.remaining();
        ending(in);
        int n;
        try {
            n = aeadDecrypt ? VerifiedDecryption.doFinal(cipher(), input, output) : cipher().doFinal(input, output);
        } catch (BadPaddingException e) {
            message.paddingRefused();
            throw e;
        }
        done(in);
        return n;
    }

    private void initialized(int opmode, DecryptionInput.Init again) {
        boolean decrypt = opmode == Cipher.DECRYPT_MODE || opmode == Cipher.UNWRAP_MODE;
        aeadDecrypt = decrypt && aead;
        message.initialized(opmode, transformation(), cipher().getBlockSize(), again);
    }

    /**
     * A doFinal with {@code lastInput} more bytes is about to run: the checks that must come before
     * the JDK's cipher sees the message. A refusal changes nothing, as SunJCE's length checks.
     */
    private void ending(long lastInput) throws IllegalBlockSizeException {
        message.ending(lastInput);
    }

    /** A completed operation with its last input (its updates' bytes were counted as they came). */
    private void done(long lastInput) {
        message.ended();
        tally.count(lastInput);
    }

    @Override
    protected void engineUpdateAAD(byte[] src, int offset, int len) {
        cipher().updateAAD(src, offset, len);
    }

    @Override
    protected void engineUpdateAAD(ByteBuffer src) {
        cipher().updateAAD(src);
    }

    @Override
    protected byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        byte[] out = cipher().wrap(key);
        done(0);
        return out;
    }

    @Override
    protected Key engineUnwrap(byte[] wrappedKey, String wrappedKeyAlgorithm, int wrappedKeyType)
            throws InvalidKeyException, NoSuchAlgorithmException {
        try {
            message.ending(wrappedKey.length);
        } catch (IllegalBlockSizeException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
        Key k = cipher().unwrap(wrappedKey, wrappedKeyAlgorithm, wrappedKeyType);
        done(wrappedKey.length);
        return k;
    }
}
