package dev.acceljce.jdk;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import java.nio.ByteBuffer;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.NoSuchAlgorithmException;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.Mac;
import javax.crypto.MacSpi;

/** The JDK path of a Mac service. */
public final class JdkMac extends MacSpi implements Cloneable, Counted {
    private Mac mac;
    private Counters.Tally tally = Counters.Tally.NONE;
    private long messageBytes;

    public JdkMac(String algorithm) throws NoSuchAlgorithmException {
        this.mac = Mac.getInstance(algorithm, JdkProviders.forService("Mac", algorithm));
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
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
        messageBytes++;
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
        mac.update(input, offset, len);
        messageBytes += len;
    }

    @Override
    protected void engineUpdate(ByteBuffer input) {
        int n = input.remaining();
        mac.update(input);
        messageBytes += n;
    }

    @Override
    protected byte[] engineDoFinal() {
        byte[] out = mac.doFinal();
        tally.count(messageBytes);
        messageBytes = 0;
        return out;
    }

    @Override
    protected void engineReset() {
        mac.reset();
        messageBytes = 0;
    }

    @Override
    public Object clone() throws CloneNotSupportedException {
        JdkMac c = (JdkMac) super.clone();
        c.mac = (Mac) mac.clone();
        return c;
    }
}
