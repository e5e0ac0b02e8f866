package dev.acceljce.agreement;

import dev.acceljce.control.Engine;
import dev.acceljce.keys.AccelEcPrivateKey;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.KeyHolder;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.openssl.EvpPkeyDerive;
import dev.acceljce.openssl.OpenSslException;
import java.security.InvalidKeyException;

/**
 * ECDH and XDH on OpenSSL: {@code EVP_PKEY_derive} on a context made for the private key and kept
 * while the key stays the same (a TLS server's agreements with one key make none after the first).
 * The context holds its own reference to the key's EVP_PKEY and is freed when the key is
 * destroyed ({@link KeyHolder}) or another key replaces it.
 */
final class OpenSslAgreement implements AgreementEngine {
    private final String algorithm;
    private final boolean ecdh;

    private EvpPkeyDerive ctx;
    /** The key {@link #ctx} was made for (kept when ECDH forgets its key, to reuse the context). */
    private AccelKey ctxKey;

    OpenSslAgreement(String algorithm, boolean ecdh) {
        this.algorithm = algorithm;
        this.ecdh = ecdh;
    }

    @Override
    public Engine library() {
        return Engine.OPENSSL;
    }

    @Override
    public boolean serves(AccelKey key) {
        return true;
    }

    @Override
    public void init(AccelKey key, KeyHolder holder) throws InvalidKeyException {
        if (ctx != null && key == ctxKey) {
            return;
        }
        EvpPkeyDerive fresh;
        // a reference of our own while the context is made; the context then holds its own
        try (EvpPkey.Key ref = key.share()) {
            fresh = new EvpPkeyDerive(ref, secretLength(key));
        } catch (OpenSslException e) {
            throw new InvalidKeyException(algorithm + " cannot use this key: " + e.getMessage(), e);
        }
        if (ctx != null) {
            ctx.close();
        }
        ctx = fresh;
        ctxKey = key;
        key.heldBy(holder);
    }

    private static int secretLength(AccelKey key) {
        return switch (key.kind()) {
            case EC -> (((AccelEcPrivateKey) key).curve().fieldBits() + 7) / 8;
            case X25519 -> 32;
            case X448 -> 56;
            default -> throw new IllegalArgumentException("not a key-agreement key: " + key.kind());
        };
    }

    @Override
    public byte[] agree(AccelKey key, AccelKey peer) throws InvalidKeyException {
        byte[] s;
        try (EvpPkey.Key ref = peer.share()) {
            s = ctx.derive(ref);
        } catch (IllegalStateException e) {
            key.requireLive(); // destroyed on another thread meanwhile: InvalidKeyException
            throw e;
        }
        if (s == null) {
            // OpenSSL refused the peer (public-key check) or the product (all zero: small order)
            throw new InvalidKeyException(ecdh ? "Invalid EC public key" : "Point has small order");
        }
        return s;
    }

    @Override
    public void keyDestroyed(AccelKey key) {
        EvpPkeyDerive c = ctx;
        if (c != null && key == ctxKey) {
            c.release();
        }
    }
}
