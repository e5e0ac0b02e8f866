package dev.acceljce.cipher;

import dev.acceljce.openssl.EvpCipher;
import dev.acceljce.params.Parameters;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Locale;
import javax.crypto.BadPaddingException;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;

/**
 * AES in one of the modes OpenSSL serves ({@link Mode}), with or without PKCS#5 padding,
 * on one EVP_CIPHER_CTX; {@code doFinal} returns to the state after {@code init} (same key, same
 * IV) as SunJCE does. Counted on the native path.
 *
 * <p>Every update returns exactly as many bytes as SunJCE's would. OpenSSL buffers partial blocks
 * itself ({@link #opensslHeld} mirrors how many input bytes it holds), but streams CFB and OFB
 * byte by byte where SunJCE works in whole blocks, and keeps back one block when decrypting with
 * padding where SunJCE keeps back up to two: in those cases the bytes SunJCE would still hold are
 * kept in {@link #pending} and fed to OpenSSL later. So the output of every call is known exactly
 * before native code writes it.
 *
 * <p>Deliberate differences from SunJCE: an empty ciphertext is refused when decrypting with
 * padding (IllegalBlockSizeException; SunJCE returns an empty plaintext, Wycheproof calls it
 * invalid); after BadPaddingException the object is back at its state after init (SunJCE keeps
 * part of the failed input and returns garbage next). After IllegalBlockSizeException and
 * ShortBufferException nothing has changed, as in SunJCE.
 */
final class NativeAesEngine implements CipherEngine {
    static final int BLOCK = 16;

    /** The modes OpenSSL serves, with the suffix of OpenSSL's cipher names ("AES-128-" + suffix). */
    enum Mode {
        ECB("ECB", true, false),
        CBC("CBC", true, true),
        CTR("CTR", false, true),
        CFB("CFB", false, true),
        CFB8("CFB8", false, true),
        OFB("OFB", false, true);

        final String openssl;
        /** Whether OpenSSL buffers partial blocks (ECB, CBC) rather than streaming. */
        final boolean block;

        final boolean usesIv;

        Mode(String openssl, boolean block, boolean usesIv) {
            this.openssl = openssl;
            this.block = block;
            this.usesIv = usesIv;
        }

        /** The native mode a SunJCE mode name means, or null when only SunJCE has it. */
        static Mode of(String name) {
            return switch (name.toUpperCase(Locale.ROOT)) {
                case "ECB" -> ECB;
                case "CBC" -> CBC;
                case "CTR" -> CTR;
                case "CFB", "CFB128" -> CFB;
                case "CFB8" -> CFB8;
                case "OFB", "OFB128" -> OFB;
                default -> null;
            };
        }

        /** The fetched cipher per key length (16, 24, 32 bytes: index length / 8 - 2), once found. */
        private final EvpCipher.Algorithm[] fetched = new EvpCipher.Algorithm[3];

        /**
         * OpenSSL's cipher for this mode and a 16-, 24- or 32-byte key. Kept here: building its name
         * and looking it up on every init showed in the profile of small-message CBC and CTR.
         */
        EvpCipher.Algorithm algorithm(int keyLength) {
            int i = keyLength / 8 - 2;
            EvpCipher.Algorithm a = fetched[i];
            if (a == null) {
                a = EvpCipher.fetch("AES-" + keyLength * 8 + "-" + openssl)
                        .orElseThrow(() -> new ProviderException("OpenSSL lacks AES-" + keyLength * 8 + "-" + openssl));
                fetched[i] = a; // a benign race: every thread finds the same fetched cipher
            }
            return a;
        }
    }

    final Mode mode;
    private final boolean padding;
    private final Tallies tallies;

    private EvpCipher.Context ctx;
    private final ScheduledKey scheduled = new ScheduledKey();
    private byte[] iv;
    private boolean encrypt;
    private boolean initialized;
    /** Input bytes OpenSSL holds in its block buffer, not yet output. */
    private int opensslHeld;
    /** Input bytes not yet given to OpenSSL (fewer than a block), see the class comment. */
    private byte[] pending = new byte[BLOCK];

