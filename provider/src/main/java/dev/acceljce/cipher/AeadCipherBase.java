package dev.acceljce.cipher;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import dev.acceljce.openssl.EvpCipher;
import java.nio.ByteBuffer;
import java.security.ProviderException;
import javax.crypto.AEADBadTagException;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.ShortBufferException;

/**
 * The AEAD ciphers (AES-GCM, ChaCha20-Poly1305): the JCA side. Subclasses check keys and
 * parameters (with the JDK's rules and exceptions) and start the operation on an engine:
 * {@link #start} on OpenSSL's ({@link NativeAeadEngine}, one per object, which keeps its context
 * and key from one operation to the next), {@link #startDelegated} on a JDK cipher that the
 * subclass initialised ({@link JdkCipherEngine}: a GCM IV longer than OpenSSL accepts), or
 * {@link #startOn} on another engine the subclass set up (AWS-LC's {@link OneShotAeadEngine}).
 * Every operation until the next init goes to that engine.
 *
 * <p>doFinal declares only AEADBadTagException: any other checked exception of an engine (the
 * JDK's cipher declares IllegalBlockSizeException and BadPaddingException) becomes a
 * ProviderException.
 */
abstract class AeadCipherBase extends CipherSpi implements Counted {
    private final Tallies tallies = new Tallies(this);
    private final NativeAeadEngine nativeEngine;
    /** The engine of the current operation; the native one (not initialised) before init. */
    private CipherEngine engine;
    /**
     * A one-shot operation that OpenSSL's streaming engine can take over: its engine, and the
     * OpenSSL algorithm to continue on; null otherwise.
     */
    private OneShotAeadEngine oneShot;

    private EvpCipher.Algorithm streamOn;

    private long openSslFrom;

    // the operation, as the subclass started it
    private boolean encrypting;
    private byte[] iv;
    private int tagLength;

    /** {@code rules}: where the algorithm's SunJCE counterpart has its own ways. */
    AeadCipherBase(AeadRules rules) {
        this.nativeEngine = new NativeAeadEngine(rules, tallies);
        this.engine = nativeEngine;
    }

    @Override
    public final void attach(Counters.Tally tally) {
        tallies.attach(tally);
    }

    /**
     * Starts an operation on OpenSSL, on checked arguments. Keys equal to the current one keep the
     * native key schedule; the IV length is changed only when it differs. {@code key} and
     * {@code iv} become owned by this object.
     */
    final void start(boolean encrypt, EvpCipher.Algorithm algorithm, byte[] key, byte[] iv, int tagLength) {
        engine = nativeEngine;
        oneShot = null;
        nativeEngine.start(encrypt, algorithm, key, iv, tagLength);
        operation(encrypt, iv, tagLength);
    }

    /**
     * Hands the operation to a JDK cipher, already initialised by the caller with these
     * arguments; counted on the JDK path of this service.
     */
    final void startDelegated(Cipher jdkCipher, boolean encrypt, byte[] iv, int tagLength) {
        startOn(new JdkCipherEngine(jdkCipher, tallies, !encrypt), encrypt, iv, tagLength);
    }

    /**
     * Runs the operation on {@code other}, an engine the subclass set up with these arguments
     * (AWS-LC's one-shot AEAD, a JDK cipher): every call until the next init goes to it.
     */
    final void startOn(CipherEngine other, boolean encrypt, byte[] iv, int tagLength) {
        engine = other;
        oneShot = null;
        operation(encrypt, iv, tagLength);
    }

    /**
     * Runs the operation on AWS-LC's one-shot engine, set up by the subclass with these arguments.
     * With {@code streamOn} (the OpenSSL algorithm of the same cipher; null: none), the operation
     * moves to OpenSSL's streaming engine with the same key, IV and AAD when (1) an encryption
     * gets data through update(), so that update() returns ciphertext at once as it does on
     * OpenSSL, or (2) a message of at least {@code openSslFrom} bytes comes whole in doFinal
     * (where the built-in choice puts longer messages on OpenSSL, {@code Dispatch.openSslFrom}).
     */
    final void startOneShot(
            OneShotAeadEngine other,
            boolean encrypt,
            byte[] iv,
            int tagLength,
            EvpCipher.Algorithm streamOn,
            long openSslFrom) {
        startOn(other, encrypt, iv, tagLength);
        if (streamOn != null) {
            this.oneShot = other;
            this.streamOn = streamOn;
            this.openSslFrom = openSslFrom;
        }
    }

