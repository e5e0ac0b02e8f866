package dev.acceljce.cipher;

import dev.acceljce.control.Engine;
import dev.acceljce.control.EngineSelfTests;
import dev.acceljce.control.Family;
import dev.acceljce.control.KnownAnswers;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The AEAD ciphers' known answers on each library, through the Cipher SPI objects made for that
 * library (one {@code doFinal} per message, as the JCA calls them): the published ciphertext and
 * tag must come out byte for byte, and decrypt back to the plaintext.
 */
final class AeadSelfTests {
    private AeadSelfTests() {}

    private static final HexFormat HEX = HexFormat.of();

    static void register() {
        EngineSelfTests.registerOnEach(
                AeadServices.ENGINES,
                Family.GCM,
                "AES-128-GCM encrypt and decrypt (Cipher SPI)",
                "GCM specification (McGrew, Viega) test case 4",
                AeadSelfTests::gcm);
        EngineSelfTests.registerOnEach(
                AeadServices.ENGINES,
                Family.CHACHA20,
                "ChaCha20-Poly1305 encrypt and decrypt (Cipher SPI)",
                "RFC 8439 section 2.8.2",
                (engine, inject) -> chacha(
                        ChaCha20Poly1305Cipher.Variant.CHACHA20_POLY1305,
                        engine,
                        KnownAnswers.RFC8439_NONCE,
                        KnownAnswers.RFC8439_CT + KnownAnswers.RFC8439_TAG,
                        inject));
        EngineSelfTests.register(
                Family.CHACHA20,
                Engine.AWSLC,
                "XChaCha20-Poly1305 encrypt and decrypt (Cipher SPI)",
                "draft-irtf-cfrg-xchacha-03 A.3.1",
                inject -> chacha(
                        ChaCha20Poly1305Cipher.Variant.XCHACHA20_POLY1305,
                        Engine.AWSLC,
                        KnownAnswers.XCHACHA_NONCE,
                        KnownAnswers.XCHACHA_CT + KnownAnswers.XCHACHA_TAG,
                        inject));
    }

    private static String gcm(Engine engine, boolean inject) throws Exception {
        AesGcmCipher spi = new AesGcmCipher(16, engine, Long.MAX_VALUE);
        SecretKeySpec key = new SecretKeySpec(HEX.parseHex(KnownAnswers.GCM4_KEY), "AES");
        GCMParameterSpec iv = new GCMParameterSpec(128, HEX.parseHex(KnownAnswers.GCM4_IV));
        return problem(
                spi,
                mode -> spi.engineInit(mode, key, iv, null),
                KnownAnswers.GCM4_AAD,
                HEX.parseHex(KnownAnswers.GCM4_PT),
                KnownAnswers.GCM4_CT + KnownAnswers.GCM4_TAG,
                inject);
    }

    private static String chacha(
            ChaCha20Poly1305Cipher.Variant variant, Engine engine, String nonceHex, String sealedHex, boolean inject)
            throws Exception {
        ChaCha20Poly1305Cipher spi = new ChaCha20Poly1305Cipher(variant, engine, Long.MAX_VALUE);
        SecretKeySpec key = new SecretKeySpec(HEX.parseHex(KnownAnswers.RFC8439_KEY), "ChaCha20");
        IvParameterSpec nonce = new IvParameterSpec(HEX.parseHex(nonceHex));
        return problem(
                spi,
                mode -> spi.engineInit(mode, key, nonce, null),
                KnownAnswers.RFC8439_AAD,
                KnownAnswers.RFC8439_PT.getBytes(StandardCharsets.US_ASCII),
                sealedHex,
                inject);
    }

    /** {@code engineInit} of the concrete SPI class with the test's key and IV, for a mode. */
    @FunctionalInterface
    private interface Init {
        void init(int mode) throws Exception;
    }

    /** Seals {@code plaintext} through {@code spi}, compares with {@code sealedHex}, opens it again. */
    private static String problem(
            AeadCipherBase spi, Init init, String aadHex, byte[] plaintext, String sealedHex, boolean inject)
            throws Exception {
        byte[] aad = HEX.parseHex(aadHex);
        byte[] want = HEX.parseHex(sealedHex);
        if (inject) {
            want[0] ^= 1;
        }
        init.init(Cipher.ENCRYPT_MODE);
        spi.engineUpdateAAD(aad, 0, aad.length);
        byte[] got = spi.engineDoFinal(plaintext, 0, plaintext.length);
        if (!Arrays.equals(got, want)) {
            return "expected " + HEX.formatHex(want) + ", got " + HEX.formatHex(got);
        }
        init.init(Cipher.DECRYPT_MODE);
        spi.engineUpdateAAD(aad, 0, aad.length);
        byte[] back = spi.engineDoFinal(got, 0, got.length);
        return Arrays.equals(back, plaintext) ? null : "decryption did not give the plaintext back";
    }
}
