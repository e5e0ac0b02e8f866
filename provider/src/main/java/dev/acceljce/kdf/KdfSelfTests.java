package dev.acceljce.kdf;

import dev.acceljce.control.Engine;
import dev.acceljce.control.EngineSelfTests;
import dev.acceljce.control.Family;
import dev.acceljce.openssl.EvpDigest;
import dev.acceljce.openssl.EvpKdf;
import dev.acceljce.spec.Argon2ParameterSpec;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.SecretKey;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The key derivations' known answers. HKDF-SHA256 on each library, through the KDF SPI object made
 * for that library: RFC 5869's test case 1 as Extract-then-Expand, and as Extract followed by
 * Expand of the PRK, byte for byte. PBKDF2 (the SecretKeyFactory SPI) and Argon2id (the KDF SPI)
 * on OpenSSL, the only library they run on.
 */
final class KdfSelfTests {
    private KdfSelfTests() {}

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
                KdfSelfTests::problem);
        EngineSelfTests.register(
                Family.KDF, Engine.OPENSSL, "PBKDF2WithHmacSHA1", "RFC 6070 test 1", KdfSelfTests::pbkdf2);
        EngineSelfTests.register(
                Family.ARGON2, Engine.OPENSSL, "Argon2id", "RFC 9106 section 5.3", KdfSelfTests::argon2id);
    }

    /** RFC 6070 test 1: PBKDF2-HMAC-SHA1 of "password", salt "salt", one iteration, 20 bytes. */
    private static String pbkdf2(boolean inject) throws Exception {
        if (EvpKdf.fetch("PBKDF2").isEmpty() || EvpDigest.fetch("SHA1").isEmpty()) {
            throw new EngineSelfTests.NotOffered("PBKDF2WithHmacSHA1");
        }
        NativePbkdf2 spi = new NativePbkdf2(new Pbkdf2Variant("HmacSHA1", "SHA1"));
        PBEKeySpec spec = new PBEKeySpec("password".toCharArray(), "salt".getBytes(StandardCharsets.US_ASCII), 1, 160);
        try {
            SecretKey key = spi.engineGenerateSecret(spec); // a PBEKey, which cannot be destroyed
            return EngineSelfTests.knownAnswer(key.getEncoded(), "0c60c80f961f0e71f3a9b524af6012062fe037a6", inject);
        } finally {
            spec.clearPassword();
        }
    }

    /**
     * RFC 9106 section 5.3: Argon2id, password 32 bytes of 01, salt 16 of 02, secret 8 of 03,
     * associated data 12 of 04, 3 passes, 32 KiB, 4 lanes, a 32-byte tag.
     */
    private static String argon2id(boolean inject) throws Exception {
        if (EvpKdf.fetch(Argon2.Variant.ARGON2ID.opensslName).isEmpty()) {
            throw new EngineSelfTests.NotOffered("Argon2id");
        }
        NativeArgon2 spi = new NativeArgon2(null, Argon2.Variant.ARGON2ID);
        Argon2ParameterSpec spec = Argon2ParameterSpec.builder()
                .password(filled(32, 1))
                .salt(filled(16, 2))
                .secret(filled(8, 3))
                .associatedData(filled(12, 4))
                .iterations(3)
                .memoryKiB(32)
                .lanes(4)
                .threads(1)
                .outputLength(32)
                .build();
        try {
            return EngineSelfTests.knownAnswer(
                    spi.engineDeriveData(spec),
                    "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659",
                    inject);
        } finally {
            spec.clear();
        }
    }

    private static byte[] filled(int length, int value) {
        byte[] b = new byte[length];
        Arrays.fill(b, (byte) value);
        return b;
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
