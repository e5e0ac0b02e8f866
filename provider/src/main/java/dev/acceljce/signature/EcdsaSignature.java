package dev.acceljce.signature;

import dev.acceljce.control.Engine;
import dev.acceljce.jdk.StrictEcdsa;
import dev.acceljce.keys.AccelEcPrivateKey;
import dev.acceljce.keys.AccelEcPublicKey;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.Curves;
import dev.acceljce.keys.KeyKind;
import dev.acceljce.openssl.OsslParams;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.SignatureException;
import java.security.interfaces.ECKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECParameterSpec;
import java.util.EnumSet;
import java.util.Set;

/**
 * ECDSA with a SHA-1/SHA-2/SHA-3 digest or raw input (NONEwithECDSA), in DER or IEEE P1363
 * format, on the library chosen when the object was made ({@link EcdsaEngine}): OpenSSL (an
 * EVP_PKEY_CTX kept per key) or AWS-LC ({@link AwsLcEcdsa}). The message is hashed here, on
 * OpenSSL's digest, whichever library signs. Verification refuses every signature that is not strict DER with a SignatureException,
 * as SunEC does for malformed ones (SunEC also accepts some non-DER integer encodings; AccelJCE
 * does not); a well-formed wrong signature gives false.
 */
final class EcdsaSignature extends DigestThenSign {
    /** The libraries the ECDSA services run on. */
    static final Set<Engine> ENGINES = EnumSet.of(Engine.OPENSSL, Engine.AWSLC);

    private final String digestName;
    private final boolean p1363;
    /** The library serving every key of this object. */
    private final EcdsaEngine engine;

    private final Engine library;

    private Curves curve;

    /** {@code library}: the library chosen for this object. */
    EcdsaSignature(String algorithm, String digestName, boolean p1363, Engine library) {
        super(algorithm, digestName);
        this.digestName = digestName;
        this.p1363 = p1363;
        this.engine = library == Engine.AWSLC ? new AwsLcEcdsa() : new OnOpenSsl();
        this.library = library;
    }

    @Override
    Engine engineInUse() {
        return library;
    }

    /** OpenSSL's ECDSA: the EVP_PKEY_CTX {@link DigestThenSign} keeps per key and mode. */
    private final class OnOpenSsl implements EcdsaEngine {
        @Override
        public void init(AccelKey key, boolean signing, boolean sameKey) throws InvalidKeyException {
            EcdsaSignature.super.init(key, signing, sameKey);
        }

        @Override
        public byte[] sign(AccelKey key, byte[] digest, int length) throws SignatureException {
            return context(key, true).sign(digest, length);
        }

        @Override
        public boolean verify(AccelKey key, byte[] der, byte[] digest, int length) throws SignatureException {
            return context(key, false).verify(der, digest, length);
        }

        @Override
        public void releaseKey() {
            EcdsaSignature.super.releaseKey();
        }
    }

    @Override
    boolean acceptsType(Key key) {
        return key instanceof ECKey || "EC".equalsIgnoreCase(key.getAlgorithm());
    }

    /** ECDSA draws its nonce k at random (OpenSSL does not use RFC 6979's deterministic k). */
    @Override
    boolean drawsRandomness() {
        return true;
    }

    @Override
    boolean servesNatively(AccelKey key) {
        return key.kind() == KeyKind.EC;
    }

    @Override
    void init(AccelKey key, boolean signing, boolean sameKey) throws InvalidKeyException {
        var c = key instanceof AccelEcPrivateKey p ? p.curve() : ((AccelEcPublicKey) key).curve();
        engine.init(key, signing, sameKey);
        if (!sameKey) {
            key.heldBy(this);
        }
        curve = c;
    }

    @Override
    void releaseKey() {
        engine.releaseKey();
    }

    @Override
    MemorySegment[] contextParams(AccelKey key, Arena arena) {
        if (digestName == null) {
            return new MemorySegment[0];
        }
        return new MemorySegment[] {
            OsslParams.in(arena).utf8("digest", digestName).build()
        };
    }

    @Override
    byte[] sign(AccelKey key) throws SignatureException {
        int n = finishMessage();
        byte[] der = engine.sign(key, tbs(), n);
        if (der == null) {
            throw new SignatureException("ECDSA signing failed");
        }
        return p1363 ? EcdsaEncoding.derToP1363(der, curve.orderBytes()) : der;
    }

    @Override
    boolean verify(AccelKey key, byte[] signature) throws SignatureException {
        int n = finishMessage();
        Boolean refused = StrictEcdsa.precheck(signature, p1363, curve.orderBytes());
        if (refused != null) {
            return refused;
        }
        byte[] der = p1363 ? EcdsaEncoding.p1363ToDer(signature, curve.orderBytes()) : signature;
        return engine.verify(key, der, tbs(), n);
    }

    @Override
    protected void engineSetParameter(AlgorithmParameterSpec params) throws InvalidAlgorithmParameterException {
        if (setJdkParameter(params)) {
            return;
        }
        // SunEC accepts the key's own curve (or null) and nothing else
        if (params != null && !(params instanceof ECParameterSpec)) {
            throw new InvalidAlgorithmParameterException("No parameter accepted");
        }
        if (params != null && curve != null) {
            try {
                if (Curves.resolve(params) != curve) {
                    throw new InvalidAlgorithmParameterException("Signature params does not match key params");
                }
            } catch (java.security.GeneralSecurityException e) {
                throw new InvalidAlgorithmParameterException("Signature params does not match key params", e);
            }
        }
    }
}
