package dev.acceljce.keys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.testing.Providers;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.security.spec.RSAPrivateKeySpec;
import javax.security.auth.DestroyFailedException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The keys AccelJCE leaves to the JDK, so an application gets the JDK's key object and its
 * behaviour (destroy() included): RSASSA-PSS keys (AccelJCE registers no RSASSA-PSS KeyFactory or
 * KeyPairGenerator; its RSASSA-PSS Signature signs with them), and RSA private keys without CRT
 * components (AccelJCE's RSA KeyFactory returns SunRsaSign's key).
 */
class JdkKeysKeptTest {
    @BeforeAll
    static void install() {
        Providers.requireNative();
        KeyMaking.installFirst();
    }

    @AfterAll
    static void uninstall() {
        KeyMaking.uninstall();
    }

    @Test
    void rsassaPssKeysAreTheJdks() throws Exception {
        assertNull(Providers.ACCEL.getService("KeyFactory", "RSASSA-PSS"));
        assertNull(Providers.ACCEL.getService("KeyPairGenerator", "RSASSA-PSS"));
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSASSA-PSS");
        g.initialize(2048);
        KeyPair kp = g.generateKeyPair();
        for (PrivateKey k : new PrivateKey[] {
            kp.getPrivate(),
            KeyMaking.fromKeyStore("PKCS12", kp.getPrivate()),
            KeyMaking.fromKeyStore("JKS", kp.getPrivate()),
            (PrivateKey) KeyMaking.roundTrip(kp.getPrivate())
        }) {
            assertFalse(k instanceof AccelKey, k.getClass().getName());
            assertEquals("RSASSA-PSS", k.getAlgorithm());
            assertThrows(DestroyFailedException.class, k::destroy);
            for (int i = 0; i < 2; i++) { // sign, destroy, sign again: the JDK's key stays usable
                Signature s = Signature.getInstance("RSASSA-PSS");
                s.setParameter(new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1));
                s.initSign(k);
                s.update(new byte[] {1, 2, 3});
                byte[] sig = s.sign();
                s.initVerify(kp.getPublic());
                s.update(new byte[] {1, 2, 3});
                assertTrue(s.verify(sig));
            }
        }
    }

    @Test
    void rsaPrivateKeysWithoutCrtAreTheJdks() throws Exception {
        RSAPrivateCrtKey crt =
                (RSAPrivateCrtKey) KeyMaking.jdkPair(KeyMaking.Type.RSA).getPrivate();
        RSAPrivateKeySpec spec = new RSAPrivateKeySpec(crt.getModulus(), crt.getPrivateExponent());
        PrivateKey ours = KeyFactory.getInstance("RSA", Providers.ACCEL).generatePrivate(spec);
        PrivateKey jdk = KeyFactory.getInstance("RSA", Providers.jdk("KeyFactory", "RSA"))
                .generatePrivate(spec);
        assertFalse(ours instanceof AccelKey);
        assertFalse(ours instanceof RSAPrivateCrtKey);
        assertEquals(jdk.getClass(), ours.getClass());
        assertEquals(((RSAPrivateKey) jdk).getPrivateExponent(), ((RSAPrivateKey) ours).getPrivateExponent());
        assertArrayEquals(jdk.getEncoded(), ours.getEncoded());
        assertThrows(DestroyFailedException.class, ours::destroy);
    }
}
