package dev.acceljce.kdf;

import static dev.acceljce.kdf.KeyMaterial.wipe;

import dev.acceljce.awslc.Hkdf;
import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import dev.acceljce.control.Engine;
import dev.acceljce.jdk.JdkProviders;
import dev.acceljce.openssl.EvpKdf;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.ProviderException;
import java.security.spec.AlgorithmParameterSpec;
import java.util.EnumSet;
import java.util.Set;
import javax.crypto.KDF;
import javax.crypto.KDFParameters;
import javax.crypto.KDFSpi;
import javax.crypto.SecretKey;
import javax.crypto.spec.HKDFParameterSpec;

/**
 * HKDF (RFC 5869) as a {@code javax.crypto.KDF}: Extract, Expand and Extract-then-Expand, on the
 * library chosen when the object is made ({@code Dispatch.engine}): OpenSSL's EVP_KDF "HKDF", or
 * AWS-LC's one-shot {@code HKDF_*} calls, which need no context per derivation. Inputs are checked
 * in Java first, in the order and with the exceptions of the JDK's own HKDF, so a bad input fails
 * the same way on every path.
 *
 * <p>Stateless between derivations (each one uses its own OpenSSL context, or none), so an
 * instance may be used by several threads. On OpenSSL, an info longer than the loaded library
 * accepts (32 KiB in 3.0 and later) is derived by the JDK's HKDF instead; AWS-LC has no such limit.
 */
public final class NativeHkdf extends KDFSpi implements Counted {
    private Counters.Tally tally = Counters.Tally.NONE;

    /** The libraries HKDF runs on. */
    static final Set<Engine> ENGINES = EnumSet.of(Engine.OPENSSL, Engine.AWSLC);

    private final HkdfVariant variant;
    /** OpenSSL's HKDF; null on AWS-LC. */
    private final EvpKdf.Algorithm hkdf;
    /** AWS-LC's digest of the variant; null on OpenSSL. */
    private final Hkdf.Digest onAwsLc;

    private volatile KDF jdkForLongInfo;
    /** Where derivations {@link #jdkForLongInfo} does are counted: the JDK path of this service. */
    private Counters.Tally jdkTally;

    /** {@code library}: the library chosen for this object. */
    NativeHkdf(KDFParameters parameters, HkdfVariant variant, Engine library)
            throws InvalidAlgorithmParameterException {
        super(parameters);
        if (parameters != null) {
            throw new InvalidAlgorithmParameterException(variant.hmacName() + " does not support parameters");
        }
        this.variant = variant;
        if (library == Engine.AWSLC) {
            this.onAwsLc = Hkdf.Digest.valueOf(variant.digest());
            this.hkdf = null;
        } else {
            this.onAwsLc = null;
            this.hkdf = EvpKdf.fetch("HKDF").orElseThrow(() -> new ProviderException("no HKDF in libcrypto"));
        }
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = onAwsLc != null ? tally.on(Engine.AWSLC) : tally;
    }

    /** The library this object runs on. */
    Engine engineInUse() {
        return onAwsLc != null ? Engine.AWSLC : Engine.OPENSSL;
    }

    @Override
    protected KDFParameters engineGetParameters() {
        return null;
    }

    @Override
    protected SecretKey engineDeriveKey(String alg, AlgorithmParameterSpec derivationSpec)
            throws InvalidAlgorithmParameterException, NoSuchAlgorithmException {
        KeyMaterial.checkKeyAlgorithm(alg);
        return KeyMaterial.derivedKey(alg, engineDeriveData(derivationSpec));
    }

    @Override
    protected byte[] engineDeriveData(AlgorithmParameterSpec derivationSpec) throws InvalidAlgorithmParameterException {
        return derive(derivationSpec);
    }

    /** Derives on the path that can, and counts the derivation there (output bytes, as the JDK path). */
    private byte[] derive(AlgorithmParameterSpec derivationSpec) throws InvalidAlgorithmParameterException {
        if (derivationSpec instanceof HKDFParameterSpec.Extract extract) {
            return extract(extract);
        } else if (derivationSpec instanceof HKDFParameterSpec.Expand expand) {
            return expand(expand);
        } else if (derivationSpec instanceof HKDFParameterSpec.ExtractThenExpand both) {
            return extractThenExpand(both);
        }
        throw new InvalidAlgorithmParameterException("an HKDF derivation requires a valid HKDFParameterSpec");
    }

