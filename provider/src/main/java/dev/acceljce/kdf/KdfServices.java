package dev.acceljce.kdf;

import dev.acceljce.control.Dispatch;
import dev.acceljce.control.Family;
import dev.acceljce.openssl.EvpDigest;
import dev.acceljce.openssl.EvpKdf;
import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.service.ServiceTable;
import javax.crypto.KDFParameters;

/**
 * Key-derivation services (KDF HKDF-*, SecretKeyFactory PBKDF2With*), with SunJCE's names and OIDs;
 * and Argon2id, Argon2i and Argon2d (KDF and SecretKeyFactory), which the JDK lacks, registered only
 * where the loaded OpenSSL has them (3.2 and later).
 */
public final class KdfServices {
    private KdfServices() {}

    public static void register(ServiceTable table) {
        KdfSelfTests.register(); // known answers per engine, run before a library first serves the family
        hkdf(table, new HkdfVariant("HKDF-SHA256", "HmacSHA256", "SHA256", 32));
        hkdf(table, new HkdfVariant("HKDF-SHA384", "HmacSHA384", "SHA384", 48));
        hkdf(table, new HkdfVariant("HKDF-SHA512", "HmacSHA512", "SHA512", 64));

        pbkdf2(table, new Pbkdf2Variant("HmacSHA1", "SHA1"), "1.2.840.113549.1.5.12");
        pbkdf2(table, new Pbkdf2Variant("HmacSHA224", "SHA224"), null);
        pbkdf2(table, new Pbkdf2Variant("HmacSHA256", "SHA256"), null);
        pbkdf2(table, new Pbkdf2Variant("HmacSHA384", "SHA384"), null);
        pbkdf2(table, new Pbkdf2Variant("HmacSHA512", "SHA512"), null);
        pbkdf2(table, new Pbkdf2Variant("HmacSHA512/224", "SHA512-224"), null);
        pbkdf2(table, new Pbkdf2Variant("HmacSHA512/256", "SHA512-256"), null);
        for (Argon2.Variant v : Argon2.Variant.values()) {
            argon2(table, "KDF", v, p -> new NativeArgon2((KDFParameters) p, v));
            argon2(table, "SecretKeyFactory", v, p -> new Argon2SecretKeyFactory(v));
        }
    }

    private static void argon2(ServiceTable table, String type, Argon2.Variant v, ServiceTable.Factory make) {
        java.util.function.BooleanSupplier has =
                () -> LibCrypto.isAvailable() && EvpKdf.fetch(v.opensslName).isPresent();
        table.add(Family.ARGON2, type, v.jcaName)
                .onlyIf(has, () -> LibCrypto.missing("EVP_KDF " + v.opensslName))
                .nativeImpl(has, make)
                .register();
    }

    private static void hkdf(ServiceTable table, HkdfVariant variant) {
        table.add(Family.KDF, "KDF", variant.jcaName())
                .nativeImpl(
                        () -> has("HKDF", variant.digest()),
                        p -> new NativeHkdf(
                                (KDFParameters) p, variant, Dispatch.engine(Family.KDF, NativeHkdf.ENGINES)))
                .engines(NativeHkdf.ENGINES)
                .handsToJdk("info longer than OpenSSL's HKDF accepts (32 KiB in OpenSSL 3), on OpenSSL: SunJCE")
                .register();
    }

    private static void pbkdf2(ServiceTable table, Pbkdf2Variant variant, String oid) {
        ServiceTable.Builder b = table.add(Family.KDF, "SecretKeyFactory", variant.jcaName());
        if (oid != null) {
            b.oid(oid);
        }
        b.nativeImpl(() -> has("PBKDF2", variant.digest()), p -> new NativePbkdf2(variant))
                .register();
    }

    private static boolean has(String kdf, String digest) {
        return EvpKdf.fetch(kdf).isPresent() && EvpDigest.fetch(digest).isPresent();
    }
}
