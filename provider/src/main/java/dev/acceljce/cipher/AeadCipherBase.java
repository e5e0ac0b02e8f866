package dev.acceljce.cipher;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.ProviderException;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.ShortBufferException;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import dev.acceljce.jdk.VerifiedDecryption;
import dev.acceljce.openssl.EvpCipher;

/**
 * The AEAD ciphers served by OpenSSL (AES-GCM, ChaCha20-Poly1305): one EVP_CIPHER_CTX per JCA
 * object, re-initialised with only the IV while the key stays the same (OpenSSL keeps the key
 * schedule), so a new IV costs one native call.
 *
 * <p>An object's first operation does not make that context: its set-up waits (AAD is held in
 * Java) until encryption data arrives, which makes the kept context, or until doFinal, which runs
 * the whole operation on a context made and freed inside the call, with no Cleaner. So an object
 * made for one message (SunJSSE and many applications make a Cipher per message) costs no kept
 * context; an object that is used again makes its kept context at the next init.
 *
 * <p>Encryption streams: update() returns the ciphertext of its input at once, doFinal() appends
 * the tag. Decryption releases nothing before the tag is verified: update() buffers the ciphertext
 * (and returns no bytes), doFinal() decrypts into a private buffer, verifies the tag in
 * EVP_CipherFinal and only then copies the plaintext out. A failed verification leaves the
 * caller's output untouched, in-place included.
 *
 * <p>After doFinal, decryption is ready for the same key and IV again (AAD included anew);
 * encryption refuses further data until re-initialised, as the JDK does, since the same key and
 * IV must not encrypt twice. A {@link ShortBufferException} changes nothing: the call can be
 * repeated with a larger buffer.
 *
 * <p>Subclasses check keys and parameters (with the JDK's rules and exceptions) and call
 * {@link #start}; while {@link #delegate} is set (a GCM IV longer than OpenSSL accepts), every
 * call is forwarded to a JDK cipher instead.
 */
abstract class AeadCipherBase extends CipherSpi implements Counted {
    /**
     * Made at the first {@link #start}: JCA's {@code Cipher.getInstance(transformation)} makes one
     * object of each candidate service to try its mode and padding and drops it unused, and
     * SunJSSE does that for every record cipher of every connection.
     */
    private EvpCipher.Context ctx;
    /**
     * The operation's native set-up waits: no context holds its key and IV yet. Set by the first
     * {@link #start} of an object, and again after an operation that ran on a one-call context.
     */
    private boolean deferred;
    /** What the deferred set-up will use; the key is owned (wiped when replaced). */
    private EvpCipher.Algorithm deferredAlgorithm;
    private byte[] deferredKey;
    /** AAD given while the set-up waits, fed to the context when it is made. */
    private byte[] heldAad = AeadIo.EMPTY;
    private int heldAadLength;
    /** An operation ran on a one-call context: the object is reused, so the next init keeps one. */
    private boolean ranOnce;

    // what the native context holds
    private EvpCipher.Algorithm nativeAlgorithm;
    private byte[] nativeKey;
    private int nativeIvLength;

    // the operation
    private boolean initialized;
    private boolean encrypting;
    private byte[] iv;
    private int tagLength;
    /** update() was called: no more AAD. */
    private boolean dataStarted;
    /** Encryption completed: nothing more until init. */
    private boolean finished;
    /** The context consumed AAD or data since its IV was set: set the IV again before reuse. */
    private boolean restart;
    /** Decryption: ciphertext (with the tag at its end) held until doFinal. */
    private byte[] pending = AeadIo.EMPTY;
    private int pendingLength;
    /** Decryption: plaintext before its tag is verified; wiped after each doFinal. */
    private byte[] plain = AeadIo.EMPTY;
    private Counters.Tally tally = Counters.Tally.NONE;
    /** Encryption: plaintext bytes of the operation in progress, counted when it completes. */
    private long encrypted;
    /** Where operations served by {@link #delegate} are counted: the JDK path of this service. */
    private Counters.Tally jdkTally;
    /** Input bytes given to {@link #delegate} in the operation in progress. */
    private long delegatedBytes;

    @Override
    public final void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    /** A JDK cipher serving the current operation instead of OpenSSL, or null. */
    Cipher delegate;

    /** The message of the IllegalStateException for data after a finished encryption. */
    abstract String reuseAfterFinishMessage();

