package dev.acceljce.kem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.service.ServiceReport;
import dev.acceljce.testing.Providers;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.Signature;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.crypto.KEM;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * ML-KEM and ML-DSA are registered exactly when the loaded OpenSSL has them: with the bundled
 * 3.5 every JDK name, alias and OID is there; with the system 3.0 none is, and the service report
 * says why. Runs in both test runs.
 */
class MlRegistrationTest {
    /** Every ML-KEM/ML-DSA service the JDK registers (SUN and SunJCE), as type.name. */
    private static final Set<String> JDK_SERVICES = new TreeSet<>();

    @BeforeAll
    static void jdkServices() {
        Providers.requireNative();
        for (String name : new String[] {"SUN", "SunJCE"}) {
            for (Provider.Service s : java.security.Security.getProvider(name).getServices()) {
                if (s.getAlgorithm().startsWith("ML-KEM") || s.getAlgorithm().startsWith("ML-DSA")) {
                    JDK_SERVICES.add(s.getType() + "." + s.getAlgorithm());
                }
            }
        }
        assertEquals(24, JDK_SERVICES.size(), JDK_SERVICES.toString());
    }

    @Test
    void registeredExactlyWhenTheLibraryHasThem() throws Exception {
        Provider p = new AccelJceProvider();
        List<ServiceReport.NotRegistered> missing = ServiceReport.notRegistered(p);
        if (LibCrypto.atLeast(3, 5)) {
            assertTrue(missing.isEmpty(), missing.toString());
            for (String service : JDK_SERVICES) {
                String[] tn = service.split("\\.", 2);
                Provider.Service ours = p.getService(tn[0], tn[1]);
                assertNotNull(ours, service);
                Provider.Service jdk = Providers.jdk(tn[0], tn[1]).getService(tn[0], tn[1]);
                // the same OIDs, in both spellings
                for (String alias : jdkAliases(jdk)) {
                    assertNotNull(p.getService(tn[0], alias), service + " alias " + alias);
                }
            }
            assertEquals(
                    p.getName(),
                    KEM.getInstance("2.16.840.1.101.3.4.4.2", p)
                            .newEncapsulator(KeyPairGenerator.getInstance("ML-KEM-768", p)
                                    .generateKeyPair()
                                    .getPublic())
                            .providerName());
            assertEquals(
                    p, Signature.getInstance("OID.2.16.840.1.101.3.4.3.19", p).getProvider());
            assertEquals(p, KeyPairGenerator.getInstance("ML-DSA", p).getProvider());
        } else {
            for (String service : JDK_SERVICES) {
                String[] tn = service.split("\\.", 2);
                assertNull(p.getService(tn[0], tn[1]), service + " must not be registered on " + LibCrypto.version());
                ServiceReport.NotRegistered row = missing.stream()
                        .filter(r -> r.type().equals(tn[0]) && r.algorithm().equals(tn[1]))
                        .findFirst()
                        .orElseThrow(() -> new AssertionError(service + " not in the report"));
                assertEquals("needs OpenSSL >= 3.5 (" + tn[1] + "); loaded " + LibCrypto.version(), row.reason());
            }
            // the post-quantum ones; OpenSSL 3.0 also lacks Argon2 and AES-GCM-SIV (BeyondContractTest)
            assertEquals(
                    24,
                    missing.stream()
                            .filter(r -> r.algorithm().startsWith("ML-"))
                            .count());
            assertThrows(NoSuchAlgorithmException.class, () -> KEM.getInstance("ML-KEM", p));
            assertThrows(NoSuchAlgorithmException.class, () -> Signature.getInstance("ML-DSA", p));
            // the registered services report nothing missing about them
            assertTrue(ServiceReport.of(p).stream().noneMatch(r -> r.algorithm().startsWith("ML-")));
        }
    }

    private static List<String> jdkAliases(Provider.Service s) {
        // Provider.Service has no alias getter; its toString lists them
        String text = s.toString();
        int i = text.indexOf("aliases: [");
        if (i < 0) {
            return List.of();
        }
        String inner = text.substring(i + 10, text.indexOf(']', i));
        return List.of(inner.split(",\\s*"));
    }
}
