package dev.acceljce.standalone;

import dev.acceljce.control.Fips;
import dev.acceljce.openssl.FipsModule;
import dev.acceljce.service.ServiceReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.InvalidParameterException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.Security;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAKeyGenParameterSpec;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.crypto.Cipher;
import javax.crypto.KDF;
import javax.crypto.KEM;
import javax.crypto.KeyAgreement;
import javax.crypto.KeyGenerator;
import javax.crypto.Mac;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * The child JVM of {@link FipsModeTest}'s service table: AccelJCE in FIPS mode, given the list of
 * every service AccelJCE registers in default mode (a file, one "type algorithm" a line). For
 * each one: registered in FIPS mode, it must work ({@link EveryServiceMain#use}; {@code PASS});
 * not registered, {@code getInstance} must throw NoSuchAlgorithmException and the report must
 * say "not approved in FIPS mode" ({@code REFUSED}). Then a table of non-approved parameters of
 * approved services, each refused with its documented exception and that message
 * ({@code REFUSED param ...}). Anything else prints {@code FAIL}.
 *
 * <p>Arguments: the services file, and a 1024-bit RSA private key (PKCS#8, hex) made by the
 * parent with the JDK (FIPS mode cannot make one).
 */
public final class FipsServicesMain {
    private FipsServicesMain() {}

    /** One non-approved parameter: what is tried, and the exception it must end in. */
    private record Refusal(String name, Class<? extends Exception> expected, Attempt attempt) {}

    @FunctionalInterface
    private interface Attempt {
        void run() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        Provider accel = Security.getProvider("AccelJCE");
        Fips.Report fips = Fips.report();
        System.out.println("fips active=" + fips.active() + " " + fips.name() + " " + fips.version());
        Map<String, String> reasons = new HashMap<>();
        for (ServiceReport.NotRegistered r : ServiceReport.notRegistered(accel)) {
            reasons.put(r.type() + "." + r.algorithm(), r.reason());
        }
        Set<String> registered = accel.getServices().stream()
                .map(s -> s.getType() + "." + s.getAlgorithm())
                .collect(Collectors.toSet());
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            String[] f = line.split(" ", 2);
            String name = f[0] + "." + f[1];
            if (registered.contains(name) && Fips.verifyOnly(f[0], f[1])) {
                System.out.println(verifyOnlyChecked(f[1], accel));
                continue;
            }
            if (registered.contains(name)) {
                try {
                    EveryServiceMain.use(f[0], f[1], accel);
                    System.out.println("PASS " + name);
                } catch (Throwable e) {
                    System.out.println("FAIL " + name + ": " + e);
                    e.printStackTrace(System.out);
                }
                continue;
            }
            String reason = reasons.get(name);
            try {
                getInstance(f[0], f[1], accel);
                System.out.println("FAIL " + name + ": not registered, yet getInstance returned an object");
            } catch (NoSuchAlgorithmException e) {
                System.out.println(
                        reason != null && reason.contains(FipsModule.NOT_APPROVED)
                                ? "REFUSED " + name + ": " + reason
                                : "FAIL " + name + ": refused without the FIPS reason: " + reason);
            }
        }
        for (Refusal r : parameterRefusals(accel, HexFormat.of().parseHex(args[1]))) {
            try {
                r.attempt.run();
                System.out.println("FAIL param " + r.name + ": accepted");
            } catch (Exception e) {
                boolean says = messages(e).contains(FipsModule.NOT_APPROVED);
                System.out.println(
                        r.expected.isInstance(e) && says
                                ? "REFUSED param " + r.name + ": " + e
                                : "FAIL param " + r.name + ": expected " + r.expected.getSimpleName() + " saying \""
                                        + FipsModule.NOT_APPROVED + "\", got " + e);
            }
        }
    }

    private static String verifyOnlyChecked(String alg, Provider p) {
        String name = "Signature." + alg;
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance(alg.contains("ECDSA") ? "EC" : "RSA", p);
            KeyPair kp = g.generateKeyPair();
            Signature s = Signature.getInstance(alg, p);
            s.initVerify(kp.getPublic());
            try {
                s.initSign(kp.getPrivate());
                return "FAIL " + name + ": signing accepted";
            } catch (InvalidKeyException e) {
                return e.getMessage().contains(FipsModule.NOT_APPROVED)
                        ? "PASS " + name + " (verification only: " + e.getMessage() + ")"
                        : "FAIL " + name + ": refused without the FIPS reason: " + e;
            }
        } catch (Exception e) {
            return "FAIL " + name + ": " + e;
        }
    }

    /** Non-approved parameters of approved services, and the exception each must end in. */
    private static List<Refusal> parameterRefusals(Provider p, byte[] rsa1024) {
        return List.of(
                new Refusal(
                        "RSA key generation, 1024 bits",
                        InvalidParameterException.class,
                        () -> KeyPairGenerator.getInstance("RSA", p).initialize(1024)),
                new Refusal(
                        "RSA key generation, public exponent 3",
                        InvalidAlgorithmParameterException.class,
                        () -> KeyPairGenerator.getInstance("RSA", p)
                                .initialize(new RSAKeyGenParameterSpec(2048, RSAKeyGenParameterSpec.F0))),
                new Refusal(
                        "EC key generation, secp256k1",
                        InvalidAlgorithmParameterException.class,
                        () -> KeyPairGenerator.getInstance("EC", p).initialize(new ECGenParameterSpec("secp256k1"))),
                new Refusal(
                        "EC key generation, 224 bits",
                        InvalidParameterException.class,
                        () -> KeyPairGenerator.getInstance("EC", p).initialize(224)),
                new Refusal("PBKDF2, 8-byte salt", InvalidKeySpecException.class, () -> pbkdf2(p, 8, 1000, 256)),
                new Refusal("PBKDF2, 999 iterations", InvalidKeySpecException.class, () -> pbkdf2(p, 16, 999, 256)),
                new Refusal("PBKDF2, 64-bit key", InvalidKeySpecException.class, () -> pbkdf2(p, 16, 1000, 64)),
                new Refusal(
                        "RSA encryption, PKCS#1 v1.5 padding",
                        NoSuchPaddingException.class,
                        () -> Cipher.getInstance("RSA/ECB/PKCS1Padding", p)),
                new Refusal(
                        "RSA encryption, no padding",
                        NoSuchPaddingException.class,
                        () -> Cipher.getInstance("RSA/ECB/NoPadding", p)),
                new Refusal("RSA encryption, default padding (\"RSA\")", InvalidKeyException.class, () -> {
                    Cipher c = Cipher.getInstance("RSA", p);
                    c.init(
                            Cipher.ENCRYPT_MODE,
                            KeyPairGenerator.getInstance("RSA", p)
                                    .generateKeyPair()
                                    .getPublic());
                }),
                new Refusal(
                        "AES/PCBC (a mode only the JDK serves)",
                        NoSuchAlgorithmException.class,
                        () -> Cipher.getInstance("AES/PCBC/NoPadding", p)),
                new Refusal(
                        "SHA256withRSA signing with a 1024-bit key",
                        InvalidKeyException.class,
                        () -> Signature.getInstance("SHA256withRSA", p)
                                .initSign(KeyFactory.getInstance("RSA", p)
                                        .generatePrivate(new PKCS8EncodedKeySpec(rsa1024)))),
                new Refusal(
                        "RSASSA-PSS signing with a 1024-bit key",
                        InvalidKeyException.class,
                        () -> Signature.getInstance("RSASSA-PSS", p)
                                .initSign(KeyFactory.getInstance("RSA", p)
                                        .generatePrivate(new PKCS8EncodedKeySpec(rsa1024)))));
    }

    private static void pbkdf2(Provider p, int saltBytes, int iterations, int keyBits) throws Exception {
        SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256", p)
                .generateSecret(new PBEKeySpec("a password".toCharArray(), new byte[saltBytes], iterations, keyBits));
    }

    /** Every message along the cause chain (JCA wraps some refusals). */
    private static String messages(Throwable t) {
        StringBuilder sb = new StringBuilder();
        for (; t != null; t = t.getCause()) {
            sb.append(t.getMessage()).append(" | ");
        }
        return sb.toString();
    }

    private static Object getInstance(String type, String alg, Provider p) throws Exception {
        return switch (type) {
            case "MessageDigest" -> MessageDigest.getInstance(alg, p);
            case "Mac" -> Mac.getInstance(alg, p);
            case "Cipher" -> Cipher.getInstance(alg, p);
            case "KeyGenerator" -> KeyGenerator.getInstance(alg, p);
            case "AlgorithmParameters" -> AlgorithmParameters.getInstance(alg, p);
            case "Signature" -> Signature.getInstance(alg, p);
            case "KeyPairGenerator" -> KeyPairGenerator.getInstance(alg, p);
            case "KeyFactory" -> KeyFactory.getInstance(alg, p);
            case "KeyAgreement" -> KeyAgreement.getInstance(alg, p);
            case "SecureRandom" -> SecureRandom.getInstance(alg, p);
            case "KDF" -> KDF.getInstance(alg, p);
            case "SecretKeyFactory" -> SecretKeyFactory.getInstance(alg, p);
            case "KEM" -> KEM.getInstance(alg, p);
            default -> throw new IllegalStateException("no getInstance written for " + type);
        };
    }
}
