package dev.acceljce.keys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Settings;
import dev.acceljce.testing.Providers;
import java.security.InvalidKeyException;
import java.security.PrivateKey;
import java.security.Signature;
import java.util.List;
import javax.crypto.KEM;
import javax.crypto.KeyAgreement;
import javax.security.auth.DestroyFailedException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * destroy() of AccelJCE's private keys answers as the JDK's key of the same type does, from every
 * way a key is made, so an application that destroys a key after each use and uses it again
 * (Apache Santuario's XML signer destroys the signing key after every signature and ignores
 * DestroyFailedException) works as with the JDK: RSA, EC, EdDSA and XDH keys refuse with
 * DestroyFailedException and keep working; ML-DSA and ML-KEM keys are destroyed, as the JDK's are.
 * With {@code acceljce.keys.destroy=true} every key is destroyed and refused afterwards.
 */
class DestroyLikeJdkTest {
    @BeforeAll
    static void install() {
        Providers.requireNative();
        KeyMaking.installFirst();
    }

    @AfterAll
    static void uninstall() {
        KeyMaking.uninstall();
    }

    static List<Object[]> cases() {
        return KeyMaking.cases();
    }

    @ParameterizedTest(name = "{0} from {1}")
    @MethodSource("cases")
    void destroyAnswersAsTheJdksKey(KeyMaking.Type type, KeyMaking.Source source) throws Exception {
        KeyMaking.Made m = KeyMaking.make(type, source);
        PrivateKey ours = m.ours();
        assertTrue(
                ours instanceof AccelKey,
                m + ": not AccelJCE's key but " + ours.getClass().getName());
        use(m, ours); // a first use, then destroy, then the same key object again (Santuario)

        boolean jdkDestroyed = destroyed(m.jdk());
        boolean oursDestroyed = destroyed(ours);
        assertEquals(
                (Boolean) jdkDestroyed,
                (Boolean) oursDestroyed,
                m + ": destroy() destroyed the JDK's key: " + jdkDestroyed);
        assertEquals((Boolean) m.jdk().isDestroyed(), (Boolean) ours.isDestroyed(), m + ": isDestroyed()");
        assertEquals((Boolean) type.ml(), (Boolean) ours.isDestroyed(), m.toString());
        if (ours.isDestroyed()) {
            // the JDK's destroyed ML key zeroes its material and signs garbage; ours is refused
            // (docs/differences.md, Keys)
            assertThrows(InvalidKeyException.class, () -> use(m, ours), m.toString());
            assertThrows(IllegalStateException.class, ours::getEncoded, m.toString());
        } else {
            // the JDK's exception has no message; ours names the setting (docs/differences.md, Keys)
            DestroyFailedException e = assertThrows(DestroyFailedException.class, ours::destroy, m.toString());
            assertTrue(e.getMessage().contains("acceljce.keys.destroy=true"), e.getMessage());
            use(m, ours);
            use(m, ours);
            assertArrayEquals(m.jdk().getEncoded(), ours.getEncoded(), m + ": the key after destroy()");
        }
    }

    @ParameterizedTest(name = "{0} from {1}")
    @MethodSource("cases")
    void theOptInDestroys(KeyMaking.Type type, KeyMaking.Source source) throws Exception {
        KeyMaking.Made m = KeyMaking.make(type, source);
        PrivateKey ours = m.ours();
        use(m, ours);
        Settings.set(Settings.KEYS_DESTROY, "true");
        try {
            ours.destroy();
        } finally {
            Settings.set(Settings.KEYS_DESTROY, null);
        }
        assertTrue(ours.isDestroyed(), m.toString());
        assertThrows(InvalidKeyException.class, () -> use(m, ours), m.toString());
        assertThrows(IllegalStateException.class, ours::getEncoded, m.toString());
        ours.destroy(); // idempotent, with the setting off again
        assertTrue(ours.isDestroyed(), m.toString());
    }

    /** destroy(): true when it returned, false when it threw DestroyFailedException. */
    private static boolean destroyed(PrivateKey k) {
        try {
            k.destroy();
            return true;
        } catch (DestroyFailedException e) {
            return false;
        }
    }

    /**
     * Uses {@code key} as an application would, through the provider list (AccelJCE first), and
     * checks the result against the JDK: a signature verified with the JDK's provider, an agreed
     * secret equal to the JDK's, a decapsulated secret equal to the encapsulated one.
     */
    static void use(KeyMaking.Made m, PrivateKey key) throws Exception {
        byte[] message = "a document to sign".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        if (m.type().use.equals("agreement:XDH")) {
            KeyAgreement ka = KeyAgreement.getInstance("XDH");
            ka.init(key);
            ka.doPhase(m.pub(), true);
            KeyAgreement jdk = KeyAgreement.getInstance("XDH", Providers.jdk("KeyAgreement", "XDH"));
            jdk.init(m.jdk());
            jdk.doPhase(m.pub(), true);
            assertArrayEquals(jdk.generateSecret(), ka.generateSecret(), m.toString());
        } else if (m.type().use.equals("kem:ML-KEM")) {
            KEM.Encapsulated e = KEM.getInstance("ML-KEM", Providers.jdk("KEM", "ML-KEM"))
                    .newEncapsulator(m.pub())
                    .encapsulate();
            KEM.Decapsulator d = KEM.getInstance("ML-KEM").newDecapsulator(key);
            assertArrayEquals(
                    e.key().getEncoded(), d.decapsulate(e.encapsulation()).getEncoded(), m.toString());
        } else {
            Signature s = Signature.getInstance(m.type().use);
            s.initSign(key);
            s.update(message);
            byte[] sig = s.sign();
            Signature v = Signature.getInstance(m.type().use, Providers.jdk("Signature", m.type().use));
            v.initVerify(m.pub());
            v.update(message);
            assertTrue(v.verify(sig), m + ": the signature does not verify with the JDK");
        }
    }
}
