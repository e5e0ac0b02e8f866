package dev.acceljce.cipher;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import dev.acceljce.openssl.EvpCipher;
import dev.acceljce.params.Parameters;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;

/**
 * AES key wrap, RFC 3394 (KW, "AESWrap") and RFC 5649 (KWP, "AESWrapPad"), served by OpenSSL's
 * wrap ciphers, and SunJCE's KW with PKCS#5 padding (the input padded to a multiple of 8 bytes,
 * then KW; the padding is added and checked here, on data KW has authenticated). As SunJCE, it
 * works in wrap/unwrap and in encrypt/decrypt mode; updates only collect input, and
 * {@code doFinal} wraps or unwraps it in one OpenSSL call.
 *
 * <p>Deliberate differences from SunJCE: a null key gives InvalidKeyException (SunJCE:
 * NullPointerException), and ByteBuffer calls work for decryptions shorter than 8 bytes (SunJCE:
 * NegativeArraySizeException with direct buffers, from a negative output size).
 */
final class AesKeyWrapCipher extends CipherSpi implements Counted {
    private Counters.Tally tally = Counters.Tally.NONE;

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    private static final int SEMIBLOCK = 8;
    private static final byte[] KW_DEFAULT_IV = {
        (byte) 0xA6, (byte) 0xA6, (byte) 0xA6, (byte) 0xA6, (byte) 0xA6, (byte) 0xA6, (byte) 0xA6, (byte) 0xA6
    };
    private static final byte[] KWP_DEFAULT_IV = {(byte) 0xA6, (byte) 0x59, (byte) 0x59, (byte) 0xA6};

    /** The three variants, with their JCA mode and padding names. */
    enum Kind {
        KW("KW", "NoPadding"),
        KWP("KWP", "NoPadding"),
        KW_PKCS5("KW", "PKCS5Padding");

        final String mode;
        final String padding;

        Kind(String mode, String padding) {
            this.mode = mode;
            this.padding = padding;
        }
    }

    private final Kind kind;
    /** Whether OpenSSL's RFC 5649 cipher is used (KWP) rather than RFC 3394's. */
    private final boolean padded;

    private final int fixedKeySize;

    private EvpCipher.Context ctx;
    private final ScheduledKey scheduled = new ScheduledKey();
    private byte[] iv;
    private boolean encrypt;
    private boolean initialized;
    private byte[] buffer = new byte[0];
    private int buffered;

    AesKeyWrapCipher(Kind kind, int fixedKeySize) {
        this.kind = kind;
        this.padded = kind == Kind.KWP;
        this.fixedKeySize = fixedKeySize;
    }

    private static String opensslName(boolean padded, int keyLength) {
        return "AES-" + keyLength * 8 + (padded ? "-WRAP-PAD" : "-WRAP");
    }

