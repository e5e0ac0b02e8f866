package dev.acceljce.testing;

import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.security.SecureRandomParameters;

/**
 * A deterministic source of "randomness" for tests: SHA1PRNG seeded before its first use (so the
 * same seed gives the same bytes on every run), behind a subclass that counts the draws reaching
 * it. Every way a provider can draw (nextBytes, nextInt and the other Random methods, which go
 * through nextBytes, generateSeed) is counted. A fresh object per run.
 */
public final class FixedRandom extends SecureRandom {
    private final SecureRandom prng;
    private int draws;

    public FixedRandom(long seed) {
        try {
            prng = SecureRandom.getInstance("SHA1PRNG", "SUN");
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
        prng.setSeed(seed);
    }

    /** Draws that reached this source so far. */
    public synchronized int draws() {
        return draws;
    }

    @Override
    public synchronized void nextBytes(byte[] bytes) {
        draws++;
        prng.nextBytes(bytes);
    }

    @Override
    public void nextBytes(byte[] bytes, SecureRandomParameters params) {
        nextBytes(bytes);
    }

    @Override
    public byte[] generateSeed(int numBytes) {
        byte[] b = new byte[numBytes];
        nextBytes(b);
        return b;
    }

    @Override
    public String getAlgorithm() {
        return "fixed SHA1PRNG (test)";
    }
}
