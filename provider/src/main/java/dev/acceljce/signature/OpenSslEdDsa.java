package dev.acceljce.signature;

import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.KeyKind;
import dev.acceljce.openssl.DigestSignOneShot;
import dev.acceljce.openssl.EvpPkey;
import java.security.InvalidKeyException;
import java.security.SignatureException;

/** Ed25519 and Ed448 on OpenSSL: one-shot EVP_DigestSign/EVP_DigestVerify on the key's EVP_PKEY. */
final class OpenSslEdDsa implements EdDsaEngine {
    private final DigestSignOneShot ctx = new DigestSignOneShot();
    /** Our own reference to the current key's EVP_PKEY. */
    private EvpPkey.Key ref;

    @Override
    public boolean takes(AccelKey key) {
        return key.kind() == KeyKind.ED25519 || key.kind() == KeyKind.ED448;
    }

    @Override
    public void init(AccelKey key, boolean sameKey) throws InvalidKeyException {
        if (!sameKey || ref == null) {
            EvpPkey.Key fresh = key.share();
            if (ref != null) {
                ref.close();
            }
            ref = fresh;
            ctx.forget(); // it may still hold the previous key
        }
    }

    @Override
    public byte[] sign(byte[] message, int length) throws SignatureException {
        byte[] sig = ctx.sign(ref, message, length);
        if (sig == null) {
            throw new SignatureException("EdDSA signing failed");
        }
        return sig;
    }

    @Override
    public boolean verify(byte[] signature, byte[] message, int length) {
        return ctx.verify(ref, signature, message, length);
    }

    @Override
    public void releaseKey() {
        EvpPkey.Key r = ref;
        if (r != null) {
            r.release();
        }
        ctx.forget();
    }
}