    /** Whether the loaded OpenSSL has the wrap ciphers for every key size. */
    static boolean available(Kind kind) {
        for (int k : new int[] {16, 24, 32}) {
            if (EvpCipher.fetch(opensslName(kind == Kind.KWP, k)).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    @Override
    protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
        if (mode != null && !mode.equalsIgnoreCase(kind.mode)) {
            throw new NoSuchAlgorithmException(mode + " cannot be used");
        }
    }

    @Override
    protected void engineSetPadding(String padding) throws NoSuchPaddingException {
        if (padding != null && !padding.equalsIgnoreCase(kind.padding)) {
            throw new NoSuchPaddingException("Unsupported padding " + padding);
        }
    }

    @Override
    protected int engineGetBlockSize() {
        return SEMIBLOCK;
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        return AesKeys.rawKey(key, fixedKeySize).length * 8;
    }

    /** As SunJCE: negative for a decryption shorter than the integrity block. */
    @Override
    protected int engineGetOutputSize(int inputLen) {
        long total = (long) buffered + Math.max(inputLen, 0);
        long out;
        if (encrypt) {
            long wrapped = switch (kind) {
                case KW -> total;
                case KWP -> (total + SEMIBLOCK - 1) / SEMIBLOCK * SEMIBLOCK;
                case KW_PKCS5 -> (total / SEMIBLOCK + 1) * SEMIBLOCK; // always 1..8 bytes of padding
            };
            out = wrapped + SEMIBLOCK;
        } else {
            out = total - SEMIBLOCK;
        }
        // ArithmeticException past the int limit, as SunJCE's KeyWrapCipher (Math.addExact)
        return Math.toIntExact(out);
    }

    /** As SunJCE: null before init, then the IV in use (the RFC's default when none was given). */
    @Override
    protected byte[] engineGetIV() {
        return initialized ? currentIv().clone() : null;
    }

    private byte[] currentIv() {
        return iv != null ? iv : padded ? KWP_DEFAULT_IV : KW_DEFAULT_IV;
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        try {
            return Parameters.of("AES", new IvParameterSpec(currentIv()));
        } catch (GeneralSecurityException e) {
            throw new ProviderException("cannot encode AES key-wrap parameters", e);
        }
    }

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        try {
            engineInit(opmode, key, (AlgorithmParameterSpec) null, random);
        } catch (InvalidAlgorithmParameterException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        IvParameterSpec spec = null;
        if (params != null) {
            try {
                spec = params.getParameterSpec(IvParameterSpec.class);
            } catch (InvalidParameterSpecException e) {
                throw new InvalidAlgorithmParameterException("Only IvParameterSpec is accepted", e);
            }
        }
        engineInit(opmode, key, spec, random);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        byte[] raw = AesKeys.rawKey(key, fixedKeySize);
        boolean enc = switch (opmode) {
            case Cipher.ENCRYPT_MODE, Cipher.WRAP_MODE -> true;
            case Cipher.DECRYPT_MODE, Cipher.UNWRAP_MODE -> false;
            default -> throw new InvalidKeyException("Unknown opmode " + opmode);
        };
        byte[] newIv = null;
        if (params != null) {
            if (!(params instanceof IvParameterSpec ivSpec)) {
                throw new InvalidAlgorithmParameterException("Only IvParameterSpec is accepted");
            }
            newIv = ivSpec.getIV();
            if (padded) {
                // SunJCE accepts only RFC 5649's alternative IV for KWP
                if (!Arrays.equals(newIv, KWP_DEFAULT_IV)) {
                    throw new InvalidAlgorithmParameterException("Invalid IV: RFC 5649 uses 0xA65959A6");
                }
            } else if (newIv.length != SEMIBLOCK) {
                throw new InvalidAlgorithmParameterException("Invalid IV");
            }
        }
        EvpCipher.Algorithm alg = EvpCipher.fetch(opensslName(padded, raw.length))
                .orElseThrow(() -> new ProviderException("OpenSSL lacks " + opensslName(padded, raw.length)));
        if (ctx == null) {
            ctx = new EvpCipher.Context();
            ctx.setFlags(EvpCipher.FLAG_WRAP_ALLOW);
        }
        initialized = false;
        boolean keepSchedule = scheduled.keeps(alg, enc, raw);
        // the IV always explicitly: OpenSSL keeps a previous custom IV when given none
        byte[] effectiveIv = newIv != null ? newIv : padded ? KWP_DEFAULT_IV : KW_DEFAULT_IV;
        ctx.init(keepSchedule ? null : alg, keepSchedule ? null : raw, effectiveIv, enc ? 1 : 0);
        scheduled.installed(alg, enc, raw, keepSchedule);
        encrypt = enc;
        iv = newIv == null ? null : newIv.clone();
        clearBuffer();
        initialized = true;
    }

    private void requireInit() {
        if (!initialized) {
            throw new IllegalStateException("Cipher not initialized");
        }
    }

    private void clearBuffer() {
        Arrays.fill(buffer, 0, buffered, (byte) 0);
        buffered = 0;
    }

    private void ensureCapacity(long need) {
        if (need > Integer.MAX_VALUE - 32) {
            throw new ProviderException("key-wrap input too large");
        }
        if (need > buffer.length) {
            byte[] bigger =
                    Arrays.copyOf(buffer, (int) Math.max(need, Math.min(2L * buffer.length, Integer.MAX_VALUE - 32)));
            Arrays.fill(buffer, (byte) 0);
            buffer = bigger;
        }
    }

    private void collect(byte[] input, int offset, int len) {
        if (input == null || offset < 0 || len < 0 || offset > input.length - len) {
            throw new IllegalArgumentException("Bad arguments");
        }
        if (len == 0) {
            return;
        }
        ensureCapacity((long) buffered + len);
        System.arraycopy(input, offset, buffer, buffered, len);
        buffered += len;
    }

    @Override
    protected byte[] engineUpdate(byte[] input, int inputOffset, int inputLen) {
        requireInit();
        collect(input, inputOffset, inputLen);
        return null;
    }

    @Override
    protected int engineUpdate(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset) {
        requireInit();
        collect(input, inputOffset, inputLen);
        return 0;
    }

    @Override
    protected byte[] engineDoFinal(byte[] input, int inputOffset, int inputLen)
            throws IllegalBlockSizeException, BadPaddingException {
        requireInit();
        if (input != null) {
            collect(input, inputOffset, inputLen);
        }
        byte[] result = new byte[buffered + 2 * SEMIBLOCK];
        try {
            int n = finish(result);
            return Arrays.copyOf(result, n);
        } finally {
            Arrays.fill(result, (byte) 0);
        }
    }

    @Override
    protected int engineDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        requireInit();
        if (input != null && (inputOffset < 0 || inputLen < 0 || inputOffset > input.length - inputLen)) {
            throw new IllegalArgumentException("Bad arguments");
        }
        int needed = engineGetOutputSize(input == null ? 0 : inputLen);
        if (output == null || outputOffset < 0 || (long) output.length - outputOffset < needed) {
            throw new ShortBufferException("Output buffer must be (at least) " + needed + " bytes long");
        }
        if (input != null) {
            collect(input, inputOffset, inputLen);
        }
        byte[] result = new byte[buffered + 2 * SEMIBLOCK];
        try {
            int n = finish(result);
            System.arraycopy(result, 0, output, outputOffset, n);
            return n;
        } finally {
            Arrays.fill(result, (byte) 0);
        }
    }

    // SunJCE inherits CipherSpi's ByteBuffer methods, which fail with NegativeArraySizeException
    // on direct buffers when a decryption's output size is still negative; these collect instead.

    @Override
    protected int engineUpdate(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
        requireInit();
        // SunJCE's key wrap inherits CipherSpi's buffer path, which asks for getOutputSize's worth
        // of room before an update (even one that outputs nothing); an empty update returns first
        if (input.hasRemaining()) {
            int needed = engineGetOutputSize(input.remaining());
            if (output.remaining() < needed) {
                throw new ShortBufferException("Need at least " + needed + " bytes of space in output buffer");
            }
        }
        collect(input);
        return 0;
    }

    @Override
    protected int engineDoFinal(ByteBuffer input, ByteBuffer output)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        requireInit();
        int needed = engineGetOutputSize(input.remaining());
        if (output.remaining() < needed) {
            throw new ShortBufferException("Need at least " + needed + " bytes of space in output buffer");
        }
        collect(input);
        byte[] result = new byte[buffered + 2 * SEMIBLOCK];
        try {
            int n = finish(result);
            output.put(result, 0, n);
            return n;
        } finally {
            Arrays.fill(result, (byte) 0);
        }
    }

