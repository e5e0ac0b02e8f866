package dev.acceljce.rsa;

import dev.acceljce.control.Counters;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.KeyHolder;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.openssl.EvpPkeyCrypt;
import dev.acceljce.openssl.OpenSslException;
import dev.acceljce.openssl.OsslParams;
import dev.acceljce.params.Parameters;
import dev.acceljce.rsa.RsaPadding.Kind;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.security.AlgorithmParameters;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.ProviderException;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import javax.crypto.BadPaddingException;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.OAEPParameterSpec;
import javax.security.auth.Destroyable;

/**
 * The native path of an {@link RsaCipher}: one EVP_PKEY_CTX (EVP_PKEY_encrypt, decrypt, sign
 * without a digest, or verify_recover), kept across inits while key, operation and padding stay
 * the same, and the input buffered up to the limit the SPI gives. One per SPI object; without an
 * operation (before the first native init, and from the start of each init) every call is refused
 * with "Cipher not initialized".
 *
 * <p><b>PKCS#1 v1.5 decryption is not a padding oracle here.</b> Every decryption failure, whatever
 * its cause, takes the same path: OpenSSL's constant-time padding check returns an error, the
 * error queue is cleared unread, and one BadPaddingException with one fixed message is thrown;
 * nothing on the Java side looks at the decrypted bytes. OpenSSL 3.2+ would instead return a
 * synthetic plaintext (implicit rejection); this cipher turns that off
 * ("implicit-rejection" = 0; OpenSSL 3.0/3.1 ignore the parameter and always report the error)
 * so that every OpenSSL version behaves as SunJCE does: a bad padding is a BadPaddingException,
 * which callers of the JCA rely on. TLS does not use this path for RSA key exchange: JSSE decrypts
 * the premaster secret with a TlsRsaPremasterSecretParameterSpec, which is handed to SunJCE
 * (its implicit, no-exception handling is part of JSSE's defence), and JDK 24+ disables
 * TLS_RSA_* suites anyway.
 */
final class NativeRsa implements RsaEngine {
    private static final byte[] EMPTY = new byte[0];
    private static final String TLS_PREMASTER = "TlsRsaPremasterSecret";

    /** The SPI object, registered with the keys whose contexts this engine keeps. */
    private final KeyHolder holder;

    private Counters.Tally tally = Counters.Tally.NONE;

    private Kind padding;
    private EvpPkeyCrypt.Operation operation;
    private int modulusBytes;
    private OAEPParameterSpec spec;
    private byte[] buffer;
    private int bufOfs;
    private byte[] scratch;

    private EvpPkeyCrypt ctx;
    /** What {@link #ctx} was made for: reused while key, operation and padding stay the same. */
    private AccelKey ctxKey;

    private String ctxSettings;

    NativeRsa(KeyHolder holder) {
        this.holder = holder;
    }

    /** The SPI object's tally: the native path's operations count there. */
    void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    /** Ends the current operation (an init began): buffered input is zeroed, nothing is served until {@link #start}. */
    void stop() {
        clearBuffer();
        operation = null;
        spec = null;
    }

    /**
     * Serves {@code op} with {@code key} (modulus of {@code n} bytes), taking input up to
     * {@code capacity} bytes, with {@code padding} and, for OAEP, {@code oaep}.
     */
    void start(AccelKey key, EvpPkeyCrypt.Operation op, int n, int capacity, Kind padding, OAEPParameterSpec oaep)
            throws InvalidKeyException {
        prepareContext(key, op, n, padding, oaep);
        this.padding = padding;
        operation = op;
        modulusBytes = n;
        spec = oaep;
        if (buffer == null || buffer.length != capacity) {
            buffer = new byte[capacity];
        }
        if (scratch == null || scratch.length != n) {
            scratch = new byte[n];
        }
    }

    /** Whether the key the native context was made for has been destroyed since. */
    private boolean ctxKeyDestroyed() {
        return ctxKey instanceof Destroyable d && d.isDestroyed();
    }

    /** The private key was destroyed: its context goes now (doFinal refuses the key from here on). */
    void keyDestroyed(AccelKey destroyed) {
        EvpPkeyCrypt c = ctx;
        if (c != null && destroyed == ctxKey) {
            c.release();
        }
    }

