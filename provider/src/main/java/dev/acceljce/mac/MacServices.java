package dev.acceljce.mac;

import dev.acceljce.control.Family;
import dev.acceljce.openssl.EvpMac;
import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.service.ServiceTable;
import java.util.function.BooleanSupplier;

/**
 * Mac services: HMAC over OpenSSL's EVP_MAC, with the JDK's names, aliases and OIDs; and AES-CMAC,
 * KMAC128 and KMAC256, which the JDK lacks, with Bouncy Castle's names. Those are registered only
 * when the loaded OpenSSL has them (see docs/beyond-jdk.md).
 */
public final class MacServices {
    private MacServices() {}

    public static void register(ServiceTable table) {
        MacSelfTests.register(); // known answers, run before OpenSSL first serves the family
        hmac(table, "HmacSHA1", "SHA1", "1.2.840.113549.2.7");
        hmac(table, "HmacSHA224", "SHA224", "1.2.840.113549.2.8");
        hmac(table, "HmacSHA256", "SHA256", "1.2.840.113549.2.9");
        hmac(table, "HmacSHA384", "SHA384", "1.2.840.113549.2.10");
        hmac(table, "HmacSHA512", "SHA512", "1.2.840.113549.2.11");
        hmac(table, "HmacSHA512/224", "SHA512-224", "1.2.840.113549.2.12");
        hmac(table, "HmacSHA512/256", "SHA512-256", "1.2.840.113549.2.13");
        hmac(table, "HmacSHA3-224", "SHA3-224", "2.16.840.1.101.3.4.2.13");
        hmac(table, "HmacSHA3-256", "SHA3-256", "2.16.840.1.101.3.4.2.14");
        hmac(table, "HmacSHA3-384", "SHA3-384", "2.16.840.1.101.3.4.2.15");
        hmac(table, "HmacSHA3-512", "SHA3-512", "2.16.840.1.101.3.4.2.16");
        beyondJdk(table, Family.CMAC, "AESCMAC", "CMAC", Cmac::new)
                .aliases("AES-CMAC")
                .register();
        beyondJdk(table, Family.KMAC, "KMAC128", "KMAC128", Kmac::kmac128)
                .oid("2.16.840.1.101.3.4.2.19")
                .register();
        beyondJdk(table, Family.KMAC, "KMAC256", "KMAC256", Kmac::kmac256)
                .oid("2.16.840.1.101.3.4.2.20")
                .register();
    }

    /** A Mac the JDK lacks: offered only where the loaded OpenSSL has {@code opensslName}. */
    private static ServiceTable.Builder beyondJdk(
            ServiceTable table,
            Family family,
            String jcaName,
            String opensslName,
            java.util.function.Supplier<KeyedMac> make) {
        BooleanSupplier has =
                () -> LibCrypto.isAvailable() && EvpMac.fetch(opensslName).isPresent();
        return table.add(family, "Mac", jcaName)
                .attribute("SupportedKeyFormats", "RAW")
                .onlyIf(has, () -> LibCrypto.missing("EVP_MAC " + opensslName))
                .nativeImpl(has, p -> make.get());
    }

    private static void hmac(ServiceTable table, String jcaName, String opensslDigest, String oid) {
        table.add(Family.HMAC, "Mac", jcaName)
                .oid(oid)
                .attribute("SupportedKeyFormats", "RAW")
                .nativeImpl(
                        () -> EvpMac.hmac(opensslDigest).isPresent(),
                        p -> new NativeHmac(EvpMac.hmac(opensslDigest).orElseThrow()))
                .register();
    }
}
