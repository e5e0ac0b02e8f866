package dev.acceljce.jdk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.acceljce.testing.Providers;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.Security;
import org.junit.jupiter.api.Test;

class JdkProvidersTest {
    /** The fallback keeps working after the application removed the JDK provider it needs. */
    @Test
    void fallbackSurvivesRemovalFromTheProviderList() throws Exception {
        Provider sun = Security.getProvider("SUN");
        int position = java.util.Arrays.asList(Security.getProviders()).indexOf(sun) + 1;
        Providers.ACCEL.getName(); // constructed (and remembered the JDK providers) before removal
        Security.removeProvider("SUN");
        try {
            assertEquals(sun, JdkProviders.forService("MessageDigest", "SHA-256"));
            JdkMessageDigest jdkPath = new JdkMessageDigest("SHA-256");
            jdkPath.engineUpdate(new byte[] {1, 2, 3}, 0, 3);
            assertArrayEquals(
                    MessageDigest.getInstance("SHA-256", sun).digest(new byte[] {1, 2, 3}), jdkPath.engineDigest());
        } finally {
            Security.insertProviderAt(sun, position);
        }
    }

    /** Cipher.doFinal() and doFinal(out, off) reach the SPI with a null input: found by the fuzzer. */
    @Test
    void jdkPathCipherFinishesWithoutInput() throws Exception {
        javax.crypto.spec.SecretKeySpec key = new javax.crypto.spec.SecretKeySpec(new byte[16], "AES");
        javax.crypto.spec.GCMParameterSpec gcm = new javax.crypto.spec.GCMParameterSpec(128, new byte[12]);
        System.setProperty("acceljce.native", "false");
        dev.acceljce.control.Settings.reload();
        try {
            javax.crypto.Cipher ours = javax.crypto.Cipher.getInstance("AES/GCM/NoPadding", Providers.ACCEL);
            javax.crypto.Cipher jdk = javax.crypto.Cipher.getInstance("AES/GCM/NoPadding", "SunJCE");
            ours.init(javax.crypto.Cipher.ENCRYPT_MODE, key, gcm);
            jdk.init(javax.crypto.Cipher.ENCRYPT_MODE, key, gcm);
            ours.update(new byte[5]);
            jdk.update(new byte[5]);
            assertArrayEquals(jdk.doFinal(), ours.doFinal());
            gcm = new javax.crypto.spec.GCMParameterSpec(128, new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
            ours.init(javax.crypto.Cipher.ENCRYPT_MODE, key, gcm);
            jdk.init(javax.crypto.Cipher.ENCRYPT_MODE, key, gcm);
            byte[] a = new byte[16];
            byte[] b = new byte[16];
            assertEquals(jdk.doFinal(b, 0), ours.doFinal(a, 0));
            assertArrayEquals(b, a);
        } finally {
            System.clearProperty("acceljce.native");
            dev.acceljce.control.Settings.reload();
        }
    }
}
