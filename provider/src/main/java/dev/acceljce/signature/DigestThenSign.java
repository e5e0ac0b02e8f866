package dev.acceljce.signature;

import dev.acceljce.keys.AccelKey;
import dev.acceljce.openssl.EvpDigest;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.openssl.OpenSslException;
import dev.acceljce.openssl.PkeySignContext;
import java.lang.foreign.MemorySegment;
import java.security.InvalidKeyException;
import java.security.SignatureException;
import java.util.Arrays;

/**
 * Signatures over a digest (ECDSA, RSA PKCS#1 v1.5, RSASSA-PSS): the message is hashed in this
 * object's own EVP_MD_CTX (reset, never re-created) and the digest is signed or verified by an
 * EVP_PKEY_CTX initialised once per key and mode and kept while the key stays the same, so a
 * repeated sign or verify allocates nothing native. "NONE" (raw) collects up to 64 bytes instead.
 */
abstract class DigestThenSign extends PkeySignature {
    /** The most raw input NONEwithECDSA takes, as SunEC. */
    static final int RAW_MAX = 64;

    private final String algorithm;
    private EvpDigest.Context digest;
    private byte[] digestOut;
    private byte[] raw;
    private int rawLen;
    private PkeySignContext ctx;

    /** {@code digestName}: OpenSSL's digest name, or null for raw input. */
    DigestThenSign(String algorithm, String digestName) {
        super(algorithm);
        this.algorithm = algorithm;
        setDigest(digestName);
    }

    /** (Re)selects the message digest: RSASSA-PSS learns it from its parameters. */
    final void setDigest(String digestName) {
        if (digestName == null) {
            digest = null;
            raw = new byte[RAW_MAX];
            return;
        }
        if (digest != null && digest.algorithm().name().equals(digestName)) {
            return;
        }
        EvpDigest.Algorithm md = EvpDigest.fetch(digestName)
                .orElseThrow(() -> new IllegalStateException("OpenSSL has no digest " + digestName));
        if (digest != null) {
            digest.close();
        }
        digest = new EvpDigest.Context(md);
        digestOut = new byte[md.size()];
        raw = null;
    }

    /** Size in bytes of the current message digest (0 for raw input). */
    final int digestSize() {
        return digest == null ? 0 : digest.algorithm().size();
    }

    /** The OSSL_PARAM arrays configuring a new sign/verify context for {@code key}. */
    abstract MemorySegment[] contextParams(AccelKey key, java.lang.foreign.Arena arena);

    /** Drops the cached context (parameters changed). */
    final void invalidateContext() {
        if (ctx != null) {
            ctx.close();
            ctx = null;
        }
    }

    @Override
    void init(AccelKey key, boolean signing, boolean sameKey) throws InvalidKeyException {
        if (!sameKey || ctx == null || ctx.signing() != signing) {
            PkeySignContext fresh = newContext(key, signing); // may refuse the key: the old context stays
            invalidateContext();
            ctx = fresh;
        }
    }

    private PkeySignContext newContext(AccelKey key, boolean signing) throws InvalidKeyException {
        try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined();
                EvpPkey.Key ref = key.share()) {
            // the context holds its own reference to the key from here on, until it is
            // replaced or the key is destroyed
            PkeySignContext made = new PkeySignContext(ref, signing, RAW_MAX, contextParams(key, arena));
            key.heldBy(this);
            return made;
        } catch (OpenSslException e) {
            throw new InvalidKeyException(algorithm + " cannot use this key: " + e.getMessage(), e);
        }
    }

    /** The context for the current key, re-made when parameters changed since init. */
    final PkeySignContext context(AccelKey key, boolean signing) throws SignatureException {
        if (ctx == null) {
            try {
                ctx = newContext(key, signing);
            } catch (InvalidKeyException e) {
                throw new SignatureException(e.getMessage(), e);
            }
        }
        return ctx;
    }

    @Override
    void update(byte[] b, int off, int len) {
        if (digest != null) {
            digest.update(b, off, len);
            return;
        }
        // raw: remember only whether it overflowed, as SunEC
        if (rawLen + len > RAW_MAX) {
            rawLen = RAW_MAX + 1;
            return;
        }
        System.arraycopy(b, off, raw, rawLen, len);
        rawLen += len;
    }

    @Override
    void releaseKey() {
        PkeySignContext c = ctx;
        if (c != null) {
            c.release();
        }
    }

    @Override
    void resetMessage() {
        if (digest != null) {
            digest.reset();
        } else {
            Arrays.fill(raw, (byte) 0);
            rawLen = 0;
        }
    }

    /** The digest of the message so far (or the raw input); returns its length in {@link #tbs()}. */
    final int finishMessage() throws SignatureException {
        if (digest != null) {
            digest.finish(digestOut, 0);
            return digestOut.length;
        }
        if (rawLen > RAW_MAX) {
            throw new SignatureException("Message digest is too long");
        }
        return rawLen;
    }

    /** The buffer {@link #finishMessage()} filled. */
    final byte[] tbs() {
        return digest != null ? digestOut : raw;
    }
}
