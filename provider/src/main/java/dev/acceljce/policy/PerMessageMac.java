package dev.acceljce.policy;

import java.nio.ByteBuffer;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.ProviderException;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.Mac;
import javax.crypto.MacSpi;

import dev.acceljce.control.Crossovers;
import dev.acceljce.control.Path;

/**
 * A Mac under policy auto: each message is authenticated on the path that is faster for its size,
 * as {@link PerMessageDigest} does for digests. {@code init} initialises the small-message path at
 * once (so a bad key fails there, with that path's exception); the large-message path is
 * initialised with the same key the first time a message needs it.
 */
final class PerMessageMac extends MacSpi implements Cloneable {
    private final String algorithm;
    private final Crossovers.Crossover crossover;
    private Mac small;
    private Mac large;
    private boolean largeKeyed;
    private Key key;
    private AlgorithmParameterSpec params;
    private MessageHead head;
    private Mac active;

    PerMessageMac(String algorithm, Crossovers.Crossover crossover) {
        this.algorithm = algorithm;
        this.crossover = crossover;
        this.head = new MessageHead(crossover.threshold());
    }

    private Mac on(Path path) {
        return PerMessage.engine(algorithm, path, p -> Mac.getInstance(algorithm, p));
    }

    private Mac small() {
        if (small == null) {
            small = on(crossover.below());
        }
        return small;
    }

    @Override
    protected int engineGetMacLength() {
        return small().getMacLength();
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec params)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        small().init(key, params);
        this.key = key;
        this.params = params;
        this.largeKeyed = false;
        head.clear();
        active = null;
    }

    private void goLarge() {
        if (large == null) {
            large = on(crossover.above());
        }
        if (!largeKeyed) {
            try {
                large.init(key, params);
            } catch (InvalidKeyException | InvalidAlgorithmParameterException e) {
                // the small-message path accepted this key: both paths implement one algorithm
                throw new ProviderException("the " + crossover.above() + " path refused a key the "
                        + crossover.below() + " path accepted", e);
            }
            largeKeyed = true;
        }
        active = large;
        active.update(head.bytes(), 0, head.length());
        head.clear();
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

    @Override
    protected byte[] engineDoFinal() {
        byte[] out;
        if (active != null) {
            out = active.doFinal();
            active = null;
        } else {
            small.update(head.bytes(), 0, head.length());
            head.clear();
            out = small.doFinal();
        }
        return out;
    }

    @Override
    protected void engineReset() {
        head.clear();
        if (active != null) {
            active.reset();
            active = null;
        }
        if (small != null) {
            small.reset();
        }
    }

    @Override
    public Object clone() throws CloneNotSupportedException {
        PerMessageMac c = (PerMessageMac) super.clone();
        c.head = head.copy();
        c.small = small == null ? null : (Mac) small.clone();
        c.large = large == null ? null : (Mac) large.clone();
        c.active = active == null ? null : c.large;
        return c;
    }
}
