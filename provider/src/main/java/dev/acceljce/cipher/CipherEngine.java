package dev.acceljce.cipher;

import java.nio.ByteBuffer;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import javax.crypto.BadPaddingException;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.ShortBufferException;

/**
 * A cipher operation once its path is known: what a {@code CipherSpi} forwards, in the shapes
 * CipherSpi has, after it checked the JCA contract and picked the engine. Every engine counts its
 * own work; the SPI never asks which engine it holds.
 *
 * <p>An SPI calls only what its algorithm has: AAD for the AEADs (AES's SPI leaves
 * {@code engineUpdateAAD} to CipherSpi, which refuses), {@link #wrap}/{@link #unwrap} for AES (the
 * AEAD SPIs wrap through their own doFinal). The defaults refuse what an engine does not serve.
 *
 * <p>Implementations: {@link NativeAesEngine} and {@link NativeAeadEngine} over OpenSSL,
 * {@link JdkCipherEngine} over a SunJCE cipher (for AES and the AEADs alike).
 */
interface CipherEngine {
    /** getOutputSize for {@code inputLen} more bytes. */
    int outputSize(int inputLen);

    byte[] update(byte[] in, int inOffset, int inLen);

    int update(byte[] in, int inOffset, int inLen, byte[] out, int outOffset) throws ShortBufferException;

    int update(ByteBuffer in, ByteBuffer out) throws ShortBufferException;

    /** AAD of an AEAD. */
    default void updateAad(byte[] src, int offset, int len) {
        throw new UnsupportedOperationException("no AAD in this cipher");
    }

    /** As {@link #updateAad(byte[], int, int)}, consuming {@code src}. */
    default void updateAad(ByteBuffer src) {
        throw new UnsupportedOperationException("no AAD in this cipher");
    }

    /** {@code in} null: no more input (as the JCA passes for {@code Cipher.doFinal()}). */
    byte[] doFinal(byte[] in, int inOffset, int inLen) throws IllegalBlockSizeException, BadPaddingException;

    /** {@code in} null: no more input (as the JCA passes for {@code Cipher.doFinal(out, off)}). */
    int doFinal(byte[] in, int inOffset, int inLen, byte[] out, int outOffset)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException;

    int doFinal(ByteBuffer in, ByteBuffer out)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException;

    /** Wraps {@code key} as one operation. */
    default byte[] wrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        throw new UnsupportedOperationException("this engine does not wrap keys");
    }

    /** Unwraps {@code wrapped} as one operation. */
    default Key unwrap(byte[] wrapped, String algorithm, int type)
            throws InvalidKeyException, NoSuchAlgorithmException {
        throw new UnsupportedOperationException("this engine does not unwrap keys");
    }
}
