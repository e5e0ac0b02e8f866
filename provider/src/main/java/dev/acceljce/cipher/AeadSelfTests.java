package dev.acceljce.cipher;

import dev.acceljce.control.Engine;
import dev.acceljce.control.EngineSelfTests;
import dev.acceljce.control.Family;
import dev.acceljce.control.KnownAnswers;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The AEAD ciphers' known answers on the libraries other than OpenSSL, through the Cipher SPI
 * objects made for that library: the published ciphertext and tag must come out byte for byte,
 * and decrypt back to the plaintext.
 */
final class AeadSelfTests {
    private AeadSelfTests() {}

    static void register() {
        EngineSelfTests.register(
                Family.CHACHA20,
                Engine.AWSLC,
                "XChaCha20-Poly1305 encrypt and decrypt (Cipher SPI)",
                "draft-irtf-cfrg-xchacha-03 A.3.1",
                AeadSelfTests::xChaCha20Poly1305);
    }

    private static String xChaCha20Poly1305(boolean inject) throws Exception {
        HexFormat hex = HexFormat.of();
        byte[] plaintext = KnownAnswers.RFC8439_PT.getBytes(StandardCharsets.US_ASCII);
        byte[] aad = hex.parseHex(KnownAnswers.RFC8439_AAD);
        byte[] want = hex.parseHex(KnownAnswers.XCHACHA_CT + KnownAnswers.XCHACHA_TAG);
        if (inject) {
            want[0] ^= 1;
        }
        SecretKeySpec key = new SecretKeySpec(hex.parseHex(KnownAnswers.RFC8439_KEY), "ChaCha20");
        IvParameterSpec nonce = new IvParameterSpec(hex.parseHex(KnownAnswers.XCHACHA_NONCE));
        ChaCha20Poly1305Cipher spi = new ChaCha20Poly1305Cipher(ChaCha20Poly1305Cipher.Variant.XCHACHA20_POLY1305);
        spi.engineInit(Cipher.ENCRYPT_MODE, key, nonce, null);
        spi.engineUpdateAAD(aad, 0, aad.length);
        byte[] got = spi.engineDoFinal(plaintext, 0, plaintext.length);
        if (!Arrays.equals(got, want)) {
            return "expected " + hex.formatHex(want) + ", got " + hex.formatHex(got);
        }
        spi.engineInit(Cipher.DECRYPT_MODE, key, nonce, null);
        spi.engineUpdateAAD(aad, 0, aad.length);
        byte[] back = spi.engineDoFinal(got, 0, got.length);
        return Arrays.equals(back, plaintext) ? null : "decryption did not give the plaintext back";
    }
}
