package dev.acceljce.control;

/**
 * The built-in engine per family under {@code acceljce.engine=auto}: the library measured faster
 * for the family's operations, where a service can run on more than one. OpenSSL everywhere else.
 *
 * <p>EdDSA: AWS-LC. Issue 25's JMH runs on an Intel Xeon with AVX-512 (2 vCPUs, JDK 25.0.3,
 * OpenSSL 3.5.5): AccelJCE's Ed25519 on OpenSSL did 35.7 k signs/s and 11.5 k verifies/s, AWS-LC's
 * ED25519_sign through one FFM downcall 142 k and 33.6 k. Only Ed25519 runs on AWS-LC (it has no
 * Ed448), so Ed448 stays on OpenSSL whatever is chosen here.
 *
 * <p>AES-GCM: AWS-LC at every size. ChaCha20-Poly1305: AWS-LC below 1 KiB, OpenSSL from there
 * on. JMH (AesGcmBenchmark, CipherModesBenchmark; 32 B to 16 KiB, encrypt and decrypt; 2026-11-26,
 * Intel Xeon with AVX-512, a shared machine, so ratios only): AWS-LC's one-shot EVP_AEAD was
 * 1.2-3.7x OpenSSL's streaming calls at 32 and 128 B for both, and no GCM size had OpenSSL ahead
 * in every reading; ChaCha20-Poly1305 on OpenSSL was ahead at 4 and 16 KiB (AWS-LC 0.62-0.72x)
 * and at 1 KiB decryption (0.58-0.98x): OpenSSL has AVX-512 ChaCha20 code, AWS-LC 5.12 none.
 * docs/engines.md has the table. Whether the JDK serves a size is still the policy's crossover
 * table.
 */
public final class Engines {
    private Engines() {}

    /**
     * The built-in choice for {@code family}: {@code below} serves messages under
     * {@code threshold} bytes, {@code above} the rest (the shape of a {@link Crossovers} entry).
     */
    public record Choice(Engine below, long threshold, Engine above) {
        static Choice always(Engine engine) {
            return new Choice(engine, Long.MAX_VALUE, engine);
        }
    }

    public static Choice choice(Family family) {
        return switch (family) {
            case EDDSA, XDH, GCM -> Choice.always(Engine.AWSLC);
            case CHACHA20 -> new Choice(Engine.AWSLC, 1024, Engine.OPENSSL);
            default -> Choice.always(Engine.OPENSSL);
        };
    }

    /** The library a new object of {@code family} starts on: the one for short messages. */
    public static Engine preferred(Family family) {
        return choice(family).below();
    }
}
