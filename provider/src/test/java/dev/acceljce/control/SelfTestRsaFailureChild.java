package dev.acceljce.control;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.service.Capabilities;
import dev.acceljce.testing.Providers;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.Signature;
import java.util.Arrays;
import javax.crypto.Cipher;

/**
 * Run by {@link SelfTestTest} in a child JVM started with {@code -Dacceljce.selftest.fail=rsa}.
 * Exits with status 0 and prints {@link #DONE} when every check held; throws otherwise.
 */
public final class SelfTestRsaFailureChild {
    static final String DONE = "RSA self-test failure path: all checks held";

    private SelfTestRsaFailureChild() {}

    public static void main(String[] args) throws Exception {
        Provider accel = new AccelJceProvider();
        byte[] message = "abc".getBytes(StandardCharsets.US_ASCII);

        // RSA failed its self-test: key generation, PKCS#1 v1.5 signatures and OAEP go to the JDK
        KeyPair pair = KeyPairGenerator.getInstance("RSA", accel).generateKeyPair();
        check(Decisions.count("KeyPairGenerator", "RSA", Path.JDK) == 1, "RSA key generation not served by the JDK");
        check(Decisions.count("KeyPairGenerator", "RSA", Path.NATIVE) == 0, "RSA key generation served natively");

        byte[] viaAccel = sign(Signature.getInstance("SHA256withRSA", accel), pair.getPrivate(), message);
        byte[] viaJdk = sign(
                Signature.getInstance("SHA256withRSA", Providers.jdk("Signature", "SHA256withRSA")),
                pair.getPrivate(),
                message);
        check(Arrays.equals(viaAccel, viaJdk), "SHA256withRSA differs between the paths");
        check(Decisions.count("Signature", "SHA256withRSA", Path.JDK) == 1, "SHA256withRSA not served by the JDK");
        check(Decisions.count("Signature", "SHA256withRSA", Path.NATIVE) == 0, "SHA256withRSA served natively");
        Counters.Row signatures = Counters.of("Signature.SHA256withRSA");
        check(
                signatures.jdkOps() == 1 && signatures.jdkBytes() == message.length && signatures.nativeOps() == 0,
                "signature counts: " + signatures);

        String oaep = "RSA/ECB/OAEPWithSHA-256AndMGF1Padding";
        Cipher enc = Cipher.getInstance(oaep, accel);
        enc.init(Cipher.ENCRYPT_MODE, pair.getPublic());
        byte[] ct = enc.doFinal(message);
        Cipher dec = Cipher.getInstance(oaep, Providers.jdk("Cipher", "RSA"));
        dec.init(Cipher.DECRYPT_MODE, pair.getPrivate());
        check(Arrays.equals(message, dec.doFinal(ct)), "OAEP through the JDK path does not round-trip");
        check(Decisions.count("Cipher", "RSA", Path.NATIVE) == 0, "RSA encryption served natively");

        // EC passed: still native
        KeyPair ec = KeyPairGenerator.getInstance("EC", accel).generateKeyPair();
        sign(Signature.getInstance("SHA256withECDSA", accel), ec.getPrivate(), message);
        check(Decisions.count("Signature", "SHA256withECDSA", Path.NATIVE) == 1, "ECDSA left the native path");

        // health and the capability report say which family failed, and why
        check(!Health.nativeHealthy(Family.RSA), "health did not fail RSA");
        check(Health.nativeHealthy(Family.EC), "EC marked unhealthy");
        String reason = Health.status(Family.RSA).reason();
        check(
                reason.contains("RSASSA-PKCS1-v1_5 SHA-256 signature: expected ")
                        && reason.contains("RSA-OAEP SHA-256 decryption: expected ")
                        && reason.contains(SelfTest.FAIL_PROPERTY),
                "reason: " + reason);
        Capabilities caps = Capabilities.of(accel);
        int rsaServices = 0;
        for (Capabilities.Service s : caps.services()) {
            if (s.family() == Family.RSA) {
                rsaServices++;
                check(s.path() == Path.JDK, s.type() + "." + s.algorithm() + " not on the JDK path");
                check(s.selfTest() == SelfTest.Status.FAILED, s.algorithm() + " self-test not FAILED");
            }
        }
        check(rsaServices > 10, "only " + rsaServices + " RSA services in the report");
        check(Health.overall() == SelfTest.Status.FAILED, "overall status is not FAILED");
        System.out.println(DONE);
    }

    private static byte[] sign(Signature s, PrivateKey key, byte[] message) throws Exception {
        s.initSign(key);
        s.update(message);
        return s.sign();
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