    private int pendingLen;

    /** {@code padding}: PKCS#5 padding (ECB and CBC only). */
    NativeAesEngine(Mode mode, boolean padding, Tallies tallies) {
        this.mode = mode;
        this.padding = padding;
        this.tallies = tallies;
    }

    static byte[] randomIv(SecureRandom random) {
        byte[] b = new byte[BLOCK];
        AesKeys.random(random).nextBytes(b);
        return b;
    }

    byte[] iv() {
        return iv == null ? null : iv.clone();
    }

    AlgorithmParameters parameters() {
        if (!mode.usesIv) {
            return null;
        }
        // SunJCE hands out parameters with a fresh random IV before init; so do we
        byte[] p = iv != null ? iv : randomIv(null);
        try {
            return Parameters.of("AES", new IvParameterSpec(p));
        } catch (GeneralSecurityException e) {
            throw new ProviderException("cannot encode AES parameters", e);
        }
    }

    // ---- init

    /**
     * Sets the context up on checked arguments: {@code raw} is a valid AES key (wiped here),
     * {@code newIv} a 16-byte IV when the mode uses one.
     */
    void init(boolean enc, byte[] raw, byte[] newIv) {
        EvpCipher.Algorithm alg = mode.algorithm(raw.length);
        if (ctx == null) {
            ctx = new EvpCipher.Context();
        }
        initialized = false;
        boolean keepSchedule = scheduled.keeps(alg, enc, raw);
        ctx.init(keepSchedule ? null : alg, keepSchedule ? null : raw, newIv, enc ? 1 : 0);
        if (mode.block) {
            ctx.setPadding(padding);
        }
        scheduled.installed(alg, enc, raw, keepSchedule);
        encrypt = enc;
        iv = newIv == null ? null : newIv.clone();
        clearHeld();
        initialized = true;
    }

    private void requireInit() {
        if (!initialized) {
            throw new IllegalStateException("Cipher not initialized");
        }
    }

    /** Back to the state after init: same key schedule, same IV, empty buffer. */
    private void reset() {
        clearHeld();
        ctx.init(null, null, iv, -1);
        if (mode.block) {
            ctx.setPadding(padding);
        }
    }

    // ---- output sizes mirroring OpenSSL's buffering ----

    private void clearHeld() {
        opensslHeld = 0;
        Arrays.fill(pending, (byte) 0);
        pendingLen = 0;
    }

    /** Input bytes taken but not yet output: SunJCE's "buffered". */
    private long unprocessed() {
        return (long) opensslHeld + pendingLen;
    }

    /** Whether SunJCE holds back more than OpenSSL would, so {@link #pending} is in use. */
    private boolean holdsInJava() {
        return mode == Mode.CFB || mode == Mode.OFB || (mode.block && padding && !encrypt);
    }

    /** Bytes an update of {@code len} writes: what SunJCE's CipherCore writes. */
    private int updateOutput(int len) {
        if (mode == Mode.CTR || mode == Mode.CFB8) {
            return len;
        }
        long total = unprocessed() + len;
        if (mode.block && padding && !encrypt) {
            // the last block may be the padded one: SunJCE keeps it back, and any partial block
            return (int) (total < BLOCK ? 0 : (total - BLOCK) - (total - BLOCK) % BLOCK);
        }
        return (int) (total - total % BLOCK);
    }

    /** What OpenSSL keeps buffered in ECB and CBC after seeing {@code total} bytes. */
    private static long opensslHeldAfter(long total) {
        return total % BLOCK;
    }

    /** Throws SunJCE's IllegalBlockSizeException when {@code total} bytes cannot be finished. */
    private void checkFinalLength(long total) throws IllegalBlockSizeException {
        if (!mode.block) {
            return;
        }
        if (!padding && total % BLOCK != 0) {
            throw new IllegalBlockSizeException("Input length not multiple of 16 bytes");
        }
        // unlike SunJCE, which returns nothing for it, an empty ciphertext is refused: it lacks
        // the padding block every PKCS#5 encryption ends with (Wycheproof aes_cbc_pkcs5 tcId 25)
        if (padding && !encrypt && (total % BLOCK != 0 || total == 0)) {
            throw new IllegalBlockSizeException(dev.acceljce.jdk.PaddedDecryption.EMPTY_MESSAGE);
        }
    }

