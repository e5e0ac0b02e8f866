package dev.acceljce.mac;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import dev.acceljce.digest.UpdateBatch;
import dev.acceljce.openssl.EvpMac;
import dev.acceljce.openssl.OsslParams;
import java.lang.foreign.Arena;
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
 * A Mac served by an OpenSSL EVP_MAC whose set-up takes parameters with the key (CMAC, KMAC). One
 * EVP_MAC_CTX per object; after {@code doFinal} or {@code reset} it is restarted with the key it
 * holds, lazily, when the next message starts. Tiny updates are batched in Java.
 *
 * <p>Subclasses only configure: they check the key and parameters (in Java, before OpenSSL sees
 * them) and say which OSSL_PARAMs go with the key and how long the MAC is.
 */
abstract sealed class KeyedMac extends MacSpi implements Cloneable, Counted permits Cmac, Kmac {
    private EvpMac.Keyed ctx;
    private boolean keyed;
    /** The context finished a MAC or absorbed input of a discarded message: restart before use. */
    private boolean stale;

    private boolean absorbed;
    private int macLength;
    private UpdateBatch batch = new UpdateBatch(this::absorb);
    private Counters.Tally tally = Counters.Tally.NONE;
    private long messageBytes;

    KeyedMac(String opensslName) {
        this.ctx = new EvpMac.Keyed(opensslName);
    }

    @Override
    public final void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    /** What a checked key and parameter spec set up: the OSSL_PARAMs to pass with the key, and the MAC length. */
    record Setup(OsslParamsWriter params, int macLength) {}

    /** Writes the OSSL_PARAMs of a set-up into {@code p} (nothing to write: leave it empty). */
    @FunctionalInterface
    interface OsslParamsWriter {
        void write(OsslParams p);
    }

    /**
     * Checks {@code key} (raw bytes, not null) and {@code params} with the JCA exceptions and
     * returns the set-up. Called before any native state changes.
     */
    abstract Setup setup(byte[] key, AlgorithmParameterSpec params)
            throws InvalidKeyException, InvalidAlgorithmParameterException;

    /** The MAC length before init. */
    abstract int defaultMacLength();

    @Override
    protected final int engineGetMacLength() {
        return keyed ? macLength : defaultMacLength();
    }

    @Override
    protected final void engineInit(Key key, AlgorithmParameterSpec params)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        if (!(key instanceof SecretKey)) {
            throw new InvalidKeyException("Secret key expected");
        }
        byte[] secret = key.getEncoded();
        if (secret == null) {
            throw new InvalidKeyException("Missing key data");
        }
        try {
            Setup s = setup(secret, params);
            batch.clear();
            messageBytes = 0;
            keyed = false; // until the new key is in place
            boolean ok;
            try (Arena arena = Arena.ofConfined()) {
                OsslParams p = OsslParams.in(arena);
                s.params().write(p);
                ok = ctx.init(secret, p.build());
            }
            if (!ok) {
                throw new InvalidKeyException(getClass().getSimpleName() + ": OpenSSL refused the key");
            }
            macLength = s.macLength();
            keyed = true;
            stale = false;
            absorbed = false;
        } finally {
            Arrays.fill(secret, (byte) 0);
        }
    }

    private void ready() {
        if (!keyed) {
            throw new IllegalStateException("MAC not initialized");
        }
        if (stale) {
            ctx.restart();
            stale = false;
            absorbed = false;
        }
    }

    @Override
    protected final void engineUpdate(byte input) {
        batch.add(input);
        messageBytes++;
    }

    @Override
    protected final void engineUpdate(byte[] input, int offset, int len) {
        Objects.checkFromIndexSize(offset, len, input.length);
        messageBytes += len;
        if (!batch.tryAdd(input, offset, len)) {
            batch.flush();
            absorb(input, offset, len);
        }
    }

    @Override
    protected final void engineUpdate(ByteBuffer input) {
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
        ctx.update(MemorySegment.ofBuffer(input));
        input.position(input.limit());
    }

    private void absorb(byte[] input, int offset, int len) {
        ready();
        absorbed = true;
        ctx.update(input, offset, len);
    }

    @Override
    protected final byte[] engineDoFinal() {
        batch.flush();
        ready();
        byte[] out = new byte[macLength];
        ctx.finish(out, 0, macLength);
        stale = true;
        tally.count(messageBytes);
        messageBytes = 0;
        return out;
    }

    @Override
    protected final void engineReset() {
        batch.clear();
        messageBytes = 0;
        stale |= absorbed;
    }

    @Override
    public final Object clone() throws CloneNotSupportedException {
        KeyedMac c = (KeyedMac) super.clone();
        // OpenSSL cannot copy a CMAC context that holds no key (CMAC_CTX_copy refuses it), and an
        // unkeyed Mac's clone is unkeyed too: it gets a context of its own (a fuzzing finding of 2026-11-25)
        c.ctx = keyed ? ctx.copy() : new EvpMac.Keyed(ctx.name());
        c.batch = batch.copy(c::absorb);
        return c;
    }
}
