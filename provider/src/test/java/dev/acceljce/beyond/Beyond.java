package dev.acceljce.beyond;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.testing.Providers;
import java.security.Provider;

/**
 * What the tests of the services beyond the JDK share: whether this run's library has a service
 * (the bundled OpenSSL 3.5 has them all; the system 3.0 lacks Argon2 and AES-GCM-SIV, which must
 * then be absent).
 */
final class Beyond {
    private Beyond() {}

    /** The services OpenSSL 3.0 lacks (3.2 added them); AES-SIV AccelJCE offers from 3.5 on. */
    static boolean needsOpenSsl32(String algorithm) {
        return algorithm.contains("GCM-SIV") || algorithm.startsWith("Argon2");
    }

    /**
     * Skips the test where the loaded library lacks the algorithm, after checking that AccelJCE
     * then does not register it; fails where the library should have it.
     */
    static Provider.Service require(String type, String algorithm) {
        Providers.requireNative();
        Provider.Service s = Providers.ACCEL.getService(type, algorithm);
        boolean missing = needsOpenSsl32(algorithm) && !LibCrypto.atLeast(3, 2)
                || algorithm.equals("AES/SIV/NoPadding") && !LibCrypto.atLeast(3, 5);
        if (missing) {
            assumeTrue(s != null, type + "." + algorithm + " absent on " + LibCrypto.version() + ", as it must be");
        }
        assertNotNull(s, type + "." + algorithm + " not registered with " + LibCrypto.version());
        return s;
    }
}
