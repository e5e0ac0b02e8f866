package dev.acceljce.jdk;

import java.nio.ByteBuffer;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.Mac;
import javax.crypto.MacSpi;

/** The JDK path of a Mac service. */
public final class JdkMac extends MacSpi implements Cloneable {
    private Mac mac;

    public JdkMac(String algorithm) throws NoSuchAlgorithmException {
        this.mac = Mac.getInstance(algorithm, JdkProviders.forService("Mac", algorithm));
    }

    @Override
    protected int engineGetMacLength() {
        return mac.getMacLength();
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec params)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        mac.init(key, params);
    }

    @Override
    protected void engineUpdate(byte input) {
        mac.update(input);
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
        mac.update(input, offset, len);
    }

    @Override
    protected void engineUpdate(ByteBuffer input) {
        mac.update(input);
    }

    @Override
    protected byte[] engineDoFinal() {
        return mac.doFinal();
    }

    @Override
    protected void engineReset() {
        mac.reset();
    }

    @Override
    public Object clone() throws CloneNotSupportedException {
        JdkMac c = (JdkMac) super.clone();
        c.mac = (Mac) mac.clone();
        return c;
    }
}