    /** Exact bytes a doFinal of {@code total} writes; for decryption with padding, the upper bound. */
    private long finalOutput(long total) {
        if (mode.block && padding && encrypt) {
            return total + BLOCK - total % BLOCK;
        }
        return total;
    }

    @Override
    public int outputSize(int inputLen) {
        requireInit();
        long total = unprocessed() + Math.max(inputLen, 0);
        if (mode.block && encrypt && padding) {
            total += BLOCK - total % BLOCK;
        }
        // SunJCE's CipherCore adds with Math.addExact: past the int limit, ArithmeticException
        return Math.toIntExact(total);
    }

    // ---- update ----

    @Override
    public byte[] update(byte[] input, int inputOffset, int inputLen) {
        requireInit();
        checkInput(input, inputOffset, inputLen);
        byte[] out = new byte[updateOutput(inputLen)];
        update(MemorySegment.ofArray(input).asSlice(inputOffset, inputLen), MemorySegment.ofArray(out));
        return out;
    }

    @Override
    public int update(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        requireInit();
        checkInput(input, inputOffset, inputLen);
        int n = updateOutput(inputLen);
        MemorySegment out = outputSegment(output, outputOffset, n);
        return update(MemorySegment.ofArray(input).asSlice(inputOffset, inputLen), out);
    }

    @Override
    public int update(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
        requireInit();
        int len = input.remaining();
        // the JDK's CipherSpi asks for getOutputSize bytes of room; so do we
        if (output.remaining() < outputSize(len)) {
            throw new ShortBufferException("Need at least " + outputSize(len) + " bytes of space in output buffer");
        }
        int n = update(MemorySegment.ofBuffer(input), MemorySegment.ofBuffer(output));
        input.position(input.limit());
        output.position(output.position() + n);
        return n;
    }

    /** Feeds {@code in} to OpenSSL; {@code out} was checked to hold what the update writes. */
    private int update(MemorySegment in, MemorySegment out) {
        int len = (int) in.byteSize();
        if (len == 0) {
            return 0;
        }
        int expected = updateOutput(len);
        in = separate(in, out);
        int n;
        if (!holdsInJava()) {
            n = ctx.update(in, out);
            if (mode.block) {
                opensslHeld = (int) opensslHeldAfter((long) opensslHeld + len);
            }
        } else {
            long total = unprocessed() + len;
            // OpenSSL ends holding nothing (CFB, OFB) or, decrypting with padding, the block
            // that may be the last; everything beyond that waits in pending
            int keepInOpenssl = mode.block && total >= BLOCK ? BLOCK : mode.block ? opensslHeld : 0;
            int feed = expected + keepInOpenssl - opensslHeld;
            int fromPending = Math.min(pendingLen, feed);
            int fromInput = feed - fromPending;
            byte[] next = new byte[BLOCK];
            int nextLen = pendingLen - fromPending;
            System.arraycopy(pending, fromPending, next, 0, nextLen);
            MemorySegment.copy(in, fromInput, MemorySegment.ofArray(next), nextLen, len - fromInput);
            nextLen += len - fromInput;
            n = 0;
            if (fromPending > 0) {
                n += ctx.update(MemorySegment.ofArray(pending).asSlice(0, fromPending), out);
            }
            if (fromInput > 0) {
                n += ctx.update(in.asSlice(0, fromInput), out.asSlice(n));
            }
            Arrays.fill(pending, (byte) 0);
            pending = next;
            pendingLen = nextLen;
            opensslHeld = keepInOpenssl;
        }
        if (n != expected) {
            throw new ProviderException("OpenSSL wrote " + n + " bytes, " + expected + " expected");
        }
        updated(len);
        return n;
    }

    // ---- doFinal ----

