package dev.acceljce.agreement;

import dev.acceljce.control.Engine;
import dev.acceljce.control.EngineSelfTests;
import dev.acceljce.control.Family;
import dev.acceljce.control.KnownAnswers;
import dev.acceljce.keys.KeyKind;
import dev.acceljce.keys.Keys;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * X25519's known answer on each library, through {@link NativeKeyAgreement} made for that
 * library: RFC 7748's shared secret from Alice's private key and Bob's public key.
 */
final class XdhSelfTests {
    private XdhSelfTests() {}

    static void register() {
        for (Engine engine : NativeKeyAgreement.XDH_ENGINES) {
            EngineSelfTests.register(
                    Family.XDH,
                    engine,
                    "X25519 agreement (KeyAgreement SPI)",
                    "RFC 7748 6.1",
                    inject -> problem(engine, inject));
        }
    }

    private static String problem(Engine engine, boolean inject) throws Exception {
        HexFormat hex = HexFormat.of();
        byte[] want = hex.parseHex(KnownAnswers.X25519_SHARED);
        if (inject) {
            want[0] ^= 1;
        }
        java.security.PrivateKey alice = Keys.privateFromPkcs8(hex.parseHex(KnownAnswers.X25519_ALICE_PKCS8));
        java.security.PublicKey bob = Keys.publicFromX509(hex.parseHex(KnownAnswers.X25519_BOB_SPKI));
        if (alice == null || bob == null) {
            return "the loaded OpenSSL does not read an X25519 key";
        }
        try {
            NativeKeyAgreement spi = new NativeKeyAgreement("X25519", false, KeyKind.X25519, engine);
            spi.engineInit(alice, null);
            spi.engineDoPhase(bob, true);
            if (spi.engineInUse() != engine) {
                return "ran on " + spi.engineInUse().property() + ", not " + engine.property();
            }
            byte[] got = spi.engineGenerateSecret();
            return Arrays.equals(got, want) ? null : "expected " + hex.formatHex(want) + ", got " + hex.formatHex(got);
        } finally {
            alice.destroy();
        }
    }
}