    /**
     * The engine for {@code length} bytes of update() data: the current one, except for a one-shot
     * encryption's first data, which moves the operation to OpenSSL's streaming engine.
     */
    private CipherEngine forData(int length) {
        OneShotAeadEngine o = oneShot;
        if (o != null && length > 0 && engine == o && encrypting && o.noDataYet()) {
            moveToOpenSsl(o);
        }
        return engine;
    }

    /** The engine for a doFinal of {@code length} more bytes: OpenSSL's for a whole message from {@link #openSslFrom} on. */
    private CipherEngine forFinal(long length) {
        OneShotAeadEngine o = oneShot;
        if (o != null && length >= openSslFrom && engine == o && o.noDataYet()) {
            moveToOpenSsl(o);
        }
        return engine;
    }

    private void moveToOpenSsl(OneShotAeadEngine o) {
        nativeEngine.start(encrypting, streamOn, o.keyCopy(), iv, tagLength);
        o.handAad(nativeEngine);
        engine = nativeEngine;
        oneShot = null;
    }

    /** Where this object's work is counted, for an engine the subclass makes. */
    final Tallies tallies() {
        return tallies;
    }

    private void operation(boolean encrypt, byte[] iv, int tagLength) {
        this.encrypting = encrypt;
        this.iv = iv;
        this.tagLength = tagLength;
    }

    /** The IV of the current operation (not a copy), or null before init. */
    final byte[] iv() {
        return iv;
    }

    /** Whether the current operation encrypts. */
    final boolean encrypting() {
        return encrypting;
    }

    /** The tag length in bytes of the current operation (0 before init). */
    final int tagLength() {
        return tagLength;
    }

    @Override
    protected final byte[] engineGetIV() {
        return iv == null ? null : iv.clone();
    }

    @Override
    protected final int engineGetOutputSize(int inputLen) {
        return engine.outputSize(inputLen);
    }

    @Override
    protected final void engineUpdateAAD(byte[] src, int offset, int len) {
        engine.updateAad(src, offset, len);
    }

    @Override
    protected final void engineUpdateAAD(ByteBuffer src) {
        engine.updateAad(src);
    }

    @Override
    protected final byte[] engineUpdate(byte[] input, int inputOffset, int inputLen) {
        return forData(inputLen).update(input, inputOffset, inputLen);
    }

    @Override
    protected final int engineUpdate(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        return forData(inputLen).update(input, inputOffset, inputLen, output, outputOffset);
    }

    @Override
    protected final int engineUpdate(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
        return forData(input.remaining()).update(input, output);
    }

    @Override
    protected final byte[] engineDoFinal(byte[] input, int inputOffset, int inputLen) throws AEADBadTagException {
        try {
            return forFinal(input == null ? 0 : inputLen).doFinal(input, inputOffset, inputLen);
        } catch (AEADBadTagException e) {
            throw e;
        } catch (IllegalBlockSizeException | BadPaddingException e) {
            throw new ProviderException(e);
        }
    }

    @Override
    protected final int engineDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, AEADBadTagException {
        try {
            return forFinal(input == null ? 0 : inputLen).doFinal(input, inputOffset, inputLen, output, outputOffset);
        } catch (AEADBadTagException e) {
            throw e;
        } catch (IllegalBlockSizeException | BadPaddingException e) {
            throw new ProviderException(e);
        }
    }

    @Override
    protected final int engineDoFinal(ByteBuffer input, ByteBuffer output)
            throws ShortBufferException, AEADBadTagException {
        try {
            return forFinal(input.remaining()).doFinal(input, output);
        } catch (AEADBadTagException e) {
            throw e;
        } catch (IllegalBlockSizeException | BadPaddingException e) {
            throw new ProviderException(e);
        }
    }
}
