package dev.acceljce.workload.tls;

import java.security.Security;

import dev.acceljce.AccelJceProvider;

/**
 * The providers of the JVMs on the driver's core (driver and BeSim), which are not under test:
 * by default AccelJCE with policy native, the cheapest crypto available here, so that core stays
 * below saturation and the bank's core is what limits the run. {@code jdk} keeps the JDK's.
 */
public final class CoreProviders {
    private CoreProviders() {}

    public static void install(String which) {
        switch (which) {
            case "acceljce" -> {
                System.setProperty("acceljce.policy", "native");
                Security.insertProviderAt(new AccelJceProvider(), 1);
            }
            case "jdk" -> { }
            default -> throw new IllegalArgumentException("--provider wants jdk or acceljce, not " + which);
        }
    }
}
