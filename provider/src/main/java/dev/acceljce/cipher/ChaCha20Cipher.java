package dev.acceljce.cipher;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import dev.acceljce.control.SecretBytes;
import dev.acceljce.jdk.DecryptionInput;
import dev.acceljce.openssl.EvpCipher;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.ChaCha20ParameterSpec;

/**
 * The ChaCha20 stream cipher (RFC 8439) through OpenSSL's "ChaCha20", whose 16-byte IV is the
 * 32-bit little-endian block counter followed by the 12-byte nonce. The JDK's rules apply: a
 * {@link ChaCha20ParameterSpec} (nonce, initial counter), a random nonce and counter 1 when
 * encrypting without parameters, no encryption init with the key and nonce of the previous init,
 * and no further data after an encryption's doFinal.
 *
 * <p>The counter is 32 bits, as in the JDK: after block 2^32-1 it wraps to 0 with the same nonce
 * (OpenSSL would carry into the nonce, so the context is re-initialised at that block), and the
 * keystream ends after 2^32 blocks.
 */
final class ChaCha20Cipher extends CipherSpi implements Counted {
    private Counters.Tally tally = Counters.Tally.NONE;
    /** Input bytes of the operation in progress, counted when it completes. */
    private long messageBytes;

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    static final String OPENSSL_NAME = "ChaCha20";
    private static final int KEY_LENGTH = 32;
    private static final int NONCE_LENGTH = 12;
    private static final long BLOCK = 64;
    private static final long COUNTER_RANGE = 1L << 32;
    /** Keystream bytes one key and nonce give (2^32 blocks). */
    private static final long KEYSTREAM_BYTES = COUNTER_RANGE * BLOCK;

    /** Made at the first init (JCA's mode-and-padding probe drops objects unused). */
    private EvpCipher.Context ctx;

    private byte[] nativeKey;
    private boolean haveAlgorithm;
    /** OpenSSL's IV: counter (little-endian) || nonce. */
    private final byte[] opensslIv = new byte[16];

    // key and nonce of the previous init, in either direction (the JDK's reuse rule)
    private byte[] lastKey;
    private byte[] nonce;

    private boolean initialized;
    private boolean encrypting;
    private boolean finished;
    /** The context has produced keystream since the operation started: reset it before reuse. */
    private boolean restart;

    private long initialCounter;
    /** Keystream bytes used in this operation. */
    private long position;
    /** Whether the context was moved to counter 0 after the 32-bit counter wrapped. */
    private boolean wrapped;

    static byte[] rawKey(Key key) throws InvalidKeyException {
        // SunJCE's ChaCha20 ciphers throw NullPointerException here; the JCA's answer, and the
        // JDK path's (DecryptionInput.requireKey), is InvalidKeyException (found by EnginesFuzzTest)
        DecryptionInput.requireKey(key);
        if (!"RAW".equals(key.getFormat())) {
            throw new InvalidKeyException("Key encoding format must be RAW");
        }
        byte[] encoded = key.getEncoded();
        if (encoded == null || encoded.length != KEY_LENGTH) {
            if (encoded != null) {
                Arrays.fill(encoded, (byte) 0);
            }
            throw new InvalidKeyException("Key length must be 256 bits");
        }
        return encoded;
    }

    static byte[] randomNonce(SecureRandom random) {
        byte[] n = new byte[NONCE_LENGTH];
        (random != null ? random : new SecureRandom()).nextBytes(n);
        return n;
    }

    /**
     * The JDK's reuse rule: the key and nonce of the previous init. The nonce is public, so it is
     * compared first and plainly; the key, in constant time, only when the nonce matches (a
     * constant-time compare of 32 bytes costs tens of ns, per message).
     */
    static boolean sameKeyAndNonce(byte[] key, byte[] nonce, byte[] lastKey, byte[] lastNonce) {
        return lastKey != null && Arrays.equals(nonce, lastNonce) && SecretBytes.equal(key, lastKey);
    }

