package dev.acceljce.rsa;

import dev.acceljce.control.Fips;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.interfaces.RSAKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.InvalidParameterSpecException;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Locale;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;
import javax.crypto.spec.SecretKeySpec;
import javax.security.auth.Destroyable;

import dev.acceljce.params.Parameters;
import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import dev.acceljce.control.Path;
import dev.acceljce.digest.DigestNames;
import dev.acceljce.jdk.JdkProviders;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.KeyHolder;
import dev.acceljce.keys.KeyKind;
import dev.acceljce.keys.Keys;
import dev.acceljce.openssl.EvpDigest;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.openssl.EvpPkeyCrypt;
import dev.acceljce.openssl.OpenSslException;
import dev.acceljce.openssl.OsslParams;

/**
 * RSA encryption ("RSA/ECB/PKCS1Padding", "RSA/ECB/OAEPWith&lt;digest&gt;AndMGF1Padding",
 * "RSA/ECB/OAEPPadding" with an OAEPParameterSpec, "RSA/ECB/NoPadding") through
 * EVP_PKEY_encrypt/decrypt, with SunJCE's RSACipher contract: a public key encrypts (ENCRYPT,
 * WRAP) and a private key decrypts (DECRYPT, UNWRAP); with PKCS#1 v1.5 and no padding, a private
 * key may also "encrypt" (block type 1, EVP_PKEY_sign without a digest) and a public key "decrypt"
 * (EVP_PKEY_verify_recover), as SunJCE allows; input is buffered up to the mode's limit and too
 * much gives IllegalBlockSizeException at doFinal; the output size is the modulus length.
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
 *
 * <p>Keys and parameters the native side does not serve go to SunJCE's RSA cipher, which
 * accepts or refuses them as it would on its own: non-RSA and non-CRT keys, RSASSA-PSS keys,
 * OAEP with a digest OpenSSL lacks or a non-MGF1 mask, non-OAEP parameters.
 */
public final class RsaCipher extends CipherSpi implements Counted, KeyHolder {
    private static final byte[] EMPTY = new byte[0];
    private static final String TLS_PREMASTER = "TlsRsaPremasterSecret";

    private enum Padding { NONE, PKCS1, OAEP }

    private Padding padding = Padding.PKCS1;
    private String paddingName = "PKCS1Padding";
    /** The OAEP digest the padding name gave ("OAEPWithSHA-256AndMGF1Padding"), SHA-1 by default. */
    private String oaepDigest = "SHA-1";

    private Counters.Tally tally = Counters.Tally.NONE;
    private Counters.Tally jdkTally;
    /** Input bytes given to {@link #delegate} by updates of the operation in progress. */
    private long delegatedBytes;
    /** SunJCE's cipher serving the current key and parameters, or null on the native path. */
    private Cipher delegate;

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

