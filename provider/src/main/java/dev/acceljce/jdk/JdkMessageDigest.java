package dev.acceljce.jdk;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.MessageDigestSpi;
import java.security.NoSuchAlgorithmException;

/** The JDK path of a MessageDigest service: forwards every call to the JDK's implementation. */
public final class JdkMessageDigest extends MessageDigestSpi implements Cloneable, Counted {
    private MessageDigest md;
    private Counters.Tally tally = Counters.Tally.NONE;
    private long messageBytes;

    public JdkMessageDigest(String algorithm) throws NoSuchAlgorithmException {
        this.md = MessageDigest.getInstance(algorithm, JdkProviders.forService("MessageDigest", algorithm));
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    @Override
    protected int engineGetDigestLength() {
        return md.getDigestLength();
    }

    @Override
    protected void engineUpdate(byte input) {
        md.update(input);
        messageBytes++;
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
        md.update(input, offset, len);
        messageBytes += len;
    }

    @Override
    protected void engineUpdate(ByteBuffer input) {
        int n = input.remaining();
        md.update(input);
        messageBytes += n;
    }

    @Override
    protected byte[] engineDigest() {
        byte[] d = md.digest();
        messageDone();
        return d;
    }

    @Override
    protected int engineDigest(byte[] buf, int offset, int len) throws DigestException {
        int n = md.digest(buf, offset, len);
        messageDone();
        return n;
    }

    private void messageDone() {
        tally.count(messageBytes);
        messageBytes = 0;
    }

    @Override
    protected void engineReset() {
        md.reset();
        messageBytes = 0;
    }

    @Override
    public Object clone() throws CloneNotSupportedException {
        JdkMessageDigest c = (JdkMessageDigest) super.clone();
        c.md = (MessageDigest) md.clone();
        return c;
    }
}
