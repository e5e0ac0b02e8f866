package dev.acceljce.signature;

import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.KeyKind;
import dev.acceljce.keys.MlParameterSet;
import dev.acceljce.openssl.EvpMessageSignature;
import dev.acceljce.openssl.EvpPkey;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.SignatureException;
import java.security.spec.AlgorithmParameterSpec;

/**
 * Pure ML-DSA (FIPS 204, no pre-hash) through OpenSSL 3.5's EVP_PKEY_sign_message_init and a
 * one-shot EVP_PKEY_sign/verify over the buffered message, for "ML-DSA" (any parameter set, from
 * the key) and "ML-DSA-44/65/87".
 *
 * <p>As the JDK 25 SUN provider: the empty context string (the JDK offers no way to set one: any
 * non-null parameter spec is an {@link InvalidAlgorithmParameterException}), hedged signing
 * (OpenSSL's default: fresh randomness from its DRBG in every signature, so two signatures of one
 * message differ, exactly as the JDK's do), and the JDK's {@link SignatureException}s for a
 * signature of the wrong length or with a malformed hint encoding (checked here, before OpenSSL,
 * because OpenSSL only answers "invalid"). Keys the native side cannot take are verified or
 * refused by the JDK's ML-DSA (see {@link PkeySignature}).
 */
final class MlDsaSignature extends PkeySignature {
    private final KeyKind fixed;
    private final MessageBuffer message = new MessageBuffer();
    private MlParameterSet set;
    /** Our own reference to the current key's EVP_PKEY. */
    private EvpPkey.Key ref;

    private EvpMessageSignature.Algorithm algorithm;

    MlDsaSignature(String algorithm, KeyKind fixed) {
        super(algorithm);
        this.fixed = fixed;
    }

    @Override
    boolean acceptsType(Key key) {
        return true; // the JDK refuses other keys, with its exception (servesNatively sends them there)
    }

    /** Hedged ML-DSA (FIPS 204, the JDK's and OpenSSL's default) mixes 32 random bytes into every signature. */
    @Override
    boolean drawsRandomness() {
        return true;
    }

    /**
     * An ML-DSA key OpenSSL will not import is refused here rather than signed with by the JDK:
     * OpenSSL checks the FIPS 204 ranges of s1 and s2 in an expanded private key, the JDK 25
     * implementation does not (Wycheproof's "private key with s1/s2 vector out of range" vectors
     * are invalid). Keys of other algorithms, and ML-DSA keys in a form OpenSSL was not shown
     * (a "RAW" key of another provider), still go to the JDK, which takes or refuses them.
     */
    @Override
    boolean jdkMayTake(Key key) {
        String a = key.getAlgorithm();
        boolean mlDsa = a != null && (a.equalsIgnoreCase("ML-DSA") || MlParameterSet.ofName(a) != null);
        boolean encoded = "PKCS#8".equalsIgnoreCase(key.getFormat()) || "X.509".equalsIgnoreCase(key.getFormat());
        return !(mlDsa && encoded);
    }

    @Override
    boolean servesNatively(AccelKey key) {
        MlParameterSet s = MlParameterSet.of(key.kind());
        return s != null && !s.isKem() && (fixed == null || fixed == key.kind());
    }

    @Override
    void init(AccelKey key, boolean signing, boolean sameKey) throws InvalidKeyException {
        MlParameterSet s = MlParameterSet.of(key.kind());
        if (algorithm == null || s != set) {
            EvpMessageSignature.Algorithm fetched = EvpMessageSignature.Algorithm.fetch(s.standardName());
            if (fetched == null) {
                throw new InvalidKeyException("the loaded OpenSSL has no " + s.standardName());
            }
            if (algorithm != null) {
                algorithm.close();
            }
            algorithm = fetched;
        }
        if (!sameKey || ref == null) {
            EvpPkey.Key fresh = key.share();
            if (ref != null) {
                ref.close();
            }
            ref = fresh;
            key.heldBy(this);
        }
        set = s;
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
    }

    @Override
    void resetMessage() {
        message.reset();
    }

    @Override
    byte[] sign(AccelKey key) throws SignatureException {
        byte[] sig =
                EvpMessageSignature.sign(algorithm, ref, set.outputSize(), message.array(), message.length(), null);
        if (sig == null) {
            throw new SignatureException(set.standardName() + " signing failed");
        }
        return sig;
    }

    @Override
    boolean verify(AccelKey key, byte[] signature) throws SignatureException {
        MlDsaEncoding.check(set, signature);
        return EvpMessageSignature.verify(algorithm, ref, signature, message.array(), message.length(), null);
    }

    @Override
    protected void engineSetParameter(AlgorithmParameterSpec params) throws InvalidAlgorithmParameterException {
        if (params != null) {
            throw new InvalidAlgorithmParameterException("The ML-DSA algorithm does not take any parameters");
        }
    }
}
