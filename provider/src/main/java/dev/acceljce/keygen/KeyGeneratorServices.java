package dev.acceljce.keygen;

import dev.acceljce.control.Family;
import dev.acceljce.jdk.JdkProviders;
import dev.acceljce.openssl.Rand;
import dev.acceljce.service.ServiceTable;
import javax.crypto.KeyGenerator;

/** KeyGenerator services for AES, ChaCha20 and the Hmac algorithms, with the JDK's names and OIDs. */
public final class KeyGeneratorServices {
    private KeyGeneratorServices() {}

    public static void register(ServiceTable table) {
        table.add(Family.AES, "KeyGenerator", "AES")
                .oid("2.16.840.1.101.3.4.1")
                .nativeImpl(
                        Rand::available,
                        p -> new NativeKeyGenerator(
                                "AES",
                                KeySizeRule.AES,
                                AesDefault.BYTES,
                                "AES key generation does not take any parameters"))
                .register();
        table.add(Family.CHACHA20, "KeyGenerator", "ChaCha20")
                .nativeImpl(
                        Rand::available,
                        p -> new NativeKeyGenerator(
                                "ChaCha20",
                                KeySizeRule.CHACHA20,
                                32,
                                "ChaCha20 key generation does not take any parameters"))
                .register();
        table.add(Family.HMAC, "KeyGenerator", "HmacSHA1")
                .oid("1.2.840.113549.2.7")
                .nativeImpl(
                        Rand::available,
                        p -> new NativeKeyGenerator(
                                "HmacSHA1",
                                KeySizeRule.HMAC_SHA1,
                                64,
                                "HMAC-SHA1 key generation does not take any parameters"))
                .register();
        hmac(table, "HmacSHA224", 224, "1.2.840.113549.2.8");
        hmac(table, "HmacSHA256", 256, "1.2.840.113549.2.9");
        hmac(table, "HmacSHA384", 384, "1.2.840.113549.2.10");
        hmac(table, "HmacSHA512", 512, "1.2.840.113549.2.11");
        hmac(table, "HmacSHA512/224", 224, "1.2.840.113549.2.12");
        hmac(table, "HmacSHA512/256", 256, "1.2.840.113549.2.13");
        hmac(table, "HmacSHA3-224", 224, "2.16.840.1.101.3.4.2.13");
        hmac(table, "HmacSHA3-256", 256, "2.16.840.1.101.3.4.2.14");
        hmac(table, "HmacSHA3-384", 384, "2.16.840.1.101.3.4.2.15");
        hmac(table, "HmacSHA3-512", 512, "2.16.840.1.101.3.4.2.16");
    }

    /** An Hmac generator whose default key is as long as the MAC, as in SunJCE. */
    private static void hmac(ServiceTable table, String name, int defaultBits, String oid) {
        table.add(Family.HMAC, "KeyGenerator", name)
                .oid(oid)
                .nativeImpl(
                        Rand::available,
                        p -> new NativeKeyGenerator(
                                name,
                                KeySizeRule.HMAC,
                                defaultBits / 8,
                                name + " key generation does not take any parameters"))
                .register();
    }

    /**
     * SunJCE's default AES key size, which depends on the crypto policy and on the
     * {@code jdk.security.defaultKeySize} property: asked of the JDK once rather than re-derived.
     */
    private static final class AesDefault {
        static final int BYTES = ask();

        private static int ask() {
            try {
                return KeyGenerator.getInstance("AES", JdkProviders.forService("KeyGenerator", "AES"))
                        .generateKey()
                        .getEncoded()
                        .length;
            } catch (Exception | LinkageError e) {
                return 32; // the JDK's default under the unlimited policy every current JDK ships
            }
        }
    }
}
