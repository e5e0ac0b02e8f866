package dev.acceljce.digest;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.MessageDigestSpi;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import dev.acceljce.openssl.EvpDigest;

/**
 * A MessageDigest served by OpenSSL. One EVP_MD_CTX per object, reset (not re-created) after each
 * digest. Tiny updates are batched in Java ({@link UpdateBatch}).
 */
public final class NativeDigest extends MessageDigestSpi implements Cloneable, Counted {
    private EvpDigest.Context ctx;
    private UpdateBatch batch = new UpdateBatch(this::absorb);
    private Counters.Tally tally = Counters.Tally.NONE;
    /** Bytes hashed into the message in progress, counted when its digest is taken. */
    private long messageBytes;

    NativeDigest(EvpDigest.Algorithm algorithm) {
        this.ctx = new EvpDigest.Context(algorithm);
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    @Override
    protected int engineGetDigestLength() {
        return ctx.algorithm().size();
    }

    @Override
    protected void engineUpdate(byte input) {
        batch.add(input);
        messageBytes++;
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
        if (len == 0) {
            return; // before the range check, as the JDK's digests: update(b, -1, 0) is a no-op there
        }
        if (offset < 0 || len < 0 || offset > input.length - len) {
            // what the JDK's DigestBase throws for the range MessageDigest does not check itself
            throw new ArrayIndexOutOfBoundsException("offset " + offset + ", length " + len
                    + ", array " + input.length);
        }
        messageBytes += len;
        if (!batch.tryAdd(input, offset, len)) {
            batch.flush();
            ctx.update(input, offset, len);
        }
    }

    @Override
    protected void engineUpdate(ByteBuffer input) {
        int n = input.remaining();
        if (n == 0) {
            return;
        }
        messageBytes += n;
        batch.flush();
        // heap, direct and read-only buffers alike: the segment covers position..limit
        ctx.update(MemorySegment.ofBuffer(input));
        input.position(input.limit());
    }

    private void absorb(byte[] input, int offset, int len) {
        ctx.update(input, offset, len);
    }

    @Override
    protected byte[] engineDigest() {
        byte[] out = new byte[ctx.algorithm().size()];
        batch.flush();
        ctx.finish(out, 0);
        messageDone();
        return out;
    }

    @Override
    protected int engineDigest(byte[] buf, int offset, int len) throws DigestException {
        int size = ctx.algorithm().size();
        if (len < size) {
            throw new DigestException("partial digests not returned");
        }
        if (offset < 0 || buf.length - offset < size) {
            throw new DigestException("insufficient space in the output buffer to store the digest");
        }
        batch.flush();
        ctx.finish(buf, offset);
        messageDone();
        return size;
    }

    private void messageDone() {
        tally.count(messageBytes);
        messageBytes = 0;
    }

    @Override
    protected void engineReset() {
        batch.clear();
        messageBytes = 0;
        ctx.reset();
    }

    @Override
    public Object clone() throws CloneNotSupportedException {
        batch.flush(); // first, so the copy does not carry the batched bytes twice
        NativeDigest c = (NativeDigest) super.clone();
        c.ctx = ctx.copy();
        c.batch = batch.copy(c::absorb);
        // the copy counts on the original's tally: it is the same service, used by the same caller
        return c;
    }
}
