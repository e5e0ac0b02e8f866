package dev.acceljce.keys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.testing.EngineChoice;
import dev.acceljce.testing.KeysDestroyOn;
import dev.acceljce.testing.Providers;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.EdECPrivateKey;
import java.security.interfaces.EdECPublicKey;
import java.security.interfaces.XECPrivateKey;
import java.security.interfaces.XECPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import javax.crypto.KeyAgreement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Ed25519 and X25519 keys belong to no library: a pair generated on either one (AWS-LC keeps only
 * raw bytes, OpenSSL an EVP_PKEY) signs or agrees on either one, gives SunEC's answers, and its
 * encodings and components are SunEC's view of the same key. A destroyed key is refused.
 */
@ExtendWith(KeysDestroyOn.class) // what destroying a key does: the opt-in
class Curve25519KeysAcrossEnginesTest {
    private static final Family[] FAMILIES = {Family.EDDSA, Family.XDH};

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    @AfterEach
    void defaultEngines() {
        for (Family f : FAMILIES) {
            EngineChoice.reset(f);
        }
    }

    private static void use(Family family, Engine engine) {
        EngineChoice.use(family, engine, NamedKeyPairGenerator.ENGINES);
    }

    @Test
    void ed25519() throws Exception {
        KeyFactory sunKeys = KeyFactory.getInstance("Ed25519", "SunEC");
        byte[] message = "across engines".getBytes();
        for (Engine made : Engine.values()) {
            for (Engine used : Engine.values()) {
                String where = "made on " + made + ", used on " + used;
                use(Family.EDDSA, made);
                KeyPair kp =
                        KeyPairGenerator.getInstance("Ed25519", Providers.ACCEL).generateKeyPair();
                use(Family.EDDSA, used);
                Signature ours = Signature.getInstance("Ed25519", Providers.ACCEL);
                ours.initSign(kp.getPrivate());
                ours.update(message);
                byte[] sig = ours.sign();

                EdECPrivateKey sunPrivate = (EdECPrivateKey) sunKeys.generatePrivate(
                        new PKCS8EncodedKeySpec(kp.getPrivate().getEncoded()));
                EdECPublicKey sunPublic = (EdECPublicKey) sunKeys.generatePublic(
                        new X509EncodedKeySpec(kp.getPublic().getEncoded()));
                assertArrayEquals(
                        sunPrivate.getBytes().orElseThrow(),
                        ((EdECPrivateKey) kp.getPrivate()).getBytes().orElseThrow(),
                        where);
                assertEquals(
                        sunPublic.getPoint().getY(),
                        ((EdECPublicKey) kp.getPublic()).getPoint().getY(),
                        where);
                Signature sun = Signature.getInstance("Ed25519", "SunEC");
                sun.initSign(sunPrivate);
                sun.update(message);
                assertArrayEquals(sun.sign(), sig, where + ": Ed25519 is deterministic");
                Signature verify = Signature.getInstance("Ed25519", Providers.ACCEL);
                verify.initVerify(kp.getPublic());
                verify.update(message);
                assertTrue(verify.verify(sig), where);

                kp.getPrivate().destroy();
                assertThrows(InvalidKeyException.class, () -> ours.initSign(kp.getPrivate()), where);
            }
        }
    }

    @Test
    void x25519() throws Exception {
        KeyFactory sunKeys = KeyFactory.getInstance("X25519", "SunEC");
        KeyPair peer = KeyPairGenerator.getInstance("X25519", "SunEC").generateKeyPair();
        for (Engine made : Engine.values()) {
            for (Engine used : Engine.values()) {
                String where = "made on " + made + ", used on " + used;
                use(Family.XDH, made);
                KeyPair kp =
                        KeyPairGenerator.getInstance("X25519", Providers.ACCEL).generateKeyPair();
                use(Family.XDH, used);
                KeyAgreement ours = KeyAgreement.getInstance("X25519", Providers.ACCEL);
                ours.init(kp.getPrivate());
                ours.doPhase(peer.getPublic(), true);
                byte[] secret = ours.generateSecret();

                XECPrivateKey sunPrivate = (XECPrivateKey) sunKeys.generatePrivate(
                        new PKCS8EncodedKeySpec(kp.getPrivate().getEncoded()));
                XECPublicKey sunPublic = (XECPublicKey) sunKeys.generatePublic(
                        new X509EncodedKeySpec(kp.getPublic().getEncoded()));
                assertArrayEquals(
                        sunPrivate.getScalar().orElseThrow(),
                        ((XECPrivateKey) kp.getPrivate()).getScalar().orElseThrow(),
                        where);
                assertEquals(sunPublic.getU(), ((XECPublicKey) kp.getPublic()).getU(), where);
                KeyAgreement sun = KeyAgreement.getInstance("X25519", "SunEC");
                sun.init(peer.getPrivate());
                sun.doPhase(kp.getPublic(), true);
                assertArrayEquals(sun.generateSecret(), secret, where + ": the public key is the private key's");

                kp.getPrivate().destroy();
                assertThrows(InvalidKeyException.class, () -> ours.init(kp.getPrivate()), where);
            }
        }
    }
}