    /**
     * Sets up an operation on checked arguments. Keys equal to the current one keep the native key
     * schedule; the IV length is changed only when it differs. {@code key} and {@code iv} become
     * owned by this object.
     */
    final void start(boolean encrypt, EvpCipher.Algorithm algorithm, byte[] key, byte[] iv, int tagLength) {
        delegate = null;
        initialized = false;
        heldAadLength = 0;
        if (ctx == null && !ranOnce) {
            forgetDeferredKey(key);
            deferredAlgorithm = algorithm;
            deferredKey = key;
            deferred = true;
        } else {
            forgetDeferredKey(key);
            deferred = false;
            if (ctx == null) {
                ctx = new EvpCipher.Context();
            }
            setUpNative(encrypt, algorithm, key, iv);
        }
        this.encrypting = encrypt;
        this.iv = iv;
        this.tagLength = tagLength;
        dataStarted = false;
        finished = false;
        restart = false;
        pendingLength = 0;
        encrypted = 0;
        initialized = true;
    }

    /** Wipes the key a deferred set-up held, unless it is {@code kept} itself. */
    private void forgetDeferredKey(byte[] kept) {
        if (deferredKey != null && deferredKey != kept) {
            Arrays.fill(deferredKey, (byte) 0);
        }
        deferredKey = null;
    }

    /**
     * Sets the context up for an operation: the key only when it differs from the one the context
     * holds, the IV length only when it changes, then the IV.
     */
    private void setUpNative(boolean encrypt, EvpCipher.Algorithm algorithm, byte[] key, byte[] iv) {
        int enc = encrypt ? 1 : 0;
        boolean newAlgorithm = algorithm != nativeAlgorithm;
        if (newAlgorithm || !MessageDigest.isEqual(key, nativeKey)) {
            forgetNativeKey();
            if (newAlgorithm) {
                nativeAlgorithm = null; // until the context holds the new one
            }
            // a new cipher resets the context (and its IV length); a new key alone keeps it
            ctx.init(newAlgorithm ? algorithm : null, key, null, enc);
            if (newAlgorithm) {
                nativeAlgorithm = algorithm;
                nativeIvLength = algorithm.ivLength();
            }
            nativeKey = key;
        } else if (key != nativeKey) {
            Arrays.fill(key, (byte) 0);
        }
        if (iv.length != nativeIvLength) {
            if (ctx.ctrl(EvpCipher.CTRL_AEAD_SET_IVLEN, iv.length, MemorySegment.NULL) != 1) {
                throw new ProviderException(nativeAlgorithm.name() + " refused IV length " + iv.length);
            }
            nativeIvLength = iv.length;
        }
        ctx.init(null, null, iv, enc);
    }

    /**
     * Makes the context the deferred operation waits for and sets it up (key, IV, held AAD): a
     * kept one, or with {@code kept} false one for this call only, which {@link #endOneCall}
     * frees.
     */
    private void makeContext(boolean kept) {
        deferred = false;
        ctx = kept ? new EvpCipher.Context() : EvpCipher.Context.scoped();
        byte[] key = deferredKey;
        deferredKey = null;
        setUpNative(encrypting, deferredAlgorithm, key, iv);
        if (heldAadLength > 0) {
            int n = heldAadLength;
            heldAadLength = 0;
            if (ctx.update(MemorySegment.ofArray(heldAad).asSlice(0, n), MemorySegment.NULL) < 0) {
                throw new ProviderException(nativeAlgorithm.name() + " refused the AAD");
            }
        }
    }

    /**
     * After an operation on a one-call context: frees it and goes back to waiting, with the key
     * and IV the object still holds (a decryption may run again with them).
     */
    private void endOneCall() {
        EvpCipher.Context once = ctx;
        ctx = null;
        if (once != null) {
            once.close();
        }
        deferredKey = nativeKey;
        nativeKey = null;
        nativeAlgorithm = null;
        nativeIvLength = 0;
        deferred = true;
        restart = false;
        heldAadLength = 0;
        ranOnce = true;
    }

    /** Hands the current operation to a JDK cipher (already initialised by the caller). */
    final void startDelegated(Cipher jdkCipher, boolean encrypt, byte[] iv, int tagLength) {
        initialized = false;
        delegate = jdkCipher;
        delegatedBytes = 0;
        this.encrypting = encrypt;
        this.iv = iv;
        this.tagLength = tagLength;
    }

