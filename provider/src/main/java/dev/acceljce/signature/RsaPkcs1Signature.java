package dev.acceljce.signature;

import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.KeyKind;
import dev.acceljce.openssl.OsslParams;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.SignatureException;
import java.security.interfaces.RSAKey;

/**
 * RSASSA-PKCS1-v1_5 with a SHA-1/SHA-2/SHA-3 digest. A signature whose length is not the
 * modulus length is refused with a SignatureException, as SunRsaSign; a wrong one of the right
 * length gives false. RSASSA-PSS-typed keys are handed to the JDK, which refuses them as it does.
 */
final class RsaPkcs1Signature extends DigestThenSign {
    private final String digestName;
    private int keyBits;

    RsaPkcs1Signature(String algorithm, String digestName) {
        super(algorithm, digestName);
        this.digestName = digestName;
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
        super.init(key, signing, sameKey);
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
        return context(key, false).verify(signature, tbs(), n);
    }
}