    /** Keeps the native context when key, operation and padding are those it was made for. */
    private void prepareContext(AccelKey key, EvpPkeyCrypt.Operation op, int n, Kind padding, OAEPParameterSpec oaep)
            throws InvalidKeyException {
        byte[] label = oaep == null ? EMPTY : RsaPadding.label(oaep);
        String settings = op + "/" + padding
                + (oaep == null
                        ? ""
                        : "/"
                                + RsaPadding.digest(oaep) + "/"
                                + RsaPadding.mgf1Digest(oaep) + "/"
                                + java.util.HexFormat.of().formatHex(label));
        if (ctx != null && ctxKey == key && settings.equals(ctxSettings)) {
            return;
        }
        EvpPkeyCrypt fresh;
        // a reference of our own while the context is made; the context then holds its own
        try (Arena arena = Arena.ofConfined();
                EvpPkey.Key ref = key.share()) {
            fresh = new EvpPkeyCrypt(ref, op, n, contextParams(arena, op, padding, oaep, label));
        } catch (OpenSslException e) {
            throw new InvalidKeyException("RSA cannot use this key: " + e.getMessage(), e);
        }
        if (ctx != null) {
            ctx.close();
        }
        ctx = fresh;
        ctxKey = key;
        key.heldBy(holder);
        ctxSettings = settings;
    }

    private static MemorySegment[] contextParams(
            Arena arena, EvpPkeyCrypt.Operation op, Kind padding, OAEPParameterSpec oaep, byte[] label) {
        String mode = switch (padding) {
            case NONE -> "none";
            // public-key "decryption" recovers the raw block, unpadded here (see unpadBlockType1)
            case PKCS1 -> op == EvpPkeyCrypt.Operation.VERIFY_RECOVER ? "none" : "pkcs1";
            case OAEP -> "oaep";
        };
        MemorySegment padMode = OsslParams.in(arena).utf8("pad-mode", mode).build();
        if (padding == Kind.PKCS1 && op == EvpPkeyCrypt.Operation.DECRYPT) {
            // an error, not a synthetic plaintext, on OpenSSL 3.2+ (see the class comment)
            return new MemorySegment[] {
                padMode, OsslParams.in(arena).unsigned("implicit-rejection", 0).build()
            };
        }
        if (padding != Kind.OAEP) {
            return new MemorySegment[] {padMode};
        }
        OsslParams p = OsslParams.in(arena)
                .utf8("digest", RsaPadding.digest(oaep))
                .utf8("mgf1-digest", RsaPadding.mgf1Digest(oaep));
        if (label.length > 0) {
            p.octets("oaep-label", label);
        }
        return new MemorySegment[] {padMode, p.build()};
    }

    private void requireInit() {
        if (operation == null) {
            throw new IllegalStateException("Cipher not initialized");
        }
    }

    /** Buffers input up to the limit; more is remembered as "too much" for doFinal to refuse. */
    private void buffer(byte[] in, int inOfs, int inLen) {
        if (inLen == 0 || in == null) {
            return;
        }
        if (inLen > buffer.length - bufOfs) {
            bufOfs = buffer.length + 1; // remembered as "too much" until doFinal says so
            return;
        }
        System.arraycopy(in, inOfs, buffer, bufOfs, inLen);
        bufOfs += inLen;
    }

    private byte[] finish() throws BadPaddingException, IllegalBlockSizeException {
        if (bufOfs > buffer.length) {
            throw new IllegalBlockSizeException("Data must not be longer than " + buffer.length + " bytes");
        }
        int inputLength = bufOfs;
        if (ctxKeyDestroyed()) {
            keyDestroyed(ctxKey); // again: its context may have been in use at the destroy
            clearBuffer();
            throw new IllegalStateException("the private key was destroyed after init");
        }
        try {
            int len = bufOfs;
            byte[] input = buffer;
            if (padding == Kind.NONE && len < modulusBytes) {
                // raw RSA on a shorter input: the same integer with leading zero bytes
                System.arraycopy(buffer, 0, scratch, modulusBytes - len, len);
                Arrays.fill(scratch, 0, modulusBytes - len, (byte) 0);
                input = scratch;
                len = modulusBytes;
            }
            int n;
            try {
                n = ctx.run(input, len, scratch);
            } catch (IllegalStateException e) {
                if (ctxKeyDestroyed()) {
                    throw new IllegalStateException("the private key was destroyed during the operation", e);
                }
                throw e;
            }
            int from = 0;
            if (n >= 0 && padding == Kind.PKCS1 && operation == EvpPkeyCrypt.Operation.VERIFY_RECOVER) {
                from = unpadBlockType1(scratch, n);
            }
            if (n < 0 || from < 0) {
                // one path and one message for every failure of an operation (no padding oracle)
                throw new BadPaddingException(failureMessage());
            }
            byte[] result = Arrays.copyOfRange(scratch, from, n);
            tally.count(inputLength);
            return result;
        } finally {
            Arrays.fill(scratch, (byte) 0);
            clearBuffer();
        }
    }