    private void forgetNativeKey() {
        if (nativeKey != null) {
            Arrays.fill(nativeKey, (byte) 0);
            nativeKey = null;
        }
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

    private void checkUsable() {
        if (!initialized) {
            throw new IllegalStateException("Cipher not initialized");
        }
        if (finished) {
            throw new IllegalStateException(reuseAfterFinishMessage());
        }
    }

    private void restartIfNeeded() {
        if (restart && ctx != null) {
            ctx.init(null, null, iv, encrypting ? 1 : 0);
            restart = false;
        }
    }

    private void startData() {
        restartIfNeeded();
        dataStarted = true;
    }

    @Override
    protected final byte[] engineGetIV() {
        if (delegate != null) {
            return delegate.getIV();
        }
        return iv == null ? null : iv.clone();
    }

    @Override
    protected final int engineGetOutputSize(int inputLen) {
        if (delegate != null) {
            return delegate.getOutputSize(inputLen);
        }
        return encrypting ? encryptionOutputSize(inputLen, tagLength)
                : decryptionOutputSize(inputLen, pendingLength, tagLength);
    }

    /**
     * getOutputSize when encrypting, computed as SunJCE's cipher of the same algorithm does (the
     * answers differ at the int limit): its GCM wraps, getOutputSize(Integer.MAX_VALUE) is negative.
     */
    int encryptionOutputSize(int inputLen, int tagLength) {
        return inputLen + tagLength;
    }

    /**
     * doFinal into an array of a ciphertext plus tag longer than an int can count: the exception
     * SunJCE's cipher ends in. GCM's output check wraps to "Output buffer invalid".
     */
    void finalOutputOverflows(byte[] output, int outputOffset, int inputLen) throws ShortBufferException {
        throw new ShortBufferException("Output buffer invalid");
    }

    /**
     * Refuses an encryption whose operation would reach {@code total} bytes (plaintext so far,
     * plus the tag in doFinal) where SunJCE's cipher of the same algorithm refuses it. None here.
     */
    void checkOperationLength(long total) {
    }

    /** getOutputSize when decrypting with {@code pending} bytes held, as SunJCE's GCM computes it. */
    int decryptionOutputSize(int inputLen, int pending, int tagLength) {
        return Math.max(pending + inputLen - tagLength, 0);
    }

    /**
     * Whether update(ByteBuffer, ByteBuffer) with nothing remaining still refuses a finished
     * cipher: SunJCE's GCM does; its ChaCha20-Poly1305 inherits CipherSpi's buffer handling, which
     * returns 0 for an empty update before the cipher sees it.
     */
    boolean emptyBufferUpdateChecksState() {
        return true;
    }

    // ---- AAD

    @Override
    protected final void engineUpdateAAD(byte[] src, int offset, int len) {
        if (delegate != null) {
            delegate.updateAAD(src, offset, len);
            return;
        }
        feedAad(AeadIo.range(src, offset, len));
    }

    @Override
    protected final void engineUpdateAAD(ByteBuffer src) {
        if (delegate != null) {
            delegate.updateAAD(src);
            return;
        }
        feedAad(AeadIo.remaining(src));
        src.position(src.limit());
    }

    private void feedAad(MemorySegment aad) {
        checkUsable();
        if (dataStarted) {
            throw new IllegalStateException("Update has been called; no more AAD data");
        }
        if (deferred) {
            holdAad(aad);
            return;
        }
        restartIfNeeded();
        if (aad.byteSize() > 0 && ctx.update(aad, MemorySegment.NULL) < 0) {
            throw new ProviderException(nativeAlgorithm.name() + " refused the AAD");
        }
    }

    private void holdAad(MemorySegment aad) {
        int len = (int) aad.byteSize();
        if (len > Integer.MAX_VALUE - 16 - heldAadLength) {
            throw new ProviderException("AccelJCE holds at most 2 GB of AAD before the first data");
        }
        int need = heldAadLength + len;
        if (need > heldAad.length) {
            heldAad = Arrays.copyOf(heldAad, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(need, 2L * heldAad.length)));
        }
        MemorySegment.copy(aad, 0, MemorySegment.ofArray(heldAad), heldAadLength, len);
        heldAadLength = need;
    }

    // ---- update

    @Override
    protected final byte[] engineUpdate(byte[] input, int inputOffset, int inputLen) {
        if (delegate != null) {
            byte[] out = delegate.update(input, inputOffset, inputLen);
            delegatedBytes += inputLen;
            return out;
        }
        checkUsable();
        MemorySegment in = AeadIo.range(input, inputOffset, inputLen);
        if (!encrypting) {
            startData();
            hold(in);
            return AeadIo.EMPTY;
        }
        checkOperationLength(encrypted + inputLen);
        byte[] out = new byte[inputLen];
        startData();
        encryptUpdate(in, MemorySegment.ofArray(out));
        return out;
    }

