package dev.acceljce.cipher;

import dev.acceljce.awslc.EvpAead;
import dev.acceljce.control.Engine;
import dev.acceljce.control.Fips;
import dev.acceljce.control.SecretBytes;
import dev.acceljce.openssl.EvpCipher;
import dev.acceljce.params.Parameters;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.NoSuchAlgorithmException;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.InvalidParameterSpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * AES/GCM/NoPadding (and AES_128/192/256) through OpenSSL's AES-128/192/256-GCM or AWS-LC's
 * one-shot {@code EVP_aead_aes_*_gcm} (the engine chosen when the object is made), with the JDK's
 * rules: tag lengths 96..128 bits in steps of 8, any IV of at least one byte, a random 12-byte IV
 * when encrypting without parameters, and no encryption twice with the key and IV of the previous
 * encryption init ("Cannot reuse iv for GCM encryption").
 *
 * <p>OpenSSL accepts GCM IVs of at most {@value #MAX_NATIVE_IV} bytes; on OpenSSL the rare longer
 * IV (legal in GCM, accepted by the JDK) is served by the JDK's cipher for that operation. AWS-LC
 * takes IVs of any length.
 */
final class AesGcmCipher extends AeadCipherBase {
    /** GCM_IV_MAX_SIZE of OpenSSL's GCM provider implementation. */
    static final int MAX_NATIVE_IV = 128;

    private static final int DEFAULT_IV = 12;
    private static final int DEFAULT_TAG = 16;
    private static final String JDK_NAME = "AES/GCM/NoPadding";

    /** Required key length in bytes, or -1 for any AES key length. */
    private final int fixedKeySize;
    /** The library this object runs on ({@code control/Dispatch.engine}); FIPS mode is OpenSSL's. */
    private final Engine library;
    /** The AWS-LC engine, made at the first init that uses it. */
    private OneShotAeadEngine oneShot;
    // the key and IV of the last encryption init: the same pair must not encrypt again
    private byte[] lastKey = AeadIo.EMPTY;
    private byte[] lastIv = AeadIo.EMPTY;

    /** From this message size on, OpenSSL serves a message of an object on AWS-LC ({@code Dispatch.openSslFrom}). */
    private final long openSslFrom;

    AesGcmCipher(int fixedKeySize, Engine library, long openSslFrom) {
        super(Rules.GCM);
        this.fixedKeySize = fixedKeySize;
        this.library = library;
        this.openSslFrom = openSslFrom;
    }

    /** SunJCE's GaloisCounterMode's ways, where they are not the defaults. */
    private enum Rules implements AeadRules {
        GCM;

        @Override
        public String reuseAfterFinishMessage() {
            return "Must use either different key or iv for GCM encryption";
        }

        /**
         * SunJCE's GCM processes at most Integer.MAX_VALUE bytes (tag included) per operation and
         * says so with this ProviderException; its decryption could not hold more either, nor can
         * ours, so a longer ciphertext would be one no JCA GCM here could decrypt.
         */
        @Override
        public void checkOperationLength(long total) {
            if (total > Integer.MAX_VALUE) {
                throw new ProviderException(
                        "AccelJCE, as SunJCE, supports GCM input size up to " + Integer.MAX_VALUE + " bytes");
            }
        }

        @Override
        public void checkUpdateOutput(byte[] output, int outputOffset, boolean encrypting) {
            // GaloisCounterMode range-checks the output array in update, decryption included
            if (outputOffset > output.length) {
                throw new ArrayIndexOutOfBoundsException(
                        "output offset " + outputOffset + " past the end of an array of " + output.length);
            }
        }
    }

    @Override
    protected void engineSetMode(String mode) throws NoSuchAlgorithmException {
        if (!mode.equalsIgnoreCase("GCM")) {
            throw new NoSuchAlgorithmException("Mode must be GCM");
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
        return 16;
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        byte[] encoded = key.getEncoded();
        if (encoded == null) {
            throw new InvalidKeyException("Key encoding must not be null");
        }
        Arrays.fill(encoded, (byte) 0);
        if (!validAesLength(encoded.length)) {
            throw new InvalidKeyException("Invalid key length: " + encoded.length + " bytes");
        }
        return encoded.length * 8;
    }

    private static boolean validAesLength(int n) {
        return n == 16 || n == 24 || n == 32;
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        // the JDK's cipher of a delegated operation would answer the same: its IV and tag length
        byte[] iv = iv();
        int tag = tagLength() == 0 ? DEFAULT_TAG : tagLength();
        try {
            // before init, like the JDK: fresh random parameters, not attached to this object
            return Parameters.of("GCM", new GCMParameterSpec(tag * 8, iv != null ? iv : randomIv(null)));
        } catch (NoSuchAlgorithmException | InvalidParameterSpecException e) {
            throw new ProviderException(e);
        }
    }

    private static byte[] randomIv(SecureRandom random) {
        byte[] iv = new byte[DEFAULT_IV];
        (random != null ? random : new SecureRandom()).nextBytes(iv);
        return iv;
    }

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        if (opmode == Cipher.DECRYPT_MODE || opmode == Cipher.UNWRAP_MODE) {
            throw new InvalidKeyException("No GCMParameterSpec specified");
        }
        try {
            engineInit(opmode, key, (AlgorithmParameterSpec) null, random);
        } catch (InvalidAlgorithmParameterException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        GCMParameterSpec spec = null;
        if (params != null) {
            try {
                spec = params.getParameterSpec(GCMParameterSpec.class);
            } catch (InvalidParameterSpecException e) {
                throw new InvalidAlgorithmParameterException(e);
            }
        }
        engineInit(opmode, key, spec, random);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        byte[] iv;
        int tagBits;
        // Checks in the JDK's order, with its exceptions. A null spec means a random IV, in either
        // direction (as GaloisCounterMode does).
        if (params == null) {
            iv = randomIv(random);
            tagBits = DEFAULT_TAG * 8;
        } else {
            if (!(params instanceof GCMParameterSpec spec)) {
                throw new InvalidAlgorithmParameterException("AlgorithmParameterSpec not of GCMParameterSpec");
            }
            iv = spec.getIV();
            if (iv == null) {
                throw new InvalidAlgorithmParameterException("IV is null");
            }
            if (iv.length == 0) {
                throw new InvalidAlgorithmParameterException("IV is empty");
            }
            tagBits = spec.getTLen();
        }
        if (tagBits < 96 || tagBits > 128 || (tagBits & 7) != 0) {
            throw new InvalidAlgorithmParameterException(
                    "Unsupported TLen value.  Must be one of {128, 120, 112, 104, 96}");
        }
        if (key == null) {
            throw new InvalidKeyException("The key must not be null");
        }
        byte[] keyBytes = key.getEncoded();
        if (keyBytes == null) {
            throw new InvalidKeyException("Key encoding must not be null");
        }
        if (fixedKeySize != -1 && keyBytes.length != fixedKeySize) {
            Arrays.fill(keyBytes, (byte) 0);
            throw new InvalidKeyException("The key must be " + fixedKeySize + " bytes");
        }
        boolean encrypt = opmode == Cipher.ENCRYPT_MODE || opmode == Cipher.WRAP_MODE;
        if (encrypt) {
            boolean sameKey = SecretBytes.equal(keyBytes, lastKey);
            if (sameKey && SecretBytes.equal(iv, lastIv)) {
                Arrays.fill(keyBytes, (byte) 0);
                throw new InvalidAlgorithmParameterException("Cannot reuse iv for GCM encryption");
            }
            if (!sameKey) {
                Arrays.fill(lastKey, (byte) 0);
                lastKey = keyBytes.clone();
            }
            lastIv = iv;
        }
        String algorithm = key.getAlgorithm();
        if (!"AES".equalsIgnoreCase(algorithm) && !"Rijndael".equalsIgnoreCase(algorithm)) {
            Arrays.fill(keyBytes, (byte) 0);
            throw new InvalidKeyException("Wrong algorithm: AES or Rijndael required");
        }
        if (!validAesLength(keyBytes.length)) {
            int n = keyBytes.length;
            Arrays.fill(keyBytes, (byte) 0);
            throw new InvalidKeyException("Invalid AES key length: " + n + " bytes");
        }
        if (iv.length > MAX_NATIVE_IV && Fips.on()) {
            Arrays.fill(keyBytes, (byte) 0);
            throw new InvalidAlgorithmParameterException(Fips.refused(
                    "a GCM IV of " + iv.length + " bytes (the FIPS module takes up to " + MAX_NATIVE_IV + ")"));
        }
        if (library == Engine.AWSLC && !Fips.on()) { // AWS-LC takes any IV length
            if (oneShot == null) {
                oneShot = new OneShotAeadEngine(Rules.GCM, tallies());
            }
            oneShot.start(encrypt, EvpAead.Algorithm.aesGcm(keyBytes.length), keyBytes, iv, tagBits / 8);
            startOneShot(
                    oneShot,
                    encrypt,
                    iv,
                    tagBits / 8,
                    iv.length <= MAX_NATIVE_IV ? nativeAlgorithm(keyBytes.length) : null,
                    openSslFrom);
            return;
        }
        if (iv.length > MAX_NATIVE_IV) {
            Arrays.fill(keyBytes, (byte) 0);
            startDelegated(jdkCipher(opmode, key, new GCMParameterSpec(tagBits, iv), random), encrypt, iv, tagBits / 8);
            return;
        }
        start(encrypt, nativeAlgorithm(keyBytes.length), keyBytes, iv, tagBits / 8);
    }

    /** AES-128/192/256-GCM by key length in bytes (16, 24, 32), fetched at first use: init asks for every message. */
    private static final EvpCipher.Algorithm[] BY_KEY_WORDS = new EvpCipher.Algorithm[3];

    private static EvpCipher.Algorithm nativeAlgorithm(int keyLength) {
        int i = keyLength / 8 - 2; // the caller checked: 16, 24 or 32
        EvpCipher.Algorithm a = BY_KEY_WORDS[i];
        if (a == null) {
            String name = "AES-" + keyLength * 8 + "-GCM";
            a = EvpCipher.fetch(name).orElseThrow(() -> new ProviderException("OpenSSL has no " + name));
            BY_KEY_WORDS[i] = a; // a record of final fields: safe to publish through a race
        }
        return a;
    }

    /** A fresh JDK cipher (fresh: its own reuse memory must not refuse what ours allows). */
    private static Cipher jdkCipher(int opmode, Key key, GCMParameterSpec spec, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        try {
            Cipher c = JdkCipherEngine.jdkCipher(JDK_NAME, JDK_NAME);
            c.init(opmode, key, spec, random);
            return c;
        } catch (NoSuchAlgorithmException | NoSuchPaddingException e) {
            throw new ProviderException(e);
        }
    }

    @Override
    protected byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        byte[] encoded = key.getEncoded();
        if (encoded == null || encoded.length == 0) {
            throw new InvalidKeyException("Cannot get an encoding of the key to be wrapped");
        }
        try {
            return engineDoFinal(encoded, 0, encoded.length);
        } catch (BadPaddingException e) {
            throw new ProviderException(e); // encryption has no tag to check
        } finally {
            Arrays.fill(encoded, (byte) 0);
        }
    }

    @Override
    protected Key engineUnwrap(byte[] wrappedKey, String wrappedKeyAlgorithm, int wrappedKeyType)
            throws InvalidKeyException, NoSuchAlgorithmException {
        byte[] encoded;
        try {
            encoded = engineDoFinal(wrappedKey, 0, wrappedKey.length);
        } catch (BadPaddingException e) {
            throw new InvalidKeyException("The wrapped key is not padded correctly", e);
        }
        try {
            return switch (wrappedKeyType) {
                case Cipher.SECRET_KEY -> new SecretKeySpec(encoded, wrappedKeyAlgorithm);
                case Cipher.PUBLIC_KEY ->
                    KeyFactory.getInstance(wrappedKeyAlgorithm).generatePublic(new X509EncodedKeySpec(encoded));
                case Cipher.PRIVATE_KEY ->
                    KeyFactory.getInstance(wrappedKeyAlgorithm).generatePrivate(new PKCS8EncodedKeySpec(encoded));
                default -> throw new InvalidKeyException("Unknown key type " + wrappedKeyType);
            };
        } catch (InvalidKeySpecException e) {
            throw new InvalidKeyException("Cannot construct the unwrapped key", e);
        } finally {
            Arrays.fill(encoded, (byte) 0);
        }
    }
}
