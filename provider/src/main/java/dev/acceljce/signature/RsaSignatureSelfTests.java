package dev.acceljce.signature;

import dev.acceljce.control.Engine;
import dev.acceljce.control.EngineSelfTests;
import dev.acceljce.control.Family;
import dev.acceljce.control.KnownAnswers;
import dev.acceljce.keys.Keys;
import dev.acceljce.openssl.EvpPkey;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.HexFormat;

/**
 * RSASSA-PKCS1-v1_5 with SHA-256's known answers (OpenSSL, the only library RSA runs on), through
 * {@link RsaPkcs1Signature} as the JCA calls it: Wycheproof's signature must come out byte for byte
 * (the scheme is deterministic), verify under the published public key, and not verify with one
 * bit flipped. The vectors are in {@link KnownAnswers}.
 */
final class RsaSignatureSelfTests {
    private RsaSignatureSelfTests() {}

    private static final HexFormat HEX = HexFormat.of();
    private static final String SOURCE = "Wycheproof rsa_pkcs1_2048_sig_gen_test SHA-256 group, tcId 85";

    static void register() {
        EngineSelfTests.register(
                Family.RSA, Engine.OPENSSL, "RSASSA-PKCS1-v1_5 SHA-256 signature", SOURCE, RsaSignatureSelfTests::sign);
        EngineSelfTests.register(
                Family.RSA,
                Engine.OPENSSL,
                "RSASSA-PKCS1-v1_5 SHA-256 verification",
                SOURCE,
                RsaSignatureSelfTests::verify);
    }

    private static String sign(boolean inject) throws Exception {
        PrivateKey key = privateKey();
        try {
            RsaPkcs1Signature spi = new RsaPkcs1Signature("SHA256withRSA", "SHA256");
            spi.engineInitSign(key);
            if (!spi.servedNatively()) {
                return "handed to the JDK, not run on OpenSSL";
            }
            byte[] message = message();
            spi.engineUpdate(message, 0, message.length);
            return EngineSelfTests.knownAnswer(spi.engineSign(), KnownAnswers.RSA2048_SHA256_SIGNATURE, inject);
        } finally {
            key.destroy();
        }
    }

    /** The published signature verifies with the published public key; with one bit flipped it does not. */
    private static String verify(boolean inject) throws Exception {
        byte[] signature = HEX.parseHex(KnownAnswers.RSA2048_SHA256_SIGNATURE);
        if (inject) {
            signature[100] ^= 1;
        }
        if (!EvpPkey.hasKeyType("RSA")) {
            throw new EngineSelfTests.NotOffered("RSA");
        }
        PublicKey key = Keys.publicFromX509(HEX.parseHex(KnownAnswers.RSA2048_SPKI));
        if (key == null) {
            return "the loaded OpenSSL does not read the published public key";
        }
        byte[] message = message();
        RsaPkcs1Signature spi = new RsaPkcs1Signature("SHA256withRSA", "SHA256");
        spi.engineInitVerify(key);
        if (!spi.servedNatively()) {
            return "handed to the JDK, not run on OpenSSL";
        }
        spi.engineUpdate(message, 0, message.length);
        if (!spi.engineVerify(signature)) {
            return "the published signature did not verify";
        }
        byte[] flipped = signature.clone();
        flipped[flipped.length - 1] ^= 1;
        spi.engineInitVerify(key);
        spi.engineUpdate(message, 0, message.length);
        return spi.engineVerify(flipped) ? "a signature with one bit flipped verified" : null;
    }

    /** Wycheproof's private key (PKCS#8, with CRT components); "not offered" without RSA. */
    private static PrivateKey privateKey() throws EngineSelfTests.NotOffered {
        if (!EvpPkey.hasKeyType("RSA")) {
            throw new EngineSelfTests.NotOffered("RSA");
        }
        PrivateKey key = Keys.privateFromPkcs8(HEX.parseHex(KnownAnswers.RSA2048_PKCS8));
        if (key == null) {
            throw new IllegalStateException("the loaded OpenSSL does not read the published private key");
        }
        return key;
    }

    private static byte[] message() {
        return "Message".getBytes(StandardCharsets.US_ASCII);
    }
}