    @Override
    protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
        if (!mode.equalsIgnoreCase("None")) {
            throw new NoSuchAlgorithmException("Mode must be None");
        }
    }

    @Override
    protected void engineSetPadding(String padding) throws NoSuchPaddingException {
        if (!padding.equalsIgnoreCase("NoPadding")) {
            throw new NoSuchPaddingException("Padding must be NoPadding");
        }
    }

    @Override
    protected int engineGetBlockSize() {
        return 0;
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
        return inputLen;
    }

    @Override
    protected byte[] engineGetIV() {
        return nonce == null ? null : nonce.clone();
    }

    /** ChaCha20 has no AlgorithmParameters in the JDK either. */
    @Override
    protected AlgorithmParameters engineGetParameters() {
        return null;
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        Arrays.fill(rawKey(key), (byte) 0);
        return KEY_LENGTH * 8;
    }

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        if (opmode == Cipher.DECRYPT_MODE) {
            throw new InvalidKeyException("Default parameter generation disallowed in DECRYPT and UNWRAP modes");
        }
        init(opmode, key, randomNonce(random), 1);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (params == null) {
            engineInit(opmode, key, random);
            return;
        }
        if (!(params instanceof ChaCha20ParameterSpec spec)) {
            throw new InvalidAlgorithmParameterException("ChaCha20 algorithm requires ChaCha20ParameterSpec");
        }
        init(opmode, key, spec.getNonce(), spec.getCounter() & 0xFFFFFFFFL);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (params != null) {
            throw new InvalidAlgorithmParameterException("AlgorithmParameters not supported");
        }
        engineInit(opmode, key, random);
    }

    private void init(int opmode, Key key, byte[] newNonce, long counter) throws InvalidKeyException {
        if (opmode == Cipher.WRAP_MODE || opmode == Cipher.UNWRAP_MODE) {
            throw new UnsupportedOperationException("WRAP_MODE and UNWRAP_MODE are not currently supported");
        }
        byte[] keyBytes = rawKey(key);
        boolean encrypt = opmode == Cipher.ENCRYPT_MODE;
        if (encrypt && sameKeyAndNonce(keyBytes, newNonce, lastKey, nonce)) {
            Arrays.fill(keyBytes, (byte) 0);
            throw new InvalidKeyException("Matching key and nonce from previous initialization");
        }
        initialized = false;
        if (lastKey != null && SecretBytes.equal(keyBytes, lastKey)) {
            Arrays.fill(keyBytes, (byte) 0);
        } else {
            if (lastKey != null) {
                Arrays.fill(lastKey, (byte) 0);
            }
            lastKey = keyBytes;
        }
        nonce = newNonce;
        initialCounter = counter;
        encrypting = encrypt;
        setCounter(counter);
        if (ctx == null) {
            ctx = new EvpCipher.Context();
        }
        if (nativeKey != lastKey) {
            // a new key: the first init also sets the cipher; later ones keep it
            ctx.init(
                    haveAlgorithm ? null : EvpCipher.fetch(OPENSSL_NAME).orElseThrow(),
                    lastKey,
                    opensslIv,
                    encrypt ? 1 : 0);
            haveAlgorithm = true;
            nativeKey = lastKey;
        } else {
            ctx.init(null, null, opensslIv, encrypt ? 1 : 0);
        }
        position = 0;
        wrapped = false;
        restart = false;
        finished = false;
        initialized = true;
    }

    private void setCounter(long counter) {
        int c = (int) counter;
        opensslIv[0] = (byte) c;
        opensslIv[1] = (byte) (c >>> 8);
        opensslIv[2] = (byte) (c >>> 16);
        opensslIv[3] = (byte) (c >>> 24);
        System.arraycopy(nonce, 0, opensslIv, 4, NONCE_LENGTH);
    }

    private void checkUsable() {
        if (!initialized) {
            throw new IllegalStateException("Cipher not initialized");
        }
        if (finished) {
            throw new IllegalStateException("Must use either a different key or iv.");
        }
    }

    @Override
    protected void engineUpdateAAD(byte[] src, int offset, int len) {
        checkUsable();
        throw new IllegalStateException("Cipher is running in non-AEAD mode");
    }

    @Override
    protected void engineUpdateAAD(ByteBuffer src) {
        checkUsable();
        throw new IllegalStateException("Cipher is running in non-AEAD mode");
    }

    @Override
    protected byte[] engineUpdate(byte[] input, int inputOffset, int inputLen) {
        checkUsable();
        MemorySegment in = AeadIo.range(input, inputOffset, inputLen);
        byte[] out = new byte[inputLen];
        transform(in, MemorySegment.ofArray(out));
        return out;
    }

    @Override
    protected int engineUpdate(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        checkUsable();
        MemorySegment in = AeadIo.range(input, inputOffset, inputLen);
        transform(in, outputRange(output, outputOffset, inputLen));
        return inputLen;
    }

    @Override
    protected int engineUpdate(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
        if (!input.hasRemaining()) {
            return 0; // before the state check, as SunJCE (CipherSpi's buffer handling) does
        }
        checkUsable();
        return transform(input, output);
    }

    @Override
    protected byte[] engineDoFinal(byte[] input, int inputOffset, int inputLen) {
        checkUsable();
        MemorySegment in =
                input == null ? MemorySegment.ofArray(AeadIo.EMPTY) : AeadIo.range(input, inputOffset, inputLen);
        byte[] out = new byte[(int) in.byteSize()];
        transform(in, MemorySegment.ofArray(out));
        end();
        return out;
    }

    @Override
    protected int engineDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        checkUsable();
        MemorySegment in =
                input == null ? MemorySegment.ofArray(AeadIo.EMPTY) : AeadIo.range(input, inputOffset, inputLen);
        int len = (int) in.byteSize();
        transform(in, outputRange(output, outputOffset, len));
        end();
        return len;
    }

    @Override
    protected int engineDoFinal(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
        checkUsable();
        int n = transform(input, output);
        end();
        return n;
    }

    private static MemorySegment outputRange(byte[] output, int offset, int len) throws ShortBufferException {
        if (output == null || offset < 0 || output.length - offset < len) {
            throw new ShortBufferException("Output buffer too small");
        }
        return MemorySegment.ofArray(output).asSlice(offset, len);
    }

    private int transform(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
        int len = input.remaining();
        if (output.remaining() < len) {
            throw new ShortBufferException("Need at least " + len + " bytes of space in output buffer");
        }
        transform(AeadIo.remaining(input), AeadIo.remaining(output).asSlice(0, len));
        input.position(input.limit());
        output.position(output.position() + len);
        return len;
    }

    /** XORs the keystream into {@code in}, writing {@code out} (same length). */
    private void transform(MemorySegment in, MemorySegment out) {
        long len = in.byteSize();
        if (len == 0) {
            return;
        }
        messageBytes += len;
        if (len > KEYSTREAM_BYTES - position) {
            throw new ProviderException("Counter exhausted.  Reinitialize with new key and/or nonce");
        }
        if (restart) {
            setCounter(initialCounter);
            ctx.init(null, null, opensslIv, encrypting ? 1 : 0);
            restart = false;
        }
        MemorySegment src = AeadIo.detached(in, out);
        // where the 32-bit counter passes 2^32-1 (none when it starts at 0)
        long wrapAt = initialCounter == 0 ? KEYSTREAM_BYTES : (COUNTER_RANGE - initialCounter) * BLOCK;
        long done = 0;
        if (!wrapped && position + len > wrapAt) {
            done = wrapAt - position;
            xor(src.asSlice(0, done), out.asSlice(0, done));
            setCounter(0);
            ctx.init(null, null, opensslIv, -1);
            wrapped = true;
        }
        xor(src.asSlice(done), out.asSlice(done));
        position += len;
    }

    private void xor(MemorySegment in, MemorySegment out) {
        if (in.byteSize() > 0 && ctx.update(in, out) != in.byteSize()) {
            throw new ProviderException("ChaCha20 update failed");
        }
    }

    /** After doFinal: encryption must be re-initialised; decryption starts over with the same values. */
    private void end() {
        tally.count(messageBytes);
        messageBytes = 0;
        if (encrypting) {
            finished = true;
        } else {
            position = 0;
            wrapped = false;
            restart = true;
        }
    }
}
