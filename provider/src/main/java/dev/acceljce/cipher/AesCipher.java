package dev.acceljce.cipher;

import dev.acceljce.cipher.NativeAesEngine.Mode;
import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
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
import java.util.Locale;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;

/**
 * AES in ECB, CBC, CTR, CFB (128-bit feedback), CFB8 and OFB modes, with PKCS#5 padding for ECB and
 * CBC, served by OpenSSL ({@link NativeAesEngine}).
 *
 * <p>The modes and paddings SunJCE's "AES" accepts but OpenSSL lacks (PCBC, CTS, CFBn/OFBn for
 * other widths, ISO10126Padding, PKCS5Padding on CFB/OFB) are served by a SunJCE cipher
 * ({@link JdkCipherEngine}), counted on the JDK path of the same service. Which engine serves is
 * decided when mode and padding are known (construction, {@code engineSetMode},
 * {@code engineSetPadding}); init checks the arguments the native engine needs (SunJCE checks its
 * own), and every operation is forwarded to the engine without asking which one it is.
 */
final class AesCipher extends CipherSpi implements Counted {
    private final Tallies tallies = new Tallies(this);

    @Override
    public void attach(Counters.Tally tally) {
        tallies.attach(tally);
    }

    private static final int BLOCK = NativeAesEngine.BLOCK;

    /** Key size in bytes the service is bound to (AES_128/... names), 0 for any. */
    private final int fixedKeySize;

    private String modeName;
    private String paddingName;
    /** OpenSSL's engine for mode and padding, or null when SunJCE serves them. */
    private NativeAesEngine nativeEngine;
    /** SunJCE's cipher for mode and padding, or null when OpenSSL serves them. */
    private JdkCipherEngine jdk;
    /** The one of the two that serves: every operation goes to it. */
    private CipherEngine engine;

    /** A native cipher in {@code mode} with or without PKCS#5 padding. */
    AesCipher(int fixedKeySize, Mode mode, boolean padding) {
        this.fixedKeySize = fixedKeySize;
        this.modeName = mode.name();
        this.paddingName = padding ? "PKCS5Padding" : "NoPadding";
        serveNatively(mode, padding);
    }

    /** The general "AES" service: ECB with PKCS#5 padding until the JCA sets mode and padding. */
    AesCipher() {
        this(0, Mode.ECB, true);
    }

    /** A cipher whose engine is always SunJCE's, for the full transformation {@code AES/mode/padding}. */
    static AesCipher jdkOnly(String mode, String padding) throws GeneralSecurityException {
        return new AesCipher(mode, padding, jdkCipher(mode, padding));
    }

    private AesCipher(String mode, String padding, Cipher jdkCipher) {
        this.fixedKeySize = 0;
        this.modeName = mode;
        this.paddingName = padding;
        serveByJdk(jdkCipher);
    }

    private static Cipher jdkCipher(String mode, String padding)
            throws NoSuchAlgorithmException, NoSuchPaddingException {
        return JdkCipherEngine.jdkCipher("AES", "AES/" + mode + "/" + padding);
    }

    private void serveNatively(Mode mode, boolean padding) {
        nativeEngine = new NativeAesEngine(mode, padding, tallies);
        jdk = null;
        engine = nativeEngine;
    }

    private void serveByJdk(Cipher cipher) {
        jdk = new JdkCipherEngine(cipher, tallies, false);
        nativeEngine = null;
        engine = jdk;
    }

    // ---- mode and padding (the general "AES" service) ----

    @Override
    protected void engineSetMode(String name) throws NoSuchAlgorithmException {
        if (name == null) {
            throw new NoSuchAlgorithmException("null mode");
        }
        if (Mode.of(name) == null) {
            try {
                jdkCipher(name, "NoPadding"); // SunJCE decides which other modes exist
            } catch (NoSuchPaddingException e) {
                throw new NoSuchAlgorithmException("Cipher mode: " + name + " not found", e);
            }
        }
        modeName = name;
        choosePath();
    }

    @Override
    protected void engineSetPadding(String name) throws NoSuchPaddingException {
        if (name == null) {
            throw new NoSuchPaddingException("null padding");
        }
        Mode m = Mode.of(modeName);
        String p = name.toUpperCase(Locale.ROOT);
        boolean nativePadding = p.equals("NOPADDING") || (p.equals("PKCS5PADDING") && m != null && m.block);
        if (!nativePadding || m == null) {
            try {
                jdkCipher(modeName, name); // SunJCE's verdict on the combination (CTR needs NoPadding, ...)
            } catch (NoSuchAlgorithmException e) {
                throw (NoSuchPaddingException)
                        new NoSuchPaddingException("Padding: " + name + " not implemented").initCause(e);
            }
        }
        paddingName = name;
        choosePath();
    }

