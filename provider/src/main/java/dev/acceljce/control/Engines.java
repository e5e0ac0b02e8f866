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
 * <p>EC (ECDSA and ECDH on P-256, P-384, P-521): AWS-LC. Issue 25's JMH runs on the same Intel:
 * AccelJCE on OpenSSL did 0.79/0.77x ACCP's (AWS-LC's) ECDSA P-256 sign/verify and 0.77x its ECDH
 * P-256, about 0.46x its P-384. Bound here, AWS-LC spent 1.04-1.3x less CPU per P-256 operation,
 * about 2x less per P-384 and 1.25-1.5x less per P-521 (docs/engines.md).
 */
public final class Engines {
    private Engines() {}

    public static Engine preferred(Family family) {
        return switch (family) {
            case EDDSA, XDH, EC -> Engine.AWSLC;
            default -> Engine.OPENSSL;
        };
    }
}
