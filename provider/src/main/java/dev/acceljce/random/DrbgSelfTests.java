package dev.acceljce.random;

import dev.acceljce.control.Engine;
import dev.acceljce.control.EngineSelfTests;
import dev.acceljce.control.Family;
import java.security.DrbgParameters;
import java.util.Arrays;

/**
 * The DRBG's health check (OpenSSL, the only library SecureRandom runs on), through
 * {@link NativeDrbg} as the JCA calls it. Health, not a known answer: a DRBG's output cannot be
 * predicted from outside, and the SP 800-90A section 11.3 health tests are OpenSSL's own. Here: it
 * produces, does not repeat (the idea of FIPS 140-2 section 4.9.2's continuous test), and claims
 * at least 128 bits of security strength.
 */
final class DrbgSelfTests {
    private DrbgSelfTests() {}

    static void register() {
        EngineSelfTests.register(
                Family.DRBG,
                Engine.OPENSSL,
                "DRBG output does not repeat",
                "non-repetition check (FIPS 140-2 4.9.2 idea)",
                DrbgSelfTests::problem);
    }

    private static String problem(boolean inject) throws Exception {
        NativeDrbg spi = new NativeDrbg(null);
        byte[] a = new byte[32];
        byte[] b = new byte[32];
        // both ways a request reaches OpenSSL: nextBytes(bytes), and nextBytes(bytes, params)
        spi.engineNextBytes(a);
        spi.engineNextBytes(b, DrbgParameters.nextBytes(-1, false, null));
        if (inject) {
            b = a.clone();
        }
        if (Arrays.equals(a, new byte[32])) {
            return "the DRBG produced 32 zero bytes";
        }
        if (Arrays.equals(a, b)) {
            return "two successive 32-byte outputs were equal";
        }
        int strength = ((DrbgParameters.Instantiation) spi.engineGetParameters()).getStrength();
        return strength >= 128 ? null : "security strength " + strength + " bits, below 128";
    }
}
