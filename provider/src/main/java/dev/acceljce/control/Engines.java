package dev.acceljce.control;

/**
 * The library per family under {@code acceljce.engine=auto}, where a service can run on more than
 * one: the one the crossover tables name ({@code engine.<family>} in the calibrate profile, the CPU
 * class's built-in table or the architecture's: see {@link Crossovers#engine}), else OpenSSL. An
 * entry names one library, or one below a message size and another from there on, in the shape
 * of a crossover ({@code awslc:1024:openssl}). The measurements behind the built-in choices are
 * written beside them in the tables. Only Ed25519 runs on AWS-LC among the EdDSA curves (it has
 * no Ed448), so Ed448 stays on OpenSSL whatever is chosen here.
 */
public final class Engines {
    private Engines() {}

    /**
     * The choice for {@code family}: {@code below} serves messages under {@code threshold} bytes,
     * {@code above} the rest (the shape of a {@link Crossovers} entry).
     */
    public record Choice(Engine below, long threshold, Engine above) {
        static Choice always(Engine engine) {
            return new Choice(engine, Long.MAX_VALUE, engine);
        }

        /** As a table writes it: {@code awslc}, or {@code awslc:1024:openssl}. */
        public String toProperty() {
            return below == above ? below.property() : below.property() + ":" + threshold + ":" + above.property();
        }
    }

    public static Choice choice(Family family) {
        Choice c = Crossovers.engine(family);
        return c != null ? c : Choice.always(Engine.OPENSSL);
    }

    /** The library a new object of {@code family} starts on: the one for short messages. */
    public static Engine preferred(Family family) {
        return choice(family).below();
    }
}