    private void collect(ByteBuffer input) {
        int len = input.remaining();
        if (input.hasArray()) {
            collect(input.array(), input.arrayOffset() + input.position(), len);
            input.position(input.limit());
        } else {
            byte[] chunk = new byte[len];
            input.get(chunk);
            collect(chunk, 0, len);
            Arrays.fill(chunk, (byte) 0);
        }
    }

    /**
     * Wraps or unwraps the collected input into {@code out} (room for the input plus two
     * semiblocks, more than OpenSSL writes) and empties the buffer, whatever the outcome.
     */
    private int finish(byte[] out) throws IllegalBlockSizeException, BadPaddingException {
        try {
            if (kind == Kind.KW_PKCS5 && encrypt) {
                int pad = SEMIBLOCK - buffered % SEMIBLOCK;
                ensureCapacity((long) buffered + pad);
                Arrays.fill(buffer, buffered, buffered + pad, (byte) pad);
                buffered += pad;
            }
            checkLength(buffered);
            // the wrap ciphers keep no state between operations; a fresh init keeps key and IV
            ctx.init(null, null, null, -1);
            int n = ctx.updateWhole(MemorySegment.ofArray(buffer).asSlice(0, buffered), MemorySegment.ofArray(out));
            if (n < 0) {
                if (encrypt) {
                    throw new ProviderException("OpenSSL refused to wrap " + buffered + " bytes");
                }
                throw new IllegalBlockSizeException("Integrity check failed");
            }
            int result = kind == Kind.KW_PKCS5 && !encrypt ? unpad(out, n) : n;
            tally.count(buffered);
            return result;
        } finally {
            clearBuffer();
        }
    }