    public RsaCipher() {}

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    @Override
    protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
        if (!mode.equalsIgnoreCase("ECB")) {
            throw new NoSuchAlgorithmException("Unsupported mode " + mode);
        }
    }

    @Override
    protected void engineSetPadding(String name) throws NoSuchPaddingException {
        String lower = name.toLowerCase(Locale.ENGLISH);
        if (Fips.on() && !lower.startsWith("oaep")) {
            throw new NoSuchPaddingException(Fips.refused("RSA encryption with " + name
                    + " (approved: OAEP, SP 800-56B Rev. 2)"));
        }
        if (lower.equals("nopadding")) {
            padding = Padding.NONE;
        } else if (lower.equals("pkcs1padding")) {
            padding = Padding.PKCS1;
        } else if (lower.equals("oaeppadding")) {
            padding = Padding.OAEP;
        } else if (lower.startsWith("oaepwith") && lower.endsWith("andmgf1padding")) {
            String digest = name.substring(8, name.length() - 14);
            // SunJCE's check: some provider offers the digest
            if (oaepDigest(digest) == null && !JdkProviders.has("MessageDigest", digest)) {
                throw new NoSuchPaddingException("MessageDigest not available for " + name);
            }
            padding = Padding.OAEP;
            oaepDigest = digest;
        } else {
            throw new NoSuchPaddingException("Padding " + name + " not supported");
        }
        paddingName = name;
    }

    @Override
    protected int engineGetBlockSize() {
        return 0;
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
        return delegate != null ? delegate.getOutputSize(inputLen) : modulusBytes;
    }

    @Override
    protected byte[] engineGetIV() {
        return null;
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        if (delegate != null) {
            return delegate.getParameters();
        }
        if (spec == null) {
            return null;
        }
        try {
            return Parameters.of("OAEP", spec);
        } catch (NoSuchAlgorithmException | InvalidParameterSpecException e) {
            throw new ProviderException("cannot encode " + spec, e);
        }
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        if (key instanceof AccelKey a && a.kind() == KeyKind.RSA) {
            try (EvpPkey.Key ref = a.share()) {
                return ref.bits();
            }
        }
        if (key instanceof RSAKey r) {
            return r.getModulus().bitLength();
        }
        throw new InvalidKeyException("not an RSA key: " + (key == null ? null : key.getAlgorithm()));
    }

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        try {
            init(opmode, key, null, random);
        } catch (InvalidAlgorithmParameterException e) {
            throw new InvalidKeyException("Wrong parameters", e);
        }
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        init(opmode, key, params, random);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (params == null) {
            init(opmode, key, null, random);
            return;
        }
        try {
            init(opmode, key, params.getParameterSpec(OAEPParameterSpec.class), random);
        } catch (InvalidParameterSpecException e) {
            throw new InvalidAlgorithmParameterException("Wrong parameter", e);
        }
    }

    private void init(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (Fips.on() && padding != Padding.OAEP) {
            // "RSA" alone means PKCS#1 v1.5 padding, which FIPS mode refuses at setPadding too
            throw new InvalidKeyException(Fips.refused("RSA encryption with " + paddingName
                    + " (approved: OAEP, SP 800-56B Rev. 2)"));
        }
        boolean encrypt = opmode == Cipher.ENCRYPT_MODE || opmode == Cipher.WRAP_MODE;
        clearBuffer();
        delegate = null;
        operation = null;
        spec = null;
        AccelKey imported = key != null ? Keys.toNative(key) : null;
        OAEPParameterSpec oaep = padding != Padding.OAEP ? null
                : params == null ? new OAEPParameterSpec(oaepDigest, "MGF1", MGF1ParameterSpec.SHA1,
                        PSource.PSpecified.DEFAULT)
                : params instanceof OAEPParameterSpec o ? o : null;
        boolean served = imported != null && imported.kind() == KeyKind.RSA
                && (params == null || oaep != null)
                && (oaep == null || servesOaep(oaep));
        if (!served) {
            initDelegate(opmode, key, params, random);
            return;
        }
        boolean privateKey = imported instanceof PrivateKey;
        EvpPkeyCrypt.Operation op = privateKey
                ? (encrypt ? EvpPkeyCrypt.Operation.SIGN : EvpPkeyCrypt.Operation.DECRYPT)
                : (encrypt ? EvpPkeyCrypt.Operation.ENCRYPT : EvpPkeyCrypt.Operation.VERIFY_RECOVER);
        int n;
        try (EvpPkey.Key ref = imported.share()) {
            n = (ref.bits() + 7) / 8;
        }
        if (n < 64) {
            throw new InvalidKeyException("Padded size must be at least 64");
        }
        int capacity = n;
        if (padding == Padding.PKCS1 && encrypt) {
            capacity = n - 11;
        } else if (padding == Padding.OAEP) {
            if (op == EvpPkeyCrypt.Operation.SIGN || op == EvpPkeyCrypt.Operation.VERIFY_RECOVER) {
                throw new InvalidKeyException("OAEP cannot be used to sign or verify signatures");
            }
            int hLen = EvpDigest.fetch(oaepDigest(oaep.getDigestAlgorithm())).orElseThrow().size();
            int max = n - 2 - 2 * hLen;
            if (max <= 0) {
                throw new InvalidKeyException("Key is too short for encryption using OAEPPadding with "
                        + oaep.getDigestAlgorithm() + " and MGF1"
                        + ((MGF1ParameterSpec) oaep.getMGFParameters()).getDigestAlgorithm());
            }
            if (encrypt) {
                capacity = max;
            }
        }
        prepareContext(imported, op, n, oaep);
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

    private static boolean servesOaep(OAEPParameterSpec oaep) {
        if (!"MGF1".equalsIgnoreCase(oaep.getMGFAlgorithm())
                || !(oaep.getMGFParameters() instanceof MGF1ParameterSpec mgf)
                || !(oaep.getPSource() instanceof PSource.PSpecified)) {
            return false;
        }
        String md = oaepDigest(oaep.getDigestAlgorithm());
        String mgfMd = oaepDigest(mgf.getDigestAlgorithm());
        return md != null && mgfMd != null && EvpDigest.fetch(md).isPresent() && EvpDigest.fetch(mgfMd).isPresent();
    }

    /** Whether the key the native context was made for has been destroyed since. */
    private boolean ctxKeyDestroyed() {
        return ctxKey instanceof Destroyable d && d.isDestroyed();
    }

    /** The private key was destroyed: its context goes now (doFinal refuses the key from here on). */
    @Override
    public void keyDestroyed(AccelKey destroyed) {
        EvpPkeyCrypt c = ctx;
        if (c != null && destroyed == ctxKey) {
            c.release();
        }
    }

    /** Keeps the native context when key, operation and padding are those it was made for. */
    private void prepareContext(AccelKey key, EvpPkeyCrypt.Operation op, int n, OAEPParameterSpec oaep)
            throws InvalidKeyException {
        byte[] label = oaep == null ? EMPTY : ((PSource.PSpecified) oaep.getPSource()).getValue();
        String settings = op + "/" + padding + (oaep == null ? "" : "/"
                + oaepDigest(oaep.getDigestAlgorithm()) + "/"
                + oaepDigest(((MGF1ParameterSpec) oaep.getMGFParameters()).getDigestAlgorithm()) + "/"
                + java.util.HexFormat.of().formatHex(label));
        if (ctx != null && ctxKey == key && settings.equals(ctxSettings)) {
            return;
        }
        EvpPkeyCrypt fresh;
        // a reference of our own while the context is made; the context then holds its own
        try (Arena arena = Arena.ofConfined(); EvpPkey.Key ref = key.share()) {
            fresh = new EvpPkeyCrypt(ref, op, n, contextParams(arena, op, oaep, label));
        } catch (OpenSslException e) {
            throw new InvalidKeyException("RSA cannot use this key: " + e.getMessage(), e);
        }
        if (ctx != null) {
            ctx.close();
        }
        ctx = fresh;
        ctxKey = key;
        key.heldBy(this);
        ctxSettings = settings;
    }

    private MemorySegment[] contextParams(Arena arena, EvpPkeyCrypt.Operation op, OAEPParameterSpec oaep,
                                          byte[] label) {
        String mode = switch (padding) {
            case NONE -> "none";
            // public-key "decryption" recovers the raw block, unpadded here (see unpadBlockType1)
            case PKCS1 -> op == EvpPkeyCrypt.Operation.VERIFY_RECOVER ? "none" : "pkcs1";
            case OAEP -> "oaep";
        };
        MemorySegment padMode = OsslParams.in(arena).utf8("pad-mode", mode).build();
        if (padding == Padding.PKCS1 && op == EvpPkeyCrypt.Operation.DECRYPT) {
            // an error, not a synthetic plaintext, on OpenSSL 3.2+ (see the class comment)
            return new MemorySegment[] {padMode,
                    OsslParams.in(arena).unsigned("implicit-rejection", 0).build()};
        }
        if (padding != Padding.OAEP) {
            return new MemorySegment[] {padMode};
        }
        OsslParams p = OsslParams.in(arena)
                .utf8("digest", oaepDigest(oaep.getDigestAlgorithm()))
                .utf8("mgf1-digest",
                        oaepDigest(((MGF1ParameterSpec) oaep.getMGFParameters()).getDigestAlgorithm()));
        if (label.length > 0) {
            p.octets("oaep-label", label);
        }
        return new MemorySegment[] {padMode, p.build()};
    }

    private void initDelegate(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        Cipher d;
        try {
            d = Cipher.getInstance("RSA/ECB/" + paddingName, JdkProviders.forService("Cipher", "RSA"));
        } catch (NoSuchAlgorithmException | NoSuchPaddingException e) {
            throw new InvalidKeyException("the JDK cannot take over RSA/ECB/" + paddingName, e);
        }
        if (jdkTally == null) {
            // from here on the JDK serves this object: counted (and its refusals seen) on that path
            jdkTally = Counters.register(this, "Cipher", "RSA", Path.JDK);
        }
        if (random != null) {
            d.init(opmode, key, params, random);
        } else {
            d.init(opmode, key, params);
        }
        delegate = d;
        delegatedBytes = 0;
    }

    /** An operation SunJCE did: its updates and last input, counted on the JDK path. */
    private void delegatedDone(long lastInput) {
        jdkTally.count(delegatedBytes + lastInput);
        delegatedBytes = 0;
    }

    private void requireInit() {
        if (operation == null) {
            throw new IllegalStateException("Cipher not initialized");
        }
    }

    private void update(byte[] in, int inOfs, int inLen) {
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

    private byte[] doFinal() throws BadPaddingException, IllegalBlockSizeException {
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
            if (padding == Padding.NONE && len < modulusBytes) {
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
            if (n >= 0 && padding == Padding.PKCS1 && operation == EvpPkeyCrypt.Operation.VERIFY_RECOVER) {
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
        if (padding == Padding.NONE) {
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
    protected byte[] engineUpdate(byte[] in, int inOfs, int inLen) {
        if (delegate != null) {
            byte[] out = delegate.update(in, inOfs, inLen);
            delegatedBytes += inLen;
            return out == null ? EMPTY : out;
        }
        requireInit();
        update(in, inOfs, inLen);
        return EMPTY;
    }

    @Override
    protected int engineUpdate(byte[] in, int inOfs, int inLen, byte[] out, int outOfs)
            throws ShortBufferException {
        if (delegate != null) {
            int n = delegate.update(in, inOfs, inLen, out, outOfs);
            delegatedBytes += inLen;
            return n;
        }
        requireInit();
        update(in, inOfs, inLen);
        return 0;
    }

    @Override
    protected byte[] engineDoFinal(byte[] in, int inOfs, int inLen)
            throws IllegalBlockSizeException, BadPaddingException {
        if (delegate != null) {
            byte[] out = delegate.doFinal(in, inOfs, inLen);
            delegatedDone(inLen);
            return out;
        }
        requireInit();
        update(in, inOfs, inLen);
        return doFinal();
    }

    @Override
    protected int engineDoFinal(byte[] in, int inOfs, int inLen, byte[] out, int outOfs)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        if (delegate != null) {
            int n = delegate.doFinal(in, inOfs, inLen, out, outOfs);
            delegatedDone(inLen);
            return n;
        }
        requireInit();
        if (modulusBytes > out.length - outOfs) {
            throw new ShortBufferException("Need " + modulusBytes + " bytes for output");
        }
        update(in, inOfs, inLen);
        byte[] result = doFinal();
        System.arraycopy(result, 0, out, outOfs, result.length);
        Arrays.fill(result, (byte) 0);
        return result.length;
    }

    @Override
    protected byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        if (delegate != null) {
            byte[] out = delegate.wrap(key);
            jdkTally.count(0);
            return out;
        }
        requireInit();
        byte[] encoded = key.getEncoded();
        if (encoded == null || encoded.length == 0) {
            throw new InvalidKeyException("Could not obtain encoded key");
        }
        try {
            if (encoded.length > buffer.length) {
                throw new InvalidKeyException("Key is too long for wrapping");
            }
            update(encoded, 0, encoded.length);
            try {
                return doFinal();
            } catch (BadPaddingException e) {
                throw new InvalidKeyException("Wrapping failed", e);
            }
        } finally {
            Arrays.fill(encoded, (byte) 0);
        }
    }

    @Override
    protected Key engineUnwrap(byte[] wrappedKey, String algorithm, int type)
            throws InvalidKeyException, NoSuchAlgorithmException {
        if (delegate != null) {
            Key k = delegate.unwrap(wrappedKey, algorithm, type);
            jdkTally.count(wrappedKey.length);
            return k;
        }
        requireInit();
        if (wrappedKey.length > buffer.length) {
            throw new InvalidKeyException("Key is too long for unwrapping");
        }
        if (algorithm.equals(TLS_PREMASTER)) {
            // parameters for it would have sent this cipher to SunJCE
            throw new IllegalStateException("No TlsRsaPremasterSecretParameterSpec specified");
        }
        update(wrappedKey, 0, wrappedKey.length);
        byte[] encoded = null;
        try {
            encoded = doFinal();
            return constructKey(encoded, algorithm, type);
        } catch (BadPaddingException | IllegalBlockSizeException e) {
            throw new InvalidKeyException("Unwrapping failed", e);
        } finally {
            if (encoded != null) {
                Arrays.fill(encoded, (byte) 0);
            }
        }
    }

    /** The unwrapped key as SunJCE builds it (ConstructKeys): a SecretKeySpec, or by KeyFactory. */
    private static Key constructKey(byte[] encoded, String algorithm, int type)
            throws InvalidKeyException, NoSuchAlgorithmException {
        switch (type) {
            case Cipher.SECRET_KEY:
                return new SecretKeySpec(encoded, algorithm);
            case Cipher.PUBLIC_KEY:
            case Cipher.PRIVATE_KEY:
                KeyFactory kf;
                try {
                    kf = KeyFactory.getInstance(algorithm);
                } catch (NoSuchAlgorithmException e) {
                    throw new NoSuchAlgorithmException("No installed providers can create keys for the "
                            + algorithm + " algorithm", e);
                }
                try {
                    return type == Cipher.PUBLIC_KEY ? kf.generatePublic(new X509EncodedKeySpec(encoded))
                            : kf.generatePrivate(new PKCS8EncodedKeySpec(encoded));
                } catch (InvalidKeySpecException e) {
                    throw new InvalidKeyException("Cannot construct " + (type == Cipher.PUBLIC_KEY ? "public"
                            : "private") + " key", e);
                }
            default:
                throw new NoSuchAlgorithmException("Unsupported key type");
        }
    }

    /** OpenSSL's name of an OAEP digest (JCA name): the SHA families, and MD5, which OAEP allows. */
    private static String oaepDigest(String jcaName) {
        return "MD5".equalsIgnoreCase(jcaName) ? "MD5" : DigestNames.openssl(jcaName);
    }
}
