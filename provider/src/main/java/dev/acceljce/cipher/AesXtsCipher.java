package dev.acceljce.cipher;

import dev.acceljce.openssl.EvpCipher;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.spec.IvParameterSpec;

/**
 * {@code AES/XTS/NoPadding} (NIST SP 800-38E, IEEE 1619), OpenSSL's AES-128-XTS and AES-256-XTS:
 * keys of 32 or 64 bytes (two AES keys), whose halves must differ (OpenSSL refuses equal halves
 * for encryption, as FIPS 140 IG C.I asks; AccelJCE refuses them in both directions). The 16-byte
 * tweak (the data unit's number, little-endian in IEEE 1619) comes in an {@link IvParameterSpec}
 * and is required. Each doFinal is one data unit of 16 bytes to 2^20 blocks (16 MiB), with
 * ciphertext stealing for lengths that are not a multiple of 16; no AAD, no tag.
 */
final class AesXtsCipher extends WholeMessageCipher {
    static final int TWEAK = 16;
    /** IEEE 1619-2018 and SP 800-38E: at most 2^20 blocks per data unit (OpenSSL enforces it). */
    static final int MAX_DATA_UNIT = (1 << 20) * 16;

    AesXtsCipher() {
        super("XTS");
    }

    @Override
    EvpCipher.Algorithm algorithmFor(byte[] key) throws InvalidKeyException {
        EvpCipher.Algorithm a = AesModes.byKeyLength("XTS", key.length, 32, 64);
        int half = key.length / 2;
        int diff = 0;
        for (int i = 0; i < half; i++) { // no copies of key bytes, no early exit
            diff |= key[i] ^ key[half + i];
        }
        if (diff == 0) {
            throw new InvalidKeyException("AES/XTS: the two halves of the key must differ");
        }
        return a;
    }

    @Override
    Params parameters(AlgorithmParameterSpec spec, boolean encrypt, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (spec == null) {
            throw new InvalidKeyException("Parameters missing: AES/XTS needs the 16-byte tweak (IvParameterSpec)");
        }
        if (!(spec instanceof IvParameterSpec iv)) {
            throw new InvalidAlgorithmParameterException("AES/XTS takes an IvParameterSpec (the tweak), not "
                    + spec.getClass().getName());
        }
        byte[] tweak = iv.getIV();
        if (tweak.length != TWEAK) {
            throw new InvalidAlgorithmParameterException("Wrong IV length: must be 16 bytes long");
        }
        return new Params(tweak, 0);
    }

    @Override
    AlgorithmParameterSpec specOf(Params p) {
        return new IvParameterSpec(p.iv());
    }

    @Override
    String parametersAlgorithm() {
        return "AES";
    }

    @Override
    Class<? extends AlgorithmParameterSpec> specClass() {
        return IvParameterSpec.class;
    }

    @Override
    void checkDataLength(long length, Params p) throws IllegalBlockSizeException {
        if (length < 16 || length > MAX_DATA_UNIT) {
            throw new IllegalBlockSizeException("AES/XTS data units are 16 bytes to 16 MiB, not " + length + " bytes");
        }
    }

    @Override
    boolean run(Op op) {
        EvpCipher.Context ctx = op.ctx();
        ctx.init(
                op.newAlgorithm() ? op.algorithm() : null,
                op.newKey() ? op.key() : null,
                op.iv(),
                op.encrypt() ? 1 : 0);
        if (ctx.updateWhole(op.in(), op.out()) != op.in().byteSize()
                || ctx.doFinal(op.out().asSlice(op.out().byteSize())) < 0) {
            throw new ProviderException("AES-XTS " + (op.encrypt() ? "encryption" : "decryption") + " failed");
        }
        return true;
    }
}