    @Override
    protected final int engineUpdate(byte[] input, int inputOffset, int inputLen, byte[] output,
                                     int outputOffset) throws ShortBufferException {
        if (delegate != null) {
            // the JDK's GCM is not copy-safe in place once it holds a partial block: detach input
            int n = input == output
                    ? delegate.update(Arrays.copyOfRange(input, inputOffset, inputOffset + inputLen), 0, inputLen,
                            output, outputOffset)
                    : delegate.update(input, inputOffset, inputLen, output, outputOffset);
            delegatedBytes += inputLen;
            return n;
        }
        checkUsable();
        MemorySegment in = AeadIo.range(input, inputOffset, inputLen);
        checkUpdateOutput(output, outputOffset);
        if (!encrypting) {
            startData();
            hold(in);
            return 0;
        }
        checkOperationLength(encrypted + inputLen);
        requireSpace(output, outputOffset, inputLen);
        startData();
        encryptUpdate(in, MemorySegment.ofArray(output).asSlice(outputOffset, inputLen));
        return inputLen;
    }

    @Override
    protected final int engineUpdate(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
        if (delegate != null) {
            int before = input.remaining();
            int n = delegate.update(input, output);
            delegatedBytes += before - input.remaining();
            return n;
        }
        if (!input.hasRemaining() && !emptyBufferUpdateChecksState()) {
            return 0;
        }
        checkUsable();
        int len = input.remaining();
        if (!encrypting) {
            startData();
            hold(AeadIo.remaining(input));
            input.position(input.limit());
            return 0;
        }
        checkOperationLength(encrypted + len);
        if (output.remaining() < len) {
            throw new ShortBufferException("Output buffer must be at least " + len + " bytes long");
        }
        startData();
        encryptUpdate(AeadIo.remaining(input), AeadIo.remaining(output).asSlice(0, len));
        input.position(input.limit());
        output.position(output.position() + len);
        return len;
    }

    /**
     * Hook for the exception a subclass's JDK counterpart throws for an update output it cannot
     * use (null, or an offset past the end: the JCA layer checks only negative offsets).
     */
    void checkUpdateOutput(byte[] output, int outputOffset) throws ShortBufferException {
    }

    private static void requireSpace(byte[] output, int offset, int needed) throws ShortBufferException {
        Objects.requireNonNull(output, "output"); // as the JDK's AEAD ciphers
        if (offset < 0 || needed < 0 || output.length - offset < needed) {
            throw new ShortBufferException("Output buffer too small, must be at least " + needed + " bytes long");
        }
    }

    private void encryptUpdate(MemorySegment in, MemorySegment out) {
        if (in.byteSize() == 0) {
            return;
        }
        if (deferred) {
            makeContext(true); // a streamed encryption: the context is kept
        }
        int n = ctx.update(AeadIo.detached(in, out), out);
        if (n != in.byteSize()) {
            throw new ProviderException(nativeAlgorithm.name() + " encryption update failed");
        }
        encrypted += n;
    }

