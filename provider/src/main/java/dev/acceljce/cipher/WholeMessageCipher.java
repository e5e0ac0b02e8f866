package dev.acceljce.cipher;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import dev.acceljce.control.SecretBytes;
import dev.acceljce.openssl.EvpCipher;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import javax.crypto.AEADBadTagException;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;

/**
 * The AES modes OpenSSL runs on a whole message in one call: CCM (the length comes before the
 * AAD), GCM-SIV and SIV (the tag is computed over the whole plaintext before any ciphertext
 * exists), XTS (each call is one data unit). update() only collects input and AAD in Java and
 * returns nothing; doFinal() runs the message through OpenSSL and returns all of it.
 *
 * <p>Decryption releases nothing unverified: the plaintext is written to a private buffer, and
 * copied to the caller only once OpenSSL has verified the tag (wiped in every case). A failed
 * verification leaves the caller's output untouched. A {@link ShortBufferException} changes
 * nothing. After doFinal the object is ready for another message with the same key and IV (as the
 * JCA specifies), except where {@link #refusesReuseAfterEncryption()} (CCM: a nonce must not
 * encrypt twice).
 *
 * <p>Subclasses configure: which OpenSSL cipher a key selects (checked in Java), what parameters
 * they take, the data lengths the mode allows, and the sequence of native calls of the mode
 * ({@link #run}).
 */
abstract class WholeMessageCipher extends CipherSpi implements Counted {
    static final byte[] EMPTY = new byte[0];
    /** Input buffered before doFinal is bounded by what a Java array holds. */
    private static final int MAX_BUFFERED = Integer.MAX_VALUE - 64;

    private final EvpCipher.Context ctx = new EvpCipher.Context();
    private final String modeName;

    // what the native context holds
    private EvpCipher.Algorithm nativeAlgorithm;
    private byte[] nativeKey;
    private int nativeEncrypt = -1;

    // the operation
    private boolean initialized;
    private boolean encrypting;
    private byte[] key;
    private Params params;
    /** Encryption done where the mode refuses a second one with the same nonce: init first. */
    private boolean finished;

    private boolean dataStarted;
    private final List<byte[]> aad = new ArrayList<>();
    private byte[] input = EMPTY;
    private int inputLength;
    private Counters.Tally tally = Counters.Tally.NONE;

    WholeMessageCipher(String modeName) {
        this.modeName = modeName;
    }

    @Override
    public final void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    /** The IV or nonce (may be empty) and tag length in bytes (0 for an unauthenticated mode). */
    record Params(byte[] iv, int tagLength) {}

    /** One whole-message operation, for {@link #run}. */
    record Op(
            EvpCipher.Context ctx,
            EvpCipher.Algorithm algorithm,
            boolean newAlgorithm,
            byte[] key,
            boolean newKey,
            byte[] iv,
            boolean encrypt,
            List<byte[]> aad,
            MemorySegment in,
            MemorySegment out,
            MemorySegment tag) {
        /** The AAD components as one byte string. */
        byte[] joinedAad() {
            if (aad.size() == 1) {
                return aad.getFirst();
            }
            int n = 0;
            for (byte[] a : aad) {
                n = Math.addExact(n, a.length);
            }
            byte[] all = new byte[n];
            int pos = 0;
            for (byte[] a : aad) {
                System.arraycopy(a, 0, all, pos, a.length);
                pos += a.length;
            }
            return all;
        }
    }

    /** The OpenSSL cipher for this key, after checking the key in Java. */
    abstract EvpCipher.Algorithm algorithmFor(byte[] key) throws InvalidKeyException;

