package dev.acceljce.signature;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.testing.EngineChoice;
import dev.acceljce.testing.KeysDestroyOn;
import dev.acceljce.testing.LiveNatives;
import dev.acceljce.testing.Providers;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import javax.crypto.KeyAgreement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * ECDSA on each engine, chosen with {@code acceljce.engine.ec}: every Wycheproof ECDSA file of
 * P-256, P-384 and P-521 (DER and P1363, strict), signatures of each provider verified by the
 * other with AccelJCE's and SunEC's keys ({@link EcdsaTest}'s checks, run once per engine), raw
 * input, bad arguments, and destroyed keys, on the engine asked for.
 */
@ExtendWith(KeysDestroyOn.class) // what destroying a key does: the opt-in
class EcdsaEnginesTest {
    /** The live-object kind of AWS-LC's EC_KEY: proof that the AWS-LC engine served. */
    private static final String AWSLC_KEY = "EC_KEY (AWS-LC)";

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    @AfterEach
    void defaultEngine() {
        EngineChoice.reset(Family.EC);
    }

    private static void use(Engine engine) {
        EngineChoice.use(Family.EC, engine, EcdsaSignature.ENGINES);
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void wycheproof(Engine engine) throws Exception {
        use(engine);
        EcdsaTest same = new EcdsaTest();
        int files = 0;
        for (String file : EcdsaTest.wycheproofFiles()) {
            same.wycheproof(file);
            files++;
        }
        assertTrue(files >= 16, files + " Wycheproof ECDSA files");
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void crossProviderAndRawInput(Engine engine) throws Exception {
        use(engine);
        EcdsaTest same = new EcdsaTest();
        for (String alg : EcdsaTest.algorithms()) {
            same.crossProvider(alg);
        }
        same.rawEcdsa();
        same.badInput();
        same.sameKeyReusesContext();
        same.destroyedKeyIsRefused();
    }

    /**
     * On AWS-LC, a key's EC_KEY belongs to the key: a pair generated there starts with one per half, a key
     * imported through OpenSSL gets it at the first init and keeps it for every later Signature
     * (as a TLS server makes one per handshake), and destroy() frees it at once.
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void runsOnTheEngineAskedFor(Engine engine) throws Exception {
        use(engine);
        int more = engine == Engine.AWSLC ? 1 : 0;
        for (String curve : EcdsaTest.CURVES) {
            long before = LiveNatives.settle(AWSLC_KEY);
            KeyPair kp = EcdsaTest.generate("ours", curve);
            assertEquals(
                    before + 2 * more,
                    live(),
                    curve + " generated on " + engine + ": the private key's, its public half's");
            byte[] sig = signAndCheck(kp.getPrivate(), kp.getPublic(), curve);
            long held = live();
            kp.getPrivate().destroy();
            assertEquals(held - more, live(), "freed with the key");
            assertThrows(
                    InvalidKeyException.class,
                    () -> Signature.getInstance("SHA256withECDSA", Providers.ACCEL)
                            .initSign(kp.getPrivate()));
            Signature v = Signature.getInstance("SHA256withECDSA", Providers.ACCEL);
            v.initVerify(kp.getPublic());
            v.update(new byte[7]);
            assertTrue(v.verify(sig), "the public key lives on");

            KeyPair sun = EcdsaTest.generate(null, curve);
            PrivateKey imported =
                    (PrivateKey) KeyFactory.getInstance("EC", Providers.ACCEL).translateKey(sun.getPrivate());
            before = LiveNatives.settle(AWSLC_KEY);
            Signature s = Signature.getInstance("SHA256withECDSA", Providers.ACCEL);
            s.initSign(imported);
            assertEquals(before + more, live(), curve + " on " + engine + ": made at the first init");
            Signature again = Signature.getInstance("SHA256withECDSA", Providers.ACCEL);
            again.initSign(imported);
            assertEquals(before + more, live(), "kept on the key: a second object makes none");
            signAndCheck(imported, sun.getPublic(), curve);
            held = live();
            imported.destroy();
            assertEquals(held - more, live(), "freed with the key");
            s.update(new byte[7]);
            assertThrows(SignatureException.class, s::sign);
            assertThrows(InvalidKeyException.class, () -> s.initSign(imported));
        }
    }

    /**
     * A key belongs to no library: a pair generated on either one signs, verifies and agrees on
     * either one, and its encodings are SunEC's view of the same pair (SunEC signs with the private
     * key read from the PKCS#8 encoding, and the generated public key verifies that).
     */
    @Test
    void aKeyGeneratedOnOneLibraryServesTheOther() throws Exception {
        KeyFactory sunKeys = KeyFactory.getInstance("EC", "SunEC");
        for (Engine made : Engine.values()) {
            for (Engine used : Engine.values()) {
                for (String curve : EcdsaTest.CURVES) {
                    String where = curve + " made on " + made + ", used on " + used;
                    use(made);
                    KeyPair kp = EcdsaTest.generate("ours", curve);
                    use(used);
                    signAndCheck(kp.getPrivate(), kp.getPublic(), where);

                    ECPrivateKey sunPrivate = (ECPrivateKey) sunKeys.generatePrivate(
                            new PKCS8EncodedKeySpec(kp.getPrivate().getEncoded()));
                    assertEquals(sunPrivate.getS(), ((ECPrivateKey) kp.getPrivate()).getS(), where);
                    ECPublicKey sunPublic = (ECPublicKey) sunKeys.generatePublic(
                            new X509EncodedKeySpec(kp.getPublic().getEncoded()));
                    assertEquals(sunPublic.getW(), ((ECPublicKey) kp.getPublic()).getW(), where);
                    Signature sun = Signature.getInstance("SHA256withECDSA", "SunEC");
                    sun.initSign(sunPrivate);
                    sun.update(new byte[7]);
                    byte[] sig = sun.sign();
                    Signature ours = Signature.getInstance("SHA256withECDSA", Providers.ACCEL);
                    ours.initVerify(kp.getPublic());
                    ours.update(new byte[7]);
                    assertTrue(ours.verify(sig), where + ": one pair");

                    KeyAgreement mine = KeyAgreement.getInstance("ECDH", Providers.ACCEL);
                    mine.init(kp.getPrivate());
                    mine.doPhase(sunPublic, true);
                    KeyAgreement theirs = KeyAgreement.getInstance("ECDH", "SunEC");
                    theirs.init(sunPrivate);
                    theirs.doPhase(sunPublic, true);
                    assertArrayEquals(theirs.generateSecret(), mine.generateSecret(), where);
                    kp.getPrivate().destroy();
                }
            }
        }
    }

    /**
     * A generated public key is encoded only when asked (on AWS-LC its point stays in an EC_KEY of
     * its own until then): read first after its private half was destroyed, it is still the pair's,
     * and equal to SunEC's key of the same encoding, both ways, hash code included.
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void aPublicKeyReadAfterItsPrivateHalfWasDestroyedIsThePairs(Engine engine) throws Exception {
        use(engine);
        for (String curve : EcdsaTest.CURVES) {
            KeyPair kp = EcdsaTest.generate("ours", curve);
            Signature s = Signature.getInstance("SHA256withECDSA", Providers.ACCEL);
            s.initSign(kp.getPrivate());
            s.update(new byte[7]);
            byte[] sig = s.sign();
            kp.getPrivate().destroy();

            PublicKey sunPublic = KeyFactory.getInstance("EC", "SunEC")
                    .generatePublic(new X509EncodedKeySpec(kp.getPublic().getEncoded()));
            Signature sun = Signature.getInstance("SHA256withECDSA", "SunEC");
            sun.initVerify(sunPublic);
            sun.update(new byte[7]);
            assertTrue(sun.verify(sig), curve + " on " + engine);
            assertEquals(sunPublic, kp.getPublic(), curve);
            assertEquals(kp.getPublic(), sunPublic, curve);
            assertEquals(sunPublic.hashCode(), kp.getPublic().hashCode(), curve);
            assertEquals(((ECPublicKey) sunPublic).getW(), ((ECPublicKey) kp.getPublic()).getW(), curve);
        }
    }

    /** Signs 7 zero bytes with {@code priv} through AccelJCE and verifies them through AccelJCE and SunEC. */
    private static byte[] signAndCheck(PrivateKey priv, PublicKey pub, String curve) throws Exception {
        Signature s = Signature.getInstance("SHA256withECDSA", Providers.ACCEL);
        s.initSign(priv);
        s.update(new byte[7]);
        byte[] sig = s.sign();
        for (Signature v : new Signature[] {
            Signature.getInstance("SHA256withECDSA", Providers.ACCEL), Signature.getInstance("SHA256withECDSA", "SunEC")
        }) {
            v.initVerify(pub);
            v.update(new byte[7]);
            assertTrue(v.verify(sig), curve + " through " + v.getProvider().getName());
            v.update(new byte[8]);
            assertFalse(v.verify(sig));
        }
        return sig;
    }

    private static long live() {
        return LiveNatives.of(AWSLC_KEY);
    }
}
