package dev.acceljce.cipher;

import javax.crypto.ShortBufferException;

/**
 * Where an AEAD's SunJCE counterpart behaves its own way and {@link NativeAeadEngine} follows it:
 * sizes at the int limit, the exceptions of odd arguments, the message for data after a finished
 * encryption. Stateless; each AEAD SPI gives its engine one (the defaults are SunJCE's GCM where
 * not said otherwise). The JDK engine needs none: it is SunJCE's cipher.
 */
interface AeadRules {
    /** The message of the IllegalStateException for data after a finished encryption. */
    String reuseAfterFinishMessage();

    /**
     * getOutputSize when encrypting, computed as SunJCE's cipher of the same algorithm does (the
     * answers differ at the int limit): its GCM wraps, getOutputSize(Integer.MAX_VALUE) is negative.
     */
    default int encryptionOutputSize(int inputLen, int tagLength) {
        return inputLen + tagLength;
    }

    /**
     * doFinal into an array of a ciphertext plus tag longer than an int can count: the exception
     * SunJCE's cipher ends in. GCM's output check wraps to "Output buffer invalid".
     */
    default void finalOutputOverflows(byte[] output, int outputOffset, int inputLen) throws ShortBufferException {
        throw new ShortBufferException("Output buffer invalid");
    }

    /**
     * Refuses an encryption whose operation would reach {@code total} bytes (plaintext so far,
     * plus the tag in doFinal) where SunJCE's cipher of the same algorithm refuses it. None here.
     */
    default void checkOperationLength(long total) {}

    /** getOutputSize when decrypting with {@code pending} bytes held, as SunJCE's GCM computes it. */
    default int decryptionOutputSize(int inputLen, int pending, int tagLength) {
        return Math.max(pending + inputLen - tagLength, 0);
    }

    /**
     * Whether update(ByteBuffer, ByteBuffer) with nothing remaining still refuses a finished
     * cipher: SunJCE's GCM does; its ChaCha20-Poly1305 inherits CipherSpi's buffer handling, which
     * returns 0 for an empty update before the cipher sees it.
     */
    default boolean emptyBufferUpdateChecksState() {
        return true;
    }

    /**
     * The exception the JDK counterpart throws for an update output it cannot use (null, or an
     * offset past the end: the JCA layer checks only negative offsets), in the direction given.
     */
    default void checkUpdateOutput(byte[] output, int outputOffset, boolean encrypting) throws ShortBufferException {}
}
