package dev.acceljce.mac;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import dev.acceljce.control.SecretBytes;
import dev.acceljce.digest.UpdateBatch;
import dev.acceljce.openssl.EvpMac;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.Objects;
import javax.crypto.MacSpi;
import javax.crypto.SecretKey;

/**
 * An HMAC served by OpenSSL's EVP_MAC. Until a message outgrows the Java batch the object holds no
 * native context: a MAC is then one call on a context made and freed inside it
 * ({@link EvpMac#mac}), so the common short-lived object (a new Mac, a key, one short message)
 * costs no EVP_MAC_CTX kept alive and no Cleaner. From the first longer message on, one
 * EVP_MAC_CTX for the object's life:
 * <ul>
 *   <li>after {@code doFinal} or {@code reset}, and on re-init with the same key bytes, the context
 *       is restarted with the key it already holds (no key processing); the restart is done lazily,
 *       when the next message starts, so {@code doFinal} followed by the {@code reset} that
 *       {@link javax.crypto.Mac} always issues costs one restart, not two;</li>
 *   <li>tiny updates are batched in Java ({@link UpdateBatch}).</li>
 * </ul>
 * Key checks are the JDK's (HmacCore): any {@link SecretKey} whose encoding is not null, empty
 * keys included; no parameters.
 */
public final class NativeHmac extends MacSpi implements Cloneable, Counted {
    /** The largest HMAC block (SHA-512's, in bytes): longer keys are hashed before use. */
    private static final int LONGEST_BLOCK = 128;

    private final EvpMac.Hmac algorithm;
    /** Null until a message outgrows the batch; from then on keyed with {@link #key}. */
    private EvpMac.Context ctx;
    /** A message was finished without a context: the object is reused, so the next one keeps a context. */
    private boolean finishedOnce;
    /** The key the context holds (compared on re-init), or null before the first init. */
    private byte[] key;
    /** The context finished a MAC or absorbed input of a discarded message: restart before use. */
    private boolean stale;
    /** The context absorbed input since it was last (re)started. */
    private boolean absorbed;

    private UpdateBatch batch = new UpdateBatch(this::absorb);
    private Counters.Tally tally = Counters.Tally.NONE;
    /** Bytes of the message in progress, counted when its MAC is taken. */
    private long messageBytes;

    NativeHmac(EvpMac.Hmac algorithm) {
        this.algorithm = algorithm;
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    @Override
    protected int engineGetMacLength() {
        return algorithm.macSize();
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec params)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        // the JDK's checks and messages, in its order
        if (params != null) {
            throw new InvalidAlgorithmParameterException("HMAC does not use parameters");
        }
        if (!(key instanceof SecretKey)) {
            throw new InvalidKeyException("Secret key expected");
        }
        byte[] secret = key.getEncoded();
        if (secret == null) {
            throw new InvalidKeyException("Missing key data");
        }
        batch.clear();
        if (this.key != null && SecretBytes.equal(secret, this.key)) {
            Arrays.fill(secret, (byte) 0);
            stale |= absorbed;
            return;
        }
        if (this.key != null) {
            Arrays.fill(this.key, (byte) 0);
            this.key = null; // until the new key is in place, nothing compares equal to it
        }
        if (ctx != null) {
            ctx.init(secret);
        }
        this.key = secret;
        if (ctx == null && secret.length > LONGEST_BLOCK) {
            ready(); // a key longer than the block is hashed first: once, into a kept context
        }
        stale = false;
        absorbed = false;
    }

    /** Makes the context (keyed) at first need, or restarts it if a finished or discarded message left it unusable. */
    private void ready() {
        if (ctx == null) {
            ctx = new EvpMac.Context(algorithm);
            ctx.init(key);
            stale = false;
            absorbed = false;
        } else if (stale) {
            ctx.restart();
            stale = false;
            absorbed = false;
        }
    }

    @Override
    protected void engineUpdate(byte input) {
        batch.add(input);
        messageBytes++;
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
        // javax.crypto.Mac checked the range already; this is the SPI's own guard
        Objects.checkFromIndexSize(offset, len, input.length);
        messageBytes += len;
        if (!batch.tryAdd(input, offset, len)) {
            batch.flush();
            absorb(input, offset, len);
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
        ready();
        absorbed = true;
        // heap, direct and read-only buffers alike: the segment covers position..limit
        ctx.update(MemorySegment.ofBuffer(input));
        input.position(input.limit());
    }

    private void absorb(byte[] input, int offset, int len) {
        ready();
        absorbed = true;
        ctx.update(input, offset, len);
    }

    @Override
    protected byte[] engineDoFinal() {
        byte[] out = new byte[algorithm.macSize()];
        if (ctx == null && !finishedOnce) {
            batch.finishWith((b, o, n) -> EvpMac.mac(algorithm, key, b, o, n, out, 0));
            finishedOnce = true;
        } else {
            batch.flush();
            ready();
            ctx.finish(out, 0);
            stale = true;
        }
        tally.count(messageBytes);
        messageBytes = 0;
        return out;
    }

    @Override
    protected void engineReset() {
        batch.clear();
        messageBytes = 0;
        stale |= absorbed;
    }

    @Override
    public Object clone() throws CloneNotSupportedException {
        NativeHmac c = (NativeHmac) super.clone();
        c.ctx = ctx == null ? null : ctx.copy();
        c.batch = batch.copy(c::absorb);
        c.key = key == null ? null : key.clone();
        return c;
    }
}
