package dev.acceljce.signature;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Decisions;
import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.control.Path;
import dev.acceljce.control.Settings;
import dev.acceljce.testing.Differential;
import dev.acceljce.testing.EngineChoice;
import dev.acceljce.testing.KeysDestroyOn;
import dev.acceljce.testing.Providers;
import dev.acceljce.testing.Wycheproof;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Ed25519 on each engine, chosen with {@code acceljce.engine.eddsa}: Wycheproof's vectors
 * (verification, strict), signatures byte for byte equal to SunEC's (Ed25519 is deterministic)
 * with AccelJCE's and SunEC's keys, each verifying the other's, and a destroyed key refused.
 */
@ExtendWith(KeysDestroyOn.class) // what destroying a key does: the opt-in
class EdDsaEnginesTest {
    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    @AfterEach
    void defaultEngine() {
        EngineChoice.reset(Family.EDDSA);
    }

    private static void use(Engine engine) {
        EngineChoice.use(Family.EDDSA, engine, EdDsaSignature.ENGINES);
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void wycheproof(Engine engine) throws Exception {
        use(engine);
        List<String> failures = new ArrayList<>();
        KeyFactory kf = KeyFactory.getInstance("Ed25519", Providers.ACCEL);
        int n = 0;
        for (String sigAlg : new String[] {"Ed25519", "EdDSA"}) {
            for (Wycheproof.Case c : Wycheproof.cases("ed25519")) {
                PublicKey key = kf.generatePublic(new X509EncodedKeySpec(
                        HexFormat.of().parseHex(c.group().get("publicKeyDer").asText())));
                Signature s = Signature.getInstance(sigAlg, Providers.ACCEL);
                s.initVerify(key);
                s.update(c.hex("msg"));
                Boolean result;
                try {
                    result = s.verify(c.hex("sig"));
                } catch (SignatureException e) {
                    result = null;
                }
                if (c.valid() != Boolean.TRUE.equals(result)) {
                    failures.add(engine + " " + sigAlg + " " + c + " -> " + result);
                }
                n++;
            }
        }
        assertEquals(2 * 151, n);
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void signsAsSunEcDoes(Engine engine) throws Exception {
        use(engine);
        SplittableRandom r = new SplittableRandom(Differential.seed("eddsa engines"));
        KeyPair ours = KeyPairGenerator.getInstance("Ed25519", Providers.ACCEL).generateKeyPair();
        KeyPair jdks = KeyPairGenerator.getInstance("Ed25519", "SunEC").generateKeyPair();
        Signature mine = Signature.getInstance("Ed25519", Providers.ACCEL);
        Signature sunEc = Signature.getInstance("Ed25519", "SunEC");
        for (int i = 0; i < 200; i++) {
            KeyPair kp = i % 2 == 0 ? ours : jdks;
            byte[] msg = new byte[r.nextInt(i % 10 == 0 ? 5000 : 100)];
            r.nextBytes(msg);
            mine.initSign(kp.getPrivate());
            mine.update(msg, 0, msg.length / 2);
            mine.update(msg, msg.length / 2, msg.length - msg.length / 2);
            byte[] sig = mine.sign();
            // SunEC takes AccelJCE's keys through their encodings
            PrivateKey forJdk = KeyFactory.getInstance("Ed25519", "SunEC")
                    .generatePrivate(new java.security.spec.PKCS8EncodedKeySpec(
                            kp.getPrivate().getEncoded()));
            sunEc.initSign(forJdk);
            sunEc.update(msg);
            assertArrayEquals(sunEc.sign(), sig, engine + " case " + i);
            mine.initVerify(kp.getPublic());
            mine.update(msg);
            assertTrue(mine.verify(sig), engine + " case " + i);
            sig[i % 64] ^= 1;
            mine.update(msg);
            assertEquals(false, mine.verify(sig), engine + " case " + i);
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aDestroyedKeyIsRefused(Engine engine) throws Exception {
        use(engine);
        KeyPair kp = KeyPairGenerator.getInstance("Ed25519", Providers.ACCEL).generateKeyPair();
        Signature s = Signature.getInstance("Ed25519", Providers.ACCEL);
        s.initSign(kp.getPrivate());
        s.update(new byte[3]);
        byte[] sig = s.sign();
        kp.getPrivate().destroy();
        assertThrows(InvalidKeyException.class, () -> s.initSign(kp.getPrivate()));
        Signature v = Signature.getInstance("Ed25519", Providers.ACCEL);
        v.initVerify(kp.getPublic());
        v.update(new byte[3]);
        assertTrue(v.verify(sig));
    }

    @org.junit.jupiter.api.Test
    void engineJdkIsTheJdkPathAndNonsenseIsRefused() throws Exception {
        Settings.set("acceljce.engine.eddsa", "jdk");
        long before = Decisions.count("Signature", "Ed25519", Path.JDK);
        Signature.getInstance("Ed25519", Providers.ACCEL);
        assertEquals(before + 1, Decisions.count("Signature", "Ed25519", Path.JDK));
        Settings.set("acceljce.engine.eddsa", "boringssl");
        assertThrows(IllegalArgumentException.class, () -> Settings.engine(Family.EDDSA));
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void ed448StaysOnOpenSsl(Engine engine) throws Exception {
        use(engine);
        KeyPair kp = KeyPairGenerator.getInstance("Ed448", Providers.ACCEL).generateKeyPair();
        for (String alg : new String[] {"Ed448", "EdDSA"}) {
            Signature s = Signature.getInstance(alg, Providers.ACCEL);
            s.initSign(kp.getPrivate());
            s.update(new byte[10]);
            byte[] sig = s.sign();
            s.initVerify(kp.getPublic());
            s.update(new byte[10]);
            assertTrue(s.verify(sig));
        }
    }
}
