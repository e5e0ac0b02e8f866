package dev.acceljce.cipher;

import dev.acceljce.openssl.EvpCipher;
import java.lang.foreign.MemorySegment;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.spec.GCMParameterSpec;

/**
 * {@code AES/CCM/NoPadding} (NIST SP 800-38C, RFC 3610), OpenSSL's AES-128/192/256-CCM. As in Bouncy
 * Castle, the nonce and tag length come in a {@link GCMParameterSpec}: nonces of 7 to 13 bytes,
 * tags of 4 to 16 bytes in steps of 2 (32 to 128 bits). Without parameters, encryption draws a
 * 12-byte nonce and uses a 16-byte tag. A nonce of n bytes bounds the plaintext to
 * 2^(8(15-n)) - 1 bytes (65535 for 13). The ciphertext is C || T.
 *
 * <p>CCM needs the plaintext length before the AAD, and takes AAD and data in one call each:
 * hence a whole-message cipher ({@link WholeMessageCipher}).
 */
final class AesCcmCipher extends WholeMessageCipher {
    AesCcmCipher() {
        super("CCM");
    }

    @Override
    EvpCipher.Algorithm algorithmFor(byte[] key) throws InvalidKeyException {
        return AesModes.byKeyLength("CCM", key.length, 16, 24, 32);
    }

    @Override
    Params parameters(AlgorithmParameterSpec spec, boolean encrypt, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (spec == null) {
            if (!encrypt) {
                throw new InvalidKeyException("Parameters missing: CCM decryption needs the nonce (GCMParameterSpec)");
            }
            byte[] nonce = new byte[12];
            random.nextBytes(nonce);
            return new Params(nonce, 16);
        }
        if (!(spec instanceof GCMParameterSpec g)) {
            throw new InvalidAlgorithmParameterException("CCM takes a GCMParameterSpec (nonce and tag length), not "
                    + spec.getClass().getName());
        }
        int tagBits = g.getTLen();
        if (tagBits < 32 || tagBits > 128 || tagBits % 16 != 0) {
            throw new InvalidAlgorithmParameterException(
                    "CCM tag length must be 32, 48, ..., 128 bits, not " + tagBits);
        }
        byte[] nonce = g.getIV();
        if (nonce.length < 7 || nonce.length > 13) {
            throw new InvalidAlgorithmParameterException("CCM nonce must be 7 to 13 bytes, not " + nonce.length);
        }
        return new Params(nonce, tagBits / 8);
    }

    @Override
    AlgorithmParameterSpec specOf(Params p) {
        return new GCMParameterSpec(p.tagLength() * 8, p.iv());
    }

    @Override
    String parametersAlgorithm() {
        return "GCM"; // the JDK encodes GCMParameters, which carry the same two values
    }

    @Override
    Class<? extends AlgorithmParameterSpec> specClass() {
        return GCMParameterSpec.class;
    }

    @Override
    void checkDataLength(long length, Params p) throws IllegalBlockSizeException {
        int lengthBytes = 15 - p.iv().length; // L of SP 800-38C
        if (lengthBytes < 8 && length >= 1L << (8 * lengthBytes)) {
            throw new IllegalBlockSizeException("CCM with a " + p.iv().length + "-byte nonce takes at most "
                    + ((1L << (8 * lengthBytes)) - 1) + " bytes, not " + length);
        }
    }

    @Override
    boolean refusesReuseAfterEncryption() {
        return true;
    }

    @Override
    boolean run(Op op) {
        EvpCipher.Context ctx = op.ctx();
        int enc = op.encrypt() ? 1 : 0;
        int tagLength = (int) op.tag().byteSize();
        // the direction first, so that the tag below is taken as the decryption's expected tag
        ctx.init(op.newAlgorithm() ? op.algorithm() : null, null, null, enc);
        if (ctx.ctrl(EvpCipher.CTRL_AEAD_SET_IVLEN, op.iv().length, MemorySegment.NULL) != 1
                || ctx.ctrl(EvpCipher.CTRL_AEAD_SET_TAG, tagLength, op.encrypt() ? MemorySegment.NULL : op.tag())
                        != 1) {
            throw new ProviderException(
                    "AES-CCM refused a " + op.iv().length + "-byte nonce or a " + tagLength + "-byte tag");
        }
        ctx.init(null, op.newKey() ? op.key() : null, op.iv(), enc);
        if (!ctx.declareLength((int) op.in().byteSize())) {
            throw new ProviderException("AES-CCM refused the message length");
        }
        if (!op.aad().isEmpty() && ctx.updateWhole(MemorySegment.ofArray(op.joinedAad()), MemorySegment.NULL) < 0) {
            throw new ProviderException("AES-CCM refused the AAD");
        }
        // OpenSSL verifies the tag in this call; a mismatch wipes the output and fails
        if (ctx.updateWhole(AesModes.nonNull(op.in()), AesModes.nonNull(op.out()))
                != op.in().byteSize()) {
            if (op.encrypt()) {
                throw new ProviderException("AES-CCM encryption failed");
            }
            return false;
        }
        if (ctx.doFinal(AesModes.nonNull(op.out().asSlice(op.out().byteSize()))) < 0) {
            throw new ProviderException("AES-CCM final failed");
        }
        if (op.encrypt() && ctx.ctrl(EvpCipher.CTRL_AEAD_GET_TAG, tagLength, op.tag()) != 1) {
            throw new ProviderException("AES-CCM gave no tag");
        }
        return true;
    }
}
