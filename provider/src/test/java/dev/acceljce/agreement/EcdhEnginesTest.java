package dev.acceljce.agreement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.foreign.NativeObject;
import dev.acceljce.testing.EngineChoice;
import dev.acceljce.testing.Providers;
import java.security.InvalidKeyException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import javax.crypto.KeyAgreement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * ECDH on each engine, chosen with {@code acceljce.engine.ec}: KeyAgreementTest's Wycheproof files
 * (DER and bare-point peers of P-256, P-384 and P-521: invalid-curve and off-curve points refused
 * with InvalidKeyException), its cross-provider agreement with SunEC, its SunEC-exception matrix
 * and peer reuse, run once per engine; and a key destroyed after init refused.
 */
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

    @ParameterizedTest
    @EnumSource(Engine.class)
    void runsOnTheEngineAskedForAndRefusesADestroyedKey(Engine engine) throws Exception {
        use(engine);
        for (String curve : CURVES) {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC", Providers.ACCEL);
            g.initialize(new ECGenParameterSpec(curve));
            KeyPair a = g.generateKeyPair();
            KeyPair b = g.generateKeyPair();
            KeyAgreement ka = KeyAgreement.getInstance("ECDH", Providers.ACCEL);
            long before = live();
            ka.init(a.getPrivate());
            assertEquals(engine == Engine.AWSLC ? before + 1 : before, live(), curve + " on " + engine);
            ka.doPhase(b.getPublic(), true);
            byte[] ours = ka.generateSecret();
            KeyAgreement jdk = KeyAgreement.getInstance("ECDH", "SunEC");
            jdk.init(b.getPrivate());
            jdk.doPhase(a.getPublic(), true);
            assertArrayEquals(jdk.generateSecret(), ours, curve);
            long held = live();
            a.getPrivate().destroy();
            assertEquals(engine == Engine.AWSLC ? held - 1 : held, live(), "freed with the key");
            assertThrows(InvalidKeyException.class, () -> ka.doPhase(b.getPublic(), true));
        }
    }

    private static long live() {
        return NativeObject.liveObjects().getOrDefault("EC_KEY (AWS-LC)", 0L);
    }
}
