package dev.acceljce.signature;

import dev.acceljce.control.Engine;
import dev.acceljce.jdk.JdkProviders;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.KeyKind;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.Signature;
import java.security.SignatureException;
import java.security.interfaces.EdECKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.EdDSAParameterSpec;
import java.util.EnumSet;
import java.util.Set;

/**
 * Ed25519 and Ed448 (pure EdDSA, one-shot over the buffered message), on the library chosen when
 * the object was made: OpenSSL (EVP_DigestSign/EVP_DigestVerify) or AWS-LC (ED25519_sign/verify,
 * Ed25519 only; an Ed448 key then runs on OpenSSL). "EdDSA" takes either curve; "Ed25519"/"Ed448"
 * only their own, and a key of the other curve is refused by the JDK exactly as SunEC does. The
 * pre-hash and context variants (an EdDSAParameterSpec other than the default) are served by the
 * JDK's EdDSA: OpenSSL 3.0 has no EVP interface for them.
 */
final class EdDsaSignature extends PkeySignature {
    /** The libraries the EdDSA services run on. */
    static final Set<Engine> ENGINES = EnumSet.of(Engine.OPENSSL, Engine.AWSLC);

    private final String algorithm;
    private final KeyKind fixed;
    private final Engine preferred;
    private final MessageBuffer message = new MessageBuffer();
    private KeyKind kind;
    /** The library serving the current key; made at the first init that needs it. */
    private EdDsaEngine engine;

    private EdDsaEngine openssl;
    private EdDsaEngine awslc;
    private EdDSAParameterSpec params;

    /** {@code preferred}: the library chosen for this object (OpenSSL serves what it cannot). */
    EdDsaSignature(String algorithm, KeyKind fixed, Engine preferred) {
        super(algorithm);
        this.algorithm = algorithm;
        this.fixed = fixed;
        this.preferred = preferred;
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
        EdDsaEngine next = engineFor(key);
        next.init(key, sameKey && next == engine);
        if (!sameKey || next != engine) {
            key.heldBy(this);
        }
        engine = next;
        kind = key.kind();
    }

    @Override
    Engine engineInUse() {
        return engine != null && engine == awslc ? Engine.AWSLC : Engine.OPENSSL;
    }

    /** The preferred library's engine when it takes the key, else OpenSSL's. */
    private EdDsaEngine engineFor(AccelKey key) {
        if (preferred == Engine.AWSLC) {
            if (awslc == null) {
                awslc = new AwsLcEd25519();
            }
            if (awslc.takes(key)) {
                return awslc;
            }
        }
        if (openssl == null) {
            openssl = new OpenSslEdDsa();
        }
        return openssl;
    }

    @Override
    void update(byte[] b, int off, int len) {
        message.append(b, off, len);
    }

    @Override
    void releaseKey() {
        if (openssl != null) {
            openssl.releaseKey();
        }
        if (awslc != null) {
            awslc.releaseKey();
        }
    }

    @Override
    void resetMessage() {
        message.reset();
    }

    @Override
    byte[] sign(AccelKey key) throws SignatureException {
        byte[] sig = engine.sign(message.array(), message.length());
        try {
            key.requireLive(); // AWS-LC signs with the key's raw form, which destroy() wipes: no signature then
        } catch (InvalidKeyException destroyed) {
            throw new IllegalStateException("the key was destroyed during the operation", destroyed);
        }
        return sig;
    }

    @Override
    boolean verify(AccelKey key, byte[] signature) throws SignatureException {
        if (signature == null || signature.length != (kind == KeyKind.ED25519 ? 64 : 114)) {
            throw new SignatureException("signature length invalid");
        }
        return engine.verify(signature, message.array(), message.length());
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
