package dev.acceljce.beyond;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Counters;
import dev.acceljce.control.Settings;
import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.spec.Argon2ParameterSpec;
import dev.acceljce.spec.KmacParameterSpec;
import dev.acceljce.testing.Providers;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.KDF;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The guarantees every AccelJCE service gives, for the services beyond the JDK: RFC 9106's Argon2
 * vectors, bad arguments ending in the documented JCA exception before OpenSSL sees them, no
 * unverified plaintext released, the memory cap, the switches, counters, and absence (not a
 * failure) where the loaded library lacks an algorithm.
 */
class BeyondContractTest {
    private static final HexFormat HEX = HexFormat.of();

    @AfterEach
    void clearSettings() {
        Settings.set("acceljce.native.siv", null);
        Settings.set("acceljce.native.cmac", null);
        Settings.set("acceljce.argon2.maxMemoryKiB", null);
    }

    private static byte[] filled(int n, int v) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) v);
        return b;
    }

    /** RFC 9106 section 5: the three test vectors (t=3, m=32 KiB, p=4, 32-byte tag). */
    @ParameterizedTest
    @ValueSource(strings = {"Argon2d", "Argon2i", "Argon2id"})
    void rfc9106Vectors(String algorithm) throws Exception {
        Beyond.require("KDF", algorithm);
        String expected = switch (algorithm) {
            case "Argon2d" -> "512b391b6f1162975371d30919734294f868e3be3984f3c1a13a4db9fabe4acb";
            case "Argon2i" -> "c814d9d1dc7f37aa13f0d77f2494bda1c8de6b016dd388d29952a4c4672b6ce8";
            default -> "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659";
        };
        for (int threads : new int[] {1, 4}) { // OpenSSL's threads change nothing in the output
            Argon2ParameterSpec spec = Argon2ParameterSpec.builder()
                    .password(filled(32, 1))
                    .salt(filled(16, 2))
                    .secret(filled(8, 3))
                    .associatedData(filled(12, 4))
                    .iterations(3)
                    .memoryKiB(32)
                    .lanes(4)
                    .threads(threads)
                    .outputLength(32)
                    .build();
            assertEquals(
                    expected,
                    HEX.formatHex(KDF.getInstance(algorithm, Providers.ACCEL).deriveData(spec)));
            assertEquals(
                    expected,
                    HEX.formatHex(SecretKeyFactory.getInstance(algorithm, Providers.ACCEL)
                            .generateSecret(spec)
                            .getEncoded()));
        }
    }

    @Test
    void argon2RefusesBadInputsAndMemoryAboveTheCap() throws Exception {
        Beyond.require("KDF", "Argon2id");
        KDF kdf = KDF.getInstance("Argon2id", Providers.ACCEL);
        Argon2ParameterSpec.Builder ok = Argon2ParameterSpec.builder()
                .password(new byte[8])
                .salt(new byte[16])
                .iterations(1)
                .memoryKiB(64)
                .lanes(2);
        assertEquals(32, kdf.deriveData(ok.build()).length);
        assertThrows(
                InvalidAlgorithmParameterException.class,
                () -> kdf.deriveData(ok.salt(new byte[7]).build()),
                "salt under 8 bytes");
        ok.salt(new byte[16]);
        assertThrows(
                InvalidAlgorithmParameterException.class,
                () -> kdf.deriveData(ok.memoryKiB(15).build()),
                "under 8 KiB per lane");
        assertThrows(
                InvalidAlgorithmParameterException.class,
                () -> kdf.deriveData(ok.memoryKiB(64).outputLength(3).build()),
                "output under 4 bytes");
        assertThrows(NullPointerException.class, () -> kdf.deriveData(null), "javax.crypto.KDF's own check");
        assertThrows(InvalidAlgorithmParameterException.class, () -> kdf.deriveData(new IvParameterSpec(new byte[16])));
        assertThrows(
                IllegalArgumentException.class,
                () -> Argon2ParameterSpec.builder().build(),
                "no salt");
        // the cap: asked before any memory is taken
        Settings.set("acceljce.argon2.maxMemoryKiB", "1024");
        InvalidAlgorithmParameterException e = assertThrows(
                InvalidAlgorithmParameterException.class,
                () -> kdf.deriveData(
                        ok.outputLength(32).memoryKiB(4 * 1024 * 1024).build()));
        // javax.crypto.KDF wraps the provider's exception: the reason is the cause's
        String why = e.getCause() != null ? e.getCause().getMessage() : e.getMessage();
        assertTrue(why.contains("acceljce.argon2.maxMemoryKiB"), why);
        assertEquals(32, kdf.deriveData(ok.memoryKiB(1024).build()).length);
    }

    /** A tampered message: AEADBadTagException, and the caller's output is not written. */
    @ParameterizedTest
    @ValueSource(strings = {"AES/CCM/NoPadding", "AES/GCM-SIV/NoPadding", "AES/SIV/NoPadding"})
    void decryptionReleasesNothingUnverified(String algorithm) throws Exception {
        Beyond.require("Cipher", algorithm);
        boolean siv = algorithm.contains("/SIV/");
        SecretKeySpec key = new SecretKeySpec(filled(siv ? 32 : 16, 7), "AES");
        GCMParameterSpec spec = siv ? null : new GCMParameterSpec(128, filled(12, 9));
        Cipher c = Cipher.getInstance(algorithm, Providers.ACCEL);
        c.init(Cipher.ENCRYPT_MODE, key, spec);
        c.updateAAD(filled(5, 1));
        byte[] msg = filled(100, 0x41);
        assertEquals(0, c.update(msg).length, "whole-message modes release nothing before doFinal");
        byte[] sealed = c.doFinal();
        for (int flip : new int[] {0, sealed.length / 2, sealed.length - 1}) {
            byte[] bad = sealed.clone();
            bad[flip] ^= 1;
            c.init(Cipher.DECRYPT_MODE, key, spec);
            c.updateAAD(filled(5, 1));
            byte[] out = filled(200, 0x55);
            assertThrows(AEADBadTagException.class, () -> c.doFinal(bad, 0, bad.length, out, 0));
            assertArrayEquals(filled(200, 0x55), out, "output untouched after a failed tag, flip at " + flip);
        }
        // and a ShortBufferException changes nothing: the same call succeeds with room
        c.init(Cipher.DECRYPT_MODE, key, spec);
        c.updateAAD(filled(5, 1));
        assertThrows(ShortBufferException.class, () -> c.doFinal(sealed, 0, sealed.length, new byte[99], 0));
        byte[] out = new byte[100];
        assertEquals(100, c.doFinal(sealed, 0, sealed.length, out, 0));
        assertArrayEquals(msg, out);
    }

    @Test
    void argumentsAreCheckedInJava() throws Exception {
        Beyond.require("Cipher", "AES/CCM/NoPadding");
        Cipher ccm = Cipher.getInstance("AES/CCM/NoPadding", Providers.ACCEL);
        SecretKeySpec k16 = new SecretKeySpec(new byte[16], "AES");
        assertThrows(
                InvalidKeyException.class,
                () -> ccm.init(
                        Cipher.ENCRYPT_MODE,
                        new SecretKeySpec(new byte[17], "AES"),
                        new GCMParameterSpec(128, new byte[12])));
        assertThrows(
                InvalidAlgorithmParameterException.class,
                () -> ccm.init(Cipher.ENCRYPT_MODE, k16, new GCMParameterSpec(120, new byte[12])),
                "odd tag bytes");
        assertThrows(
                InvalidAlgorithmParameterException.class,
                () -> ccm.init(Cipher.ENCRYPT_MODE, k16, new GCMParameterSpec(128, new byte[14])),
                "nonce of 14");
        assertThrows(InvalidKeyException.class, () -> ccm.init(Cipher.DECRYPT_MODE, k16), "decryption needs a nonce");
        // a 13-byte nonce bounds the message to 65535 bytes
        ccm.init(Cipher.ENCRYPT_MODE, k16, new GCMParameterSpec(128, new byte[13]));
        assertThrows(IllegalBlockSizeException.class, () -> ccm.doFinal(new byte[65536]));
        // CCM refuses a second encryption with the same nonce, as the JDK's GCM does
        ccm.init(Cipher.ENCRYPT_MODE, k16, new GCMParameterSpec(128, new byte[12]));
        ccm.doFinal(new byte[3]);
        assertThrows(IllegalStateException.class, () -> ccm.doFinal(new byte[3]));

        Beyond.require("Cipher", "AES/XTS/NoPadding");
        Cipher xts = Cipher.getInstance("AES/XTS/NoPadding", Providers.ACCEL);
        IvParameterSpec tweak = new IvParameterSpec(new byte[16]);
        for (int mode : new int[] {Cipher.ENCRYPT_MODE, Cipher.DECRYPT_MODE}) {
            assertThrows(
                    InvalidKeyException.class,
                    () -> xts.init(mode, new SecretKeySpec(filled(32, 5), "AES"), tweak),
                    "equal key halves");
        }
        byte[] key = new byte[64];
        key[63] = 1;
        assertThrows(
                InvalidKeyException.class,
                () -> xts.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, 0, 48, "AES"), tweak),
                "no AES-192-XTS");
        assertThrows(
                InvalidAlgorithmParameterException.class,
                () -> xts.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(new byte[8])));
        xts.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), tweak);
        assertThrows(IllegalBlockSizeException.class, () -> xts.doFinal(new byte[15]), "under one block");
        assertThrows(
                IllegalBlockSizeException.class, () -> xts.doFinal(new byte[16 * (1 << 20) + 1]), "over 2^20 blocks");
        assertThrows(IllegalStateException.class, () -> xts.updateAAD(new byte[1]), "no AAD in XTS");
        assertEquals(17, xts.doFinal(new byte[17]).length);

        Beyond.require("Mac", "AESCMAC");
        Mac cmac = Mac.getInstance("AESCMAC", Providers.ACCEL);
        assertThrows(InvalidKeyException.class, () -> cmac.init(new SecretKeySpec(new byte[20], "AES")));
        assertThrows(InvalidAlgorithmParameterException.class, () -> cmac.init(k16, new IvParameterSpec(new byte[16])));
        assertThrows(
                IllegalStateException.class,
                () -> Mac.getInstance("AESCMAC", Providers.ACCEL).update((byte) 1));
        Mac kmac = Mac.getInstance("KMAC128", Providers.ACCEL);
        assertThrows(
                InvalidKeyException.class,
                () -> kmac.init(new SecretKeySpec(new byte[3], "KMAC")),
                "OpenSSL's minimum key of 4 bytes");
        assertThrows(
                InvalidAlgorithmParameterException.class, () -> kmac.init(k16, new KmacParameterSpec(new byte[513])));
        kmac.init(k16, new KmacParameterSpec("app".getBytes(), 20));
        assertEquals(20, kmac.getMacLength());
        assertEquals(20, kmac.doFinal(new byte[5]).length);
    }

    @Test
    void switchOffEndsInNoSuchAlgorithm() throws Exception {
        Beyond.require("Mac", "AESCMAC");
        Counters.Row before = Counters.of("Mac.AESCMAC");
        Mac.getInstance("AESCMAC", Providers.ACCEL).init(new SecretKeySpec(new byte[16], "AES"));
        assertEquals(1, Counters.of("Mac.AESCMAC").nativeObjects() - before.nativeObjects(), "counted natively");
        Settings.set("acceljce.native.cmac", "false");
        // the JDK has no AES-CMAC: with the native path switched off there is nothing to serve it
        assertThrows(NoSuchAlgorithmException.class, () -> Mac.getInstance("AESCMAC", Providers.ACCEL));
    }

    /** On OpenSSL 3.0 (the system run) Argon2 and AES-GCM-SIV are not registered at all. */
    @Test
    void servicesTheLibraryLacksAreAbsent() {
        Providers.requireNative();
        boolean has32 = LibCrypto.atLeast(3, 2);
        for (String[] s :
                List.of(new String[] {"KDF", "Argon2id"}, new String[] {"SecretKeyFactory", "Argon2i"}, new String[] {
                    "Cipher", "AES/GCM-SIV/NoPadding"
                })) {
            assertEquals(has32, Providers.ACCEL.getService(s[0], s[1]) != null, s[0] + "." + s[1]);
            if (!has32) {
                assertThrows(NoSuchAlgorithmException.class, () -> KDF.getInstance("Argon2id", Providers.ACCEL));
            }
        }
        // AES-SIV: OpenSSL 3.0's fails Wycheproof's long-message vectors; offered from 3.5
        assertEquals(LibCrypto.atLeast(3, 5), Providers.ACCEL.getService("Cipher", "AES/SIV/NoPadding") != null);
        // XChaCha20-Poly1305: OpenSSL has none; AccelJCE offers AWS-LC's, where AWS-LC is loaded
        assertEquals(
                dev.acceljce.awslc.AwsLc.isAvailable(),
                Providers.ACCEL.getService("Cipher", "XChaCha20-Poly1305") != null);
        assertTrue(dev.acceljce.openssl.EvpCipher.fetch("XChaCha20-Poly1305").isEmpty());
    }

    /**
     * A Mac cloned before its init, or after an init was refused, is an unkeyed Mac of its own
     * (OpenSSL cannot copy a CMAC context without a key: a fuzzing finding of 2026-11-25); keyed later,
     * it gives the same MAC as the original.
     */
    @ParameterizedTest
    @ValueSource(strings = {"AESCMAC", "KMAC128", "KMAC256"})
    void anUnkeyedMacClones(String algorithm) throws Exception {
        Beyond.require("Mac", algorithm);
        SecretKeySpec key = new SecretKeySpec(filled(16, 7), "AES");
        byte[] message = filled(40, 3);
        Mac original = Mac.getInstance(algorithm, Providers.ACCEL);
        Mac beforeInit = (Mac) original.clone();
        assertThrows(IllegalStateException.class, () -> beforeInit.update(message), "not initialized");
        assertThrows(InvalidKeyException.class, () -> original.init(new SecretKeySpec(new byte[3], "AES")));
        Mac afterRefusal = (Mac) original.clone();
        original.init(key);
        byte[] expected = original.doFinal(message);
        for (Mac m : List.of(beforeInit, afterRefusal)) {
            m.init(key);
            assertArrayEquals(expected, m.doFinal(message));
        }
    }

    @Test
    void xofSqueezesAStream() throws Exception {
        Providers.requireNative();
        try (dev.acceljce.Xof x = dev.acceljce.Xof.getInstance("shake128")) {
            byte[] whole = x.squeeze(64);
            assertEquals(
                    "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26", HEX.formatHex(whole, 0, 32));
            assertThrows(IllegalStateException.class, () -> x.update(new byte[1]), "no input after output");
            x.reset();
            if (LibCrypto.atLeast(3, 3)) {
                byte[] a = x.squeeze(10);
                byte[] b = x.squeeze(54);
                byte[] joined = Arrays.copyOf(a, 64);
                System.arraycopy(b, 0, joined, 10, 54);
                assertArrayEquals(whole, joined);
            }
        }
        assertThrows(NoSuchAlgorithmException.class, () -> dev.acceljce.Xof.getInstance("SHA-256"));
    }
}
