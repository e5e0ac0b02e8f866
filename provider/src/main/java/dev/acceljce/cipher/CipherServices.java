package dev.acceljce.cipher;

import dev.acceljce.control.Family;
import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.service.ServiceTable;
import java.util.function.BooleanSupplier;

/**
 * Cipher services: AES block and stream modes with key wrap, and the AEAD/ChaCha20 ciphers; and
 * the AES modes the JDK lacks (CCM, GCM-SIV, SIV, XTS), registered only where the loaded OpenSSL
 * has them. XChaCha20-Poly1305 runs on AWS-LC (OpenSSL 3.5 has no XChaCha20, and AccelJCE writes
 * no primitive of its own), so it is offered only where AWS-LC is loaded.
 */
public final class CipherServices {
    private CipherServices() {}

    public static void register(ServiceTable table) {
        AesSelfTests.register(); // known answers, run before OpenSSL first serves the family
        AesServices.register(table);
        AeadServices.register(table);
        beyondJdk(table, Family.CCM, "AES/CCM/NoPadding", "CCM", AesCcmCipher::new, 128, 192, 256)
                .aliases("CCM")
                .register();
        beyondJdk(table, Family.SIV, "AES/GCM-SIV/NoPadding", "GCM-SIV", AesGcmSivCipher::new, 128, 192, 256)
                .register();
        // OpenSSL 3.0's AES-SIV gets some of Wycheproof's long-message vectors wrong (3.0.19, in
        // the system run); 3.5 passes them all: offered from 3.5 on, where it was proven
        beyondJdk(table, Family.SIV, "AES/SIV/NoPadding", "SIV", AesSivCipher::new, 128, 192, 256)
                .onlyIf(
                        () -> LibCrypto.atLeast(3, 5) && AesModes.has("SIV", 128, 192, 256),
                        () -> LibCrypto.missing("AES-SIV that passes Wycheproof (AccelJCE offers it from OpenSSL 3.5)"))
                .register();
        beyondJdk(table, Family.XTS, "AES/XTS/NoPadding", "XTS", AesXtsCipher::new, 128, 256)
                .register();
    }

    /** A mode the JDK lacks: offered only where the loaded OpenSSL has it for every key size named. */
    private static ServiceTable.Builder beyondJdk(
            ServiceTable table,
            Family family,
            String name,
            String mode,
            java.util.function.Supplier<WholeMessageCipher> make,
            int... bits) {
        BooleanSupplier has = () -> LibCrypto.isAvailable() && AesModes.has(mode, bits);
        return table.add(family, "Cipher", name)
                .attribute("SupportedKeyFormats", "RAW")
                .attribute("SupportedModes", mode)
                .attribute("SupportedPaddings", "NOPADDING")
                .onlyIf(has, () -> LibCrypto.missing("AES-" + mode + " (" + java.util.Arrays.toString(bits) + " bits)"))
                .nativeImpl(has, p -> make.get());
    }
}
