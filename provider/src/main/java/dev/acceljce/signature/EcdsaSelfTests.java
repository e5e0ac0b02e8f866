package dev.acceljce.signature;

import dev.acceljce.control.Engine;
import dev.acceljce.control.EngineSelfTests;
import dev.acceljce.control.Family;
import dev.acceljce.control.KnownAnswers;
import dev.acceljce.keys.EcKeyPairGenerator;
import dev.acceljce.keys.Keys;
import dev.acceljce.openssl.EvpPkey;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.HexFormat;

/**
 * ECDSA P-256's known answer on each library, through {@link EcdsaSignature} made for that library:
 * RFC 6979's published signature verifies (and not for another message), and a signature made
 * with RFC 6979's private key verifies under its published public key. ECDSA signatures are
 * randomised, so a new one cannot be compared byte for byte. And EC key generation on each
 * library: a new P-256 pair signs and verifies (pairwise consistency, as FIPS 140 asks of a
 * generated key).
 */
final class EcdsaSelfTests {
    private EcdsaSelfTests() {}

    /** On OpenSSL, "not tested" (not failed) when the loaded library lacks EC keys. */
    private static void offered(Engine engine) throws EngineSelfTests.NotOffered {
        if (engine == Engine.OPENSSL && !EvpPkey.hasKeyType("EC")) {
            throw new EngineSelfTests.NotOffered("EC");
        }
    }

    static void register() {
        EngineSelfTests.registerOnEach(
                EcdsaSignature.ENGINES,
                Family.EC,
                "ECDSA P-256 SHA-256 verify, and sign then verify (Signature SPI)",
                "RFC 6979 A.2.5 (SHA-256, message \"sample\")",
                EcdsaSelfTests::problem);
        EngineSelfTests.registerOnEach(
                EcdsaSignature.ENGINES,
                Family.EC,
                "EC P-256 key generation, pairwise sign then verify (KeyPairGenerator and Signature SPIs)",
                "pairwise consistency (a new key's signature verifies under its public key, not for another message)",
                EcdsaSelfTests::pairwise);
    }

    /** A key pair generated on {@code engine} signs on it, and the signature verifies under its public key. */
    private static String pairwise(Engine engine, boolean inject) throws Exception {
        offered(engine);
        EcKeyPairGenerator g = new EcKeyPairGenerator(engine);
        g.initialize(new ECGenParameterSpec("secp256r1"), null);
        KeyPair pair = g.generateKeyPair();
        byte[] message = "pairwise".getBytes(StandardCharsets.US_ASCII);
        try {
            EcdsaSignature spi = new EcdsaSignature("SHA256withECDSA", "SHA256", false, engine);
            spi.engineInitSign(pair.getPrivate());
            spi.engineUpdate(message, 0, message.length);
            byte[] sig = spi.engineSign();
            if (inject) {
                sig[sig.length - 1] ^= 1;
            }
            spi.engineInitVerify(pair.getPublic());
            spi.engineUpdate(message, 0, message.length);
            if (!spi.engineVerify(sig)) {
                return "a new key's signature did not verify under its public key";
            }
            spi.engineInitVerify(pair.getPublic());
            spi.engineUpdate(message, 0, message.length - 1);
            return spi.engineVerify(sig) ? "a new key's signature verified for another message" : null;
        } finally {
            Keys.release(pair.getPrivate());
        }
    }

    private static String problem(Engine engine, boolean inject) throws Exception {
        offered(engine);
        HexFormat hex = HexFormat.of();
        byte[] message = "sample".getBytes(StandardCharsets.US_ASCII);
        byte[] published = hex.parseHex(KnownAnswers.P256_SIGNATURE_DER);
        if (inject) {
            published[10] ^= 1;
        }
        PublicKey q = Keys.publicFromX509(hex.parseHex(KnownAnswers.P256_SPKI));
        PrivateKey x = Keys.privateFromPkcs8(hex.parseHex(KnownAnswers.P256_PKCS8));
        if (q == null || x == null) {
            return "the loaded OpenSSL does not read a P-256 key";
        }
        try {
            EcdsaSignature spi = new EcdsaSignature("SHA256withECDSA", "SHA256", false, engine);
            return SignatureSelfChecks.publishedThenFresh(spi, q, x, message, published, "the RFC 6979 signature");
        } finally {
            Keys.release(x);
        }
    }
}
