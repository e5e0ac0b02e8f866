package dev.acceljce.digest;

import dev.acceljce.control.Family;
import dev.acceljce.openssl.EvpDigest;
import dev.acceljce.service.ServiceTable;

/** MessageDigest services, with the JDK's names, aliases and OIDs. */
public final class DigestServices {
    private DigestServices() {}

    public static void register(ServiceTable table) {
        DigestSelfTests.register(); // known answers, run before OpenSSL first serves the family
        digest(table, "MD5", "MD5", "1.2.840.113549.2.5");
        digest(table, "SHA-1", "SHA1", "1.3.14.3.2.26", "SHA", "SHA1");
        digest(table, "SHA-224", "SHA224", "2.16.840.1.101.3.4.2.4", "SHA224");
        digest(table, "SHA-256", "SHA256", "2.16.840.1.101.3.4.2.1", "SHA256");
        digest(table, "SHA-384", "SHA384", "2.16.840.1.101.3.4.2.2", "SHA384");
        digest(table, "SHA-512", "SHA512", "2.16.840.1.101.3.4.2.3", "SHA512");
        digest(table, "SHA-512/224", "SHA512-224", "2.16.840.1.101.3.4.2.5", "SHA512/224");
        digest(table, "SHA-512/256", "SHA512-256", "2.16.840.1.101.3.4.2.6", "SHA512/256");
        digest(table, "SHA3-224", "SHA3-224", "2.16.840.1.101.3.4.2.7");
        digest(table, "SHA3-256", "SHA3-256", "2.16.840.1.101.3.4.2.8");
        digest(table, "SHA3-384", "SHA3-384", "2.16.840.1.101.3.4.2.9");
        digest(table, "SHA3-512", "SHA3-512", "2.16.840.1.101.3.4.2.10");
        // SHAKE with a fixed output (FIPS 202): the JDK's and Bouncy Castle's names; BC's aliases
        shake(table, "SHAKE128-256", "SHAKE128", 32, "SHAKE128");
        shake(table, "SHAKE256-512", "SHAKE256", 64, "SHAKE256");
    }

    private static void shake(ServiceTable table, String jcaName, String opensslName, int length, String alias) {
        table.add(Family.DIGEST, "MessageDigest", jcaName)
                .aliases(alias)
                .attribute("ImplementedIn", "Hardware")
                .nativeImpl(
                        () -> EvpDigest.xof(opensslName, length).isPresent(),
                        p -> new NativeDigest(EvpDigest.xof(opensslName, length).orElseThrow()))
                .register();
    }

    private static void digest(ServiceTable table, String jcaName, String opensslName, String oid, String... aliases) {
        table.add(Family.DIGEST, "MessageDigest", jcaName)
                .aliases(aliases)
                .oid(oid)
                .attribute("ImplementedIn", "Hardware")
                .nativeImpl(
                        () -> EvpDigest.fetch(opensslName).isPresent(),
                        p -> new NativeDigest(EvpDigest.fetch(opensslName).orElseThrow()))
                .register();
    }
}
