package dev.acceljce.jdk;

import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.MessageDigestSpi;
import java.security.NoSuchAlgorithmException;

/** The JDK path of a MessageDigest service: forwards every call to the JDK's implementation. */
public final class JdkMessageDigest extends MessageDigestSpi implements Cloneable {
    private MessageDigest md;

    public JdkMessageDigest(String algorithm) throws NoSuchAlgorithmException {
        this.md = MessageDigest.getInstance(algorithm, JdkProviders.forService("MessageDigest", algorithm));
    }

    @Override
    protected int engineGetDigestLength() {
        return md.getDigestLength();
    }

    @Override
    protected void engineUpdate(byte input) {
        md.update(input);
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
        md.update(input, offset, len);
    }

    @Override
    protected void engineUpdate(ByteBuffer input) {
        md.update(input);
    }

    @Override
    protected byte[] engineDigest() {
        return md.digest();
    }

    @Override
    protected int engineDigest(byte[] buf, int offset, int len) throws DigestException {
        return md.digest(buf, offset, len);
    }

    @Override
    protected void engineReset() {
        md.reset();
    }

    @Override
    public Object clone() throws CloneNotSupportedException {
        JdkMessageDigest c = (JdkMessageDigest) super.clone();
        c.md = (MessageDigest) md.clone();
        return c;
    }
}
