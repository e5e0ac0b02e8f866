package dev.acceljce.cipher;

import dev.acceljce.control.Family;
import dev.acceljce.openssl.EvpCipher;
import dev.acceljce.service.ServiceTable;

/**
 * AES in ECB, CBC, CTR, CFB, OFB and key-wrap (KW, KWP) modes, with SunJCE's names, aliases, OIDs
 * and attributes, plus the common full transformations ("AES/CBC/PKCS5Padding", ...) so that the
 * JCA finds them without setting mode and padding on the general "AES" service.
 */
final class AesServices {
    private static final String OID_PREFIX = "2.16.840.1.101.3.4.1.";
    private static final int[] KEY_SIZES = {16, 24, 32};

    private AesServices() {}

    static void register(ServiceTable table) {
        table.add(Family.AES, "Cipher", "AES")
                .oid("2.16.840.1.101.3.4.1")
                .attribute("SupportedKeyFormats", "RAW")
                .attribute(
                        "SupportedModes",
                        "ECB|CBC|PCBC|CTR|CTS|CFB|OFB|CFB8|CFB16|CFB24|CFB32|CFB40|CFB48"
                                + "|CFB56|CFB64|OFB8|OFB16|OFB24|OFB32|OFB40|OFB48|OFB56|OFB64|CFB72|CFB80|CFB88|CFB96"
                                + "|CFB104|CFB112|CFB120|CFB128|OFB72|OFB80|OFB88|OFB96|OFB104|OFB112|OFB120|OFB128")
                .attribute("SupportedPaddings", "NOPADDING|PKCS5PADDING|ISO10126PADDING")
                .nativeImpl(AesServices::allModesAvailable, p -> new AesCipher())
                .handsToJdk("modes and paddings OpenSSL is not used for (PCBC, CTS, CFB and OFB of other widths"
                        + " than 8 and 128 bits, ISO10126Padding, PKCS5Padding on a stream mode): SunJCE")
                .register();

        // the full transformations SunJCE serves through "AES" (their JDK path sets mode and padding)
        transformation(table, NativeAesEngine.Mode.ECB, false);
        transformation(table, NativeAesEngine.Mode.ECB, true);
        transformation(table, NativeAesEngine.Mode.CBC, false);
        transformation(table, NativeAesEngine.Mode.CBC, true);
        transformation(table, NativeAesEngine.Mode.CTR, false);
        transformation(table, NativeAesEngine.Mode.CFB, false);
        transformation(table, NativeAesEngine.Mode.CFB8, false);
        transformation(table, NativeAesEngine.Mode.OFB, false);

        // SunJCE's key-size-bound names: OID arc n*20 + {1 ECB, 2 CBC, 3 OFB, 4 CFB}
        NativeAesEngine.Mode[] oidModes = {
            NativeAesEngine.Mode.ECB, NativeAesEngine.Mode.CBC, NativeAesEngine.Mode.OFB, NativeAesEngine.Mode.CFB
        };
        for (int k = 0; k < KEY_SIZES.length; k++) {
            int keySize = KEY_SIZES[k];
            for (int m = 0; m < oidModes.length; m++) {
                NativeAesEngine.Mode mode = oidModes[m];
                table.add(Family.AES, "Cipher", "AES_" + keySize * 8 + "/" + mode.name() + "/NoPadding")
                        .oid(OID_PREFIX + (k * 20 + m + 1))
                        .attribute("SupportedKeyFormats", "RAW")
                        .nativeImpl(
                                () -> EvpCipher.fetch("AES-" + keySize * 8 + "-" + mode.openssl)
                                        .isPresent(),
                                p -> new AesCipher(keySize, mode, false))
                        .register();
            }
        }

        keyWrap(table, AesKeyWrapCipher.Kind.KW, "AESWrap", 5);
        keyWrap(table, AesKeyWrapCipher.Kind.KWP, "AESWrapPad", 8);
        keyWrap(table, AesKeyWrapCipher.Kind.KW_PKCS5, null, 0);
    }

    private static boolean allModesAvailable() {
        for (NativeAesEngine.Mode mode : NativeAesEngine.Mode.values()) {
            if (!modeAvailable(mode)) {
                return false;
            }
        }
        return true;
    }

    private static boolean modeAvailable(NativeAesEngine.Mode mode) {
        for (int keySize : KEY_SIZES) {
            if (EvpCipher.fetch("AES-" + keySize * 8 + "-" + mode.openssl).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    private static void transformation(ServiceTable table, NativeAesEngine.Mode mode, boolean pkcs5) {
        String padding = pkcs5 ? "PKCS5Padding" : "NoPadding";
        table.add(Family.AES, "Cipher", "AES/" + mode.name() + "/" + padding)
                .attribute("SupportedKeyFormats", "RAW")
                .nativeImpl(() -> modeAvailable(mode), p -> new AesCipher(0, mode, pkcs5))
                .jdkImpl(p -> AesCipher.jdkOnly(mode.name(), padding))
                .register();
    }

    /**
     * AES/KW/NoPadding, AES/KWP/NoPadding or AES/KW/PKCS5Padding with the key-size-bound names;
     * the first two also with their short aliases and OIDs (SunJCE gives the third neither).
     */
    private static void keyWrap(ServiceTable table, AesKeyWrapCipher.Kind kind, String alias, int oidArc) {
        String suffix = "/" + kind.mode + "/" + kind.padding;
        ServiceTable.Builder general = table.add(Family.AES, "Cipher", "AES" + suffix)
                .attribute("SupportedKeyFormats", "RAW")
                .nativeImpl(() -> AesKeyWrapCipher.available(kind), p -> new AesKeyWrapCipher(kind, 0));
        if (alias != null) {
            general.aliases(alias);
        }
        general.register();
        for (int k = 0; k < KEY_SIZES.length; k++) {
            int keySize = KEY_SIZES[k];
            ServiceTable.Builder bound = table.add(Family.AES, "Cipher", "AES_" + keySize * 8 + suffix)
                    .attribute("SupportedKeyFormats", "RAW")
                    .nativeImpl(() -> AesKeyWrapCipher.available(kind), p -> new AesKeyWrapCipher(kind, keySize));
            if (alias != null) {
                bound.aliases(alias + "_" + keySize * 8).oid(OID_PREFIX + (k * 20 + oidArc));
            }
            bound.register();
        }
    }
}
