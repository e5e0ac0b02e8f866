package dev.acceljce.cipher;

import dev.acceljce.openssl.EvpCipher;
import java.lang.foreign.MemorySegment;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;

/**
 * {@code AES/GCM-SIV/NoPadding} (RFC 8452), OpenSSL's AES-128/192/256-GCM-SIV (OpenSSL 3.2 and
 * later). A 12-byte nonce in a {@link GCMParameterSpec} (tag length 128 bits, the only one) or an
 * {@link IvParameterSpec}; without parameters, encryption draws a random nonce. Nonce-misuse
 * resistant: repeating a nonce reveals only whether two messages (with their AAD) were equal, so
 * the object may encrypt again with the same nonce. The ciphertext is C || T.
 *
 * <p>OpenSSL computes the tag over the whole plaintext before encrypting, and takes the data in one
 * call: hence a whole-message cipher.
 */
final class AesGcmSivCipher extends WholeMessageCipher {
    static final int NONCE = 12;
    static final int TAG = 16;

    AesGcmSivCipher() {
        super("GCM-SIV");
    }

    @Override
    EvpCipher.Algorithm algorithmFor(byte[] key) throws InvalidKeyException {
        return AesModes.byKeyLength("GCM-SIV", key.length, 16, 24, 32);
    }

    @Override
    Params parameters(AlgorithmParameterSpec spec, boolean encrypt, SecureRandom random)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        byte[] nonce;
        if (spec == null) {
            if (!encrypt) {
                throw new InvalidKeyException("Parameters missing: GCM-SIV decryption needs the nonce");
            }
            nonce = new byte[NONCE];
            random.nextBytes(nonce);
        } else if (spec instanceof GCMParameterSpec g) {
            if (g.getTLen() != TAG * 8) {
                throw new InvalidAlgorithmParameterException("GCM-SIV tags are 128 bits, not " + g.getTLen());
            }
            nonce = g.getIV();
        } else if (spec instanceof IvParameterSpec iv) {
            nonce = iv.getIV();
        } else {
            throw new InvalidAlgorithmParameterException("GCM-SIV takes a GCMParameterSpec or IvParameterSpec, not "
                    + spec.getClass().getName());
        }
        if (nonce.length != NONCE) {
            throw new InvalidAlgorithmParameterException("GCM-SIV nonces are 12 bytes, not " + nonce.length);
        }
        return new Params(nonce, TAG);
    }

    @Override
    AlgorithmParameterSpec specOf(Params p) {
        return new GCMParameterSpec(TAG * 8, p.iv());
    }

    @Override
    String parametersAlgorithm() {
        return "GCM";
    }

    @Override
    Class<? extends AlgorithmParameterSpec> specClass() {
        return GCMParameterSpec.class;
    }

    @Override
    boolean run(Op op) {
        EvpCipher.Context ctx = op.ctx();
        // a new nonce derives the message keys from the key OpenSSL holds
        ctx.init(
                op.newAlgorithm() ? op.algorithm() : null,
                op.newKey() ? op.key() : null,
                op.iv(),
                op.encrypt() ? 1 : 0);
        // OpenSSL appends AAD until an empty call resets it, across operations: reset, then add
        MemorySegment none = AesModes.nonNull(MemorySegment.ofArray(EMPTY));
        if (ctx.updateWhole(none, MemorySegment.NULL) < 0
                || (!op.aad().isEmpty()
                        && ctx.updateWhole(MemorySegment.ofArray(op.joinedAad()), MemorySegment.NULL) < 0)) {
            throw new ProviderException("AES-GCM-SIV refused the AAD");
        }
        if (!op.encrypt() && ctx.ctrl(EvpCipher.CTRL_AEAD_SET_TAG, TAG, op.tag()) != 1) {
            throw new ProviderException("AES-GCM-SIV refused the tag");
        }
        if (ctx.updateWhole(AesModes.nonNull(op.in()), AesModes.nonNull(op.out()))
                != op.in().byteSize()) {
            throw new ProviderException("AES-GCM-SIV " + (op.encrypt() ? "encryption" : "decryption") + " failed");
        }
        // the final call compares the tags when decrypting
        if (ctx.doFinal(AesModes.nonNull(op.out().asSlice(op.out().byteSize()))) < 0) {
            if (op.encrypt()) {
                throw new ProviderException("AES-GCM-SIV final failed");
            }
            return false;
        }
        if (op.encrypt() && ctx.ctrl(EvpCipher.CTRL_AEAD_GET_TAG, TAG, op.tag()) != 1) {
            throw new ProviderException("AES-GCM-SIV gave no tag");
        }
        return true;
    }
}
