package dev.acceljce.jdk;

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
public final class JdkSignature extends SignatureSpi {
    private final Signature sig;

    public JdkSignature(String algorithm) throws NoSuchAlgorithmException {
        this.sig = Signature.getInstance(algorithm, JdkProviders.forService("Signature", algorithm));
    }

    @Override
    protected void engineInitVerify(PublicKey publicKey) throws InvalidKeyException {
        sig.initVerify(publicKey);
    }

    @Override
    protected void engineInitSign(PrivateKey privateKey) throws InvalidKeyException {
        sig.initSign(privateKey);
    }

    @Override
    protected void engineInitSign(PrivateKey privateKey, SecureRandom random) throws InvalidKeyException {
        sig.initSign(privateKey, random);
    }

    @Override
    protected void engineUpdate(byte b) throws SignatureException {
        sig.update(b);
    }

    @Override
    protected void engineUpdate(byte[] b, int off, int len) throws SignatureException {
        sig.update(b, off, len);
    }

    @Override
    protected void engineUpdate(ByteBuffer input) {
        try {
            sig.update(input);
        } catch (SignatureException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    protected byte[] engineSign() throws SignatureException {
        return sig.sign();
    }

    @Override
    protected int engineSign(byte[] outbuf, int offset, int len) throws SignatureException {
        return sig.sign(outbuf, offset, len);
    }

    @Override
    protected boolean engineVerify(byte[] sigBytes) throws SignatureException {
        return sig.verify(sigBytes);
    }

    @Override
    protected boolean engineVerify(byte[] sigBytes, int offset, int length) throws SignatureException {
        return sig.verify(sigBytes, offset, length);
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
