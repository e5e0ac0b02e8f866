package dev.acceljce.agreement;

import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.testing.EngineChoice;
import dev.acceljce.testing.KeysDestroyOn;
import dev.acceljce.testing.Providers;
import java.security.InvalidKeyException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import javax.crypto.KeyAgreement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * X25519 on each engine, chosen with {@code acceljce.engine.xdh}: KeyAgreementTest's Wycheproof
 * (strict: small-order peers refused) and cross-provider checks, run once per engine, and a key
 * destroyed after init refused.
 */
@ExtendWith(KeysDestroyOn.class) // what destroying a key does: the opt-in
class XdhEnginesTest {
    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    @AfterEach
    void defaultEngine() {
        EngineChoice.reset(Family.XDH);
    }

    private static void use(Engine engine) {
        EngineChoice.use(Family.XDH, engine, NativeKeyAgreement.XDH_ENGINES);
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void wycheproofAndCrossProvider(Engine engine) throws Exception {
        use(engine);
        KeyAgreementTest same = new KeyAgreementTest();
        same.wycheproofXdh("X25519");
        same.crossProvider("X25519");
        same.wycheproofXdh("X448"); // OpenSSL whatever the setting
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aDestroyedKeyIsRefused(Engine engine) throws Exception {
        use(engine);
        KeyPair a = KeyPairGenerator.getInstance("X25519", Providers.ACCEL).generateKeyPair();
        KeyPair b = KeyPairGenerator.getInstance("X25519", Providers.ACCEL).generateKeyPair();
        KeyAgreement ka = KeyAgreement.getInstance("X25519", Providers.ACCEL);
        ka.init(a.getPrivate());
        a.getPrivate().destroy();
        assertThrows(InvalidKeyException.class, () -> ka.doPhase(b.getPublic(), true));
    }
}