    /**
     * The operation's parameters from the caller's spec ({@code null}: none given; encryption may
     * then draw a fresh nonce from {@code random}).
     */
    abstract Params parameters(AlgorithmParameterSpec spec, boolean encrypt, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException;

    /** The parameters as the JDK's AlgorithmParameters describe them (null: none). */
    abstract AlgorithmParameterSpec specOf(Params p);

    /** The JDK AlgorithmParameters name for {@link #specOf}. */
    abstract String parametersAlgorithm();

    /** The spec class {@link #parameters} takes from AlgorithmParameters, or null for none. */
    abstract Class<? extends AlgorithmParameterSpec> specClass();

    /** Refuses a data length the mode cannot process, before OpenSSL sees it. */
    void checkDataLength(long length, Params p) throws IllegalBlockSizeException {}

    /**
     * Runs the message on OpenSSL. Encryption writes op.out and op.tag and returns true;
     * decryption writes op.out (a private buffer) and returns whether the tag verified.
     * Unexpected refusals end in ProviderException.
     */
    abstract boolean run(Op op);

    /** Whether the tag precedes the ciphertext (SIV: RFC 5297's V || C) rather than following it. */
    boolean tagFirst() {
        return false;
    }

    boolean refusesReuseAfterEncryption() {
        return false;
    }

    /** Whether each updateAAD call is one AD component of its own (SIV's vector) rather than a continuation. */
    boolean aadIsVector() {
        return false;
    }

    // ---- JCA plumbing

    @Override
    protected final void engineSetMode(String mode) throws NoSuchAlgorithmException {
        if (!modeName.equalsIgnoreCase(mode)) {
            throw new NoSuchAlgorithmException("Cipher mode: " + mode + " not found");
        }
    }

    @Override
    protected final void engineSetPadding(String padding) throws NoSuchPaddingException {
        if (!"NoPadding".equalsIgnoreCase(padding)) {
            throw new NoSuchPaddingException("Padding: " + padding + " not implemented");
        }
    }

    @Override
    protected final int engineGetBlockSize() {
        return 16;
    }

    @Override
    protected final int engineGetKeySize(Key key) throws InvalidKeyException {
        byte[] k = rawKey(key);
        try {
            return Math.multiplyExact(k.length, 8);
        } finally {
            Arrays.fill(k, (byte) 0);
        }
    }

    @Override
    protected final byte[] engineGetIV() {
        return params == null || params.iv.length == 0 ? null : params.iv.clone();
    }

    @Override
    protected final AlgorithmParameters engineGetParameters() {
        AlgorithmParameterSpec spec = params == null ? null : specOf(params);
        if (spec == null) {
            return null;
        }
        try {
            AlgorithmParameters ap = AlgorithmParameters.getInstance(parametersAlgorithm());
            ap.init(spec);
            return ap;
        } catch (NoSuchAlgorithmException | InvalidParameterSpecException e) {
            throw new ProviderException("cannot encode the " + modeName + " parameters", e);
        }
    }

    @Override
    protected final int engineGetOutputSize(int inputLen) {
        long total = (long) inputLength + Math.max(inputLen, 0);
        int tag = params == null ? 0 : params.tagLength;
        long out = encrypting ? total + tag : Math.max(total - tag, 0);
        return (int) Math.min(out, Integer.MAX_VALUE);
    }

    private static byte[] rawKey(Key key) throws InvalidKeyException {
        if (!(key instanceof SecretKey)) {
            throw new InvalidKeyException("Secret key expected");
        }
        if (!"RAW".equalsIgnoreCase(key.getFormat())) {
            throw new InvalidKeyException("Key format must be RAW");
        }
        byte[] k = key.getEncoded();
        if (k == null) {
            throw new InvalidKeyException("Missing key data");
        }
        return k;
    }

    @Override
    protected final void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        try {
            engineInit(opmode, key, (AlgorithmParameterSpec) null, random);
        } catch (InvalidAlgorithmParameterException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
    }

    @Override
    protected final void engineInit(int opmode, Key key, AlgorithmParameters ap, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        AlgorithmParameterSpec spec = null;
        if (ap != null) {
            if (specClass() == null) {
                throw new InvalidAlgorithmParameterException("AES/" + modeName + " takes no parameters");
            }
            try {
                spec = ap.getParameterSpec(specClass());
            } catch (InvalidParameterSpecException e) {
                throw new InvalidAlgorithmParameterException("wrong parameter type: " + ap.getAlgorithm(), e);
            }
        }
        engineInit(opmode, key, spec, random);
    }

    @Override
    protected final void engineInit(int opmode, Key key, AlgorithmParameterSpec spec, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        boolean encrypt = switch (opmode) {
            case Cipher.ENCRYPT_MODE -> true;
            case Cipher.DECRYPT_MODE -> false;
            default ->
                throw new InvalidParameterException("AES/" + modeName + " encrypts and decrypts only"
                        + " (Cipher.ENCRYPT_MODE, Cipher.DECRYPT_MODE), not mode " + opmode);
        };
        byte[] k = rawKey(key);
        try {
            algorithmFor(k); // checks the key
            Params p = parameters(spec, encrypt, random == null ? new SecureRandom() : random);
            // every check passed: replace the operation
            initialized = false;
            forgetKey();
            this.key = k;
            k = null;
            params = p;
            encrypting = encrypt;
            finished = false;
            clearMessage();
            initialized = true;
        } finally {
            if (k != null) {
                Arrays.fill(k, (byte) 0);
            }
        }
    }

    private void forgetNativeKey() {
        if (nativeKey != null && nativeKey != key) {
            Arrays.fill(nativeKey, (byte) 0);
        }
        nativeKey = null;
        nativeAlgorithm = null;
        nativeEncrypt = -1;
    }

    private void forgetKey() {
        if (key != null && key != nativeKey) {
            Arrays.fill(key, (byte) 0);
        }
        key = null;
    }

    private void checkUsable() {
        if (!initialized) {
            throw new IllegalStateException("Cipher not initialized");
        }
        if (finished) {
            throw new IllegalStateException("Cannot re-use nonce for " + modeName + " encryption: init with a new one");
        }
    }

    // ---- AAD

    @Override
    protected final void engineUpdateAAD(byte[] src, int offset, int len) {
        Objects.checkFromIndexSize(offset, len, src.length);
        addAad(Arrays.copyOfRange(src, offset, offset + len));
    }

    @Override
    protected final void engineUpdateAAD(ByteBuffer src) {
        byte[] a = new byte[src.remaining()];
        src.get(a);
        addAad(a);
    }

    private void addAad(byte[] a) {
        checkUsable();
        if (params.tagLength == 0) {
            throw new IllegalStateException("AES/" + modeName + " takes no AAD");
        }
        if (dataStarted) {
            throw new IllegalStateException("Update has been called; no more AAD data");
        }
        if (a.length == 0 && !aadIsVector()) {
            return;
        }
        aad.add(a);
    }

    // ---- update: collect

    private void hold(byte[] in, int off, int len) {
        Objects.checkFromIndexSize(off, len, in.length);
        checkUsable();
        dataStarted = true;
        if (len == 0) {
            return;
        }
        if (len > MAX_BUFFERED - inputLength) {
            throw new ProviderException("AccelJCE holds at most 2 GB of " + modeName + " input before doFinal");
        }
        int need = inputLength + len;
        if (need > input.length) {
            input = Arrays.copyOf(input, (int) Math.min(MAX_BUFFERED, Math.max(need, 2L * input.length)));
        }
        System.arraycopy(in, off, input, inputLength, len);
        inputLength = need;
    }

    @Override
    protected final byte[] engineUpdate(byte[] in, int off, int len) {
        hold(in, off, len);
        return EMPTY;
    }

    @Override
    protected final int engineUpdate(byte[] in, int off, int len, byte[] out, int outOff) {
        hold(in, off, len);
        return 0;
    }

    @Override
    protected final int engineUpdate(ByteBuffer in, ByteBuffer out) {
        byte[] a = new byte[in.remaining()];
        in.get(a);
        hold(a, 0, a.length);
        return 0;
    }

    // ---- doFinal: the whole message

    @Override
    protected final byte[] engineDoFinal(byte[] in, int off, int len)
            throws IllegalBlockSizeException, BadPaddingException {
        if (in != null) {
            hold(in, off, len);
        }
        checkUsable();
        byte[] out = new byte[outputLength()];
        finish(MemorySegment.ofArray(out));
        return out;
    }

    @Override
    protected final int engineDoFinal(byte[] in, int off, int len, byte[] out, int outOff)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        checkUsable();
        if (in != null) {
            Objects.checkFromIndexSize(off, len, in.length);
        }
        int need = Math.addExact(outputLengthWith(in == null ? 0 : len), 0);
        Objects.requireNonNull(out, "output");
        if (outOff < 0 || out.length - outOff < need) {
            throw new ShortBufferException("Output buffer too small, must be at least " + need + " bytes long");
        }
        if (in != null) {
            hold(in, off, len);
        }
        finish(MemorySegment.ofArray(out).asSlice(outOff, need));
        return need;
    }