    /** The length of {@code out[0..n)} without its PKCS#5 padding; SunJCE's exception if malformed. */
    private static int unpad(byte[] out, int n) throws BadPaddingException {
        int pad = out[n - 1] & 0xff;
        boolean ok = pad >= 1 && pad <= SEMIBLOCK;
        for (int i = 1; ok && i <= pad; i++) {
            ok = out[n - i] == (byte) pad;
        }
        if (!ok) {
            Arrays.fill(out, 0, n, (byte) 0);
            throw new BadPaddingException("Bad Padding: -1");
        }
        return n - pad;
    }

    /** SunJCE's length rules, checked before OpenSSL sees the data. */
    private void checkLength(int len) throws IllegalBlockSizeException {
        if (encrypt) {
            if (padded && len < 1) {
                throw new IllegalBlockSizeException("data should have at least 1 byte");
            }
            if (!padded && (len < 2 * SEMIBLOCK || len % SEMIBLOCK != 0)) {
                throw new IllegalBlockSizeException("data should be at least 16 bytes and multiples of 8");
            }
        } else {
            dev.acceljce.jdk.DecryptionInput.checkUnwrapLength(len, padded);
        }
    }

    @Override
    protected byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        requireInit();
        byte[] encoded = AesKeys.encodingToWrap(key);
        try {
            clearBuffer();
            return engineDoFinal(encoded, 0, encoded.length);
        } catch (BadPaddingException e) {
            throw new ProviderException("padding failed while wrapping", e); // encryption never unpads
        } finally {
            Arrays.fill(encoded, (byte) 0);
        }
    }

    @Override
    protected Key engineUnwrap(byte[] wrappedKey, String wrappedKeyAlgorithm, int wrappedKeyType)
            throws InvalidKeyException, NoSuchAlgorithmException {
        requireInit();
        byte[] encoded;
        try {
            clearBuffer();
            encoded = engineDoFinal(wrappedKey, 0, wrappedKey.length);
        } catch (IllegalBlockSizeException | BadPaddingException e) {
            throw new InvalidKeyException(e.toString(), e);
        }
        try {
            return AesKeys.construct(encoded, wrappedKeyAlgorithm, wrappedKeyType);
        } finally {
            Arrays.fill(encoded, (byte) 0);
        }
    }
}
