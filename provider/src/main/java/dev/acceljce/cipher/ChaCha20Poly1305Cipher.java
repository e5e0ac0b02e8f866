package dev.acceljce.cipher;

import dev.acceljce.awslc.EvpAead;
import dev.acceljce.control.Engine;
import dev.acceljce.control.SecretBytes;
import dev.acceljce.openssl.EvpCipher;
import dev.acceljce.params.Parameters;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.IvParameterSpec;

/**
 * ChaCha20-Poly1305 (RFC 8439) through OpenSSL or AWS-LC's one-shot {@code EVP_AEAD}, and XChaCha20-Poly1305
 * (draft-irtf-cfrg-xchacha: a 24-byte nonce) through AWS-LC's one-shot {@code EVP_AEAD} (OpenSSL
 * has no XChaCha20), with the JDK's rules for ChaCha20-Poly1305: a 256-bit RAW key, the nonce in
 * an {@link IvParameterSpec}, a 16-byte tag, a random nonce when encrypting without parameters,
 * and no encryption init with the key and nonce of the previous init.
 */
final class ChaCha20Poly1305Cipher extends AeadCipherBase {
    static final String OPENSSL_NAME = "ChaCha20-Poly1305";
    private static final int TAG_LENGTH = 16;

    /** The two members of the family: the name, the nonce length, and which library runs it. */
    enum Variant {
        CHACHA20_POLY1305("ChaCha20-Poly1305", 12),
        XCHACHA20_POLY1305("XChaCha20-Poly1305", 24);

        final String jcaName;
        final int nonceLength;

        Variant(String jcaName, int nonceLength) {
            this.jcaName = jcaName;
            this.nonceLength = nonceLength;
        }
    }

    private final Variant variant;
    /** The library this object runs on (XChaCha20-Poly1305: always AWS-LC). */
    private final Engine library;
    /** The AWS-LC engine, made at the first init that uses it. */
    private OneShotAeadEngine oneShot;

    // key and nonce of the previous init, in either direction (the JDK's reuse rule)
    private byte[] lastKey;
    private byte[] lastNonce;

    /** From this message size on, OpenSSL serves a message of an object on AWS-LC. */
    private final long openSslFrom;

    /**
     * {@code library}: where ChaCha20-Poly1305 runs ({@code control/Dispatch.engine});
     * {@code openSslFrom}: the message size from which OpenSSL serves a whole message on an AWS-LC
     * object ({@code Dispatch.openSslFrom}).
     */
    ChaCha20Poly1305Cipher(Variant variant, Engine library, long openSslFrom) {
        super(Rules.CHACHA20_POLY1305);
        this.variant = variant;
        this.library = variant == Variant.XCHACHA20_POLY1305 ? Engine.AWSLC : library;
        this.openSslFrom = openSslFrom;
    }

    /**
     * SunJCE's ChaCha20Poly1305's ways, where they are not SunJCE's GCM's (the defaults); the JDK
     * has no XChaCha20-Poly1305, which follows them too.
     */
    private enum Rules implements AeadRules {
        CHACHA20_POLY1305;

        @Override
        public String reuseAfterFinishMessage() {
            return "Must use either a different key or iv.";
        }

        @Override
        public boolean emptyBufferUpdateChecksState() {
            return false;
        }

        /** SunJCE's ChaCha20-Poly1305 sizes with Math.addExact (ArithmeticException at the int limit). */
        @Override
        public int encryptionOutputSize(int inputLen, int tagLength) {
            return Math.addExact(inputLen, tagLength);
        }

        /**
         * SunJCE's ChaCha20-Poly1305 has no working check here: its room test wraps, it encrypts the
         * whole input into the output and then fails writing the tag past the array's end with this
         * IndexOutOfBoundsException. Same exception, but before any work and without leaving
         * untagged ciphertext in the caller's array.
         */
        @Override
        public void finalOutputOverflows(byte[] output, int outputOffset, int inputLen) {
            throw new IndexOutOfBoundsException("Range [" + ((long) outputOffset + inputLen) + ", +" + TAG_LENGTH
                    + ") out of bounds for length " + (output == null ? 0 : output.length));
        }

        /**
         * SunJCE's formula and overflow (ArithmeticException): the new input less a tag, plus
         * everything held. An upper bound; SunJCE's own answer can be 16 lower, as it does not count
         * the last 16 bytes it holds.
         */
        @Override
        public int decryptionOutputSize(int inputLen, int pending, int tagLength) {
            return Math.addExact(Math.max(inputLen, tagLength) - tagLength, pending);
        }

