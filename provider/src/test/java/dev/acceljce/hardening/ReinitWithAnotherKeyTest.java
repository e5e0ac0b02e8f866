package dev.acceljce.hardening;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.testing.Providers;
import java.security.KeyPair;
import java.security.Provider;
import java.security.Signature;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;
import org.junit.jupiter.api.Test;

/**
 * One engine object re-initialised with another key must use the new key. Finding 16
 * (SignatureFuzzTest): EdDSA signed and verified with its first key after re-initialisation,
 * because OpenSSL's EVP_DigestSignInit_ex/VerifyInit_ex reuse a context's EVP_PKEY_CTX and ignore
 * the key passed. Every engine that keeps native state across inits is checked here, with the
 * JDK's provider as the judge.
 */
class ReinitWithAnotherKeyTest {
    private record Case(String signature, String keyAlgorithm, AlgorithmParameterSpec spec) {}

    private static final List<Case> SIGNATURES = List.of(
            new Case("Ed25519", "Ed25519", null),
            new Case("Ed448", "Ed448", null),
            new Case("EdDSA", "Ed25519", null),
            new Case("SHA256withECDSA", "EC", new ECGenParameterSpec("secp256r1")),
            new Case("SHA384withECDSAinP1363Format", "EC", new ECGenParameterSpec("secp384r1")),
            new Case("SHA256withRSA", "RSA", null),
            new Case("ML-DSA-44", "ML-DSA-44", null));

    private static KeyPair pair(String alg, AlgorithmParameterSpec spec) throws Exception {
        return Providers.accelKeyPair(alg, spec);
    }

    @Test
    void signaturesUseTheKeyOfTheLatestInit() throws Exception {
        for (Case c : SIGNATURES) {
            if (Providers.ACCEL.getService("Signature", c.signature()) == null) {
                continue; // ML-DSA on OpenSSL 3.0: not registered
            }
            KeyPair k1 = pair(c.keyAlgorithm(), c.spec());
            KeyPair k2 = pair(c.keyAlgorithm(), c.spec());
            byte[] msg = c.signature().getBytes();
            Signature s = Signature.getInstance(c.signature(), Providers.ACCEL);
            s.initSign(k1.getPrivate());
            s.update(msg);
            byte[] sig1 = s.sign();
            s.initVerify(k1.getPublic()); // a verify init in between, as the fuzzer did
            s.initSign(k2.getPrivate());
            s.update(msg);
            byte[] sig2 = s.sign();
            Provider judge = Providers.jdk("Signature", c.signature());
            Signature v = Signature.getInstance(c.signature(), judge);
            v.initVerify(k2.getPublic());
            v.update(msg);
            assertTrue(v.verify(sig2), c.signature() + ": signed with the key of the latest initSign");
            // and verification follows the latest initVerify
            s.initVerify(k1.getPublic());
            s.update(msg);
            assertTrue(s.verify(sig1), c.signature());
            s.initVerify(k2.getPublic());
            s.update(msg);
            assertFalse(s.verify(sig1), c.signature() + ": k1's signature must not verify under k2");
            s.initVerify(k2.getPublic());
            s.update(msg);
            assertTrue(s.verify(sig2), c.signature());
        }
    }

    @Test
    void keyAgreementUsesTheKeyOfTheLatestInit() throws Exception {
        for (String[] g : new String[][] {{"X25519", null}, {"X448", null}, {"ECDH", "secp256r1"}}) {
            String kpAlg = g[1] == null ? g[0] : "EC";
            AlgorithmParameterSpec spec = g[1] == null ? null : new ECGenParameterSpec(g[1]);
            KeyPair a1 = pair(kpAlg, spec);
            KeyPair a2 = pair(kpAlg, spec);
            KeyPair b = pair(kpAlg, spec);
            KeyAgreement ka = KeyAgreement.getInstance(g[0], Providers.ACCEL);
            ka.init(a1.getPrivate());
            ka.doPhase(b.getPublic(), true);
            ka.generateSecret();
            ka.init(a2.getPrivate());
            ka.doPhase(b.getPublic(), true);
            byte[] ours = ka.generateSecret();
            KeyAgreement jdk = KeyAgreement.getInstance(g[0], Providers.jdk("KeyAgreement", g[0]));
            jdk.init(a2.getPrivate());
            jdk.doPhase(b.getPublic(), true);
            assertArrayEquals(jdk.generateSecret(), ours, g[0]);
        }
    }

    @Test
    void rsaCipherUsesTheKeyOfTheLatestInit() throws Exception {
        KeyPair k1 = pair("RSA", null);
        KeyPair k2 = pair("RSA", null);
        String t = "RSA/ECB/OAEPWithSHA-256AndMGF1Padding";
        Cipher c = Cipher.getInstance(t, Providers.ACCEL);
        c.init(Cipher.ENCRYPT_MODE, k1.getPublic());
        c.doFinal(new byte[16]);
        c.init(Cipher.ENCRYPT_MODE, k2.getPublic());
        byte[] ct = c.doFinal(new byte[] {1, 2, 3});
        Cipher jdk = Cipher.getInstance(t, Providers.jdk("Cipher", "RSA"));
        jdk.init(Cipher.DECRYPT_MODE, k2.getPrivate());
        assertArrayEquals(new byte[] {1, 2, 3}, jdk.doFinal(ct));
        Cipher enc1 = Cipher.getInstance(t, Providers.jdk("Cipher", "RSA"));
        enc1.init(Cipher.ENCRYPT_MODE, k1.getPublic());
        c.init(Cipher.DECRYPT_MODE, k1.getPrivate());
        assertArrayEquals(new byte[] {4}, c.doFinal(enc1.doFinal(new byte[] {4})));
        c.init(Cipher.DECRYPT_MODE, k2.getPrivate());
        assertArrayEquals(new byte[] {1, 2, 3}, c.doFinal(ct));
    }
}
