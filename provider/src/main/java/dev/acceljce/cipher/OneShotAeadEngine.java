package dev.acceljce.cipher;

import dev.acceljce.awslc.EvpAead;
import dev.acceljce.control.Engine;
import dev.acceljce.control.SecretBytes;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.security.ProviderException;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.AEADBadTagException;
import javax.crypto.ShortBufferException;

/**
 * The AEAD engine over AWS-LC's {@code EVP_AEAD}: one native call seals or opens a whole message,
 * on a context that keeps the key schedule while the key stays the same. So update() collects
 * data (and returns nothing, in both directions) and doFinal() runs the message. Counted on the
 * native path.
 *
 * <p>Decryption releases nothing unverified: AWS-LC opens into a private buffer (it zeroes its
 * output on a wrong tag), copied to the caller only once the tag verified, and wiped in every
 * case; or, in a doFinal that returns a new array, straight into that array, which reaches the
 * caller only once the tag verified. A failed verification leaves the caller's output untouched;
 * a {@link ShortBufferException} changes nothing. After doFinal, decryption is ready for the same key and nonce again; encryption
 * refuses more data until re-initialised, as {@link NativeAeadEngine} does. Where the algorithm's
 * JDK counterpart has its own ways (sizes, exceptions) the engine follows its {@link AeadRules}.
 */
final class OneShotAeadEngine implements CipherEngine {
    /** Buffers grown past this are dropped after the message: one huge message must not pin them. */
    private static final int KEPT_CAPACITY = 1 << 20;

    private static final int MAX_HELD = Integer.MAX_VALUE - 64;

    /**
     * Messages up to this size (a TLS record, 16 KiB plus its overhead, fits) are copied into a
     * native scratch buffer of the engine rather than passed as segments of the caller's arrays:
     * the copies cost little next to the cipher, the wrappers a JIT may fail to remove cost more.
     * From {@link #DIRECT_FROM} on, only decryptions into the caller's array take this way.
     */
    private static final int MAX_SCRATCH = 17 * 1024 + 512;

    private static final int MIN_SCRATCH = 1024;

    /**
     * From this message size on (the longer of input and output), a message whose output needs
     * no private buffer (any encryption; a decryption into an array doFinal makes) runs on
     * segments of the Java arrays themselves rather than through the scratch buffer: there the
     * copies in and out (and the wipe after an open) cost more than the segment objects. Raced
     * against the JDK's AES-GCM (Intel Xeon, AVX-512, 2026-11-27, three forks each), decryption
     * at 1 KiB went from 0.92-0.95x to 1.15-1.20x with this at 512 rather than 2048, and every
     * 512 B and 1 KiB fork gained; below 512 B the scratch buffer stays, as measured then
     * (docs/history/2026-11-26-intel-aes-gcm-upper-vector-state.md).
     */
    private static final int DIRECT_FROM = 512;

    private final AeadRules rules;
    private final Tallies tallies;

    /** The context and the key it holds (owned, wiped when replaced). */
    private EvpAead.Context ctx;

    private byte[] nativeKey;

    /** Native memory for short messages, grown on demand (see {@link #MAX_SCRATCH}). */
    private EvpAead.Scratch scratch;

    // the operation
    private boolean initialized;
    private boolean encrypting;
    private byte[] nonce;
    private int tagLength;
    private boolean dataStarted;
    private boolean finished;
    private byte[] aad = AeadIo.EMPTY;
    private int aadLength;
    private byte[] held = AeadIo.EMPTY;
    private int heldLength;
    /** Decryption: plaintext before its tag is verified; wiped after each doFinal. */
    private byte[] plain = AeadIo.EMPTY;

    OneShotAeadEngine(AeadRules rules, Tallies tallies) {
        this.rules = rules;
        this.tallies = tallies;
    }

