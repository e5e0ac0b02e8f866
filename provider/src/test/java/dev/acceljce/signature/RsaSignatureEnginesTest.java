package dev.acceljce.signature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Counters;
import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.testing.EngineChoice;
import dev.acceljce.testing.KeysDestroyOn;
import dev.acceljce.testing.LiveNatives;
import dev.acceljce.testing.Providers;
import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.security.spec.RSAKeyGenParameterSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * RSASSA-PKCS1-v1_5 and RSASSA-PSS on each engine, chosen with {@code acceljce.engine.rsa}: every
 * Wycheproof RSA PKCS#1 and PSS signature file, signatures of each provider verified by the other
 * for every digest and six PSS parameter sets
 * ({@link RsaSignatureTest}'s checks, run once per engine: the services of the digests AWS-LC's
 * RSA is not used for run on OpenSSL only), bad arguments, tiny and huge moduli, keys AWS-LC
 * refuses, and destroyed keys, on the engine asked for.
 */
@ExtendWith(KeysDestroyOn.class) // what destroying a key does: the opt-in
class RsaSignatureEnginesTest {
    /** The live-object kind of AWS-LC's RSA: proof that the AWS-LC engine served. */
    private static final String AWSLC_KEY = "RSA (AWS-LC)";

    @BeforeAll
    static void keys() throws Exception {
        RsaSignatureTest.keys();
    }

    @AfterEach
    void defaultEngine() {
        EngineChoice.reset(Family.RSA);
    }

