package dev.acceljce.jdk;

import java.security.MessageDigest;
import java.security.Provider;
import java.security.Security;

import dev.acceljce.testing.Providers;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
            assertArrayEquals(MessageDigest.getInstance("SHA-256", sun).digest(new byte[] {1, 2, 3}),
                    jdkPath.engineDigest());
        } finally {
            Security.insertProviderAt(sun, position);
        }
    }
}
