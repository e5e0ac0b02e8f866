package dev.acceljce.signature;

import dev.acceljce.awslc.RsaKey;
import dev.acceljce.control.Engine;
import dev.acceljce.digest.DigestNames;
import dev.acceljce.jdk.JdkProviders;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.KeyKind;
import dev.acceljce.openssl.OsslParams;
import dev.acceljce.params.Parameters;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.ProviderException;
import java.security.Signature;
import java.security.SignatureException;
import java.security.interfaces.RSAKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.EnumSet;
import java.util.Set;

/**
 * RSASSA-PSS with the parameters of a PSSParameterSpec (message digest, MGF1 digest, salt
 * length; trailer field 1), set with {@code setParameter} before signing or verifying, as with
 * SunRsaSign (which has no default). The JDK's PSS validates the spec, so accepted parameters and
 * exceptions are the same. RSASSA-PSS-typed keys (whose encoding may restrict the parameters) are
 * handed to the JDK.
 *
 * <p>On the library chosen when the object was made: OpenSSL (an EVP_PKEY_CTX per key and
 * parameters) or AWS-LC ({@code RSA_sign_pss_mgf1}/{@code RSA_verify_pss_mgf1} on the key's own
 * {@link RsaKey}). On an AWS-LC object, parameters with a digest AWS-LC's RSA is not used for here
 * (SHA-512/224, SHA-512/256, SHA-3, as message or MGF1 digest) and keys AWS-LC refuses run on
 * OpenSSL; the counters follow the library that runs.
 */
final class RsaPssSignature extends DigestThenSign {
    /** The libraries RSASSA-PSS runs on. */
    static final Set<Engine> ENGINES = EnumSet.of(Engine.OPENSSL, Engine.AWSLC);

    private static final String ALGORITHM = "RSASSA-PSS";
    private PSSParameterSpec spec;
    private String mgfDigest;
    private AccelKey key;
    private int keyBits;

    private final Engine library;
    /** The current key's AWS-LC form on an AWS-LC object, when AWS-LC takes the key (else its form is null). */
    private final AwsLcRsaKey awsLc = new AwsLcRsaKey();
    /** The parameters' digests in AWS-LC's terms; null on OpenSSL, without parameters, or when AWS-LC lacks one. */
    private RsaKey.Digest awsLcMd;

    private RsaKey.Digest awsLcMgf;

    RsaPssSignature() {
        this(Engine.OPENSSL);
    }

    /** {@code library}: the library chosen for this object. */
    RsaPssSignature(Engine library) {
        super(ALGORITHM, "SHA256");
        this.library = library;
    }

    /** Whether AWS-LC takes the current parameters' digests (on an AWS-LC object). */
    private boolean awsLcParameters() {
        return awsLcMd != null && awsLcMgf != null;
    }

    @Override
    Engine engineInUse() {
        return awsLc.current() != null && awsLcParameters() ? Engine.AWSLC : Engine.OPENSSL;
    }

    @Override
    boolean acceptsType(Key key) {
        return key instanceof RSAKey
                || "RSA".equalsIgnoreCase(key.getAlgorithm())
                || ALGORITHM.equalsIgnoreCase(key.getAlgorithm());
    }

    /** RSASSA-PSS draws its salt at random (none when the salt length is 0, but the JDK is asked then too). */
    @Override
    boolean drawsRandomness() {
        return true;
    }

    @Override
    boolean servesNatively(AccelKey key) {
        return key.kind() == KeyKind.RSA;
    }

    @Override
    AlgorithmParameterSpec parametersForJdk() {
        return spec;
    }

    @Override
    void init(AccelKey key, boolean signing, boolean sameKey) throws InvalidKeyException {
        int bits = sameKey && keyBits != 0 ? keyBits : RsaKeys.bits(key);
        RsaKeys.checkSize(bits);
        RsaKeys.checkFips(bits, signing);
        if (spec != null) {
            RsaKeys.checkPssFits(bits, digestSize(), spec.getSaltLength());
        }
        RsaKey onAwsLc = library == Engine.AWSLC ? awsLc.use(key, signing) : null;
        if (spec != null && (onAwsLc == null || !awsLcParameters())) {
            super.init(key, signing, sameKey);
        } else {
            invalidateContext(); // made when OpenSSL serves a message (context())
        }
        if (onAwsLc != null && !sameKey) {
            key.heldBy(this);
        }
        this.key = key;
        this.keyBits = bits;
    }

    @Override
    void releaseKey() {
        awsLc.forget(); // the key frees its RSA itself
        super.releaseKey();
    }

    @Override
    MemorySegment[] contextParams(AccelKey key, Arena arena) {
        return new MemorySegment[] {
            OsslParams.in(arena).utf8("pad-mode", "pss").build(),
            OsslParams.in(arena)
                    .utf8("digest", DigestNames.openssl(spec.getDigestAlgorithm()))
                    .utf8("mgf1-digest", mgfDigest)
                    .integer("saltlen", spec.getSaltLength())
                    .build()
        };
    }

