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
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.HexFormat;

/**
 * RSASSA-PKCS1-v1_5 with SHA-256's known answers on each library RSA signatures run on, through
 * {@link RsaPkcs1Signature} made for that library, as the JCA calls it: Wycheproof's signature
 * must come out byte for byte (the scheme is deterministic), verify under the published public
 * key, and not verify with one bit flipped. And RSASSA-PSS through {@link RsaPssSignature}: a
 * signature with the published key verifies, and not for another message (PSS is randomised, so
 * there is no byte-for-byte answer). The vectors are in {@link KnownAnswers}.
 */
final class RsaSignatureSelfTests {
    private RsaSignatureSelfTests() {}

    private static final HexFormat HEX = HexFormat.of();
    private static final String SOURCE = "Wycheproof rsa_pkcs1_2048_sig_gen_test SHA-256 group, tcId 85";

    static void register() {
        EngineSelfTests.registerOnEach(
                RsaPkcs1Signature.ENGINES,
                Family.RSA,
                "RSASSA-PKCS1-v1_5 SHA-256 signature",
                SOURCE,
                RsaSignatureSelfTests::sign);
        EngineSelfTests.registerOnEach(
                RsaPkcs1Signature.ENGINES,
                Family.RSA,
                "RSASSA-PKCS1-v1_5 SHA-256 verification",
                SOURCE,
                RsaSignatureSelfTests::verify);
        EngineSelfTests.registerOnEach(
                RsaPssSignature.ENGINES,
                Family.RSA,
                "RSASSA-PSS SHA-256 sign then verify",
                "the key of " + SOURCE + "; pairwise (a signature verifies, not for another message)",
                RsaSignatureSelfTests::pss);
    }

    private static String sign(Engine engine, boolean inject) throws Exception {
        PrivateKey key = privateKey();
        try {
            RsaPkcs1Signature spi = new RsaPkcs1Signature("SHA256withRSA", "SHA256", engine);
            spi.engineInitSign(key);
            String elsewhere = servedElsewhere(spi, engine);
            if (elsewhere != null) {
                return elsewhere;
            }
            byte[] message = message();
            spi.engineUpdate(message, 0, message.length);
            return EngineSelfTests.knownAnswer(spi.engineSign(), KnownAnswers.RSA2048_SHA256_SIGNATURE, inject);
        } finally {
            Keys.release(key);
        }
    }

    /** A PSS signature with the published private key verifies under its public key, and not for another message. */
    private static String pss(Engine engine, boolean inject) throws Exception {
        PrivateKey priv = privateKey();
        try {
            PublicKey pub = Keys.publicFromX509(HEX.parseHex(KnownAnswers.RSA2048_SPKI));
            if (pub == null) {
                return "the loaded OpenSSL does not read the published public key";
            }
            RsaPssSignature spi = new RsaPssSignature(engine);
            spi.engineSetParameter(new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1));
            spi.engineInitSign(priv);
            String elsewhere = servedElsewhere(spi, engine);
            if (elsewhere != null) {
                return elsewhere;
            }
            byte[] message = message();
            spi.engineUpdate(message, 0, message.length);
            byte[] sig = spi.engineSign();
            if (inject) {
                sig[sig.length - 1] ^= 1;
            }
            spi.engineInitVerify(pub);
            spi.engineUpdate(message, 0, message.length);
            if (!spi.engineVerify(sig)) {
                return "a PSS signature did not verify under the key's public half";
            }
            spi.engineInitVerify(pub);
            spi.engineUpdate(message, 0, message.length - 1);
            return spi.engineVerify(sig) ? "a PSS signature verified for another message" : null;
        } finally {
            Keys.release(priv);
        }
    }

    /** Null when {@code engine} serves the object's key, else what served it instead. */
    private static String servedElsewhere(PkeySignature spi, Engine engine) {
        if (!spi.servedNatively()) {
            return "handed to the JDK, not run on " + engine.property();
        }
        return spi.engineInUse() == engine
                ? null
                : "run on " + spi.engineInUse().property() + ", not " + engine.property();
    }

    /** The published signature verifies with the published public key; with one bit flipped it does not. */
    private static String verify(Engine engine, boolean inject) throws Exception {
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
        RsaPkcs1Signature spi = new RsaPkcs1Signature("SHA256withRSA", "SHA256", engine);
        spi.engineInitVerify(key);
        String elsewhere = servedElsewhere(spi, engine);
        if (elsewhere != null) {
            return elsewhere;
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
