package dev.acceljce.cipher;

import dev.acceljce.control.Engine;
import dev.acceljce.control.EngineSelfTests;
import dev.acceljce.control.Family;
import dev.acceljce.openssl.EvpCipher;
import java.security.spec.AlgorithmParameterSpec;
import java.util.HexFormat;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The AES modes' known answers (OpenSSL, the only library these run on), through the Cipher SPI
 * objects the services make, called as the JCA calls them: init to encrypt with the key and
 * parameters, the associated data if any, then one {@code doFinal} with the message. The block
 * and stream modes (FIPS 197, SP 800-38A), and the modes the JDK lacks: CCM, XTS, SIV and
 * GCM-SIV (each answer also checked against Bouncy Castle). AES-GCM's are in {@link AeadSelfTests}.
 */
final class AesSelfTests {
    private AesSelfTests() {}

    private static final HexFormat HEX = HexFormat.of();

    static void register() {
        // FIPS 197 appendix C.1 (AES-128) and C.3 (AES-256), one block
        test(
                Family.AES,
                "AES-128 block",
                "FIPS 197 appendix C.1",
                "AES-128-ECB",
                () -> new AesCipher(0, NativeAesEngine.Mode.ECB, false),
                "000102030405060708090a0b0c0d0e0f",
                null,
                null,
                "00112233445566778899aabbccddeeff",
                "69c4e0d86a7b0430d8cdb78070b4c55a");
        test(
                Family.AES,
                "AES-256 block",
                "FIPS 197 appendix C.3",
                "AES-256-ECB",
                () -> new AesCipher(0, NativeAesEngine.Mode.ECB, false),
                "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
                null,
                null,
                "00112233445566778899aabbccddeeff",
                "8ea2b7ca516745bfeafc49904b496089");
        // SP 800-38A appendix F.2.1 (CBC-AES128.Encrypt), first two blocks
        test(
                Family.AES,
                "AES-128-CBC",
                "SP 800-38A F.2.1",
                "AES-128-CBC",
                () -> new AesCipher(0, NativeAesEngine.Mode.CBC, false),
                "2b7e151628aed2a6abf7158809cf4f3c",
                new IvParameterSpec(HEX.parseHex("000102030405060708090a0b0c0d0e0f")),
                null,
                "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51",
                "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2");
        // the services beyond the JDK (docs/beyond-jdk.md); each answer also checked against Bouncy Castle
        test(
                Family.CCM,
                "AES-128-CCM encrypt",
                "NIST SP 800-38C appendix C.1 (example 1)",
                "AES-128-CCM",
                AesCcmCipher::new,
                "404142434445464748494a4b4c4d4e4f",
                new GCMParameterSpec(32, HEX.parseHex("10111213141516")),
                "0001020304050607",
                "20212223",
                "7162015b4dac255d");
        test(
                Family.XTS,
                "AES-128-XTS encrypt",
                "Wycheproof aes_xts_test tcId 1 (tweak zero-extended)",
                "AES-128-XTS",
                AesXtsCipher::new,
                "6e9841dd6f35b53c48084f9558deabdebe8a712fd6343046a0f92bfdcfe16e07",
                new IvParameterSpec(HEX.parseHex("6e08e4314925b6cf0000000000000000")),
                null,
                "7252a0545fcaa07fc468c636203de219",
                "d107e084fbaed19c5be05ac4f48b7732");
        // without parameters, one updateAAD call is one S2V component; the output is V || C
        test(
                Family.SIV,
                "AES-128-SIV encrypt",
                "RFC 5297 appendix A.1 (V || C)",
                "AES-128-SIV",
                AesSivCipher::new,
                "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
                null,
                "101112131415161718191a1b1c1d1e1f2021222324252627",
                "112233445566778899aabbccddee",
                "85632d07c6e8f37f950acd320a2ecc9340c02b9690c4dc04daef7f6afe5c");
        // the empty message without AAD: the output is the tag alone
        test(
                Family.SIV,
                "AES-128-GCM-SIV encrypt",
                "RFC 8452 appendix C.1, first vector (empty message)",
                "AES-128-GCM-SIV",
                AesGcmSivCipher::new,
                "01000000000000000000000000000000",
                new GCMParameterSpec(128, HEX.parseHex("030000000000000000000000")),
                null,
                "",
                "dc20e2d83f25705bb49e439eca56de25");
    }

    /** Makes the SPI object under test. */
    @FunctionalInterface
    private interface Maker {
        CipherSpi make() throws Exception;
    }

    /**
     * Registers the encryption of {@code plaintextHex} under {@code keyHex} and {@code params}, with
     * {@code aadHex} as associated data when not null, by the SPI object {@code maker} makes; "not
     * offered" when the library lacks {@code opensslName}.
     */
    private static void test(
            Family family,
            String name,
            String source,
            String opensslName,
            Maker maker,
            String keyHex,
            AlgorithmParameterSpec params,
            String aadHex,
            String plaintextHex,
            String expectedHex) {
        EngineSelfTests.register(family, Engine.OPENSSL, name, source, inject -> {
            if (EvpCipher.fetch(opensslName).isEmpty()) {
                throw new EngineSelfTests.NotOffered(name);
            }
            SecretKeySpec key = new SecretKeySpec(HEX.parseHex(keyHex), "AES");
            byte[] aad = aadHex == null ? null : HEX.parseHex(aadHex);
            byte[] plaintext = HEX.parseHex(plaintextHex);
            byte[] got = switch (maker.make()) {
                case AesCipher c -> {
                    c.engineInit(Cipher.ENCRYPT_MODE, key, params, null);
                    yield c.engineDoFinal(plaintext, 0, plaintext.length);
                }
                case WholeMessageCipher c -> {
                    c.engineInit(Cipher.ENCRYPT_MODE, key, params, null);
                    if (aad != null) {
                        c.engineUpdateAAD(aad, 0, aad.length);
                    }
                    yield c.engineDoFinal(plaintext, 0, plaintext.length);
                }
                default -> throw new IllegalArgumentException("not an AES cipher of this package");
            };
            return EngineSelfTests.knownAnswer(got, expectedHex, inject);
        });
    }
}
