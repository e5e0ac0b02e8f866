package dev.acceljce.hardening;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.openssl.NativeResource;
import dev.acceljce.testing.KeysDestroyOn;
import dev.acceljce.testing.Providers;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import javax.crypto.KeyAgreement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Private keys made by AccelJCE: destroy() frees the native key at once, isDestroyed() says so,
 * and every later use fails with the JCA exception (InvalidKeyException for init,
 * InvalidKeySpecException for a KeyFactory, SignatureException from an engine initialised before
 * the destroy).
 */
@ExtendWith(KeysDestroyOn.class) // what destroying a key does: the opt-in
class KeyDestroyTest {
    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    private static KeyPair generate(String alg, int bits) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance(alg, Providers.ACCEL);
        if (bits > 0) {
            g.initialize(bits);
        }
        return g.generateKeyPair();
    }

    @Test
    void destroyedSigningKeysAreRefused() throws Exception {
        Object[][] cases = {{"EC", 256, "SHA256withECDSA"}, {"RSA", 2048, "SHA256withRSA"}, {"Ed25519", 0, "Ed25519"}};
        for (Object[] c : cases) {
            String alg = (String) c[0];
            KeyPair kp = generate(alg, (Integer) c[1]);
            PrivateKey priv = kp.getPrivate();
            Signature early = Signature.getInstance((String) c[2], Providers.ACCEL);
            early.initSign(priv);
            early.update(new byte[10]);
            long live = NativeResource.liveCount();
            assertFalse(priv.isDestroyed());
            priv.destroy();
            assertTrue(priv.isDestroyed(), alg);
            assertTrue(NativeResource.liveCount() <= live, alg + ": destroy freed nothing");
            priv.destroy(); // idempotent
            Signature s = Signature.getInstance((String) c[2], Providers.ACCEL);
            assertThrows(InvalidKeyException.class, () -> s.initSign(priv), alg);
            KeyFactory kf = KeyFactory.getInstance(alg.equals("Ed25519") ? "Ed25519" : alg, Providers.ACCEL);
            assertThrows(InvalidKeySpecException.class, () -> kf.getKeySpec(priv, PKCS8EncodedKeySpec.class), alg);
            assertThrows(InvalidKeyException.class, () -> kf.translateKey(priv), alg);
            // an engine initialised before refuses to go on with a destroyed key, with the JCA
            // exception of sign(); its native context holds its own key reference, so nothing
            // it touches was freed under it
            assertThrows(java.security.SignatureException.class, early::sign, alg);
        }
    }

    @Test
    void destroyedAgreementKeysAreRefused() throws Exception {
        for (String alg : new String[] {"X25519", "EC"}) {
            KeyPair kp = generate(alg, alg.equals("EC") ? 256 : 0);
            String ka = alg.equals("EC") ? "ECDH" : "X25519";
            kp.getPrivate().destroy();
            assertTrue(kp.getPrivate().isDestroyed());
            KeyAgreement a = KeyAgreement.getInstance(ka, Providers.ACCEL);
            assertThrows(InvalidKeyException.class, () -> a.init(kp.getPrivate()), alg);
        }
    }
}