        @Override
        public void checkUpdateOutput(byte[] output, int outputOffset, boolean encrypting) throws ShortBufferException {
            if (output == null && encrypting) { // the JDK's answer; its decryption ignores the output
                throw new ShortBufferException("Output buffer too small");
            }
        }
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
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        byte[] k = ChaCha20Cipher.rawKey(key);
        Arrays.fill(k, (byte) 0);
        return 256;
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        byte[] nonce = iv();
        try {
            // before init, like the JDK: a fresh random nonce, not attached to this object
            return Parameters.of(variant.jcaName, new IvParameterSpec(nonce != null ? nonce : randomNonce(null)));
        } catch (NoSuchAlgorithmException | InvalidParameterSpecException e) {
            throw new ProviderException(e);
        }
    }

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        if (opmode == Cipher.DECRYPT_MODE) {
            throw new InvalidKeyException("Default parameter generation disallowed in DECRYPT and UNWRAP modes");
        }
        init(opmode, key, randomNonce(random));
    }

    private byte[] randomNonce(SecureRandom random) {
        byte[] n = new byte[variant.nonceLength];
        (random != null ? random : new SecureRandom()).nextBytes(n);
        return n;
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (params == null) {
            engineInit(opmode, key, random);
            return;
        }
        if (!(params instanceof IvParameterSpec ivSpec)) {
            throw new InvalidAlgorithmParameterException(variant.jcaName + " requires IvParameterSpec");
        }
        init(opmode, key, checkNonce(ivSpec.getIV()));
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (params == null) {
            engineInit(opmode, key, random);
            return;
        }
        if (!params.getAlgorithm().equalsIgnoreCase(variant.jcaName)) {
            throw new InvalidAlgorithmParameterException("Invalid parameter type: " + params.getAlgorithm());
        }
        byte[] nonce;
        try {
            nonce = params.getParameterSpec(IvParameterSpec.class).getIV();
        } catch (InvalidParameterSpecException e) {
            throw new InvalidAlgorithmParameterException(e);
        }
        init(opmode, key, checkNonce(nonce));
    }

    private byte[] checkNonce(byte[] nonce) throws InvalidAlgorithmParameterException {
        if (nonce.length != variant.nonceLength) {
            throw new InvalidAlgorithmParameterException(
                    variant.jcaName + " nonce must be " + variant.nonceLength + " bytes in length");
        }
        return nonce;
    }

    private void init(int opmode, Key key, byte[] nonce) throws InvalidKeyException {
        if (opmode == Cipher.WRAP_MODE || opmode == Cipher.UNWRAP_MODE) {
            throw new UnsupportedOperationException("WRAP_MODE and UNWRAP_MODE are not currently supported");
        }
        byte[] keyBytes = ChaCha20Cipher.rawKey(key);
        boolean encrypt = opmode == Cipher.ENCRYPT_MODE;
        if (encrypt && ChaCha20Cipher.sameKeyAndNonce(keyBytes, nonce, lastKey, lastNonce)) {
            Arrays.fill(keyBytes, (byte) 0);
            throw new InvalidKeyException("Matching key and nonce from previous initialization");
        }
        if (lastKey == null || !SecretBytes.equal(keyBytes, lastKey)) {
            if (lastKey != null) {
                Arrays.fill(lastKey, (byte) 0);
            }
            lastKey = keyBytes.clone();
        }
        lastNonce = nonce;
        if (library == Engine.OPENSSL) {
            start(encrypt, EvpCipher.fetch(OPENSSL_NAME).orElseThrow(), keyBytes, nonce, TAG_LENGTH);
            return;
        }
        if (oneShot == null) {
            oneShot = new OneShotAeadEngine(Rules.CHACHA20_POLY1305, tallies());
        }
        EvpAead.Algorithm algorithm = variant == Variant.CHACHA20_POLY1305
                ? EvpAead.Algorithm.CHACHA20_POLY1305
                : EvpAead.Algorithm.XCHACHA20_POLY1305;
        oneShot.start(encrypt, algorithm, keyBytes, nonce, TAG_LENGTH);
        startOneShot(
                oneShot,
                encrypt,
                nonce,
                TAG_LENGTH,
                variant == Variant.CHACHA20_POLY1305
                        ? EvpCipher.fetch(OPENSSL_NAME).orElseThrow()
                        : null,
                openSslFrom);
    }
}
