package dev.acceljce.digest;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import dev.acceljce.openssl.EvpDigest;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.MessageDigestSpi;

/**
 * A MessageDigest served by OpenSSL. Tiny updates are batched in Java ({@link UpdateBatch}). The
 * object makes its EVP_MD_CTX only when a message outgrows the batch (or for an XOF); until then a
 * digest is one EVP_Digest call over the batch, so the common short-lived object (made, one short
 * message, dropped: what SunJSSE and certificate checks do) costs no native context and no Cleaner.
 * Once made, the context is reset (not re-created) after each digest.
 */
public final class NativeDigest extends MessageDigestSpi implements Cloneable, Counted {
    private final EvpDigest.Algorithm algorithm;
    /** Null until the first flush of the batch or long update; then kept for the object's life. */
    private EvpDigest.Context ctx;
    /** A message was finished without a context: the object is reused, so the next one keeps a context. */
    private boolean finishedOnce;

    private UpdateBatch batch = new UpdateBatch(this::absorb);
    private Counters.Tally tally = Counters.Tally.NONE;
    /** Bytes hashed into the message in progress, counted when its digest is taken. */
    private long messageBytes;

    NativeDigest(EvpDigest.Algorithm algorithm) {
        this.algorithm = algorithm;
    }

    private EvpDigest.Context ctx() {
        if (ctx == null) {
            ctx = new EvpDigest.Context(algorithm);
        }
        return ctx;
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    @Override
    protected int engineGetDigestLength() {
        return algorithm.size();
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
            throw new ArrayIndexOutOfBoundsException(
                    "offset " + offset + ", length " + len + ", array " + input.length);
        }
        messageBytes += len;
        if (!batch.tryAdd(input, offset, len)) {
            batch.flush();
            ctx().update(input, offset, len);
        }
    }

    @Override
    protected void engineUpdate(ByteBuffer input) {
        int n = input.remaining();
        if (n == 0) {
            return;
        }
        messageBytes += n;
        if (batch.tryAdd(input)) {
            return;
        }
        batch.flush();
        // heap, direct and read-only buffers alike: the segment covers position..limit
        ctx().update(MemorySegment.ofBuffer(input));
        input.position(input.limit());
    }

    private void absorb(byte[] input, int offset, int len) {
        ctx().update(input, offset, len);
    }

    @Override
    protected byte[] engineDigest() {
        byte[] out = new byte[algorithm.size()];
        finish(out, 0);
        return out;
    }

    /** Writes the message's digest to {@code out[off..)}, whose room the caller checked. */
    private void finish(byte[] out, int off) {
        if (ctx == null && !algorithm.xof() && !finishedOnce) {
            batch.finishWith((b, o, n) -> EvpDigest.digest(algorithm, b, o, n, out, off));
            finishedOnce = true;
        } else {
            batch.flush();
            ctx().finish(out, off);
        }
        messageDone();
    }

    @Override
    protected int engineDigest(byte[] buf, int offset, int len) throws DigestException {
        int size = algorithm.size();
        if (len < size) {
            throw new DigestException("partial digests not returned");
        }
        if (offset < 0 || buf.length - offset < size) {
            throw new DigestException("insufficient space in the output buffer to store the digest");
        }
        finish(buf, offset);
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
        if (ctx != null) {
            ctx.reset();
        }
    }

    @Override
    public Object clone() throws CloneNotSupportedException {
        if (ctx != null) {
            batch.flush(); // first, so the copy does not carry the batched bytes twice
        }
        NativeDigest c = (NativeDigest) super.clone();
        c.ctx = ctx == null ? null : ctx.copy();
        c.batch = batch.copy(c::absorb);
        // the copy counts on the original's tally: it is the same service, used by the same caller
        return c;
    }
}
