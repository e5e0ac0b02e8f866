package dev.acceljce.control;

/**
 * The built-in engine per family under {@code acceljce.engine=auto}: the library measured faster
 * for the family's operations, where a service can run on more than one. OpenSSL everywhere else.
 *
 * <p>EdDSA: AWS-LC. Issue 25's JMH runs on an Intel Xeon with AVX-512 (2 vCPUs, JDK 25.0.3,
 * OpenSSL 3.5.5): AccelJCE's Ed25519 on OpenSSL did 35.7 k signs/s and 11.5 k verifies/s, AWS-LC's
 * ED25519_sign through one FFM downcall 142 k and 33.6 k. Only Ed25519 runs on AWS-LC (it has no
 * Ed448), so Ed448 stays on OpenSSL whatever is chosen here.
 */
public final class Engines {
    private Engines() {}

    public static Engine preferred(Family family) {
        return switch (family) {
            case EDDSA, XDH -> Engine.AWSLC;
            default -> Engine.OPENSSL;
        };
    }
}
