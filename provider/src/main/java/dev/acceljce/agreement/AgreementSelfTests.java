package dev.acceljce.agreement;

import dev.acceljce.control.Engine;
import dev.acceljce.control.EngineSelfTests;
import dev.acceljce.control.Family;
import dev.acceljce.control.KnownAnswers;
import dev.acceljce.keys.KeyKind;
import dev.acceljce.keys.Keys;
import dev.acceljce.keys.NamedKeyPairGenerator;
import dev.acceljce.openssl.EvpPkey;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Set;

/**
 * The key agreements' known answers on each library, through {@link NativeKeyAgreement} made for
 * that library: the shared secret of a published private key and peer public key, for X25519
 * (RFC 7748 6.1) and ECDH P-256 (Wycheproof {@code ecdh_secp256r1_test} tcId 1).
 */
final class AgreementSelfTests {
    private AgreementSelfTests() {}

    /** One published agreement: the algorithm as the SPI object is made for it, and the vector. */
    private record Vector(
            Family family,
            Set<Engine> engines,
            String name,
            String source,
            String algorithm,
            boolean ecdh,
            KeyKind locked,
            String privatePkcs8,
            String peerSpki,
            String shared) {}

    private static final Vector[] VECTORS = {
        new Vector(
                Family.XDH,
                NativeKeyAgreement.XDH_ENGINES,
                "X25519 agreement (KeyAgreement SPI)",
                "RFC 7748 6.1",
                "X25519",
                false,
                KeyKind.X25519,
                KnownAnswers.X25519_ALICE_PKCS8,
                KnownAnswers.X25519_BOB_SPKI,
                KnownAnswers.X25519_SHARED),
        new Vector(
                Family.EC,
                NativeKeyAgreement.ECDH_ENGINES,
                "ECDH P-256 agreement (KeyAgreement SPI)",
                "Wycheproof ecdh_secp256r1_test tcId 1",
                "ECDH",
                true,
                null,
                KnownAnswers.ECDH_P256_PKCS8,
                KnownAnswers.ECDH_P256_PEER_SPKI,
                KnownAnswers.ECDH_P256_SHARED)
    };

    /** On OpenSSL, "not tested" (not failed) when the loaded library lacks the key type. */
    private static void offered(Engine engine, String keyType) throws EngineSelfTests.NotOffered {
        if (engine == Engine.OPENSSL && !EvpPkey.hasKeyType(keyType)) {
            throw new EngineSelfTests.NotOffered(keyType);
        }
    }

    static void register() {
        for (Vector v : VECTORS) {
            EngineSelfTests.registerOnEach(
                    v.engines, v.family, v.name, v.source, (engine, inject) -> problem(v, engine, inject));
        }
        EngineSelfTests.registerOnEach(
                NativeKeyAgreement.XDH_ENGINES,
                Family.XDH,
                "X25519 key generation, pairwise agreement (KeyPairGenerator and KeyAgreement SPIs)",
                "pairwise consistency (two new pairs agree on one secret both ways)",
                AgreementSelfTests::pairwise);
    }

    /** Two X25519 pairs generated on {@code engine} reach the same secret from either side, on it. */
    private static String pairwise(Engine engine, boolean inject) throws Exception {
        offered(engine, "X25519");
        NamedKeyPairGenerator g = new NamedKeyPairGenerator("X25519", KeyKind.X25519, engine);
        KeyPair a = g.generateKeyPair();
        KeyPair b = g.generateKeyPair();
        try {
            byte[] ab = agree(engine, a.getPrivate(), b.getPublic());
            byte[] ba = agree(engine, b.getPrivate(), a.getPublic());
            if (inject) {
                ab[0] ^= 1;
            }
            return Arrays.equals(ab, ba) ? null : "two new pairs agreed on different secrets";
        } finally {
            Keys.release(a.getPrivate());
            Keys.release(b.getPrivate());
        }
    }

    private static byte[] agree(Engine engine, PrivateKey mine, PublicKey peer) throws Exception {
        NativeKeyAgreement spi = new NativeKeyAgreement("X25519", false, KeyKind.X25519, engine);
        spi.engineInit(mine, null);
        spi.engineDoPhase(peer, true);
        return spi.engineGenerateSecret();
    }

    private static String problem(Vector v, Engine engine, boolean inject) throws Exception {
        offered(engine, v.ecdh ? "EC" : "X25519");
        HexFormat hex = HexFormat.of();
        byte[] want = hex.parseHex(v.shared);
        if (inject) {
            want[0] ^= 1;
        }
        PrivateKey mine = Keys.privateFromPkcs8(hex.parseHex(v.privatePkcs8));
        PublicKey peer = Keys.publicFromX509(hex.parseHex(v.peerSpki));
        if (mine == null || peer == null) {
            return "the loaded OpenSSL does not read the " + v.algorithm + " keys";
        }
        try {
            NativeKeyAgreement spi = new NativeKeyAgreement(v.algorithm, v.ecdh, v.locked, engine);
            spi.engineInit(mine, null);
            spi.engineDoPhase(peer, true);
            if (spi.engineInUse() != engine) {
                return "ran on " + spi.engineInUse().property() + ", not " + engine.property();
            }
            byte[] got = spi.engineGenerateSecret();
            return Arrays.equals(got, want) ? null : "expected " + hex.formatHex(want) + ", got " + hex.formatHex(got);
        } finally {
            Keys.release(mine);
        }
    }
}
