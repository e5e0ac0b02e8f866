package dev.acceljce.testing;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.openssl.LibCrypto;
import java.security.Provider;
import java.security.Security;

/** The providers the tests compare: one AccelJCE instance, and the JDK's own. */
public final class Providers {
    /** Shared AccelJCE instance, not installed in the provider list (tests name it explicitly). */
    public static final Provider ACCEL = new AccelJceProvider();

    private Providers() {}

    /** The JDK provider of a service, e.g. jdk("Cipher", "AES/GCM/NoPadding") = SunJCE. */
    public static Provider jdk(String type, String algorithm) {
        for (String name : new String[] {"SUN", "SunRsaSign", "SunEC", "SunJCE"}) {
            Provider p = Security.getProvider(name);
            if (p != null && p.getService(type, algorithm) != null) {
                return p;
            }
        }
        throw new AssertionError("no JDK provider for " + type + "." + algorithm);
    }

    /** A key pair made by AccelJCE: with {@code spec} if given, RSA at 2048 bits, else the default. */
    public static java.security.KeyPair accelKeyPair(String algorithm, java.security.spec.AlgorithmParameterSpec spec)
            throws java.security.GeneralSecurityException {
        java.security.KeyPairGenerator g = java.security.KeyPairGenerator.getInstance(algorithm, ACCEL);
        if (spec != null) {
            g.initialize(spec);
        } else if (algorithm.equals("RSA")) {
            g.initialize(2048);
        }
        return g.generateKeyPair();
    }

    /** Fails the test run early and clearly when libcrypto could not be loaded. */
    public static void requireNative() {
        if (!LibCrypto.isAvailable()) {
            throw new AssertionError("libcrypto not loaded: " + LibCrypto.unavailableReason());
        }
    }
}