    /** As SunJCE: no message bytes before the parameters are set. */
    @Override
    void requireReadyForUpdate() throws SignatureException {
        requireParameters();
    }

    private void requireParameters() throws SignatureException {
        if (spec == null) {
            throw new SignatureException("Parameters required for RSASSA-PSS signatures");
        }
    }

    @Override
    byte[] sign(AccelKey key) throws SignatureException {
        requireParameters();
        int n = finishMessage();
        if (awsLc.current() != null && awsLcParameters()) {
            return awsLc.sign(k -> k.signPss(awsLcMd, awsLcMgf, spec.getSaltLength(), tbs(), n));
        }
        byte[] sig = context(key, true).sign(tbs(), n);
        if (sig == null) {
            throw new SignatureException("Key is too short for this signature algorithm and parameters");
        }
        return sig;
    }

    @Override
    boolean verify(AccelKey key, byte[] signature) throws SignatureException {
        requireParameters();
        int n = finishMessage();
        if (signature.length != RsaKeys.modulusBytes(keyBits)) {
            throw new SignatureException("Signature length not correct: got " + signature.length + " but was expecting "
                    + RsaKeys.modulusBytes(keyBits));
        }
        RsaKey k = awsLc.current();
        return k != null && awsLcParameters()
                ? k.verifyPss(awsLcMd, awsLcMgf, spec.getSaltLength(), tbs(), n, signature)
                : context(key, false).verify(signature, tbs(), n);
    }

    @Override
    protected void engineSetParameter(AlgorithmParameterSpec params) throws InvalidAlgorithmParameterException {
        java.security.Provider jdk = JdkProviders.find("Signature", ALGORITHM);
        if (jdk != null) {
            try {
                // the JDK's PSS decides what is acceptable, with its exceptions
                Signature.getInstance(ALGORITHM, jdk).setParameter(params);
            } catch (NoSuchAlgorithmException e) {
                throw new InvalidAlgorithmParameterException(e);
            }
        } else {
            checkWithoutJdk(params);
        }
        boolean jdkKeeps = setJdkParameter(params);
        PSSParameterSpec p = (PSSParameterSpec) params;
        String md = DigestNames.openssl(p.getDigestAlgorithm());
        String mgf = p.getMGFParameters() instanceof MGF1ParameterSpec m
                ? DigestNames.openssl(m.getDigestAlgorithm())
                : null;
        if (md == null || mgf == null) {
            throw new InvalidAlgorithmParameterException("Unsupported digest or MGF in " + p);
        }
        if (key != null && !jdkKeeps) {
            try {
                RsaKeys.checkPssFits(
                        keyBits,
                        dev.acceljce.openssl.EvpDigest.fetch(md).orElseThrow().size(),
                        p.getSaltLength());
            } catch (InvalidKeyException e) {
                throw new InvalidAlgorithmParameterException(e.getMessage(), e);
            }
        }
        if (messageStarted()) {
            // SunJCE's RSASSA-PSS, after validating them (against the key too): no new
            // parameters once data came in
            throw new java.security.ProviderException("Cannot set parameters during operations");
        }
        spec = p;
        mgfDigest = mgf;
        setDigest(md);
        resetMessage();
        invalidateContext();
        if (library == Engine.AWSLC) {
            awsLcMd = RsaKey.Digest.of(md);
            awsLcMgf = RsaKey.Digest.of(mgf);
            libraryChanged(); // these digests may move the current key's work between the libraries
        }
    }

    /** SunRsaSign's checks, for a JVM without it: PSSParameterSpec, MGF1, trailer field 1. */
    private static void checkWithoutJdk(AlgorithmParameterSpec params) throws InvalidAlgorithmParameterException {
        if (params == null) {
            throw new InvalidAlgorithmParameterException("Parameters cannot be null");
        }
        if (!(params instanceof PSSParameterSpec p)) {
            throw new InvalidAlgorithmParameterException("parameters must be type PSSParameterSpec");
        }
        if (!"MGF1".equalsIgnoreCase(p.getMGFAlgorithm()) || !(p.getMGFParameters() instanceof MGF1ParameterSpec)) {
            throw new InvalidAlgorithmParameterException("Only supports MGF1 with MGF1ParameterSpec");
        }
        if (p.getTrailerField() != PSSParameterSpec.TRAILER_FIELD_BC) {
            throw new InvalidAlgorithmParameterException("Only supports TrailerFieldBC(1)");
        }
    }

    @Override
    AlgorithmParameters nativeParameters() {
        if (spec == null) {
            return null;
        }
        try {
            return Parameters.of(ALGORITHM, spec);
        } catch (GeneralSecurityException e) {
            throw new ProviderException("cannot encode " + spec, e);
        }
    }
}
