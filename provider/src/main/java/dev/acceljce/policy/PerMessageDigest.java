package dev.acceljce.policy;

import dev.acceljce.control.Crossovers;
import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.MessageDigestSpi;

/**
 * A MessageDigest under policy auto: each message is hashed on the path that is faster for its
 * size. The message's start is held until it ends below the crossover (then the small-message path
 * hashes it) or reaches it (then the large-message path takes the held bytes and the rest).
 */
final class PerMessageDigest extends MessageDigestSpi implements Cloneable {
    private TwoPaths<MessageDigest> paths;

    PerMessageDigest(String algorithm, Crossovers.Crossover crossover) {
        this.paths = new TwoPaths<>(
                algorithm, crossover, p -> MessageDigest.getInstance(algorithm, p), MessageDigest::update, large -> {});
    }

    @Override
    protected int engineGetDigestLength() {
        return paths.small().getDigestLength();
    }

    @Override
    protected void engineUpdate(byte input) {
        if (!paths.held(input)) {
            paths.active().update(input);
        }
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
        if (offset < 0 || len < 0 || offset > input.length - len) {
            throw new ArrayIndexOutOfBoundsException(
                    "offset " + offset + ", length " + len + ", array " + input.length);
        }
        if (!paths.held(input, offset, len)) {
            paths.active().update(input, offset, len);
        }
    }

    @Override
    protected void engineUpdate(ByteBuffer input) {
        if (!paths.held(input)) {
            paths.active().update(input);
        }
    }

    @Override
    protected byte[] engineDigest() {
        return paths.finisher().digest();
    }

    @Override
    protected int engineDigest(byte[] buf, int offset, int len) throws DigestException {
        if (len < engineGetDigestLength()) {
            throw new DigestException("partial digests not returned");
        }
        return paths.finisher().digest(buf, offset, len);
    }

    @Override
    protected void engineReset() {
        paths.reset(MessageDigest::reset);
    }

    @Override
    public Object clone() throws CloneNotSupportedException {
        PerMessageDigest c = (PerMessageDigest) super.clone();
        c.paths = paths.copy(d -> (MessageDigest) d.clone(), large -> {});
        return c;
    }
}
