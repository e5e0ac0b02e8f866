package dev.acceljce.random;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import dev.acceljce.openssl.Rand;
import java.security.DrbgParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.SecureRandomParameters;
import java.security.SecureRandomSpi;
import java.util.Objects;

/**
 * SecureRandom "DRBG" served by OpenSSL's default DRBGs: every request goes to the calling
 * thread's private DRBG, so instances are thread-safe without any lock here (registered with
 * {@code ThreadSafe=true}) and threads never contend.
 *
 * <p>The private DRBG (not the public one) serves every call because a Java SecureRandom hands
 * out nonces and key material alike (one instance serves a whole TLS handshake).
 *
 * <p>Instantiation parameters follow the JDK's DRBG where OpenSSL can honour them: a strength up
 * to the DRBG's own (256 bits by default), capability NONE, RESEED_ONLY or PR_AND_RESEED (with
 * PR_AND_RESEED every request first pulls fresh entropy, as the JDK's DRBG does). A
 * personalization string cannot be given to OpenSSL's shared, already instantiated DRBG, so it is
 * refused, as are strengths above the DRBG's and other parameter types.
 */
public final class NativeDrbg extends SecureRandomSpi implements Counted {
    private Counters.Tally tally = Counters.Tally.NONE;

    /** Bytes per generateSeed step: each step pulls fresh entropy for at most one strength's worth. */
    private static final int SEED_STEP = 32;

    private final int strength;
    private final boolean predictionResistance;
    private final DrbgParameters.Capability capability;

    NativeDrbg(SecureRandomParameters params) throws InvalidAlgorithmParameterException {
        super(params);
        int available = OpenSslStrength.BITS;
        if (params == null) {
            capability = DrbgParameters.Capability.RESEED_ONLY;
        } else if (params instanceof DrbgParameters.Instantiation inst) {
            if (inst.getStrength() > available) {
                throw new InvalidAlgorithmParameterException(
                        "strength too big: " + inst.getStrength() + " (OpenSSL's DRBG offers " + available + ")");
            }
            if (inst.getPersonalizationString() != null) {
                throw new InvalidAlgorithmParameterException(
                        "personalization strings are not supported by OpenSSL's shared DRBG");
            }
            capability = inst.getCapability();
        } else {
            throw new InvalidAlgorithmParameterException("Unsupported params: " + params.getClass());
        }
        this.strength = available;
        this.predictionResistance = capability.supportsPredictionResistance();
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    @Override
    protected void engineNextBytes(byte[] bytes) {
        if (predictionResistance) {
            Rand.generate(bytes, 0, bytes.length, 0, true, null);
        } else {
            Rand.privateBytes(bytes, 0, bytes.length);
        }
        tally.countShared(bytes.length);
    }

    @Override
    protected void engineNextBytes(byte[] bytes, SecureRandomParameters params) {
        Objects.requireNonNull(bytes);
        // the JDK DRBG's checks and messages
        if (!(params instanceof DrbgParameters.NextBytes dp)) {
            throw new IllegalArgumentException("unknown params type:" + params.getClass());
        }
        if (dp.getStrength() > strength) {
            throw new IllegalArgumentException("strength too high: " + dp.getStrength());
        }
        boolean pr = dp.getPredictionResistance();
        if (pr && !predictionResistance) {
            throw new IllegalArgumentException("pr not available");
        }
        Rand.generate(bytes, 0, bytes.length, Math.max(dp.getStrength(), 0), pr, dp.getAdditionalInput());
        tally.countShared(bytes.length);
    }

    @Override
    protected void engineReseed(SecureRandomParameters params) {
        if (params == null) {
            params = DrbgParameters.reseed(predictionResistance, null);
        }
        if (!(params instanceof DrbgParameters.Reseed dp)) {
            throw new IllegalArgumentException("unknown params type: " + params.getClass());
        }
        if (dp.getPredictionResistance() && !predictionResistance) {
            throw new IllegalArgumentException("pr not available");
        }
        // "entropy input read from its entropy source" (SecureRandom.reseed): only a
        // prediction-resistant reseed reaches the operating system; a plain one would merely
        // draw from OpenSSL's primary DRBG
        Rand.reseed(true, dp.getAdditionalInput());
    }

    /**
     * Fresh entropy: the private DRBG is asked for output with prediction resistance, which makes
     * it reseed from the operating system's entropy source (through the primary DRBG) first; one
     * such request per 32 bytes, so no output stretches one seed over more than 256 bits.
     */
    @Override
    protected byte[] engineGenerateSeed(int numBytes) {
        byte[] seed = new byte[numBytes];
        for (int off = 0; off < numBytes; off += SEED_STEP) {
            Rand.generate(seed, off, Math.min(SEED_STEP, numBytes - off), 0, true, null);
        }
        return seed;
    }

    /** Mixes the caller's bytes into OpenSSL's primary DRBG as additional input (never as its only entropy). */
    @Override
    protected void engineSetSeed(byte[] seed) {
        Rand.add(seed);
    }

    @Override
    protected SecureRandomParameters engineGetParameters() {
        return DrbgParameters.instantiation(strength, capability, null);
    }

    /** The DRBGs' strength, the same for every thread's (one configuration): asked once. */
    private static final class OpenSslStrength {
        static final int BITS = Rand.strength();
    }

    @Override
    public String toString() {
        return "OpenSSL DRBG (per-thread private)," + strength + ","
                + capability.toString().toLowerCase();
    }
}