    /** Decryption: keeps ciphertext until doFinal. */
    private void hold(MemorySegment in) {
        int len = (int) in.byteSize();
        if (len == 0) {
            return;
        }
        if (len > Integer.MAX_VALUE - 16 - pendingLength) {
            throw new ProviderException("AccelJCE buffers at most 2 GB of ciphertext before doFinal");
        }
        int need = pendingLength + len;
        if (need > pending.length) {
            pending = Arrays.copyOf(pending, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(need, 2L * pending.length)));
        }
        MemorySegment.copy(in, 0, MemorySegment.ofArray(pending), pendingLength, len);
        pendingLength = need;
    }

    // ---- doFinal

    @Override
    protected final byte[] engineDoFinal(byte[] input, int inputOffset, int inputLen) throws AEADBadTagException {
        if (delegate != null) {
            byte[] out = delegateFinal(input, inputOffset, inputLen);
            delegatedDone(input == null ? 0 : inputLen);
            return out;
        }
        checkUsable();
        MemorySegment in = input == null ? MemorySegment.ofArray(AeadIo.EMPTY) : AeadIo.range(input, inputOffset, inputLen);
        if (encrypting) {
            // the size as SunJCE's cipher computes it: its GCM wraps (NegativeArraySizeException)
            byte[] out = new byte[encryptionOutputSize(inputLen, tagLength)];
            checkOperationLength(encrypted + inputLen + tagLength);
            finishEncryption(in, MemorySegment.ofArray(out));
            return out;
        }
        byte[] out = new byte[plaintextLength(inputLen)];
        finishDecryption(in, MemorySegment.ofArray(out));
        return out;
    }

    @Override
    protected final int engineDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output,
                                      int outputOffset) throws ShortBufferException, AEADBadTagException {
        if (delegate != null) {
            int n = delegateFinal(input, inputOffset, inputLen, output, outputOffset);
            delegatedDone(input == null ? 0 : inputLen);
            return n;
        }
        checkUsable();
        MemorySegment in = input == null ? MemorySegment.ofArray(AeadIo.EMPTY) : AeadIo.range(input, inputOffset, inputLen);
        if (encrypting) {
            if ((long) inputLen + tagLength > Integer.MAX_VALUE) {
                finalOutputOverflows(output, outputOffset, inputLen);
            }
            int need = inputLen + tagLength;
            requireSpace(output, outputOffset, need);
            checkOperationLength(encrypted + inputLen + tagLength);
            finishEncryption(in, MemorySegment.ofArray(output).asSlice(outputOffset, need));
            return need;
        }
        int need = plaintextLength(inputLen);
        requireSpace(output, outputOffset, need);
        finishDecryption(in, MemorySegment.ofArray(output).asSlice(outputOffset, need));
        return need;
    }

    @Override
    protected final int engineDoFinal(ByteBuffer input, ByteBuffer output)
            throws ShortBufferException, AEADBadTagException {
        if (delegate != null) {
            int before = input.remaining();
            int n = delegateFinal(input, output);
            delegatedDone(before);
            return n;
        }
        checkUsable();
        int len = input.remaining();
        if (encrypting) {
            checkOperationLength(encrypted + len + tagLength);
        }
        int need = encrypting ? Math.addExact(len, tagLength) : plaintextLength(len);
        if (output.remaining() < need) {
            throw new ShortBufferException("Output buffer too small, must be at least " + need + " bytes long");
        }
        MemorySegment out = AeadIo.remaining(output).asSlice(0, need);
        if (encrypting) {
            finishEncryption(AeadIo.remaining(input), out);
        } else {
            finishDecryption(AeadIo.remaining(input), out);
        }
        input.position(input.limit());
        output.position(output.position() + need);
        return need;
    }

    /**
     * Decryption: the plaintext length doFinal will produce with {@code inputLen} more bytes.
     * Input shorter than the tag ends the operation with AEADBadTagException, as the JDK does.
     */
    private int plaintextLength(int inputLen) throws AEADBadTagException {
        long total = (long) pendingLength + inputLen;
        if (total < tagLength) {
            endDecryption();
            throw new AEADBadTagException("Input data too short to contain an expected tag length of "
                    + tagLength + " bytes");
        }
        return (int) (total - tagLength);
    }

    /** Encrypts the last input into out[0..len) and writes the tag at out[len..len+tag). */
    private void finishEncryption(MemorySegment in, MemorySegment out) {
        boolean oneCall = deferred && !ranOnce;
        try {
            if (deferred) {
                makeContext(!oneCall);
            }
            int len = (int) in.byteSize();
            startData();
            encryptUpdate(in, out.asSlice(0, len));
            MemorySegment tag = out.asSlice(len, tagLength);
            if (ctx.doFinal(tag) != 0 || ctx.ctrl(EvpCipher.CTRL_AEAD_GET_TAG, tagLength, tag) != 1) {
                throw new ProviderException(nativeAlgorithm.name() + " encryption final failed");
            }
            finished = true;
            tally.count(encrypted);
            encrypted = 0;
        } finally {
            if (oneCall) {
                endOneCall();
            }
        }
    }

    /**
     * Decrypts held ciphertext plus {@code in} (its last tagLength bytes are the tag) into the
     * private buffer, verifies the tag, and only then copies the plaintext into {@code out}.
     */
    private void finishDecryption(MemorySegment in, MemorySegment out) throws AEADBadTagException {
        boolean oneCall = deferred && !ranOnce;
        try {
            if (deferred) {
                makeContext(!oneCall);
            }
            decrypt(in, out);
        } finally {
            if (oneCall) {
                endOneCall();
            }
        }
    }

    private void decrypt(MemorySegment in, MemorySegment out) throws AEADBadTagException {
        startData();
        MemorySegment all;
        if (pendingLength == 0) {
            all = in;
        } else {
            hold(in);
            all = MemorySegment.ofArray(pending).asSlice(0, pendingLength);
        }
        int ctLength = (int) all.byteSize() - tagLength;
        if (plain.length < ctLength) {
            plain = new byte[Math.max(ctLength, Math.min(Integer.MAX_VALUE - 16, 2 * plain.length))];
        }
        MemorySegment p = MemorySegment.ofArray(plain).asSlice(0, ctLength);
        try {
            if (ctLength > 0 && ctx.update(all.asSlice(0, ctLength), p) != ctLength) {
                throw new ProviderException(nativeAlgorithm.name() + " decryption update failed");
            }
            if (ctx.ctrl(EvpCipher.CTRL_AEAD_SET_TAG, tagLength, all.asSlice(ctLength, tagLength)) != 1) {
                throw new ProviderException(nativeAlgorithm.name() + " refused a " + tagLength + "-byte tag");
            }
            if (ctx.doFinal(p) != 0) {
                throw new AEADBadTagException("Tag mismatch");
            }
            MemorySegment.copy(p, 0, out, 0, ctLength);
            tally.count(all.byteSize());
        } finally {
            Arrays.fill(plain, 0, ctLength, (byte) 0);
            endDecryption();
        }
    }

    /** Buffers grown past this are dropped after the operation: one huge message must not pin them. */
    private static final int KEPT_CAPACITY = 1 << 20;

    private void releaseLargeBuffers() {
        if (plain.length > KEPT_CAPACITY) {
            plain = AeadIo.EMPTY;
        }
        if (pending.length > KEPT_CAPACITY) {
            Arrays.fill(pending, 0, Math.min(pendingLength, pending.length), (byte) 0);
            pending = AeadIo.EMPTY;
        }
    }

    /** Decryption done (or abandoned): the next call starts again with the same key and IV. */
    private void endDecryption() {
        releaseLargeBuffers();
        heldAadLength = 0;
        pendingLength = 0;
        dataStarted = false;
        restart = true;
    }

    // ---- forwarding to the JDK cipher, which declares more checked exceptions than doFinal may

    /**
     * An operation the JDK's cipher did (an IV OpenSSL does not take): counted on the JDK path,
     * with the same bytes as a native one (the input, without AAD).
     */
    private void delegatedDone(long lastInput) {
        if (jdkTally == null) {
            jdkTally = tally.handedToJdk(this);
        }
        jdkTally.count(delegatedBytes + lastInput);
        delegatedBytes = 0;
    }

    private byte[] delegateFinal(byte[] input, int inputOffset, int inputLen) throws AEADBadTagException {
        try {
            return input == null ? delegate.doFinal() : delegate.doFinal(input, inputOffset, inputLen);
        } catch (AEADBadTagException e) {
            throw e;
        } catch (javax.crypto.IllegalBlockSizeException | javax.crypto.BadPaddingException e) {
            throw new ProviderException(e);
        }
    }

    /*
     * Decryption through the JDK's cipher still releases nothing unverified: see VerifiedDecryption.
     */
    private int delegateFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, AEADBadTagException {
        try {
            if (!encrypting) {
                return VerifiedDecryption.doFinal(delegate, input, inputOffset, inputLen, output, outputOffset);
            }
            if (input == null) {
                return delegate.doFinal(output, outputOffset);
            }
            if (input == output) { // see engineUpdate: not copy-safe in place
                return delegate.doFinal(Arrays.copyOfRange(input, inputOffset, inputOffset + inputLen), 0, inputLen,
                        output, outputOffset);
            }
            return delegate.doFinal(input, inputOffset, inputLen, output, outputOffset);
        } catch (AEADBadTagException e) {
            throw e;
        } catch (javax.crypto.IllegalBlockSizeException | javax.crypto.BadPaddingException e) {
            throw new ProviderException(e);
        }
    }

    private int delegateFinal(ByteBuffer input, ByteBuffer output) throws ShortBufferException, AEADBadTagException {
        try {
            return encrypting ? delegate.doFinal(input, output) : VerifiedDecryption.doFinal(delegate, input, output);
        } catch (AEADBadTagException e) {
            throw e;
        } catch (javax.crypto.IllegalBlockSizeException | javax.crypto.BadPaddingException e) {
            throw new ProviderException(e);
        }
    }
}
