package dev.acceljce.agreement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.testing.EngineChoice;
import dev.acceljce.testing.KeysDestroyOn;
import dev.acceljce.testing.LiveNatives;
import dev.acceljce.testing.Providers;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.spec.ECGenParameterSpec;
import javax.crypto.KeyAgreement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * ECDH on each engine, chosen with {@code acceljce.engine.ec}: KeyAgreementTest's Wycheproof files
 * (DER and bare-point peers of P-256, P-384 and P-521: invalid-curve and off-curve points refused
 * with InvalidKeyException), its cross-provider agreement with SunEC, its SunEC-exception matrix
 * and peer reuse, run once per engine; and a key destroyed after init refused.
 */
@ExtendWith(KeysDestroyOn.class) // what destroying a key does: the opt-in
class EcdhEnginesTest {
    private static final String[] CURVES = {"secp256r1", "secp384r1", "secp521r1"};

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    @AfterEach
    void defaultEngine() {
        EngineChoice.reset(Family.EC);
    }

    private static void use(Engine engine) {
        EngineChoice.use(Family.EC, engine, NativeKeyAgreement.ECDH_ENGINES);
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void wycheproofAndCrossProvider(Engine engine) throws Exception {
        use(engine);
        KeyAgreementTest same = new KeyAgreementTest();
        for (String curve : CURVES) {
            same.wycheproofEcdhDer(curve);
            same.wycheproofEcdhEcpoint(curve);
            same.crossProvider(curve);
        }
        same.badInputsGiveSunEcExceptions();
        same.reuseAcrossPeers();
        same.keySharesFromSpecsMatchTheJdk();
    }

    /**
     * On AWS-LC the private key's EC_KEY belongs to the key (made at generation there, or at the
     * first init of a key imported through OpenSSL, then kept for every later KeyAgreement) and
     * destroy() frees it at once; a destroyed key is refused.
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void runsOnTheEngineAskedForAndRefusesADestroyedKey(Engine engine) throws Exception {
        use(engine);
        int more = engine == Engine.AWSLC ? 1 : 0;
        for (String curve : CURVES) {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC", Providers.ACCEL);
            g.initialize(new ECGenParameterSpec(curve));
            long before = LiveNatives.settle("EC_KEY (AWS-LC)");
            KeyPair a = g.generateKeyPair();
            assertEquals(
                    before + 2 * more,
                    live(),
                    curve + " generated on " + engine + ": the private key's, its public half's");
            KeyPair b = g.generateKeyPair();
            KeyPairGenerator sunGen = KeyPairGenerator.getInstance("EC", "SunEC");
            sunGen.initialize(new ECGenParameterSpec(curve));
            KeyPair sun = sunGen.generateKeyPair();
            PrivateKey imported =
                    (PrivateKey) KeyFactory.getInstance("EC", Providers.ACCEL).translateKey(sun.getPrivate());
            for (KeyPair pair : new KeyPair[] {a, new KeyPair(sun.getPublic(), imported)}) {
                PrivateKey mine = pair.getPrivate();
                before = LiveNatives.settle("EC_KEY (AWS-LC)");
                KeyAgreement ka = KeyAgreement.getInstance("ECDH", Providers.ACCEL);
                ka.init(mine);
                int made = mine == imported ? more : 0;
                assertEquals(before + made, live(), curve + " on " + engine);
                KeyAgreement again = KeyAgreement.getInstance("ECDH", Providers.ACCEL);
                again.init(mine);
                assertEquals(before + made, live(), "kept on the key: a second object makes none");
                ka.doPhase(b.getPublic(), true);
                byte[] ours = ka.generateSecret();
                KeyAgreement jdk = KeyAgreement.getInstance("ECDH", "SunEC");
                jdk.init(b.getPrivate());
                jdk.doPhase(pair.getPublic(), true);
                assertArrayEquals(jdk.generateSecret(), ours, curve);
                long held = live();
                mine.destroy();
                assertEquals(held - more, live(), "freed with the key");
                assertThrows(InvalidKeyException.class, () -> ka.doPhase(b.getPublic(), true));
                assertThrows(InvalidKeyException.class, () -> again.init(mine));
            }
        }
    }

    private static long live() {
        return LiveNatives.of("EC_KEY (AWS-LC)");
    }
}