    /**
     * Sets up an operation on checked arguments: a key equal to the one the context holds (with
     * the same algorithm and tag length) keeps it. {@code key} and {@code nonce} become owned by
     * this object; the nonce is only read.
     */
    void start(boolean encrypt, EvpAead.Algorithm algorithm, byte[] key, byte[] nonce, int tagLength) {
        initialized = false;
        if (ctx == null
                || ctx.algorithm() != algorithm
                || ctx.tagLength() != tagLength
                || !SecretBytes.equal(key, nativeKey)) {
            EvpAead.Context fresh = new EvpAead.Context(algorithm, key, tagLength);
            if (ctx != null) {
                ctx.close();
            }
            ctx = fresh;
            if (nativeKey != null && nativeKey != key) {
                Arrays.fill(nativeKey, (byte) 0);
            }
            nativeKey = key;
        } else if (key != nativeKey) {
            Arrays.fill(key, (byte) 0);
        }
        this.encrypting = encrypt;
        this.nonce = nonce;
        this.tagLength = tagLength;
        finished = false;
        endMessage();
        initialized = true;
    }

    /** Whether the operation has received no data yet (AAD at most). */
    boolean noDataYet() {
        return initialized && !finished && !dataStarted;
    }

    /** A copy of the key, for an engine that takes the operation over (it owns and wipes the copy). */
    byte[] keyCopy() {
        return nativeKey.clone();
    }

    /**
     * Gives the AAD held so far to {@code next}, which takes the operation over, and drops this
     * engine's operation (the key context stays for the next init).
     */
    void handAad(CipherEngine next) {
        next.updateAad(aad, 0, aadLength);
        endMessage();
        initialized = false;
    }

    private void checkUsable() {
        if (!initialized) {
            throw new IllegalStateException("Cipher not initialized");
        }
        if (finished) {
            throw new IllegalStateException(rules.reuseAfterFinishMessage());
        }
    }

    @Override
    public int outputSize(int inputLen) {
        return encrypting
                ? rules.encryptionOutputSize(Math.addExact(heldLength, inputLen), tagLength)
                : rules.decryptionOutputSize(inputLen, heldLength, tagLength);
    }

    // ---- AAD

    @Override
    public void updateAad(byte[] src, int offset, int len) {
        addAad(AeadIo.range(src, offset, len));
    }

    @Override
    public void updateAad(ByteBuffer src) {
        addAad(AeadIo.remaining(src));
        src.position(src.limit());
    }

    private void addAad(MemorySegment a) {
        checkUsable();
        if (dataStarted) {
            throw new IllegalStateException("Update has been called; no more AAD data");
        }
        aad = append(aad, aadLength, a);
        aadLength += (int) a.byteSize();
    }

    // ---- update: collect

    @Override
    public byte[] update(byte[] input, int inputOffset, int inputLen) {
        checkUsable();
        hold(AeadIo.range(input, inputOffset, inputLen));
        return AeadIo.EMPTY;
    }

    @Override
    public int update(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        checkUsable();
        MemorySegment in = AeadIo.range(input, inputOffset, inputLen);
        rules.checkUpdateOutput(output, outputOffset, encrypting);
        hold(in);
        return 0;
    }

    @Override
    public int update(ByteBuffer input, ByteBuffer output) {
        if (!input.hasRemaining() && !rules.emptyBufferUpdateChecksState()) {
            return 0;
        }
        checkUsable();
        hold(AeadIo.remaining(input));
        input.position(input.limit());
        return 0;
    }

    private void hold(MemorySegment in) {
        dataStarted = true;
        held = append(held, heldLength, in);
        heldLength += (int) in.byteSize();
    }

    /** {@code buffer[0..length)} followed by {@code more}: {@code buffer} itself when it has room. */
    private static byte[] append(byte[] buffer, int length, MemorySegment more) {
        int len = (int) more.byteSize();
        if (len == 0) {
            return buffer;
        }
        if (len > MAX_HELD - length) {
            throw new ProviderException("AccelJCE holds at most 2 GB of a one-shot AEAD message before doFinal");
        }
        int need = length + len;
        byte[] b = buffer;
        if (need > b.length) {
            b = Arrays.copyOf(buffer, (int) Math.min(MAX_HELD, Math.max(need, 2L * buffer.length)));
            Arrays.fill(buffer, 0, length, (byte) 0);
        }
        MemorySegment.copy(more, 0, MemorySegment.ofArray(b), length, len);
        return b;
    }

    // ---- doFinal: the whole message

