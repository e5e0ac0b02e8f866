package dev.acceljce.cipher;

import dev.acceljce.awslc.AwsLc;
import dev.acceljce.control.Dispatch;
import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.openssl.EvpCipher;
import dev.acceljce.service.ServiceTable;
import java.util.EnumSet;
import java.util.Set;

/**
 * AES-GCM, ChaCha20, ChaCha20-Poly1305 and (on AWS-LC) XChaCha20-Poly1305, with SunJCE's names, aliases, OIDs and attributes.
 * SunJCE's plain "AES" cipher does not offer GCM as a mode, so neither do we: GCM is reached
 * through these transformations.
 */
final class AeadServices {
    /** The libraries AES-GCM and ChaCha20-Poly1305 run on: AWS-LC through its one-shot {@code EVP_AEAD}. */
    static final Set<Engine> ENGINES = EnumSet.of(Engine.OPENSSL, Engine.AWSLC);

    private AeadServices() {}

    static void register(ServiceTable table) {
        AeadSelfTests.register(); // known answers per engine, run before a library first serves the family
        gcm(table, "AES/GCM/NoPadding", -1, null);
        gcm(table, "AES_128/GCM/NoPadding", 16, "2.16.840.1.101.3.4.1.6");
        gcm(table, "AES_192/GCM/NoPadding", 24, "2.16.840.1.101.3.4.1.26");
        gcm(table, "AES_256/GCM/NoPadding", 32, "2.16.840.1.101.3.4.1.46");
        table.add(Family.CHACHA20, "Cipher", "ChaCha20")
                .attribute("SupportedKeyFormats", "RAW")
                .nativeImpl(() -> has(ChaCha20Cipher.OPENSSL_NAME), p -> new ChaCha20Cipher())
                .register();
        table.add(Family.CHACHA20, "Cipher", "ChaCha20-Poly1305")
                .oid("1.2.840.113549.1.9.16.3.18")
                .attribute("SupportedKeyFormats", "RAW")
                .nativeImpl(
                        () -> has(ChaCha20Poly1305Cipher.OPENSSL_NAME),
                        p -> new ChaCha20Poly1305Cipher(
                                ChaCha20Poly1305Cipher.Variant.CHACHA20_POLY1305,
                                Dispatch.engine(Family.CHACHA20, ENGINES),
                                Dispatch.openSslFrom(Family.CHACHA20)))
                .engines(ENGINES)
                .register();
        // not in the JDK nor in OpenSSL: offered where AWS-LC is loaded
        table.add(Family.CHACHA20, "Cipher", "XChaCha20-Poly1305")
                .attribute("SupportedKeyFormats", "RAW")
                .onlyIf(AwsLc::isAvailable, () -> "AWS-LC is not loaded: " + AwsLc.unavailableReason())
                .nativeEngine(Engine.AWSLC)
                .nativeImpl(
                        () -> true,
                        p -> new ChaCha20Poly1305Cipher(
                                ChaCha20Poly1305Cipher.Variant.XCHACHA20_POLY1305, Engine.AWSLC, Long.MAX_VALUE))
                .register();
    }

    private static void gcm(ServiceTable table, String name, int keySize, String oid) {
        ServiceTable.Builder b = table.add(Family.GCM, "Cipher", name)
                .attribute("SupportedKeyFormats", "RAW")
                .attribute("SupportedModes", "GCM");
        if (oid != null) {
            b.oid(oid);
        }
        // the general service picks the OpenSSL cipher from the key length, so it needs all three
        b.nativeImpl(
                        () -> keySize == -1
                                ? has("AES-128-GCM") && has("AES-192-GCM") && has("AES-256-GCM")
                                : has("AES-" + keySize * 8 + "-GCM"),
                        p -> new AesGcmCipher(
                                keySize, Dispatch.engine(Family.GCM, ENGINES), Dispatch.openSslFrom(Family.GCM)))
                .engines(ENGINES)
                .handsToJdk("on OpenSSL, IVs longer than " + AesGcmCipher.MAX_NATIVE_IV + " bytes (its limit): SunJCE")
                .register();
    }

    private static boolean has(String opensslName) {
        return EvpCipher.fetch(opensslName).isPresent();
    }
}
