package dev.acceljce.cli;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.control.Management;
import java.security.MessageDigest;
import java.security.Provider;
import java.time.Duration;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The JVM {@code StatsCommandTest} reads from outside: runs a known sequence of operations,
 * prints "ready", then waits until its standard input closes.
 */
public final class StatsTarget {
    private StatsTarget() {}

    public static void main(String[] args) throws Exception {
        Provider accel = new AccelJceProvider();
        MessageDigest sha256 = MessageDigest.getInstance("SHA-256", accel);
        sha256.digest(new byte[10]);
        sha256.digest(new byte[20]);
        sha256.digest(new byte[30]); // SHA-256: 3 native ops, 60 bytes
        SecretKeySpec key = new SecretKeySpec(new byte[32], "HmacSHA256");
        Mac hmac = Mac.getInstance("HmacSHA256", accel);
        hmac.init(key);
        hmac.doFinal(new byte[100]);
        hmac.doFinal(new byte[28]); // HmacSHA256: 2 native ops, 128 bytes
        System.setProperty("acceljce.native", "false");
        dev.acceljce.control.Settings.reload();
        Mac jdkHmac = Mac.getInstance("HmacSHA256", accel);
        System.clearProperty("acceljce.native");
        dev.acceljce.control.Settings.reload();
        jdkHmac.init(key);
        jdkHmac.doFinal(new byte[50]); // HmacSHA256: 1 JDK op, 50 bytes
        if (!Management.awaitRegistration(Duration.ofSeconds(30))) {
            throw new IllegalStateException("MBean registration did not finish");
        }
        System.out.println("ready " + Management.status());
        System.out.flush();
        while (System.in.read() >= 0) {
            // Wait for the test to close our input.
        }
    }
}
