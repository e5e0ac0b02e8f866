package dev.acceljce.jdk;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.SignatureException;
import java.security.SignatureSpi;
import java.security.spec.AlgorithmParameterSpec;

/** The JDK path of a Signature service. */
public final class JdkSignature extends SignatureSpi implements Counted {
    private final Signature sig;
    private final String algorithm;
    /**
     * For ECDSA verification: the length of the key's order in bytes ({@link StrictEcdsa}'s
     * checks apply), else 0.
     */
    private int ecdsaOrderBytes;
    /** For EdDSA verification: the length of a well-formed signature (64 or 114 bytes), else 0. */
    private int eddsaSignatureBytes;
    /** For PKCS#1 v1.5 verification: the key ({@link StrictPkcs1}'s check applies), else null. */
    private java.security.interfaces.RSAPublicKey pkcs1Key;

    private Counters.Tally tally = Counters.Tally.NONE;
    /** Bytes of the message in progress, counted when it is signed or verified. */
    private long messageBytes;

    public JdkSignature(String algorithm) throws NoSuchAlgorithmException {
        this.sig = Signature.getInstance(algorithm, JdkProviders.forService("Signature", algorithm));
        this.algorithm = algorithm;
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    /** One signature or verification done. */
    private void counted() {
        tally.count(messageBytes);
        messageBytes = 0;
    }

    @Override
    protected void engineInitVerify(PublicKey publicKey) throws InvalidKeyException {
        messageBytes = 0;
        sig.initVerify(publicKey);
        ecdsaOrderBytes = algorithm.toUpperCase(java.util.Locale.ROOT).contains("WITHECDSA")
                        && publicKey instanceof java.security.interfaces.ECPublicKey ec
                ? (ec.getParams().getOrder().bitLength() + 7) / 8
                : 0;
        eddsaSignatureBytes = publicKey instanceof java.security.interfaces.EdECPublicKey ed
                ? ed.getParams().getName().equalsIgnoreCase("Ed448") ? 114 : 64
                : 0;
        pkcs1Key = StrictPkcs1.applies(algorithm) && publicKey instanceof java.security.interfaces.RSAPublicKey rsa
                ? rsa
                : null;
    }

    @Override
    protected void engineInitSign(PrivateKey privateKey) throws InvalidKeyException {
        messageBytes = 0;
        StrictMlDsa.checkSigningKey(privateKey);
        sig.initSign(privateKey);
    }

    @Override
    protected void engineInitSign(PrivateKey privateKey, SecureRandom random) throws InvalidKeyException {
        messageBytes = 0;
        StrictMlDsa.checkSigningKey(privateKey);
        sig.initSign(privateKey, random);
    }

    @Override
    protected void engineUpdate(byte b) throws SignatureException {
        sig.update(b);
        messageBytes++;
    }

    @Override
    protected void engineUpdate(byte[] b, int off, int len) throws SignatureException {
        sig.update(b, off, len);
        messageBytes += len;
    }

    @Override
    protected void engineUpdate(ByteBuffer input) {
        int n = input.remaining();
        try {
            sig.update(input);
        } catch (SignatureException e) {
            throw new IllegalStateException(e);
        }
        messageBytes += n;
    }

    @Override
    protected byte[] engineSign() throws SignatureException {
        byte[] out = sig.sign();
        counted();
        return out;
    }

    @Override
    protected int engineSign(byte[] outbuf, int offset, int len) throws SignatureException {
        int n = sig.sign(outbuf, offset, len);
        counted();
        return n;
    }

    @Override
    protected boolean engineVerify(byte[] sigBytes) throws SignatureException {
        return engineVerify(sigBytes, 0, sigBytes.length);
    }

    @Override
    protected boolean engineVerify(byte[] sigBytes, int offset, int length) throws SignatureException {
        // the JDK's verify runs first: it ends the message whatever the answer
        boolean ok;
        try {
            ok = sig.verify(sigBytes, offset, length);
        } catch (SignatureException e) {
            counted();
            if (eddsaSignatureBytes > 0 && length == eddsaSignatureBytes) {
                // SunEC refuses a well-sized EdDSA signature whose R does not decode or whose s is
                // not below L with an exception; OpenSSL, and so the native path, answers false
                return false;
            }
            throw e;
        }
        counted();
        if (ecdsaOrderBytes > 0) {
            Boolean refused = StrictEcdsa.precheck(
                    java.util.Arrays.copyOfRange(sigBytes, offset, offset + length),
                    algorithm.toUpperCase(java.util.Locale.ROOT).endsWith("INP1363FORMAT"),
                    ecdsaOrderBytes);
            if (refused != null) {
                return refused;
            }
        }
        if (ok && pkcs1Key != null) {
            return StrictPkcs1.hasNullParameters(pkcs1Key, sigBytes, offset, length);
        }
        return ok;
    }

    @Override
    protected void engineSetParameter(AlgorithmParameterSpec params) throws InvalidAlgorithmParameterException {
        sig.setParameter(params);
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        return sig.getParameters();
    }

    @Override
    @SuppressWarnings("deprecation")
    protected void engineSetParameter(String param, Object value) {
        throw new UnsupportedOperationException("use setParameter(AlgorithmParameterSpec)");
    }

    @Override
    @SuppressWarnings("deprecation")
    protected Object engineGetParameter(String param) {
        throw new UnsupportedOperationException("use getParameters()");
    }
}