    @Override
    public byte[] doFinal(byte[] input, int inputOffset, int inputLen)
            throws IllegalBlockSizeException, BadPaddingException {
        requireInit();
        if (input == null) {
            input = new byte[0];
            inputOffset = 0;
            inputLen = 0;
        }
        checkInput(input, inputOffset, inputLen);
        long total = unprocessed() + inputLen;
        // sized before any work, as SunJCE's CipherCore: ArithmeticException past the int limit,
        // OutOfMemoryError past the VM's array limit
        byte[] out = new byte[Math.toIntExact(finalOutput(total))];
        int n = doFinal(MemorySegment.ofArray(input).asSlice(inputOffset, inputLen), MemorySegment.ofArray(out));
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    @Override
    public int doFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        requireInit();
        if (input == null) {
            input = new byte[0];
            inputOffset = 0;
            inputLen = 0;
        }
        checkInput(input, inputOffset, inputLen);
        long total = unprocessed() + inputLen;
        failIfUnfinishable(total);
        long bound = finalOutput(total);
        if (output == null || outputOffset < 0) {
            throw new ShortBufferException("Output buffer must be (at least) " + bound + " bytes long");
        }
        long capacity = (long) output.length - outputOffset;
        boolean unpadding = mode.block && padding && !encrypt;
        // decrypting with padding, the output may be one block shorter than the ciphertext
        long minimum = unpadding ? bound - BLOCK : bound;
        if (capacity < minimum) {
            throw new ShortBufferException("Output buffer must be (at least) " + minimum + " bytes long");
        }
        MemorySegment in = MemorySegment.ofArray(input).asSlice(inputOffset, inputLen);
        if (capacity < bound) {
            return doFinalIntoShortBuffer(in, output, outputOffset, (int) capacity);
        }
        return doFinal(in, MemorySegment.ofArray(output).asSlice(outputOffset));
    }