    private static void use(Engine engine) {
        EngineChoice.use(Family.RSA, engine, RsaPkcs1Signature.ENGINES);
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void wycheproof(Engine engine) throws Exception {
        use(engine);
        RsaSignatureTest same = new RsaSignatureTest();
        int files = 0;
        for (String file : RsaSignatureTest.pkcs1Files()) {
            same.wycheproofPkcs1(file);
            files++;
        }
        assertTrue(files >= 20, files + " Wycheproof RSA PKCS#1 signature files");
        int pss = 0;
        for (String file : RsaSignatureTest.pssFiles()) {
            same.wycheproofPss(file);
            pss++;
        }
        assertTrue(pss >= 10, pss + " Wycheproof RSASSA-PSS files");
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void crossProviderAndBadInput(Engine engine) throws Exception {
        use(engine);
        RsaSignatureTest same = new RsaSignatureTest();
        for (String alg : RsaSignatureTest.PKCS1) {
            same.crossProviderPkcs1(alg);
        }
        for (PSSParameterSpec spec : RsaSignatureTest.pssSpecs()) {
            same.crossProviderPss(spec);
        }
        same.pssNeedsParameters();
        same.badInput();
        same.tinyAndHugeModuli();
    }

    /**
     * On AWS-LC, a key's RSA belongs to the key: made at the first init with it, kept for every
     * later Signature (a TLS server makes one per handshake), freed by destroy(); the work is
     * counted on AWS-LC. A service AWS-LC's RSA does not serve (SHA3-256withRSA) runs on OpenSSL.
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void runsOnTheEngineAskedFor(Engine engine) throws Exception {
        use(engine);
        int more = engine == Engine.AWSLC ? 1 : 0;
        KeyPair kp = generate(RSAKeyGenParameterSpec.F4);
        long before = LiveNatives.settle(AWSLC_KEY);
        long awsLcOps = awsLcOps("SHA256withRSA");
        Signature s = Signature.getInstance("SHA256withRSA", Providers.ACCEL);
        s.initSign(kp.getPrivate());
        assertEquals(before + more, live(), "made at the first init on " + engine);
        Signature again = Signature.getInstance("SHA256withRSA", Providers.ACCEL);
        again.initSign(kp.getPrivate());
        assertEquals(before + more, live(), "kept on the key: a second object makes none");
        signAndCheck(s, kp.getPrivate(), kp.getPublic(), "SHA256withRSA");
        assertEquals(before + 2 * more, live(), "the public key's, made at its first verification");
        assertEquals(awsLcOps + 3 * more, awsLcOps("SHA256withRSA"), "a signature and two verifications on AWS-LC");

        long held = live();
        signAndCheck(
                Signature.getInstance("SHA3-256withRSA", Providers.ACCEL),
                kp.getPrivate(),
                kp.getPublic(),
                "SHA3-256withRSA");
        assertEquals(held, live(), "SHA3-256withRSA runs on OpenSSL");

        kp.getPrivate().destroy();
        assertEquals(held - more, live(), "freed with the key");
        s.update(new byte[7]);
        assertThrows(SignatureException.class, s::sign);
        assertThrows(InvalidKeyException.class, () -> s.initSign(kp.getPrivate()));
    }

    /**
     * RSASSA-PSS runs where its parameters' digests allow: on AWS-LC with SHA-256 and MGF1-SHA-256
     * (parameters set after init move the work there), on OpenSSL with SHA3-256, and the counters
     * follow. The signature verifies with SunRsaSign either way.
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void pssRunsWhereItsDigestsAllow(Engine engine) throws Exception {
        use(engine);
        int more = engine == Engine.AWSLC ? 1 : 0;
        KeyPair kp = generate(RSAKeyGenParameterSpec.F4);
        byte[] message = "pss".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        for (PSSParameterSpec spec : new PSSParameterSpec[] {
            new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1),
            new PSSParameterSpec("SHA3-256", "MGF1", MGF1ParameterSpec.SHA3_256, 32, 1)
        }) {
            boolean awsLc = more == 1 && spec.getDigestAlgorithm().equals("SHA-256");
            long ops = awsLcOps("RSASSA-PSS");
            Signature s = Signature.getInstance("RSASSA-PSS", Providers.ACCEL);
            s.initSign(kp.getPrivate());
            s.setParameter(spec);
            s.update(message);
            byte[] sig = s.sign();
            Signature v = Signature.getInstance("RSASSA-PSS", Providers.ACCEL);
            v.setParameter(spec);
            v.initVerify(kp.getPublic());
            v.update(message);
            assertTrue(v.verify(sig));
            assertEquals(ops + (awsLc ? 2 : 0), awsLcOps("RSASSA-PSS"), spec.getDigestAlgorithm() + " on " + engine);
            Signature jdk = Signature.getInstance("RSASSA-PSS", "SunRsaSign");
            jdk.setParameter(spec);
            jdk.initVerify(kp.getPublic());
            jdk.update(message);
            assertTrue(jdk.verify(sig), "SunRsaSign verifies it");
        }
        kp.getPrivate().destroy();
    }

    /**
     * AWS-LC takes public exponents of at most 33 bits; SunRsaSign and OpenSSL take larger ones. Such
     * a key runs on OpenSSL within an object made for AWS-LC, and signs and verifies as SunRsaSign.
     */
    @ParameterizedTest
    @EnumSource(Engine.class)
    void aKeyAwsLcRefusesRunsOnOpenSsl(Engine engine) throws Exception {
        use(engine);
        KeyPair kp = generate(BigInteger.ONE.shiftLeft(40).add(BigInteger.valueOf(15)));
        long before = LiveNatives.settle(AWSLC_KEY);
        Signature s = Signature.getInstance("SHA256withRSA", Providers.ACCEL);
        signAndCheck(s, kp.getPrivate(), kp.getPublic(), "SHA256withRSA");
        assertEquals(before, live(), "no RSA of AWS-LC's for a 41-bit exponent");
        kp.getPrivate().destroy();
    }

    private static KeyPair generate(BigInteger e) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA", Providers.ACCEL);
        g.initialize(new RSAKeyGenParameterSpec(2048, e));
        return g.generateKeyPair();
    }

    /** Signs with {@code s} and {@code priv}, then checks with SunRsaSign and with AccelJCE that the signature verifies. */
    private static void signAndCheck(Signature s, PrivateKey priv, PublicKey pub, String alg) throws Exception {
        byte[] message = "engines".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        s.initSign(priv);
        s.update(message);
        byte[] sig = s.sign();
        Signature jdk = Signature.getInstance(alg, "SunRsaSign");
        jdk.initSign(priv);
        jdk.update(message);
        assertTrue(java.util.Arrays.equals(jdk.sign(), sig), alg + ": deterministic, the same as SunRsaSign's");
        Signature v = Signature.getInstance(alg, Providers.ACCEL);
        v.initVerify(pub);
        v.update(message);
        assertTrue(v.verify(sig));
        v.update(message);
        v.update(new byte[1]);
        assertTrue(!v.verify(sig), "not for another message");
    }

    private static long awsLcOps(String algorithm) {
        Counters.Row snap = Counters.snapshot().get("Signature." + algorithm);
        return snap == null ? 0 : snap.awslcOps();
    }

    private static long live() {
        return LiveNatives.of(AWSLC_KEY);
    }
}
