package dev.acceljce.kdf;

import dev.acceljce.control.Engine;
import dev.acceljce.control.EngineSelfTests;
import dev.acceljce.control.Family;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * HKDF-SHA256's known answers on each library, through the KDF SPI object made for that library:
 * RFC 5869's test case 1 as Extract-then-Expand, and as Extract followed by Expand of the PRK,
 * byte for byte.
 */
final class HkdfSelfTests {
    private HkdfSelfTests() {}

    private static final HexFormat HEX = HexFormat.of();
    private static final String IKM = "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b";
    private static final String SALT = "000102030405060708090a0b0c";
    private static final String INFO = "f0f1f2f3f4f5f6f7f8f9";
    private static final String PRK = "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5";
    private static final String OKM =
            "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865";

    static void register() {
        EngineSelfTests.registerOnEach(
                NativeHkdf.ENGINES,
                Family.KDF,
                "HKDF-SHA256 extract-then-expand, extract, expand (KDF SPI)",
                "RFC 5869 A.1",
                HkdfSelfTests::problem);
    }

    private static String problem(Engine engine, boolean inject) throws Exception {
        NativeHkdf spi = new NativeHkdf(null, new HkdfVariant("HKDF-SHA256", "HmacSHA256", "SHA256", 32), engine);
        byte[] ikm = HEX.parseHex(IKM);
        if (inject) {
            ikm[0] ^= 1;
        }
        byte[] salt = HEX.parseHex(SALT);
        byte[] info = HEX.parseHex(INFO);
        byte[] okm = spi.engineDeriveData(
                HKDFParameterSpec.ofExtract().addIKM(ikm).addSalt(salt).thenExpand(info, 42));
        if (!Arrays.equals(okm, HEX.parseHex(OKM))) {
            return "extract-then-expand gave " + HEX.formatHex(okm);
        }
        byte[] prk = spi.engineDeriveData(
                HKDFParameterSpec.ofExtract().addIKM(ikm).addSalt(salt).extractOnly());
        if (!Arrays.equals(prk, HEX.parseHex(PRK))) {
            return "extract gave " + HEX.formatHex(prk);
        }
        okm = spi.engineDeriveData(HKDFParameterSpec.expandOnly(new SecretKeySpec(prk, "HKDF-PRK"), info, 42));
        return Arrays.equals(okm, HEX.parseHex(OKM)) ? null : "expand gave " + HEX.formatHex(okm);
    }
}