    @Override
    public int doFinal(ByteBuffer input, ByteBuffer output)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        requireInit();
        int len = input.remaining();
        long total = unprocessed() + len;
        failIfUnfinishable(total);
        if (output.remaining() < outputSize(len)) {
            throw new ShortBufferException("Need at least " + outputSize(len) + " bytes of space in output buffer");
        }
        int n = doFinal(MemorySegment.ofBuffer(input), MemorySegment.ofBuffer(output));
        input.position(input.limit());
        output.position(output.position() + n);
        return n;
    }

    /**
     * SunJCE checks the total length before touching anything: after IllegalBlockSizeException
     * the object is as before the call (buffered input kept), and so is ours.
     */
    private void failIfUnfinishable(long total) throws IllegalBlockSizeException {
        checkFinalLength(total);
    }

    /** The last update and EVP_CipherFinal into {@code out}, which holds the bound; then reset. */
    private int doFinal(MemorySegment in, MemorySegment out) throws IllegalBlockSizeException, BadPaddingException {
        long total = unprocessed() + in.byteSize();
        failIfUnfinishable(total);
        try {
            int n = finish(ctx, in, out);
            completed(in.byteSize());
            return n;
        } finally {
            reset();
        }
    }

    /** One operation done, with the bytes of its last input (its updates were counted as they came). */
    private void completed(long lastInput) {
        tallies.nativePath().count(lastInput);
    }

    /**
     * The bytes of an update, counted at once: a stream (CTR under SSH, a file) may never call
     * doFinal, and what it encrypted must still show in the counters. The operation itself is
     * counted when it completes.
     */
    private void updated(long bytes) {
        tallies.nativePath().bytes(bytes);
    }

    /** Pending bytes, the input and EVP_CipherFinal on {@code c}; this object's fields unchanged. */
    private int finish(EvpCipher.Context c, MemorySegment in, MemorySegment out) throws BadPaddingException {
        int len = (int) in.byteSize();
        in = separate(in, out);
        int p = pendingLen == 0 ? 0 : c.update(MemorySegment.ofArray(pending).asSlice(0, pendingLen), out);
        int n = len == 0 || p < 0 ? 0 : c.update(in, out.asSlice(p));
        // any refusal (-1) ends in f < 0
        int f = p < 0 || n < 0 ? -1 : c.doFinal(out.asSlice(p + n));
        if (f < 0) {
            if (encrypt) {
                throw new ProviderException("OpenSSL refused to finish an encryption");
            }
            throw new BadPaddingException("Given final block not properly padded. Such issues can arise if a bad"
                    + " key is used during decryption.");
        }
        return p + n + f;
    }

    /**
     * Decryption with padding into a buffer that holds the plaintext only if the padding is long
     * enough: run on a copy of the context, so a ShortBufferException leaves this one untouched.
     */
    private int doFinalIntoShortBuffer(MemorySegment in, byte[] output, int outputOffset, int capacity)
            throws ShortBufferException, BadPaddingException {
        byte[] tmp = new byte[(int) finalOutput(unprocessed() + in.byteSize())];
        int n;
        try (EvpCipher.Context copy = ctx.copy()) {
            n = finish(copy, in, MemorySegment.ofArray(tmp));
        } catch (BadPaddingException e) {
            reset();
            throw e;
        }
        try {
            if (n > capacity) {
                throw new ShortBufferException(
                        "Output buffer too short: " + capacity + " bytes given, " + n + " bytes needed");
            }
            System.arraycopy(tmp, 0, output, outputOffset, n);
            completed(in.byteSize());
            reset();
            return n;
        } finally {
            Arrays.fill(tmp, (byte) 0);
        }
    }

    // ---- wrap ----

    @Override
    public byte[] wrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        byte[] encoded = AesKeys.encodingToWrap(key);
        try {
            return doFinal(encoded, 0, encoded.length);
        } catch (BadPaddingException e) {
            throw new ProviderException("padding failed while wrapping", e); // encryption never unpads
        } finally {
            Arrays.fill(encoded, (byte) 0);
        }
    }

    @Override
    public Key unwrap(byte[] wrappedKey, String wrappedKeyAlgorithm, int wrappedKeyType)
            throws InvalidKeyException, NoSuchAlgorithmException {
        byte[] encoded;
        try {
            encoded = doFinal(wrappedKey, 0, wrappedKey.length);
        } catch (BadPaddingException e) {
            throw new InvalidKeyException("The wrapped key is not padded correctly", e);
        } catch (IllegalBlockSizeException e) {
            throw new InvalidKeyException("The wrapped key does not have the correct length", e);
        }
        try {
            return AesKeys.construct(encoded, wrappedKeyAlgorithm, wrappedKeyType);
        } finally {
            Arrays.fill(encoded, (byte) 0);
        }
    }

    // ---- argument checks and overlap ----

    private static void checkInput(byte[] input, int offset, int len) {
        if (input == null || offset < 0 || len < 0 || offset > input.length - len) {
            throw new IllegalArgumentException("Bad arguments");
        }
    }

    /** The output segment from {@code offset}, after checking it holds {@code needed} bytes. */
    private static MemorySegment outputSegment(byte[] output, int offset, int needed) throws ShortBufferException {
        if (offset < 0) {
            throw new IllegalArgumentException("Bad arguments");
        }
        if (output == null || (long) output.length - offset < needed) {
            throw new ShortBufferException("Output buffer must be (at least) " + needed + " bytes long");
        }
        return MemorySegment.ofArray(output).asSlice(offset);
    }

    /**
     * The input to hand OpenSSL given where the output goes. OpenSSL handles exact in-place
     * operation when nothing is buffered (each output byte lands where its input byte was, after
     * it was read); with buffered bytes output runs ahead of input, and any other overlap could
     * overwrite input before it is read, so the input is copied first.
     */
    private MemorySegment separate(MemorySegment in, MemorySegment out) {
        if (in.byteSize() == 0
                || out.byteSize() == 0
                || in.asOverlappingSlice(out).isEmpty()) {
            return in;
        }
        boolean sameStart = in.heapBase().equals(out.heapBase()) && in.address() == out.address();
        if (sameStart && unprocessed() == 0) {
            return in;
        }
        MemorySegment copy = MemorySegment.ofArray(new byte[(int) in.byteSize()]);
        copy.copyFrom(in);
        return copy;
    }
}
