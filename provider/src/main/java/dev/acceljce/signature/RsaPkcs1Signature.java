package dev.acceljce.signature;

import dev.acceljce.awslc.RsaKey;
import dev.acceljce.control.Engine;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.KeyKind;
import dev.acceljce.openssl.OsslParams;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.SignatureException;
import java.security.interfaces.RSAKey;
import java.util.EnumSet;
import java.util.Set;

/**
 * RSASSA-PKCS1-v1_5 with a SHA-1/SHA-2/SHA-3 digest. A signature whose length is not the
 * modulus length is refused with a SignatureException, as SunRsaSign; a wrong one of the right
 * length gives false. RSASSA-PSS-typed keys are handed to the JDK, which refuses them as it does.
 *
 * <p>On the library chosen when the object was made: OpenSSL (an EVP_PKEY_CTX kept per key) or
 * AWS-LC ({@code RSA_sign}/{@code RSA_verify} on the key's own {@link RsaKey}, one critical
 * downcall per signature). The message is hashed here, on OpenSSL's digest, whichever library
 * signs. AWS-LC serves SHA-1 and SHA-2 (the services of SHA-512/224, /256 and SHA-3 are made for
 * OpenSSL only) and keys it takes (public exponents of at most 33 bits); another key given to an
 * AWS-LC object runs on OpenSSL, with the same answer (RSASSA-PKCS1-v1_5 is deterministic).
 */
final class RsaPkcs1Signature extends DigestThenSign {
    /** The libraries the RSASSA-PKCS1-v1_5 services run on. */
    static final Set<Engine> ENGINES = EnumSet.of(Engine.OPENSSL, Engine.AWSLC);

    private final String digestName;
    private int keyBits;
    /** The digest in AWS-LC's terms; null on OpenSSL, or for a digest AWS-LC's RSA is not used for. */
    private final RsaKey.Digest awsLcDigest;

    /** The current key's AWS-LC form when AWS-LC serves it (its form is null when OpenSSL does). */
    private final AwsLcRsaKey awsLc = new AwsLcRsaKey();

    RsaPkcs1Signature(String algorithm, String digestName) {
        this(algorithm, digestName, Engine.OPENSSL);
    }

    /** {@code library}: the library chosen for this object. */
    RsaPkcs1Signature(String algorithm, String digestName, Engine library) {
        super(algorithm, digestName);
        this.digestName = digestName;
        this.awsLcDigest = library == Engine.AWSLC ? RsaKey.Digest.of(digestName) : null;
    }

    @Override
    Engine engineInUse() {
        return awsLc.current() != null ? Engine.AWSLC : Engine.OPENSSL;
    }

    @Override
    boolean acceptsType(Key key) {
        return key instanceof RSAKey
                || "RSA".equalsIgnoreCase(key.getAlgorithm())
                || "RSASSA-PSS".equalsIgnoreCase(key.getAlgorithm());
    }

    /** RSASSA-PKCS1-v1_5 signing is deterministic (a fixed padding of the digest): it draws nothing. */
    @Override
    boolean drawsRandomness() {
        return false;
    }

    @Override
    boolean servesNatively(AccelKey key) {
        return key.kind() == KeyKind.RSA;
    }

    @Override
    void init(AccelKey key, boolean signing, boolean sameKey) throws InvalidKeyException {
        int bits = sameKey && keyBits != 0 ? keyBits : RsaKeys.bits(key);
        RsaKeys.checkSize(bits);
        RsaKeys.checkFips(bits, signing);
        RsaKeys.checkPkcs1Fits(bits, digestName, digestSize());
        keyBits = bits;
        RsaKey onAwsLc = awsLcDigest == null ? null : awsLc.use(key, signing);
        if (onAwsLc == null) {
            super.init(key, signing, sameKey);
        } else if (!sameKey) {
            invalidateContext(); // an OpenSSL context of a previous key
            key.heldBy(this);
        }
    }

    @Override
    void releaseKey() {
        awsLc.forget(); // the key frees its RSA itself
        super.releaseKey();
    }

    @Override
    MemorySegment[] contextParams(AccelKey key, Arena arena) {
        return new MemorySegment[] {
            OsslParams.in(arena).utf8("pad-mode", "pkcs1").build(),
            OsslParams.in(arena).utf8("digest", digestName).build()
        };
    }

    @Override
    byte[] sign(AccelKey key) throws SignatureException {
        int n = finishMessage();
        if (awsLc.current() != null) {
            return awsLc.sign(k -> k.signPkcs1(awsLcDigest, tbs(), n));
        }
        byte[] sig = context(key, true).sign(tbs(), n);
        if (sig == null) {
            throw new SignatureException("Key is too short for this signature algorithm");
        }
        return sig;
    }

    @Override
    boolean verify(AccelKey key, byte[] signature) throws SignatureException {
        int n = finishMessage();
        int expected = RsaKeys.modulusBytes(keyBits);
        if (signature.length != expected) {
            throw new SignatureException(
                    "Bad signature length: got " + signature.length + " but was expecting " + expected);
        }
        RsaKey k = awsLc.current();
        return k != null
                ? k.verifyPkcs1(awsLcDigest, tbs(), n, signature)
                : context(key, false).verify(signature, tbs(), n);
    }
}
