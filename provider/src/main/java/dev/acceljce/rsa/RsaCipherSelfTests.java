package dev.acceljce.rsa;

import dev.acceljce.control.Engine;
import dev.acceljce.control.EngineSelfTests;
import dev.acceljce.control.Family;
import dev.acceljce.control.KnownAnswers;
import dev.acceljce.keys.Keys;
import dev.acceljce.openssl.EvpDigest;
import dev.acceljce.openssl.EvpPkey;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.spec.MGF1ParameterSpec;
import java.util.HexFormat;
import javax.crypto.Cipher;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;

/**
 * RSA-OAEP's known answer (OpenSSL, the only library RSA runs on), through {@link RsaCipher} as
 * the JCA calls it ("RSA/ECB/OAEPPadding" with an OAEPParameterSpec, decrypt mode): Wycheproof's
 * ciphertext must decrypt to its message. The vectors are in {@link KnownAnswers}.
 */
final class RsaCipherSelfTests {
    private RsaCipherSelfTests() {}

    static void register() {
        EngineSelfTests.register(
                Family.RSA,
                Engine.OPENSSL,
                "RSA-OAEP SHA-256 decryption",
                "Wycheproof rsa_oaep_2048_sha256_mgf1sha256_test tcId 5",
                RsaCipherSelfTests::problem);
    }

    /**
     * SHA-256 and MGF1-SHA-256, empty label: given as parameters, since the padding name
     * "OAEPWithSHA-256AndMGF1Padding" means MGF1 with SHA-1 to SunJCE (and so here).
     */
    private static String problem(boolean inject) throws Exception {
        if (!EvpPkey.hasKeyType("RSA") || EvpDigest.fetch("SHA256").isEmpty()) {
            throw new EngineSelfTests.NotOffered("RSA-OAEP SHA-256 decryption");
        }
        HexFormat hex = HexFormat.of();
        PrivateKey key = Keys.privateFromPkcs8(hex.parseHex(KnownAnswers.RSA2048_PKCS8));
        if (key == null) {
            return "the loaded OpenSSL does not read the published private key";
        }
        try {
            RsaCipher spi = new RsaCipher();
            spi.engineSetMode("ECB");
            spi.engineSetPadding("OAEPPadding");
            spi.engineInit(
                    Cipher.DECRYPT_MODE,
                    key,
                    new OAEPParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, PSource.PSpecified.DEFAULT),
                    null);
            if (!spi.servedNatively()) {
                return "handed to the JDK, not run on OpenSSL";
            }
            byte[] ciphertext = hex.parseHex(KnownAnswers.RSA2048_OAEP_CIPHERTEXT);
            byte[] got = spi.engineDoFinal(ciphertext, 0, ciphertext.length);
            return EngineSelfTests.knownAnswer(
                    got, hex.formatHex("Message".getBytes(StandardCharsets.US_ASCII)), inject);
        } finally {
            Keys.release(key);
        }
    }
}