    @Override
    public byte[] doFinal(byte[] input, int inputOffset, int inputLen) throws AEADBadTagException {
        checkUsable();
        if (input == null) {
            input = AeadIo.EMPTY;
            inputOffset = 0;
            inputLen = 0;
        }
        Objects.checkFromIndexSize(inputOffset, inputLen, input.length);
        // encryption: the size as SunJCE's cipher computes it, so that an output past an array's
        // limit ends as it does there (GCM wraps: NegativeArraySizeException), as on OpenSSL's engine
        int outLength =
                encrypting && heldLength == 0 ? rules.encryptionOutputSize(inputLen, tagLength) : finalLength(inputLen);
        if (heldLength == 0 && outLength >= 0) {
            int longer = Math.max(inputLen, outLength);
            if (longer >= DIRECT_FROM) {
                // a new array nobody else sees: decryption opens straight into it (AWS-LC zeroes it
                // on a wrong tag, and it is dropped then)
                byte[] out = new byte[outLength];
                run(AeadIo.range(input, inputOffset, inputLen), MemorySegment.ofArray(out), true);
                return out;
            }
            EvpAead.Scratch s = scratch(longer);
            if (s != null) {
                return runShort(s, input, inputOffset, inputLen, null, 0); // the array made after the call
            }
        }
        byte[] out = new byte[outLength];
        finish(input, inputOffset, inputLen, out, 0);
        return out;
    }

    @Override
    public int doFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, AEADBadTagException {
        checkUsable();
        if (input == null) {
            input = AeadIo.EMPTY;
            inputOffset = 0;
            inputLen = 0;
        }
        Objects.checkFromIndexSize(inputOffset, inputLen, input.length);
        if (encrypting && (long) heldLength + inputLen + tagLength > Integer.MAX_VALUE) {
            rules.finalOutputOverflows(output, outputOffset, inputLen);
        }
        int need = finalLength(inputLen);
        Objects.requireNonNull(output, "output"); // as the JDK's AEAD ciphers
        if (outputOffset < 0 || output.length - outputOffset < need) {
            throw new ShortBufferException("Output buffer too small, must be at least " + need + " bytes long");
        }
        finish(input, inputOffset, inputLen, output, outputOffset);
        return need;
    }

    @Override
    public int doFinal(ByteBuffer input, ByteBuffer output) throws ShortBufferException, AEADBadTagException {
        checkUsable();
        int need = finalLength(input.remaining());
        if (output.remaining() < need) {
            throw new ShortBufferException("Output buffer too small, must be at least " + need + " bytes long");
        }
        if (input.hasArray() && output.hasArray()) { // heap buffers (a read-only one has no array)
            finish(
                    input.array(),
                    input.arrayOffset() + input.position(),
                    input.remaining(),
                    output.array(),
                    output.arrayOffset() + output.position());
        } else {
            finish(AeadIo.remaining(input), AeadIo.remaining(output).asSlice(0, need));
        }
        input.position(input.limit());
        output.position(output.position() + need);
        return need;
    }

    /**
     * The output of doFinal with {@code more} bytes to come. Decryption input shorter than the
     * tag ends the operation with AEADBadTagException, as the JDK does.
     */
    private int finalLength(long more) throws AEADBadTagException {
        long total = heldLength + more;
        if (encrypting) {
            return Math.addExact(Math.toIntExact(total), tagLength);
        }
        if (total < tagLength) {
            endMessage();
            throw new AEADBadTagException(
                    "Input data too short to contain an expected tag length of " + tagLength + " bytes");
        }
        return (int) (total - tagLength);
    }

    /**
     * Runs the held message plus {@code in[inOffset, +inLength)} into {@code out} from
     * {@code outOffset} (room checked by the caller); always ends the message. Through the
     * scratch buffer when the message fits there: no segment object per message.
     */
    private void finish(byte[] in, int inOffset, int inLength, byte[] out, int outOffset) throws AEADBadTagException {
        if (heldLength != 0) {
            hold(AeadIo.range(in, inOffset, inLength));
            in = held;
            inOffset = 0;
            inLength = heldLength;
        }
        int outLength = encrypting ? inLength + tagLength : inLength - tagLength;
        int longer = Math.max(inLength, outLength);
        EvpAead.Scratch s = encrypting && longer >= DIRECT_FROM ? null : scratch(longer);
        if (s == null) {
            MemorySegment o = AeadIo.range(out, outOffset, outLength);
            MemorySegment message = AeadIo.range(in, inOffset, inLength);
            run(in == held ? message : AeadIo.detached(message, o), o, false);
            return;
        }
        runShort(s, in, inOffset, inLength, out, outOffset);
    }

