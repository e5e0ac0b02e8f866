package dev.acceljce.signature;

import dev.acceljce.control.Engine;
import dev.acceljce.control.EngineSelfTests;
import dev.acceljce.control.Family;
import dev.acceljce.control.KnownAnswers;
import dev.acceljce.keys.KeyKind;
import dev.acceljce.keys.Keys;
import dev.acceljce.keys.NamedKeyPairGenerator;
import dev.acceljce.openssl.EvpPkey;
import java.security.KeyPair;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * Ed25519's known answer on each library, through {@link EdDsaSignature} made for that library:
 * RFC 8032's signature must come out byte for byte, verify, and a changed signature must not.
 */
final class EdDsaSelfTests {
    private EdDsaSelfTests() {}

    /** On OpenSSL, "not tested" (not failed) when the loaded library lacks Ed25519. */
    private static void offered(Engine engine) throws EngineSelfTests.NotOffered {
        if (engine == Engine.OPENSSL && !EvpPkey.hasKeyType("ED25519")) {
            throw new EngineSelfTests.NotOffered("ED25519");
        }
    }

    static void register() {
        EngineSelfTests.registerOnEach(
                EdDsaSignature.ENGINES,
                Family.EDDSA,
                "Ed25519 sign and verify (Signature SPI)",
                "RFC 8032 7.1 test 1",
                EdDsaSelfTests::problem);
        EngineSelfTests.registerOnEach(
                EdDsaSignature.ENGINES,
                Family.EDDSA,
                "Ed25519 key generation, pairwise sign then verify (KeyPairGenerator and Signature SPIs)",
                "pairwise consistency (a new key's signature verifies under its public key)",
                EdDsaSelfTests::pairwise);
    }

    /** An Ed25519 pair generated on {@code engine} signs on it, and the signature verifies under its public key. */
    private static String pairwise(Engine engine, boolean inject) throws Exception {
        offered(engine);
        KeyPair pair = new NamedKeyPairGenerator("Ed25519", KeyKind.ED25519, engine).generateKeyPair();
        byte[] message = "pairwise".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        try {
            EdDsaSignature spi = new EdDsaSignature("Ed25519", KeyKind.ED25519, engine);
            spi.engineInitSign(pair.getPrivate());
            spi.engineUpdate(message, 0, message.length);
            byte[] sig = spi.engineSign();
            if (inject) {
                sig[0] ^= 1;
            }
            spi.engineInitVerify(pair.getPublic());
            spi.engineUpdate(message, 0, message.length);
            return spi.engineVerify(sig) ? null : "a new key's signature did not verify under its public key";
        } finally {
            Keys.release(pair.getPrivate());
        }
    }

    private static String problem(Engine engine, boolean inject) throws Exception {
        offered(engine);
        HexFormat hex = HexFormat.of();
        byte[] want = hex.parseHex(KnownAnswers.ED25519_SIGNATURE);
        if (inject) {
            want[0] ^= 1;
        }
        java.security.PrivateKey privateKey = Keys.privateFromPkcs8(hex.parseHex(KnownAnswers.ED25519_PKCS8));
        java.security.PublicKey publicKey = Keys.publicFromX509(hex.parseHex(KnownAnswers.ED25519_SPKI));
        if (privateKey == null || publicKey == null) {
            return "the loaded OpenSSL does not read an Ed25519 key";
        }
        try {
            EdDsaSignature spi = new EdDsaSignature("Ed25519", KeyKind.ED25519, engine);
            spi.engineInitSign(privateKey);
            if (spi.engineInUse() != engine) {
                return "ran on " + spi.engineInUse().property() + ", not " + engine.property();
            }
            byte[] got = spi.engineSign();
            if (!Arrays.equals(got, want)) {
                return "expected " + hex.formatHex(want) + ", got " + hex.formatHex(got);
            }
            spi.engineInitVerify(publicKey);
            if (!spi.engineVerify(got)) {
                return "the known signature did not verify";
            }
            got[10] ^= 1;
            spi.engineInitVerify(publicKey);
            return spi.engineVerify(got) ? "a changed signature verified" : null;
        } finally {
            Keys.release(privateKey);
        }
    }
}