    private byte[] extract(HKDFParameterSpec.Extract spec) throws InvalidAlgorithmParameterException {
        byte[] ikm = null;
        byte[] salt = null;
        try {
            ikm = KeyMaterial.concatenate(spec.ikms());
            salt = KeyMaterial.concatenate(spec.salts());
            byte[] prk = new byte[variant.hashLength()];
            // an empty salt is HMAC's all-zero key of hash length, as RFC 5869 says
            if (onAwsLc != null) {
                Hkdf.extract(onAwsLc, ikm, salt, prk);
            } else {
                EvpKdf.hkdf(hkdf, variant.digest(), EvpKdf.HKDF_EXTRACT_ONLY, ikm, salt, null, prk);
            }
            tally.count(prk.length);
            return prk;
        } catch (InvalidKeyException e) {
            throw new InvalidAlgorithmParameterException(
                    "an HKDF Extract could not be initialized with the given key or salt material", e);
        } finally {
            wipe(ikm);
            wipe(salt);
        }
    }

    private byte[] expand(HKDFParameterSpec.Expand spec) throws InvalidAlgorithmParameterException {
        byte[] prk = spec.prk().getEncoded();
        if (prk == null) {
            throw new InvalidAlgorithmParameterException("Cannot retrieve PRK for HKDFParameterSpec.Expand");
        }
        try {
            byte[] info = infoOf(spec.info());
            int length = spec.length();
            checkLength(length);
            if (prk.length < variant.hashLength()) {
                throw new InvalidAlgorithmParameterException(
                        "an HKDF Expand could not be initialized with the given keying material",
                        new InvalidKeyException("prk must be at least " + variant.hashLength() + " bytes"));
            }
            byte[] out = new byte[length];
            if (onAwsLc != null) {
                Hkdf.expand(onAwsLc, prk, info, out);
                tally.count(out.length);
                return out;
            }
            if (info.length > EvpKdf.hkdfMaxInfo()) {
                return jdkForLongInfo(spec);
            }
            EvpKdf.hkdf(hkdf, variant.digest(), EvpKdf.HKDF_EXPAND_ONLY, prk, null, info, out);
            tally.count(out.length);
            return out;
        } finally {
            wipe(prk);
        }
    }

    private byte[] extractThenExpand(HKDFParameterSpec.ExtractThenExpand spec)
            throws InvalidAlgorithmParameterException {
        byte[] ikm = null;
        byte[] salt = null;
        try {
            ikm = KeyMaterial.concatenate(spec.ikms());
            salt = KeyMaterial.concatenate(spec.salts());
            byte[] info = infoOf(spec.info());
            int length = spec.length();
            checkLength(length);
            byte[] out = new byte[length];
            if (onAwsLc != null) {
                Hkdf.extractAndExpand(onAwsLc, ikm, salt, info, out);
                tally.count(out.length);
                return out;
            }
            if (info.length > EvpKdf.hkdfMaxInfo()) {
                return jdkForLongInfo(spec);
            }
            EvpKdf.hkdf(hkdf, variant.digest(), EvpKdf.HKDF_EXTRACT_AND_EXPAND, ikm, salt, info, out);
            tally.count(out.length);
            return out;
        } catch (InvalidKeyException e) {
            throw new InvalidAlgorithmParameterException(
                    "an HKDF ExtractThenExpand could not be initialized with the given key or salt material", e);
        } finally {
            wipe(ikm);
            wipe(salt);
        }
    }

    private static byte[] infoOf(byte[] info) {
        return info == null ? new byte[0] : info;
    }

    /** RFC 5869: at most 255 blocks of output (the spec classes already refused length <= 0). */
    private void checkLength(int length) throws InvalidAlgorithmParameterException {
        if (length > variant.hashLength() * 255) {
            throw new InvalidAlgorithmParameterException("Requested length exceeds maximum allowed length");
        }
    }

    /** The JDK's HKDF, for the rare info longer than OpenSSL's fixed limit. */
    private byte[] jdkForLongInfo(AlgorithmParameterSpec spec) throws InvalidAlgorithmParameterException {
        KDF jdk = jdkForLongInfo;
        if (jdk == null) {
            try {
                jdk = KDF.getInstance(variant.jcaName(), JdkProviders.forService("KDF", variant.jcaName()));
            } catch (NoSuchAlgorithmException e) {
                throw new ProviderException(
                        "HKDF info longer than " + EvpKdf.hkdfMaxInfo() + " bytes needs the JDK's " + variant.jcaName()
                                + ", which is not available",
                        e);
            }
            jdkForLongInfo = jdk;
        }
        byte[] out = jdk.deriveData(spec);
        // counted on the JDK path; atomically, as this object may be shared between threads
        jdkTally().countShared(out.length);
        return out;
    }

    private synchronized Counters.Tally jdkTally() {
        if (jdkTally == null) {
            jdkTally = tally.handedToJdk(this);
        }
        return jdkTally;
    }
}
