package dev.acceljce.signature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.foreign.NativeObject;
import dev.acceljce.testing.EngineChoice;
import dev.acceljce.testing.Providers;
import java.security.InvalidKeyException;
import java.security.KeyPair;
import java.security.Signature;
import java.security.SignatureException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * ECDSA on each engine, chosen with {@code acceljce.engine.ec}: every Wycheproof ECDSA file of
 * P-256, P-384 and P-521 (DER and P1363, strict), signatures of each provider verified by the
 * other with AccelJCE's and SunEC's keys ({@link EcdsaTest}'s checks, run once per engine), raw
 * input, bad arguments, and destroyed keys, on the engine asked for.
 */
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

    @ParameterizedTest
    @EnumSource(Engine.class)
    void runsOnTheEngineAskedFor(Engine engine) throws Exception {
        use(engine);
        for (String curve : EcdsaTest.CURVES) {
            KeyPair kp = EcdsaTest.generate("ours", curve);
            Signature s = Signature.getInstance("SHA256withECDSA", Providers.ACCEL);
            long before = live();
            s.initSign(kp.getPrivate());
            assertEquals(engine == Engine.AWSLC ? before + 1 : before, live(), curve + " on " + engine);
            s.update(new byte[7]);
            byte[] sig = s.sign();
            Signature v = Signature.getInstance("SHA256withECDSA", Providers.ACCEL);
            v.initVerify(kp.getPublic());
            v.update(new byte[7]);
            assertTrue(v.verify(sig));
            // destroyed after init: refused, and AWS-LC's copy of the key freed at once
            long held = live();
            kp.getPrivate().destroy();
            assertEquals(engine == Engine.AWSLC ? held - 1 : held, live(), "freed with the key");
            s.update(new byte[7]);
            assertThrows(SignatureException.class, s::sign);
            assertThrows(InvalidKeyException.class, () -> s.initSign(kp.getPrivate()));
            v.update(new byte[7]);
            assertTrue(v.verify(sig), "the public key lives on");
            v.update(new byte[8]);
            assertFalse(v.verify(sig));
        }
    }

    private static long live() {
        return NativeObject.liveObjects().getOrDefault(AWSLC_KEY, 0L);
    }
}
