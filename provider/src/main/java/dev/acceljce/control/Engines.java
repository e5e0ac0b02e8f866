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
 * <p>AES-GCM and ChaCha20-Poly1305: AWS-LC at every size. JMH (AesGcmBenchmark,
 * CipherModesBenchmark; 32 B to 16 KiB, encrypt and decrypt; 2026-11-26, Intel Xeon with AVX-512,
 * shared machine) put AWS-LC's one-shot EVP_AEAD ahead of or level with OpenSSL's streaming calls
 * on every row, with no size at which OpenSSL wins consistently, so the choice does not depend on
 * the size (docs/engines.md has the table). Whether the JDK serves a size is still the policy's
 * crossover table.
 */
public final class Engines {
    private Engines() {}

    public static Engine preferred(Family family) {
        return switch (family) {
            case EDDSA, XDH, GCM, CHACHA20 -> Engine.AWSLC;
            default -> Engine.OPENSSL;
        };
    }
}