    /**
     * Runs the message {@code in[inOffset, +inLength)} through the scratch buffer {@code s} into
     * {@code out} from {@code outOffset}, or into a new array when {@code out} is null, and returns
     * the array written; always ends the message.
     */
    private byte[] runShort(EvpAead.Scratch s, byte[] in, int inOffset, int inLength, byte[] out, int outOffset)
            throws AEADBadTagException {
        try {
            byte[] result;
            if (encrypting) {
                result = ctx.sealShort(s, nonce, aad, aadLength, in, inOffset, inLength, out, outOffset);
                finished = true;
            } else {
                result = ctx.openShort(s, nonce, aad, aadLength, in, inOffset, inLength, out, outOffset);
                if (result == null) {
                    throw new AEADBadTagException("Tag mismatch");
                }
            }
            tallies.nativePath(Engine.AWSLC).count(inLength);
            return result;
        } finally {
            endMessage();
        }
    }

    /**
     * The scratch buffer for a message whose longer side (input or output) is {@code length}
     * bytes, grown to fit; null when the message is too long for one (it then goes through
     * segments on the caller's memory).
     */
    private EvpAead.Scratch scratch(int length) {
        EvpAead.Scratch s = scratch;
        if (s != null && s.fits(nonce.length, aadLength, length)) {
            return s;
        }
        long need = EvpAead.Scratch.capacityFor(nonce.length, aadLength, length);
        if (need > MAX_SCRATCH) {
            return null;
        }
        int capacity = (int) Math.min(MAX_SCRATCH, Math.max(MIN_SCRATCH, Long.highestOneBit(need - 1) << 1));
        scratch = s = new EvpAead.Scratch(capacity);
        return s;
    }

    /** Runs the held message plus {@code in} into {@code out} (exactly its length); always ends the message. */
    private void finish(MemorySegment in, MemorySegment out) throws AEADBadTagException {
        MemorySegment message;
        if (heldLength == 0) {
            // AWS-LC allows out == in exactly; any other overlap needs a private copy of the input
            message = AeadIo.detached(in, out);
        } else {
            hold(in);
            message = MemorySegment.ofArray(held).asSlice(0, heldLength);
        }
        run(message, out, false);
    }

    /**
     * Runs the whole {@code message} into {@code out} (exactly its length); always ends the
     * message. A decryption opens into a private buffer first, unless {@code fresh}: {@code out}
     * is then a new array that reaches the caller only when the tag verified.
     */
    private void run(MemorySegment message, MemorySegment out, boolean fresh) throws AEADBadTagException {
        MemorySegment n = MemorySegment.ofArray(nonce);
        MemorySegment a = MemorySegment.ofArray(aad).asSlice(0, aadLength);
        long length = message.byteSize();
        try {
            if (encrypting) {
                ctx.seal(n, message, a, out);
                finished = true;
            } else if (fresh) {
                if (!ctx.open(n, message, a, out)) {
                    throw new AEADBadTagException("Tag mismatch");
                }
            } else {
                int plainLength = (int) out.byteSize();
                if (plain.length < plainLength) {
                    plain = new byte[plainLength];
                }
                MemorySegment p = MemorySegment.ofArray(plain).asSlice(0, plainLength);
                try {
                    if (!ctx.open(n, message, a, p)) {
                        throw new AEADBadTagException("Tag mismatch");
                    }
                    MemorySegment.copy(p, 0, out, 0, plainLength);
                } finally {
                    Arrays.fill(plain, 0, plainLength, (byte) 0);
                }
            }
            tallies.nativePath(Engine.AWSLC).count(length);
        } finally {
            endMessage();
        }
    }

    /** The message is done or abandoned: the next starts empty with the same key and nonce. */
    private void endMessage() {
        Arrays.fill(held, 0, heldLength, (byte) 0);
        heldLength = 0;
        aadLength = 0;
        dataStarted = false;
        if (held.length > KEPT_CAPACITY) {
            held = AeadIo.EMPTY;
        }
        if (aad.length > KEPT_CAPACITY) {
            aad = AeadIo.EMPTY;
        }
        if (plain.length > KEPT_CAPACITY) {
            plain = AeadIo.EMPTY;
        }
    }
}
