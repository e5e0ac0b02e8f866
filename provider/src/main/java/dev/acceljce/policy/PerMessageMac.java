package dev.acceljce.policy;

import dev.acceljce.control.Crossovers;
import java.nio.ByteBuffer;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.ProviderException;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.Mac;
import javax.crypto.MacSpi;

/**
 * A Mac under policy auto: each message is authenticated on the path that is faster for its size,
 * as {@link PerMessageDigest} does for digests. {@code init} initialises the small-message path at
 * once (so a bad key fails there, with that path's exception); the large-message path is
 * initialised with the same key the first time a message needs it.
 */
final class PerMessageMac extends MacSpi implements Cloneable {
    private TwoPaths<Mac> paths;
    /** Whether the large-message path holds the current key. */
    private boolean largeKeyed;

    private Key key;
    private AlgorithmParameterSpec params;

    PerMessageMac(String algorithm, Crossovers.Crossover crossover) {
        this.paths =
                new TwoPaths<>(algorithm, crossover, p -> Mac.getInstance(algorithm, p), Mac::update, this::keyLarge);
    }

    @Override
    protected int engineGetMacLength() {
        return paths.small().getMacLength();
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec params)
            throws InvalidKeyException, InvalidAlgorithmParameterException {
        paths.small().init(key, params);
        this.key = key;
        this.params = params;
        this.largeKeyed = false;
        paths.reset(large -> {}); // keyLarge re-initialises it before the next large message
    }

    /** A message goes to the large-message path: key it first if init changed the key since. */
    private void keyLarge(Mac large) {
        if (largeKeyed) {
            return;
        }
        try {
            large.init(key, params);
        } catch (InvalidKeyException | InvalidAlgorithmParameterException e) {
            // the small-message path accepted this key: both paths implement one algorithm
            Crossovers.Crossover crossover = paths.crossover();
            throw new ProviderException(
                    "the " + crossover.above() + " path refused a key the " + crossover.below() + " path accepted", e);
        }
        largeKeyed = true;
    }

    @Override
    protected void engineUpdate(byte input) {
        if (!paths.held(input)) {
            paths.active().update(input);
        }
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int len) {
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
    protected byte[] engineDoFinal() {
        return paths.finisher().doFinal();
    }

    @Override
    protected void engineReset() {
        paths.reset(Mac::reset);
        Mac small = paths.createdSmall();
        if (small != null) {
            small.reset();
        }
    }

    @Override
    public Object clone() throws CloneNotSupportedException {
        PerMessageMac c = (PerMessageMac) super.clone();
        c.paths = paths.copy(m -> (Mac) m.clone(), c::keyLarge);
        return c;
    }
}
