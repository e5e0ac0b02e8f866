package dev.acceljce.rsa;

import dev.acceljce.control.CallerRandom;
import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import dev.acceljce.control.Fips;
import dev.acceljce.jdk.JdkProviders;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.KeyHolder;
import dev.acceljce.keys.KeyKind;
import dev.acceljce.keys.Keys;
import dev.acceljce.openssl.EvpDigest;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.openssl.EvpPkeyCrypt;
import dev.acceljce.rsa.RsaPadding.Kind;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.interfaces.RSAKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.security.spec.MGF1ParameterSpec;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.OAEPParameterSpec;

/**
 * RSA encryption ("RSA/ECB/PKCS1Padding", "RSA/ECB/OAEPWith&lt;digest&gt;AndMGF1Padding",
 * "RSA/ECB/OAEPPadding" with an OAEPParameterSpec, "RSA/ECB/NoPadding") through
 * EVP_PKEY_encrypt/decrypt, with SunJCE's RSACipher contract: a public key encrypts (ENCRYPT,
 * WRAP) and a private key decrypts (DECRYPT, UNWRAP); with PKCS#1 v1.5 and no padding, a private
 * key may also "encrypt" (block type 1, EVP_PKEY_sign without a digest) and a public key "decrypt"
 * (EVP_PKEY_verify_recover), as SunJCE allows; input is buffered up to the mode's limit and too
 * much gives IllegalBlockSizeException at doFinal; the output size is the modulus length.
 *
 * <p>This class holds the contract: mode, padding ({@link RsaPadding}), key and parameter checks
 * and the input limit. Each init picks the engine that serves key and parameters, and every
 * operation goes to it: {@link NativeRsa} (which also holds why PKCS#1 v1.5 decryption is not a
 * padding oracle here), or {@link JdkRsa} for keys and parameters the native side does not serve,
 * which SunJCE's RSA cipher accepts or refuses as it would on its own: non-RSA and non-CRT keys,
 * RSASSA-PSS keys, OAEP with a digest OpenSSL lacks or a non-MGF1 mask, non-OAEP parameters, and
 * padded encryption given a SecureRandom unlike OpenSSL's own DRBG ({@link CallerRandom}), which
 * SunJCE then draws the padding from.
 */
public final class RsaCipher extends CipherSpi implements Counted, KeyHolder {
    private RsaPadding padding = RsaPadding.DEFAULT;

    private Counters.Tally tally = Counters.Tally.NONE;
    /** Made when SunJCE first serves this object: its work is counted on the JDK path. */
    private Counters.Tally jdkTally;

    /** This object's native engine, kept across inits (with its context) while the JDK may serve some. */
    private final NativeRsa nativeRsa = new NativeRsa(this);
    /** The engine serving the current init: {@link #nativeRsa} (also when not initialised) or a {@link JdkRsa}. */
    private RsaEngine engine = nativeRsa;

    public RsaCipher() {}

    /** Whether the last init left the work to OpenSSL (not handed to the JDK's Cipher). */
    boolean servedNatively() {
        return engine == nativeRsa;
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
        nativeRsa.attach(tally);
    }

    @Override
    protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
        if (!mode.equalsIgnoreCase("ECB")) {
            throw new NoSuchAlgorithmException("Unsupported mode " + mode);
        }
    }

    @Override
    protected void engineSetPadding(String name) throws NoSuchPaddingException {
        padding = RsaPadding.parse(name);
    }

    @Override
    protected int engineGetBlockSize() {
        return 0;
    }

    @Override
    protected int engineGetOutputSize(int inputLen) {
        return engine.outputSize(inputLen);
    }

    @Override
    protected byte[] engineGetIV() {
        return null;
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        return engine.parameters();
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
        if (Fips.on() && padding.kind() != Kind.OAEP) {
            // "RSA" alone means PKCS#1 v1.5 padding, which FIPS mode refuses at setPadding too
            throw new InvalidKeyException(
                    Fips.refused("RSA encryption with " + padding.name() + " (approved: OAEP, SP 800-56B Rev. 2)"));
        }
        boolean encrypt = opmode == Cipher.ENCRYPT_MODE || opmode == Cipher.WRAP_MODE;
        // the previous operation ends here, whether this init succeeds or not
        nativeRsa.stop();
        engine = nativeRsa;
        AccelKey imported = key != null ? Keys.toNative(key) : null;
        OAEPParameterSpec oaep = padding.oaep(params);
        boolean served = imported != null
                && imported.kind() == KeyKind.RSA
                && (params == null || oaep != null)
                && (oaep == null || RsaPadding.servesOaep(oaep));
        if (!served) {
            initJdk(opmode, key, params, random);
            return;
        }
        boolean privateKey = imported instanceof PrivateKey;
        // Encryption with a public key draws randomness (PKCS#1 v1.5's padding string, OAEP's seed);
        // NoPadding, decryption and PKCS#1 v1.5 block type 1 (a private key's "encryption") draw none
        if (encrypt
                && !privateKey
                && padding.kind() != Kind.NONE
                && CallerRandom.handToJdk(random, "Cipher", "RSA", () -> JdkProviders.find("Cipher", "RSA") != null)) {
            initJdk(opmode, key, params, random);
            return;
        }
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
        if (padding.kind() == Kind.PKCS1 && encrypt) {
            capacity = n - 11;
        } else if (padding.kind() == Kind.OAEP) {
            if (op == EvpPkeyCrypt.Operation.SIGN || op == EvpPkeyCrypt.Operation.VERIFY_RECOVER) {
                throw new InvalidKeyException("OAEP cannot be used to sign or verify signatures");
            }
            int hLen = EvpDigest.fetch(RsaPadding.digest(oaep)).orElseThrow().size();
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
        nativeRsa.start(imported, op, n, capacity, padding.kind(), oaep);
    }

    private void initJdk(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        Cipher d = JdkRsa.jdkCipher(padding.name());
        if (jdkTally == null) {
            // from here on the JDK serves this object: counted (and its refusals seen) on that path
            jdkTally = tally.handedToJdk(this);
        }
        engine = new JdkRsa(d, opmode, key, params, random, jdkTally); // may refuse key or parameters
    }

    /** The private key was destroyed: the native engine frees its context now. */
    @Override
    public void keyDestroyed(AccelKey destroyed) {
        nativeRsa.keyDestroyed(destroyed);
    }

    @Override
    protected byte[] engineUpdate(byte[] in, int inOfs, int inLen) {
        return engine.update(in, inOfs, inLen);
    }

    @Override
    protected int engineUpdate(byte[] in, int inOfs, int inLen, byte[] out, int outOfs) throws ShortBufferException {
        return engine.update(in, inOfs, inLen, out, outOfs);
    }

    @Override
    protected byte[] engineDoFinal(byte[] in, int inOfs, int inLen)
            throws IllegalBlockSizeException, BadPaddingException {
        return engine.doFinal(in, inOfs, inLen);
    }

    @Override
    protected int engineDoFinal(byte[] in, int inOfs, int inLen, byte[] out, int outOfs)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        return engine.doFinal(in, inOfs, inLen, out, outOfs);
    }

    @Override
    protected byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        return engine.wrap(key);
    }

    @Override
    protected Key engineUnwrap(byte[] wrappedKey, String algorithm, int type)
            throws InvalidKeyException, NoSuchAlgorithmException {
        return engine.unwrap(wrappedKey, algorithm, type);
    }
}
