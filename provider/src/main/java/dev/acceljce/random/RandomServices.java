package dev.acceljce.random;

import dev.acceljce.control.Family;
import dev.acceljce.openssl.Rand;
import dev.acceljce.service.ServiceTable;
import java.security.SecureRandomParameters;

/** SecureRandom "DRBG" served by OpenSSL's DRBGs. */
public final class RandomServices {
    private RandomServices() {}

    public static void register(ServiceTable table) {
        DrbgSelfTests.register(); // a health check, run before OpenSSL first serves the family
        table.add(Family.DRBG, "SecureRandom", "DRBG")
                .attribute("ThreadSafe", "true")
                .nativeImpl(Rand::available, p -> new NativeDrbg((SecureRandomParameters) p))
                .register();
    }
}
