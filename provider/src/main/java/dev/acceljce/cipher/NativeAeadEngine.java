package dev.acceljce.cipher;

import dev.acceljce.control.SecretBytes;
import dev.acceljce.openssl.EvpCipher;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.security.ProviderException;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.AEADBadTagException;
import javax.crypto.ShortBufferException;

/**
 * The OpenSSL engine of the AEAD ciphers (AES-GCM, ChaCha20-Poly1305; where the engine table
 * names AWS-LC, {@link OneShotAeadEngine} serves them instead): one EVP_CIPHER_CTX per JCA object, re-initialised with only the IV while the key stays the same (OpenSSL keeps the key
 * schedule), so a new IV costs one native call. Counted on the native path.
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
 * <p>Where the algorithms' SunJCE counterparts differ (sizes at the int limit, exceptions), the
 * engine follows the {@link AeadRules} its SPI gives it.
 */
final class NativeAeadEngine implements CipherEngine {
    private final AeadRules rules;
    private final Tallies tallies;

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
    /** Where OpenSSL writes an encryption's tag (16 bytes: every AEAD here), and its segment. */
    private final byte[] tagBuffer = new byte[16];

    private final MemorySegment tagSegment = MemorySegment.ofArray(tagBuffer);
    /** Encryption: plaintext bytes of the operation in progress, counted when it completes. */
    private long encrypted;

    NativeAeadEngine(AeadRules rules, Tallies tallies) {
        this.rules = rules;
        this.tallies = tallies;
    }

    /**
     * Sets up an operation on checked arguments. Keys equal to the current one keep the native key
     * schedule; the IV length is changed only when it differs. {@code key} and {@code iv} become
     * owned by this object.
     */
    void start(boolean encrypt, EvpCipher.Algorithm algorithm, byte[] key, byte[] iv, int tagLength) {
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
        if (newAlgorithm || !SecretBytes.equal(key, nativeKey)) {
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

    private void forgetNativeKey() {
        if (nativeKey != null) {
            Arrays.fill(nativeKey, (byte) 0);
            nativeKey = null;
        }
    }

    private void checkUsable() {
        if (!initialized) {
            throw new IllegalStateException("Cipher not initialized");
        }
        if (finished) {
            throw new IllegalStateException(rules.reuseAfterFinishMessage());
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
    public int outputSize(int inputLen) {
        return encrypting
                ? rules.encryptionOutputSize(inputLen, tagLength)
                : rules.decryptionOutputSize(inputLen, pendingLength, tagLength);
    }

    // ---- AAD

    @Override
    public void updateAad(byte[] src, int offset, int len) {
        feedAad(AeadIo.range(src, offset, len));
    }

    @Override
    public void updateAad(ByteBuffer src) {
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
            heldAad =
                    Arrays.copyOf(heldAad, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(need, 2L * heldAad.length)));
        }
        MemorySegment.copy(aad, 0, MemorySegment.ofArray(heldAad), heldAadLength, len);
        heldAadLength = need;
    }

    // ---- update

    @Override
    public byte[] update(byte[] input, int inputOffset, int inputLen) {
        checkUsable();
        MemorySegment in = AeadIo.range(input, inputOffset, inputLen);
        if (!encrypting) {
            startData();
            hold(in);
            return AeadIo.EMPTY;
        }
        rules.checkOperationLength(encrypted + inputLen);
        byte[] out = new byte[inputLen];
        startData();
        encryptUpdate(in, MemorySegment.ofArray(out));
        return out;
    }

    @Override
    public int update(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        checkUsable();
        MemorySegment in = AeadIo.range(input, inputOffset, inputLen);
        rules.checkUpdateOutput(output, outputOffset, encrypting);
        if (!encrypting) {
            startData();
            hold(in);
            return 0;
        }
        rules.checkOperationLength(encrypted + inputLen);
        requireSpace(output, outputOffset, inputLen);
        startData();
        encryptUpdate(in, MemorySegment.ofArray(output).asSlice(outputOffset, inputLen));
        return inputLen;
    }

    @Override
    public int update(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
        if (!input.hasRemaining() && !rules.emptyBufferUpdateChecksState()) {
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
        rules.checkOperationLength(encrypted + len);
        if (output.remaining() < len) {
            throw new ShortBufferException("Output buffer must be at least " + len + " bytes long");
        }
        startData();
        encryptUpdate(AeadIo.remaining(input), AeadIo.remaining(output).asSlice(0, len));
        input.position(input.limit());
        output.position(output.position() + len);
        return len;
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
            pending =
                    Arrays.copyOf(pending, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(need, 2L * pending.length)));
        }
        MemorySegment.copy(in, 0, MemorySegment.ofArray(pending), pendingLength, len);
        pendingLength = need;
    }

    // ---- doFinal

    @Override
    public byte[] doFinal(byte[] input, int inputOffset, int inputLen) throws AEADBadTagException {
        checkUsable();
        MemorySegment in =
                input == null ? MemorySegment.ofArray(AeadIo.EMPTY) : AeadIo.range(input, inputOffset, inputLen);
        if (encrypting) {
            // the size as SunJCE's cipher computes it: its GCM wraps (NegativeArraySizeException)
            byte[] out = new byte[rules.encryptionOutputSize(inputLen, tagLength)];
            rules.checkOperationLength(encrypted + inputLen + tagLength);
            finishEncryption(in, MemorySegment.ofArray(out));
            return out;
        }
        byte[] out = new byte[plaintextLength(inputLen)];
        finishDecryption(in, MemorySegment.ofArray(out));
        return out;
    }

    @Override
    public int doFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, AEADBadTagException {
        checkUsable();
        MemorySegment in =
                input == null ? MemorySegment.ofArray(AeadIo.EMPTY) : AeadIo.range(input, inputOffset, inputLen);
        if (encrypting) {
            if ((long) inputLen + tagLength > Integer.MAX_VALUE) {
                rules.finalOutputOverflows(output, outputOffset, inputLen);
            }
            int need = inputLen + tagLength;
            requireSpace(output, outputOffset, need);
            rules.checkOperationLength(encrypted + inputLen + tagLength);
            finishEncryption(in, MemorySegment.ofArray(output).asSlice(outputOffset, need));
            return need;
        }
        int need = plaintextLength(inputLen);
        requireSpace(output, outputOffset, need);
        finishDecryption(in, MemorySegment.ofArray(output).asSlice(outputOffset, need));
        return need;
    }

    @Override
    public int doFinal(ByteBuffer input, ByteBuffer output) throws ShortBufferException, AEADBadTagException {
        checkUsable();
        int len = input.remaining();
        if (encrypting) {
            rules.checkOperationLength(encrypted + len + tagLength);
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
            throw new AEADBadTagException(
                    "Input data too short to contain an expected tag length of " + tagLength + " bytes");
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
            // out holds ciphertext and tag; the update writes exactly len bytes of it. The tag goes
            // through tagBuffer's segment, made once: a slice of out per message is an object the
            // JIT does not always scalar-replace (docs/history/2026-11-26-intel-aes-gcm-upper-vector-state.md)
            encryptUpdate(in, out);
            if (ctx.doFinal(tagSegment) != 0 || ctx.ctrl(EvpCipher.CTRL_AEAD_GET_TAG, tagLength, tagSegment) != 1) {
                throw new ProviderException(nativeAlgorithm.name() + " encryption final failed");
            }
            MemorySegment.copy(tagSegment, 0, out, len, tagLength);
            finished = true;
            tallies.nativePath().count(encrypted);
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
            tallies.nativePath().count(all.byteSize());
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
}
