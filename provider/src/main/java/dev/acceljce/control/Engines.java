package dev.acceljce.control;

/**
 * The library per family under {@code acceljce.engine=auto}, where a service can run on more than
 * one: the one the crossover tables name ({@code engine.<family>} in the calibrate profile, the CPU
 * class's built-in table or the architecture's: see {@link Crossovers#engine}), else OpenSSL. The
 * measurements behind the built-in choices are written beside them in the tables. Only Ed25519
 * runs on AWS-LC among the EdDSA curves (it has no Ed448), so Ed448 stays on OpenSSL whatever is
 * chosen here.
 */
public final class Engines {
    private Engines() {}

    public static Engine preferred(Family family) {
        Engine e = Crossovers.engine(family);
        return e != null ? e : Engine.OPENSSL;
    }
}
