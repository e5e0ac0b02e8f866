package dev.acceljce.rsa;

import java.security.AlgorithmParameters;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import javax.crypto.BadPaddingException;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.ShortBufferException;

/**
 * The operations of an initialised {@link RsaCipher}, on one path: {@link NativeRsa}
 * (EVP_PKEY_encrypt/decrypt/sign/verify_recover) or {@link JdkRsa} (SunJCE's RSA cipher). The
 * SPI picks one at init, when it knows whether key and parameters are served natively, and
 * forwards every call to it; an engine counts its own finished operations on its own path. The
 * methods are CipherSpi's, with its contract.
 */
interface RsaEngine {
    byte[] update(byte[] in, int inOfs, int inLen);

    int update(byte[] in, int inOfs, int inLen, byte[] out, int outOfs) throws ShortBufferException;

    byte[] doFinal(byte[] in, int inOfs, int inLen) throws IllegalBlockSizeException, BadPaddingException;

    int doFinal(byte[] in, int inOfs, int inLen, byte[] out, int outOfs)
            throws ShortBufferException, IllegalBlockSizeException, BadPaddingException;

    byte[] wrap(Key key) throws IllegalBlockSizeException, InvalidKeyException;

    Key unwrap(byte[] wrappedKey, String algorithm, int type) throws InvalidKeyException, NoSuchAlgorithmException;

    int outputSize(int inputLen);

    AlgorithmParameters parameters();
}
