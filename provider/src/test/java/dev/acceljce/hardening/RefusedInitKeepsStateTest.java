package dev.acceljce.hardening;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.testing.Providers;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A Signature whose init refuses a key keeps its previous key, mode and the message so far, as
 * the JDK's providers do (java.security.Signature keeps its state too). Found by SignatureFuzzTest
 * in CI: RSASSA-PSS with SHA-512 and a 64-byte salt refused a 1024-bit key, but AccelJCE had
 * already dropped the message, so the next sign() signed only what came after the refused init.
 * The JDK's provider runs the cases too, so the test also shows the behaviour is the JDK's
 * (except SunRsaSign's PKCS#1 signatures, which are left half re-initialised).
 */
class RefusedInitKeepsStateTest {
    /** {@code jdkKeeps}: whether the JDK's provider keeps its state too (SunRsaSign's PKCS#1 does not). */
    private record Case(String signature, AlgorithmParameterSpec params, KeyPair good, Key refused, boolean jdkKeeps) {
        Case(String signature, AlgorithmParameterSpec params, KeyPair good, Key refused) {
            this(signature, params, good, refused, true);
        }

        List<Provider> providers() {
            return jdkKeeps
                    ? List.of(Providers.ACCEL, Providers.jdk("Signature", signature))
                    : List.of(Providers.ACCEL);
        }
    }

    private static KeyPair jdkPair(String alg, Object sizeOrSpec) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance(alg, Providers.jdk("KeyPairGenerator", alg));
        if (sizeOrSpec instanceof Integer bits) {
            g.initialize(bits);
        } else if (sizeOrSpec instanceof AlgorithmParameterSpec spec) {
            g.initialize(spec);
        }
        return g.generateKeyPair();
    }

    private static List<Case> cases() throws Exception {
        KeyPair rsa2048 = jdkPair("RSA", 2048);
        KeyPair rsa1024 = jdkPair("RSA", 1024);
        KeyPair rsa512 = jdkPair("RSA", 512);
        KeyPair ec256 = jdkPair("EC", new ECGenParameterSpec("secp256r1"));
        KeyPair ed25519 = jdkPair("Ed25519", null);
        KeyPair ed448 = jdkPair("Ed448", null);
        PSSParameterSpec pss = new PSSParameterSpec("SHA-512", "MGF1", MGF1ParameterSpec.SHA512, 64, 1);
        return List.of(
                // the fuzzer's case: parameters too big for the second key
                new Case("RSASSA-PSS", pss, rsa2048, rsa1024.getPrivate()),
                new Case("RSASSA-PSS", pss, rsa2048, rsa1024.getPublic()),
                // a DigestInfo that does not fit the modulus: SunRsaSign takes the key and drops the
                // message before it refuses, then fails to sign ("Could not sign data") or refuses
                // the signature's length; AccelJCE keeps the first key as everywhere else
                new Case("SHA512withRSA", null, rsa2048, rsa512.getPrivate(), false),
                new Case("SHA512withRSA", null, rsa2048, rsa512.getPublic(), false),
                // the wrong kind of key
                new Case("SHA256withRSA", null, rsa2048, ec256.getPrivate()),
                new Case("SHA256withECDSA", null, ec256, rsa2048.getPublic()),
                // the other curve: refused by the JDK's EdDSA, which AccelJCE hands it to
                new Case("Ed25519", null, ed25519, ed448.getPrivate()),
                new Case("Ed25519", null, ed25519, ed448.getPublic()));
    }

    private static final byte[] BEFORE = "signed before the refused init, ".getBytes(StandardCharsets.UTF_8);
    private static final byte[] AFTER = "and after it".getBytes(StandardCharsets.UTF_8);

    @Test
    void signingGoesOnWithTheKeyAndMessageItHad() throws Exception {
        for (Case c : cases()) {
            if (!(c.refused() instanceof PrivateKey refused)) {
                continue;
            }
            for (Provider p : c.providers()) {
                Signature s = signature(c, p);
                s.initSign(c.good().getPrivate());
                s.update(BEFORE);
                assertThrows(InvalidKeyException.class, () -> s.initSign(refused), c + " on " + p.getName());
                s.update(AFTER);
                byte[] sig = s.sign();
                Signature judge = signature(c, Providers.jdk("Signature", c.signature()));
                judge.initVerify(c.good().getPublic());
                judge.update(BEFORE);
                judge.update(AFTER);
                assertTrue(
                        judge.verify(sig),
                        c.signature() + " on " + p.getName()
                                + ": the signature covers the whole message, with the first key");
            }
        }
    }

    @Test
    void verifyingGoesOnWithTheKeyAndMessageItHad() throws Exception {
        for (Case c : cases()) {
            if (!(c.refused() instanceof PublicKey refused)) {
                continue;
            }
            Signature signer = signature(c, Providers.jdk("Signature", c.signature()));
            signer.initSign(c.good().getPrivate());
            signer.update(BEFORE);
            signer.update(AFTER);
            byte[] sig = signer.sign();
            for (Provider p : c.providers()) {
                Signature s = signature(c, p);
                s.initVerify(c.good().getPublic());
                s.update(BEFORE);
                assertThrows(InvalidKeyException.class, () -> s.initVerify(refused), c + " on " + p.getName());
                s.update(AFTER);
                assertTrue(
                        s.verify(sig),
                        c.signature() + " on " + p.getName() + ": verified over the whole message, with the first key");
            }
        }
    }

    private static Signature signature(Case c, Provider p) throws Exception {
        Signature s = Signature.getInstance(c.signature(), p);
        if (c.params() != null) {
            s.setParameter(c.params());
        }
        return s;
    }
}
