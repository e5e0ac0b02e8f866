package dev.acceljce.policy;

import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.MessageDigestSpi;

import dev.acceljce.control.Crossovers;
import dev.acceljce.control.Path;

/**
 * A MessageDigest under policy auto: each message is hashed on the path that is faster for its
 * size. The message's start is held until it ends below the crossover (then the small-message path
 * hashes it) or reaches it (then the large-message path takes the held bytes and the rest).
 */
final class PerMessageDigest extends MessageDigestSpi implements Cloneable {
    private final String algorithm;
    private final Crossovers.Crossover crossover;
    private MessageDigest small;
    private MessageDigest large;
    private MessageHead head;
    /** The large-message digest once a message reached the crossover; null while undecided. */
    private MessageDigest active;

    PerMessageDigest(String algorithm, Crossovers.Crossover crossover) {
        this.algorithm = algorithm;
        this.crossover = crossover;
        this.head = new MessageHead(crossover.threshold());
    }

    private MessageDigest on(Path path) {
        return PerMessage.engine(algorithm, path, p -> MessageDigest.getInstance(algorithm, p));
    }

    private MessageDigest small() {
        if (small == null) {
            small = on(crossover.below());
        }
        return small;
    }

    private MessageDigest large() {
        if (large == null) {
            large = on(crossover.above());
        }
        return large;
    }

    /** The message reached the crossover: hand the held bytes to the large-message path. */
    private void goLarge() {
        active = large();
        active.update(head.bytes(), 0, head.length());
        head.clear();
    }

    @Override
    protected int engineGetDigestLength() {
        return small().getDigestLength();
    }

    @Override
    protected void engineUpdate(byte input) {
        if (active == null && head.fits(1)) {
            head.add(input);
            return;
        }
        if (active == null) {
            goLarge();
        }
        active.update(input);
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
        if (offset < 0 || len < 0 || offset > input.length - len) {
            throw new ArrayIndexOutOfBoundsException("offset " + offset + ", length " + len + ", array " + input.length);
        }
        if (active == null && head.fits(len)) {
            head.add(input, offset, len);
            return;
        }
        if (active == null) {
            goLarge();
        }
        active.update(input, offset, len);
    }

    @Override
    protected void engineUpdate(ByteBuffer input) {
        if (active == null && head.fits(input.remaining())) {
            head.add(input);
            return;
        }
        if (active == null) {
            goLarge();
        }
        active.update(input);
    }

    /** The digest that finishes this message: the large path's, or the small path's with the head. */
    private MessageDigest finisher() {
        if (active != null) {
            return active;
        }
        MessageDigest s = small();
        s.update(head.bytes(), 0, head.length());
        head.clear();
        return s;
    }

    @Override
    protected byte[] engineDigest() {
        byte[] d = finisher().digest();
        active = null;
        return d;
    }

    @Override
    protected int engineDigest(byte[] buf, int offset, int len) throws DigestException {
        if (len < engineGetDigestLength()) {
            throw new DigestException("partial digests not returned");
        }
        int n = finisher().digest(buf, offset, len);
        active = null;
        return n;
    }

    @Override
    protected void engineReset() {
        head.clear();
        if (active != null) {
            active.reset();
            active = null;
        }
    }

    @Override
    public Object clone() throws CloneNotSupportedException {
        PerMessageDigest c = (PerMessageDigest) super.clone();
        c.head = head.copy();
        c.small = small == null ? null : (MessageDigest) small.clone();
        c.large = large == null ? null : (MessageDigest) large.clone();
        c.active = active == null ? null : c.large;
        return c;
    }
}
