package dev.acceljce.agreement;

import dev.acceljce.control.Engine;
import dev.acceljce.control.EngineSelfTests;
import dev.acceljce.control.Family;
import dev.acceljce.control.KnownAnswers;
import dev.acceljce.keys.Keys;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * ECDH P-256's known answer on each library, through {@link NativeKeyAgreement} made for that
 * library: the shared secret of a published private key and peer point.
 */
final class EcdhSelfTests {
    private EcdhSelfTests() {}

    static void register() {
        for (Engine engine : NativeKeyAgreement.ECDH_ENGINES) {
            EngineSelfTests.register(
                    Family.EC,
                    engine,
                    "ECDH P-256 agreement (KeyAgreement SPI)",
                    "Wycheproof ecdh_secp256r1_test tcId 1",
                    inject -> problem(engine, inject));
        }
    }

    private static String problem(Engine engine, boolean inject) throws Exception {
        HexFormat hex = HexFormat.of();
        byte[] want = hex.parseHex(KnownAnswers.ECDH_P256_SHARED);
        if (inject) {
            want[0] ^= 1;
        }
        PrivateKey mine = Keys.privateFromPkcs8(hex.parseHex(KnownAnswers.ECDH_P256_PKCS8));
        PublicKey peer = Keys.publicFromX509(hex.parseHex(KnownAnswers.ECDH_P256_PEER_SPKI));
        if (mine == null || peer == null) {
            return "the loaded OpenSSL does not read a P-256 key";
        }
        try {
            NativeKeyAgreement spi = new NativeKeyAgreement("ECDH", true, null, engine);
            spi.engineInit(mine, null);
            spi.engineDoPhase(peer, true);
            if (spi.engineInUse() != engine) {
                return "ran on " + spi.engineInUse().property() + ", not " + engine.property();
            }
            byte[] got = spi.engineGenerateSecret();
            return Arrays.equals(got, want) ? null : "expected " + hex.formatHex(want) + ", got " + hex.formatHex(got);
        } finally {
            mine.destroy();
        }
    }
}
