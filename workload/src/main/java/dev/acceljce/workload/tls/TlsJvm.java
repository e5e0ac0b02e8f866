package dev.acceljce.workload.tls;

import java.security.Security;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * JVM-wide TLS settings, applied by every workload JVM before JSSE reads them (first thing in
 * main): the named groups, and for the RSA key exchange setting the JDK 24+ default that disables
 * {@code TLS_RSA_*} suites, lifted for that run only.
 */
public final class TlsJvm {
    private TlsJvm() {}

    public static void prepare(TlsSetting setting) {
        System.setProperty("jdk.tls.namedGroups", setting.namedGroups);
        if (setting.needsRsaKeyExchange()) {
            String disabled = Security.getProperty("jdk.tls.disabledAlgorithms");
            String relaxed = Arrays.stream(disabled.split(","))
                    .map(String::trim)
                    .filter(entry -> !entry.startsWith("TLS_RSA_"))
                    .collect(Collectors.joining(", "));
            Security.setProperty("jdk.tls.disabledAlgorithms", relaxed);
        }
    }
}
