package dev.acceljce.control;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.service.Capabilities;
import dev.acceljce.testing.Providers;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.Provider;
import java.util.Arrays;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Run by {@link SelfTestTest} in a child JVM started with {@code -Dacceljce.selftest.fail=gcm,digest}.
 * Exits with status 0 and prints {@link #DONE} when every check held; throws otherwise.
 */
public final class SelfTestFailureChild {
    static final String DONE = "self-test failure path: all checks held";

    private SelfTestFailureChild() {}

    public static void main(String[] args) throws Exception {
        Provider accel = new AccelJceProvider();
        byte[] message = "abc".getBytes(StandardCharsets.US_ASCII);

        // digest failed its self-test: the JDK serves SHA-256, with the JDK's (identical) answer
        byte[] viaAccel = MessageDigest.getInstance("SHA-256", accel).digest(message);
        byte[] viaJdk = MessageDigest.getInstance("SHA-256", Providers.jdk("MessageDigest", "SHA-256"))
                .digest(message);
        check(Arrays.equals(viaAccel, viaJdk), "SHA-256 differs between the paths");
        check(Decisions.count("MessageDigest", "SHA-256", Path.JDK) == 1, "SHA-256 was not served by the JDK");
        check(Decisions.count("MessageDigest", "SHA-256", Path.NATIVE) == 0, "SHA-256 was served natively");

        // HMAC passed: still native
        Mac mac = Mac.getInstance("HmacSHA256", accel);
        mac.init(new SecretKeySpec("Jefe".getBytes(StandardCharsets.US_ASCII), "HmacSHA256"));
        mac.doFinal(message);
        check(Decisions.count("Mac", "HmacSHA256", Path.NATIVE) == 1, "HmacSHA256 was not served natively");

        // GCM failed: whatever GCM services this build registers go to the JDK, with identical results
        if (accel.getService("Cipher", "AES/GCM/NoPadding") != null) {
            byte[] key = new byte[16];
            byte[] iv = new byte[12];
            byte[] a = gcm(Cipher.getInstance("AES/GCM/NoPadding", accel), key, iv, message);
            byte[] b = gcm(
                    Cipher.getInstance("AES/GCM/NoPadding", Providers.jdk("Cipher", "AES/GCM/NoPadding")),
                    key,
                    iv,
                    message);
            check(Arrays.equals(a, b), "AES-GCM differs between the paths");
            check(Decisions.count("Cipher", "AES/GCM/NoPadding", Path.NATIVE) == 0, "AES-GCM was served natively");
        }
        Capabilities caps = Capabilities.of(accel);
        for (Capabilities.Service s : caps.services()) {
            boolean failed = s.family() == Family.DIGEST || s.family() == Family.GCM;
            check(!failed || s.path() == Path.JDK, s.type() + "." + s.algorithm() + " not on the JDK path");
            check(!failed || s.selfTest() == SelfTest.Status.FAILED, s.algorithm() + " self-test not FAILED");
            if (s.family() == Family.HMAC && s.nativeAvailable()) {
                check(s.path() == Path.NATIVE, s.algorithm() + " left the native path");
            }
        }

        // health says which families failed, and why
        check(!Health.nativeHealthy(Family.DIGEST) && !Health.nativeHealthy(Family.GCM), "health did not fail them");
        check(Health.nativeHealthy(Family.HMAC), "HMAC marked unhealthy");
        String reason = Health.status(Family.DIGEST).reason();
        check(reason.contains("SHA-256: expected ") && reason.contains(SelfTest.FAIL_PROPERTY), "reason: " + reason);
        check(Health.overall() == SelfTest.Status.FAILED, "overall status is not FAILED");
        System.out.println(DONE);
    }

    private static byte[] gcm(Cipher c, byte[] key, byte[] iv, byte[] message) throws Exception {
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(128, iv));
        return c.doFinal(message);
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