    /**
     * Where the data starts in a public-key-recovered PKCS#1 v1.5 block of type 1
     * ({@code 00 01 FF..FF 00 data}, at least 8 bytes of FF), or -1 when it is not one. The block
     * is public (anyone with the public key computes it), so checking it here leaks nothing; it is
     * done here because OpenSSL 3.2+ reports an empty recovered message as a failure, and SunJCE
     * accepts it.
     */
    private static int unpadBlockType1(byte[] block, int length) {
        if (length < 11 || block[0] != 0 || block[1] != 1) {
            return -1;
        }
        int i = 2;
        while (i < length && block[i] == (byte) 0xFF) {
            i++;
        }
        if (i == length || block[i] != 0 || i - 2 < 8) {
            return -1;
        }
        return i + 1;
    }

    private String failureMessage() {
        if (padding == Kind.NONE) {
            return "Message is larger than modulus";
        }
        return switch (operation) {
            case ENCRYPT -> "Padding error in encryption";
            case DECRYPT -> "Padding error in decryption";
            case SIGN -> "Padding error in signing";
            case VERIFY_RECOVER -> "Padding error in verification";
        };
    }

    private void clearBuffer() {
        if (buffer != null) {
            Arrays.fill(buffer, 0, Math.min(bufOfs, buffer.length), (byte) 0);
        }
        bufOfs = 0;
    }

    @Override
    public byte[] update(byte[] in, int inOfs, int inLen) {
        requireInit();
        buffer(in, inOfs, inLen);
        return EMPTY;
    }

    @Override
    public int update(byte[] in, int inOfs, int inLen, byte[] out, int outOfs) {
        requireInit();
        buffer(in, inOfs, inLen);
        return 0;
    }

    @Override
    public byte[] doFinal(byte[] in, int inOfs, int inLen) throws IllegalBlockSizeException, BadPaddingException {
        requireInit();
        buffer(in, inOfs, inLen);
        return finish();
    }

    @Override
    public int doFinal(byte[] in, int inOfs, int inLen, byte[] out, int outOfs)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        requireInit();
        if (modulusBytes > out.length - outOfs) {
            throw new ShortBufferException("Need " + modulusBytes + " bytes for output");
        }
        buffer(in, inOfs, inLen);
        byte[] result = finish();
        System.arraycopy(result, 0, out, outOfs, result.length);
        Arrays.fill(result, (byte) 0);
        return result.length;
    }

    @Override
    public byte[] wrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        requireInit();
        byte[] encoded = key.getEncoded();
        if (encoded == null || encoded.length == 0) {
            throw new InvalidKeyException("Could not obtain encoded key");
        }
        try {
            if (encoded.length > buffer.length) {
                throw new InvalidKeyException("Key is too long for wrapping");
            }
            buffer(encoded, 0, encoded.length);
            try {
                return finish();
            } catch (BadPaddingException e) {
                throw new InvalidKeyException("Wrapping failed", e);
            }
        } finally {
            Arrays.fill(encoded, (byte) 0);
        }
    }

    @Override
    public Key unwrap(byte[] wrappedKey, String algorithm, int type)
            throws InvalidKeyException, NoSuchAlgorithmException {
        requireInit();
        if (wrappedKey.length > buffer.length) {
            throw new InvalidKeyException("Key is too long for unwrapping");
        }
        if (algorithm.equals(TLS_PREMASTER)) {
            // parameters for it would have sent this cipher to SunJCE
            throw new IllegalStateException("No TlsRsaPremasterSecretParameterSpec specified");
        }
        buffer(wrappedKey, 0, wrappedKey.length);
        byte[] encoded = null;
        try {
            encoded = finish();
            return UnwrappedKeys.construct(encoded, algorithm, type);
        } catch (BadPaddingException | IllegalBlockSizeException e) {
            throw new InvalidKeyException("Unwrapping failed", e);
        } finally {
            if (encoded != null) {
                Arrays.fill(encoded, (byte) 0);
            }
        }
    }

    @Override
    public int outputSize(int inputLen) {
        return modulusBytes;
    }

    @Override
    public AlgorithmParameters parameters() {
        if (spec == null) {
            return null;
        }
        try {
            return Parameters.of("OAEP", spec);
        } catch (NoSuchAlgorithmException | InvalidParameterSpecException e) {
            throw new ProviderException("cannot encode " + spec, e);
        }
    }
}