    /**
     * The native engine when OpenSSL has the mode and padding, otherwise a SunJCE cipher for the
     * pair; either way a new one, so the object needs init again (and a new OpenSSL cipher sets
     * the key again).
     */
    private void choosePath() {
        Mode m = Mode.of(modeName);
        String p = paddingName.toUpperCase(Locale.ROOT);
        boolean pkcs5 = p.equals("PKCS5PADDING");
        if (m != null && (p.equals("NOPADDING") || (pkcs5 && m.block))) {
            serveNatively(m, pkcs5);
            return;
        }
        Cipher c;
        try {
            c = jdkCipher(modeName, paddingName);
        } catch (NoSuchPaddingException e) {
            // a mode that needs NoPadding (CTS) set before the padding: the JCA sets it next
            c = noPaddingCipher();
        } catch (NoSuchAlgorithmException e) {
            throw new ProviderException("SunJCE refused AES/" + modeName + "/" + paddingName, e);
        }
        serveByJdk(c);
    }

    private Cipher noPaddingCipher() {
        try {
            return jdkCipher(modeName, "NoPadding");
        } catch (GeneralSecurityException e) {
            throw new ProviderException("SunJCE refused AES/" + modeName + "/NoPadding", e);
        }
    }

    // ---- sizes, IV, parameters ----

    @Override
    protected int engineGetBlockSize() {
        return BLOCK;
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        return AesKeys.rawKey(key, fixedKeySize).length * 8;
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
        return engine.outputSize(inputLen);
    }

    @Override
    protected byte[] engineGetIV() {
        return jdk != null ? jdk.iv() : nativeEngine.iv();
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        return jdk != null ? jdk.parameters() : nativeEngine.parameters();
    }

    // ---- init: SunJCE's cipher checks its own arguments; the native engine's are checked here ----

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        if (jdk != null) {
            jdk.init(opmode, key, random);
            return;
        }
        try {
            init(opmode, key, null, false, random);
        } catch (InvalidAlgorithmParameterException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (jdk != null) {
            jdk.init(opmode, key, params, random);
            return;
        }
        Mode mode = nativeEngine.mode;
        byte[] givenIv = null;
        if (params != null) {
            if (!mode.usesIv) {
                throw new InvalidAlgorithmParameterException(mode + " mode cannot use IV");
            }
            if (!(params instanceof IvParameterSpec ivSpec)) {
                throw new InvalidAlgorithmParameterException("Unsupported parameter: " + params);
            }
            givenIv = ivSpec.getIV();
            if (givenIv.length != BLOCK) {
                throw new InvalidAlgorithmParameterException("Wrong IV length: must be 16 bytes long");
            }
        }
        init(opmode, key, givenIv, true, random);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (jdk != null) {
            jdk.init(opmode, key, params, random);
            return;
        }
        IvParameterSpec spec = null;
        if (params != null) {
            try {
                spec = params.getParameterSpec(IvParameterSpec.class);
            } catch (InvalidParameterSpecException e) {
                throw new InvalidAlgorithmParameterException("Wrong parameter type: IV expected", e);
            }
        }
        engineInit(opmode, key, spec, random);
    }

    /**
     * Native init. {@code explicitParams}: whether the caller passed parameters (possibly null),
     * which decides between the two exceptions SunJCE throws for a missing decryption IV.
     */
    private void init(int opmode, Key key, byte[] givenIv, boolean explicitParams, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        byte[] raw = AesKeys.rawKey(key, fixedKeySize);
        boolean enc = switch (opmode) {
            case Cipher.ENCRYPT_MODE, Cipher.WRAP_MODE -> true;
            case Cipher.DECRYPT_MODE, Cipher.UNWRAP_MODE -> false;
            default -> throw new InvalidKeyException("Unknown opmode " + opmode); // the JCA checks first
        };
        byte[] newIv = givenIv;
        if (nativeEngine.mode.usesIv && newIv == null) {
            if (!enc) {
                if (explicitParams) {
                    throw new InvalidAlgorithmParameterException("Parameters missing");
                }
                throw new InvalidKeyException("Parameters missing");
            }
            newIv = NativeAesEngine.randomIv(random);
        }
        nativeEngine.init(enc, raw, newIv);
    }

    // ---- the operation: the engine's ----

    @Override
    protected byte[] engineUpdate(byte[] input, int inputOffset, int inputLen) {
        return engine.update(input, inputOffset, inputLen);
    }

    @Override
    protected int engineUpdate(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException {
        return engine.update(input, inputOffset, inputLen, output, outputOffset);
    }

    @Override
    protected int engineUpdate(ByteBuffer input, ByteBuffer output) throws ShortBufferException {
        return engine.update(input, output);
    }

    @Override
    protected byte[] engineDoFinal(byte[] input, int inputOffset, int inputLen)
            throws IllegalBlockSizeException, BadPaddingException {
        return engine.doFinal(input, inputOffset, inputLen);
    }

    @Override
    protected int engineDoFinal(byte[] input, int inputOffset, int inputLen, byte[] output, int outputOffset)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        return engine.doFinal(input, inputOffset, inputLen, output, outputOffset);
    }

    @Override
    protected int engineDoFinal(ByteBuffer input, ByteBuffer output)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        return engine.doFinal(input, output);
    }

    @Override
    protected byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        return engine.wrap(key);
    }

    @Override
    protected Key engineUnwrap(byte[] wrappedKey, String wrappedKeyAlgorithm, int wrappedKeyType)
            throws InvalidKeyException, NoSuchAlgorithmException {
        return engine.unwrap(wrappedKey, wrappedKeyAlgorithm, wrappedKeyType);
    }
}
