package dev.acceljce.cipher;

import dev.acceljce.openssl.EvpCipher;
import java.lang.foreign.MemorySegment;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.ProviderException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.List;
import javax.crypto.spec.IvParameterSpec;

/**
 * {@code AES/SIV/NoPadding} (RFC 5297, deterministic authenticated encryption), OpenSSL's
 * AES-128/192/256-SIV: keys of 32, 48 or 64 bytes (two AES keys: S2V's CMAC key, then CTR's). The
 * output is RFC 5297's V || C (the 16-byte synthetic IV first). Two forms:
 * <ul>
 *   <li>without parameters, the associated data is a vector: each {@code updateAAD} call is one
 *       S2V component, in order (javax.crypto.Cipher drops empty updateAAD calls before they reach
 *       the provider, so an empty component cannot be expressed in this form);</li>
 *   <li>with an {@link IvParameterSpec}, the nonce-based AEAD form of RFC 5297 section 6
 *       (AEAD_AES_SIV_CMAC_256/384/512, Wycheproof's aead_aes_siv_cmac): S2V over two components,
 *       the associated data (all updateAAD calls together, possibly empty) and then the nonce.</li>
 * </ul>
 *
 * <p>OpenSSL resets S2V's state only when a key is set, so every message sets the key again.
 */
final class AesSivCipher extends WholeMessageCipher {
    static final int TAG = 16;

    AesSivCipher() {
        super("SIV");
    }

    @Override
    EvpCipher.Algorithm algorithmFor(byte[] key) throws InvalidKeyException {
        return AesModes.byKeyLength("SIV", key.length, 32, 48, 64);
    }

    @Override
    Params parameters(AlgorithmParameterSpec spec, boolean encrypt, SecureRandom random)
            throws InvalidAlgorithmParameterException {
        if (spec == null) {
            return new Params(EMPTY, TAG);
        }
        if (!(spec instanceof IvParameterSpec iv)) {
            throw new InvalidAlgorithmParameterException("AES/SIV takes no parameters, or an IvParameterSpec (the"
                    + " nonce of RFC 5297's AEAD form), not " + spec.getClass().getName());
        }
        byte[] nonce = iv.getIV();
        if (nonce.length == 0) {
            throw new InvalidAlgorithmParameterException("AES/SIV: an empty nonce; init without parameters instead");
        }
        return new Params(nonce, TAG);
    }

    @Override
    AlgorithmParameterSpec specOf(Params p) {
        return p.iv().length == 0 ? null : new IvParameterSpec(p.iv());
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
    boolean tagFirst() {
        return true;
    }

    @Override
    boolean aadIsVector() {
        return true;
    }

    @Override
    boolean run(Op op) {
        EvpCipher.Context ctx = op.ctx();
        ctx.init(op.newAlgorithm() ? op.algorithm() : null, op.key(), null, op.encrypt() ? 1 : 0);
        if (!op.encrypt() && ctx.ctrl(EvpCipher.CTRL_AEAD_SET_TAG, TAG, op.tag()) != 1) {
            throw new ProviderException("AES-SIV refused the tag");
        }
        List<byte[]> components = op.aad();
        if (op.iv().length > 0) { // the AEAD form: (A, N)
            components = List.of(op.aad().isEmpty() ? EMPTY : op.joinedAad(), op.iv());
        }
        for (byte[] component : components) { // one call per component: S2V's vector
            if (ctx.updateWhole(AesModes.nonNull(MemorySegment.ofArray(component)), MemorySegment.NULL) < 0) {
                throw new ProviderException("AES-SIV refused an associated-data component");
            }
        }
        // decryption verifies V in this call and wipes the output when it does not match
        if (ctx.updateWhole(AesModes.nonNull(op.in()), AesModes.nonNull(op.out()))
                != op.in().byteSize()) {
            if (op.encrypt()) {
                throw new ProviderException("AES-SIV encryption failed");
            }
            return false;
        }
        if (op.encrypt()) {
            // V is ready after the data call; OpenSSL 3.0's SIV fails EVP_EncryptFinal (it reports
            // the last decryption's result), so encryption does not call it
            if (ctx.ctrl(EvpCipher.CTRL_AEAD_GET_TAG, TAG, op.tag()) != 1) {
                throw new ProviderException("AES-SIV gave no tag");
            }
            return true;
        }
        return ctx.doFinal(AesModes.nonNull(op.out().asSlice(op.out().byteSize()))) >= 0;
    }
}
