package dev.acceljce.mac;

import dev.acceljce.control.Family;
import dev.acceljce.openssl.EvpMac;
import dev.acceljce.service.ServiceTable;

/** Mac services (HMAC over OpenSSL's EVP_MAC), with the JDK's names, aliases and OIDs. */
public final class MacServices {
    private MacServices() {}

    public static void register(ServiceTable table) {
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
    }

    private static void hmac(ServiceTable table, String jcaName, String opensslDigest, String oid) {
        table.add(Family.HMAC, "Mac", jcaName)
                .oid(oid)
                .attribute("SupportedKeyFormats", "RAW")
                .nativeImpl(() -> EvpMac.hmac(opensslDigest).isPresent(),
                        p -> new NativeHmac(EvpMac.hmac(opensslDigest).orElseThrow()))
                .register();
    }
}