    @Override
    protected final int engineDoFinal(ByteBuffer in, ByteBuffer out)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        checkUsable();
        int need = outputLengthWith(in.remaining());
        if (out.remaining() < need) {
            throw new ShortBufferException("Output buffer too small, must be at least " + need + " bytes long");
        }
        byte[] a = new byte[in.remaining()];
        in.get(a);
        hold(a, 0, a.length);
        byte[] result = new byte[need];
        finish(MemorySegment.ofArray(result));
        out.put(result);
        return need;
    }

    private int outputLength() throws AEADBadTagException {
        return outputLengthWith(0);
    }

    /** The output of doFinal with {@code more} bytes still to come; decryption needs a whole tag. */
    private int outputLengthWith(int more) throws AEADBadTagException {
        long total = (long) inputLength + more;
        int tag = params.tagLength;
        if (encrypting) {
            return (int) Math.min(total + tag, Integer.MAX_VALUE);
        }
        if (total < tag) {
            clearMessage();
            throw new AEADBadTagException(
                    "Input data too short to contain an expected tag length of " + tag + " bytes");
        }
        return (int) (total - tag);
    }

    /** Runs the held message into {@code out} (exactly the output length); always ends the message. */
    private void finish(MemorySegment out) throws IllegalBlockSizeException, AEADBadTagException {
        int tag = params.tagLength;
        int dataLength = encrypting ? inputLength : inputLength - tag;
        byte[] plain = null;
        try {
            checkDataLength(dataLength, params);
            EvpCipher.Algorithm algorithm = algorithmFor(key);
            int enc = encrypting ? 1 : 0;
            boolean newAlgorithm = algorithm != nativeAlgorithm;
            boolean newKey = newAlgorithm || enc != nativeEncrypt || !SecretBytes.equal(key, nativeKey);
            MemorySegment all = MemorySegment.ofArray(input).asSlice(0, inputLength);
            MemorySegment data;
            MemorySegment tagSegment;
            MemorySegment target;
            if (encrypting) {
                data = all;
                tagSegment = tagFirst() ? out.asSlice(0, tag) : out.asSlice(dataLength, tag);
                target = tagFirst() ? out.asSlice(tag, dataLength) : out.asSlice(0, dataLength);
            } else {
                data = tagFirst() ? all.asSlice(tag, dataLength) : all.asSlice(0, dataLength);
                tagSegment = tagFirst() ? all.asSlice(0, tag) : all.asSlice(dataLength, tag);
                plain = new byte[dataLength];
                target = MemorySegment.ofArray(plain);
            }
            if (newKey) { // until the context holds the new key, it holds none we know
                forgetNativeKey();
            }
            boolean ok;
            boolean ran = false;
            try {
                ok = run(new Op(
                        ctx,
                        algorithm,
                        newAlgorithm,
                        key,
                        newKey,
                        params.iv,
                        encrypting,
                        List.copyOf(aad),
                        data,
                        target,
                        tagSegment));
                ran = true;
            } finally {
                if (!ran) { // a refusal mid-sequence: set everything up again next time
                    forgetNativeKey();
                }
            }
            if (newKey) {
                nativeAlgorithm = algorithm;
                nativeKey = key;
                nativeEncrypt = enc;
            }
            if (!ok) {
                throw new AEADBadTagException("Tag mismatch");
            }
            if (!encrypting) {
                MemorySegment.copy(target, 0, out, 0, dataLength);
            } else if (refusesReuseAfterEncryption()) {
                finished = true;
            }
            tally.count(dataLength);
        } catch (InvalidKeyException e) {
            throw new ProviderException(e); // checked at init: cannot happen
        } finally {
            if (plain != null) {
                Arrays.fill(plain, (byte) 0);
            }
            clearMessage();
        }
    }

    private void clearMessage() {
        aad.clear();
        Arrays.fill(input, 0, inputLength, (byte) 0);
        if (input.length > (1 << 20)) {
            input = EMPTY;
        }
        inputLength = 0;
        dataStarted = false;
    }

    /** The mode name in upper case, for messages. */
    final String mode() {
        return modeName.toUpperCase(Locale.ROOT);
    }
}
