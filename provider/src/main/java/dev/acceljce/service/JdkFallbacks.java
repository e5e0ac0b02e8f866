package dev.acceljce.service;

import dev.acceljce.jdk.JdkAlgorithmParameters;
import dev.acceljce.jdk.JdkCipher;
import dev.acceljce.jdk.JdkKdf;
import dev.acceljce.jdk.JdkKem;
import dev.acceljce.jdk.JdkKeyAgreement;
import dev.acceljce.jdk.JdkKeyFactory;
import dev.acceljce.jdk.JdkKeyGenerator;
import dev.acceljce.jdk.JdkKeyPairGenerator;
import dev.acceljce.jdk.JdkMac;
import dev.acceljce.jdk.JdkMessageDigest;
import dev.acceljce.jdk.JdkSecretKeyFactory;
import dev.acceljce.jdk.JdkSecureRandom;
import dev.acceljce.jdk.JdkSignature;
import java.security.SecureRandomParameters;
import javax.crypto.KDFParameters;

/** The default JDK path of each engine type: forward to the JDK provider of the same algorithm. */
final class JdkFallbacks {
    private JdkFallbacks() {}

    static ServiceTable.Factory forType(String type, String algorithm) {
        return switch (type) {
            case "MessageDigest" -> p -> new JdkMessageDigest(algorithm);
            case "Mac" -> p -> new JdkMac(algorithm);
            case "Cipher" -> p -> new JdkCipher(algorithm);
            case "KeyGenerator" -> p -> new JdkKeyGenerator(algorithm);
            case "AlgorithmParameters" -> p -> new JdkAlgorithmParameters(algorithm);
            case "Signature" -> p -> new JdkSignature(algorithm);
            case "KeyPairGenerator" -> p -> new JdkKeyPairGenerator(algorithm);
            case "KeyFactory" -> p -> new JdkKeyFactory(algorithm);
            case "KeyAgreement" -> p -> new JdkKeyAgreement(algorithm);
            case "SecureRandom" -> p -> new JdkSecureRandom(algorithm, (SecureRandomParameters) p);
            case "KDF" -> p -> new JdkKdf(algorithm, (KDFParameters) p);
            case "SecretKeyFactory" -> p -> new JdkSecretKeyFactory(algorithm);
            case "KEM" -> p -> new JdkKem(algorithm);
            default -> throw new IllegalArgumentException("no JDK fallback for engine type " + type);
        };
    }
}
