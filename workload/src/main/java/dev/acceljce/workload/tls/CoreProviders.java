package dev.acceljce.workload.tls;

import dev.acceljce.AccelJceProvider;
import java.security.Security;

/**
 * The providers of the JVMs on the driver's core (driver and BeSim), which are not under test:
 * {@code jdk} keeps the JDK's, {@code acceljce} (the default of a run) puts AccelJCE (policy
 * native) first. Whichever is cheaper per handshake keeps that core further from saturation.
 */
public final class CoreProviders {
    private CoreProviders() {}

    public static void install(String which) {
        switch (which) {
            case "acceljce" -> {
                System.setProperty("acceljce.policy", "native");
                dev.acceljce.control.Settings.reload();
                Security.insertProviderAt(new AccelJceProvider(), 1);
            }
            case "jdk" -> {}
            default -> throw new IllegalArgumentException("--provider wants jdk or acceljce, not " + which);
        }
    }
}
