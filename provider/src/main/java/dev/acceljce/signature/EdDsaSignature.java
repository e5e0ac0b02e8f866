package dev.acceljce.signature;

import dev.acceljce.jdk.JdkProviders;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.KeyKind;
import dev.acceljce.openssl.DigestSignOneShot;
import dev.acceljce.openssl.EvpPkey;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.Signature;
import java.security.SignatureException;
import java.security.interfaces.EdECKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.EdDSAParameterSpec;

/**
 * Ed25519 and Ed448 (pure EdDSA, one-shot EVP_DigestSign/EVP_DigestVerify over the buffered
 * message). "EdDSA" takes either curve; "Ed25519"/"Ed448" only their own, and a key of the other
 * curve is refused by the JDK exactly as SunEC does. The pre-hash and context variants
 * (an EdDSAParameterSpec other than the default) are served by the JDK's EdDSA: OpenSSL 3.0 has
 * no EVP interface for them.
 */
final class EdDsaSignature extends PkeySignature {
    private final String algorithm;
    private final KeyKind fixed;
    private final DigestSignOneShot ctx = new DigestSignOneShot();
    private final MessageBuffer message = new MessageBuffer();
    private KeyKind kind;
    /** Our own reference to the current key's EVP_PKEY. */
    private EvpPkey.Key ref;

    private EdDSAParameterSpec params;

    EdDsaSignature(String algorithm, KeyKind fixed) {
        super(algorithm);
        this.algorithm = algorithm;
        this.fixed = fixed;
    }

    @Override
    boolean acceptsType(Key key) {
        return key instanceof EdECKey
                || "EdDSA".equalsIgnoreCase(key.getAlgorithm())
                || "Ed25519".equalsIgnoreCase(key.getAlgorithm())
                || "Ed448".equalsIgnoreCase(key.getAlgorithm());
    }

    /** EdDSA is deterministic (RFC 8032: the nonce is a hash of key and message): it draws nothing. */
    @Override
    boolean drawsRandomness() {
        return false;
    }

    @Override
    boolean servesNatively(AccelKey key) {
        boolean edwards = key.kind() == KeyKind.ED25519 || key.kind() == KeyKind.ED448;
        boolean pure =
                params == null || (!params.isPrehash() && params.getContext().isEmpty());
        return edwards && (fixed == null || fixed == key.kind()) && pure;
    }

    @Override
    AlgorithmParameterSpec parametersForJdk() {
        return params;
    }

    @Override
    void init(AccelKey key, boolean signing, boolean sameKey) throws InvalidKeyException {
        if (!sameKey || ref == null) {
            EvpPkey.Key fresh = key.share();
            if (ref != null) {
                ref.close();
            }
            ref = fresh;
            ctx.forget(); // it may still hold the previous key
            key.heldBy(this);
        }
        kind = key.kind();
    }

    @Override
    void update(byte[] b, int off, int len) {
        message.append(b, off, len);
    }

    @Override
    void releaseKey() {
        EvpPkey.Key r = ref;
        if (r != null) {
            r.release();
        }
        ctx.forget();
    }

    @Override
    void resetMessage() {
        message.reset();
    }

    @Override
    byte[] sign(AccelKey key) throws SignatureException {
        byte[] sig = ctx.sign(ref, message.array(), message.length());
        if (sig == null) {
            throw new SignatureException(algorithm + " signing failed");
        }
        return sig;
    }

    @Override
    boolean verify(AccelKey key, byte[] signature) throws SignatureException {
        if (signature == null || signature.length != (kind == KeyKind.ED25519 ? 64 : 114)) {
            throw new SignatureException("signature length invalid");
        }
        return ctx.verify(ref, signature, message.array(), message.length());
    }

    @Override
    protected void engineSetParameter(AlgorithmParameterSpec spec) throws InvalidAlgorithmParameterException {
        java.security.Provider jdk = JdkProviders.find("Signature", algorithm);
        if (jdk != null) {
            try {
                // the JDK decides what is acceptable, with its exceptions
                Signature.getInstance(algorithm, jdk).setParameter(spec);
            } catch (NoSuchAlgorithmException e) {
                throw new InvalidAlgorithmParameterException(e);
            }
        } else if (!(spec instanceof EdDSAParameterSpec)) {
            // SunEC's check, in a JVM without it (the spec's constructor bounds the context)
            throw new InvalidAlgorithmParameterException("Only EdDSAParameterSpec supported");
        }
        params = (EdDSAParameterSpec) spec;
        try {
            reinitialize();
        } catch (InvalidKeyException e) {
            throw new InvalidAlgorithmParameterException(e.getMessage(), e);
        }
    }
}
