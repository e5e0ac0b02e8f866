package dev.acceljce.keys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.testing.Providers;
import java.io.Serializable;
import java.math.BigInteger;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.EdECPrivateKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.XECPrivateKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.KeySpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The audit of AccelJCE's private keys against the JDK's key of the same material, one test per
 * behaviour, for each key type and each way a key is made ({@link KeyMaking}): what an
 * application can observe of a key object must be the JDK's, or be listed with its reason in
 * docs/differences.md ("Keys"). destroy() and isDestroyed() are {@link DestroyLikeJdkTest}'s.
 */
class KeyAuditTest {
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

    private static KeyMaking.Made made(KeyMaking.Type t, KeyMaking.Source s) throws Exception {
        KeyMaking.Made m = KeyMaking.make(t, s);
        assertInstanceOf(AccelKey.class, m.ours(), m + ": not AccelJCE's key");
        return m;
    }

    @ParameterizedTest(name = "{0} from {1}")
    @MethodSource("cases")
    void algorithmAndFormat(KeyMaking.Type t, KeyMaking.Source s) throws Exception {
        KeyMaking.Made m = made(t, s);
        assertEquals(m.jdk().getAlgorithm(), m.ours().getAlgorithm(), m.toString());
        assertEquals(m.jdk().getFormat(), m.ours().getFormat(), m.toString());
    }

    @ParameterizedTest(name = "{0} from {1}")
    @MethodSource("cases")
    void encodingIsTheJdksAndAFreshCopy(KeyMaking.Type t, KeyMaking.Source s) throws Exception {
        KeyMaking.Made m = made(t, s);
        byte[] first = m.ours().getEncoded();
        assertArrayEquals(m.jdk().getEncoded(), first, m.toString());
        byte[] kept = first.clone();
        first[first.length - 1] ^= 1;
        first[0] ^= 1;
        assertArrayEquals(kept, m.ours().getEncoded(), m + ": changing the returned array changed the key");
        assertTrue(m.ours().getEncoded() != m.ours().getEncoded(), m + ": the same array twice");
    }

    @ParameterizedTest(name = "{0} from {1}")
    @MethodSource("cases")
    void sameInterfaces(KeyMaking.Type t, KeyMaking.Source s) throws Exception {
        KeyMaking.Made m = made(t, s);
        for (Class<?> c : new Class<?>[] {
            RSAPrivateCrtKey.class,
            java.security.interfaces.RSAPrivateKey.class,
            java.security.interfaces.RSAKey.class,
            ECPrivateKey.class,
            EdECPrivateKey.class,
            XECPrivateKey.class,
            java.security.AsymmetricKey.class,
            javax.security.auth.Destroyable.class,
            Serializable.class
        }) {
            assertEquals(c.isInstance(m.jdk()), c.isInstance(m.ours()), m + ": " + c.getSimpleName());
        }
    }

    @ParameterizedTest(name = "{0} from {1}")
    @MethodSource("cases")
    void params(KeyMaking.Type t, KeyMaking.Source s) throws Exception {
        KeyMaking.Made m = made(t, s);
        AlgorithmParameterSpec jdk = params(m.jdk());
        AlgorithmParameterSpec ours = params(m.ours());
        if (jdk == null) {
            assertNull(ours, m.toString());
        } else if (jdk instanceof ECParameterSpec j) {
            ECParameterSpec o = assertInstanceOf(ECParameterSpec.class, ours, m.toString());
            assertEquals(j.getCurve(), o.getCurve(), m.toString());
            assertEquals(j.getGenerator(), o.getGenerator(), m.toString());
            assertEquals(j.getOrder(), o.getOrder(), m.toString());
            assertEquals(j.getCofactor(), o.getCofactor(), m.toString());
            assertEquals(j.toString(), o.toString(), m + ": the curve's name");
        } else {
            NamedParameterSpec j = assertInstanceOf(NamedParameterSpec.class, jdk, m.toString());
            NamedParameterSpec o = assertInstanceOf(NamedParameterSpec.class, ours, m.toString());
            assertEquals(j.getName(), o.getName(), m.toString());
        }
    }

    private static AlgorithmParameterSpec params(PrivateKey k) {
        return ((java.security.AsymmetricKey) k).getParams();
    }

    @ParameterizedTest(name = "{0} from {1}")
    @MethodSource("cases")
    void equalsAndHashCodeBothWays(KeyMaking.Type t, KeyMaking.Source s) throws Exception {
        KeyMaking.Made m = made(t, s);
        assertTrue(m.ours().equals(m.jdk()), m + ": ours.equals(jdk)");
        assertTrue(m.jdk().equals(m.ours()), m + ": jdk.equals(ours)");
        assertEquals(m.jdk().hashCode(), m.ours().hashCode(), m + ": hash codes");
        assertTrue(m.ours().equals(m.ours()), m.toString());
        assertFalse(m.ours().equals(null), m.toString());
        assertFalse(m.ours().equals(m.pub()), m + ": equal to its public key");
        PrivateKey other = KeyMaking.jdkPair(t).getPrivate();
        assertFalse(m.ours().equals(other), m + ": equal to another key");
        assertFalse(other.equals(m.ours()), m + ": another key equal to it");
        PrivateKey again = KeyMaking.ourFactory(t)
                .generatePrivate(new PKCS8EncodedKeySpec(m.ours().getEncoded()));
        assertTrue(m.ours().equals(again) && again.equals(m.ours()), m + ": two AccelJCE keys of one material");
        assertEquals(m.ours().hashCode(), again.hashCode(), m.toString());
    }

    /**
     * Serialized as the JDK's key is (a KeyRep of the PKCS#8 encoding: the same stream, byte for
     * byte), so either deserializes to the key of the provider first for the algorithm: AccelJCE's
     * when it is first, the JDK's when AccelJCE is not installed; equal to the original either way.
     */
    @ParameterizedTest(name = "{0} from {1}")
    @MethodSource("cases")
    void serializedAsTheJdksKey(KeyMaking.Type t, KeyMaking.Source s) throws Exception {
        KeyMaking.Made m = made(t, s);
        byte[] ours = KeyMaking.serialize(m.ours());
        assertArrayEquals(KeyMaking.serialize(m.jdk()), ours, m + ": the serialized form");
        Object back = KeyMaking.deserialize(ours);
        assertInstanceOf(AccelKey.class, back, m + ": AccelJCE first, its key comes back");
        assertEquals(m.ours(), back, m.toString());
        assertEquals(m.jdk(), back, m.toString());
        KeyMaking.uninstall();
        try {
            Object jdkBack = KeyMaking.deserialize(ours);
            assertEquals(m.jdk().getClass(), jdkBack.getClass(), m + ": without AccelJCE, the JDK's key");
            assertEquals(m.jdk(), jdkBack, m.toString());
            assertEquals(jdkBack, m.ours(), m.toString());
        } finally {
            KeyMaking.installFirst();
        }
    }

    /** The secret's digits (hex, both cases, and decimal) never appear in toString(). */
    @ParameterizedTest(name = "{0} from {1}")
    @MethodSource("cases")
    void toStringShowsNoSecret(KeyMaking.Type t, KeyMaking.Source s) throws Exception {
        KeyMaking.Made m = made(t, s);
        String text = m.ours().toString();
        assertNotNull(text);
        String lower = text.toLowerCase(Locale.ROOT).replaceAll("[^0-9a-z]", "");
        for (String secret : secrets(m.jdk())) {
            assertFalse(lower.contains(secret), m + ": toString() shows the secret: " + text);
        }
        // AccelJCE's own text (the JDK's RSA, EC, EdDSA and XDH keys print Object's: class@hash):
        // the algorithm and the key type (docs/differences.md, Keys)
        assertEquals(
                "AccelJCE " + m.ours().getAlgorithm() + " private key (" + ((AccelKey) m.ours()).kind() + ")", text);
    }

    /** Pieces of a key's private material as they could be printed: 12 digits of each number. */
    private static List<String> secrets(PrivateKey k) {
        List<BigInteger> numbers = new ArrayList<>();
        List<byte[]> octets = new ArrayList<>();
        switch (k) {
            case RSAPrivateCrtKey r ->
                numbers.addAll(List.of(
                        r.getPrivateExponent(),
                        r.getPrimeP(),
                        r.getPrimeQ(),
                        r.getPrimeExponentP(),
                        r.getPrimeExponentQ(),
                        r.getCrtCoefficient()));
            case ECPrivateKey e -> numbers.add(e.getS());
            case EdECPrivateKey e -> octets.add(e.getBytes().orElseThrow());
            case XECPrivateKey x -> octets.add(x.getScalar().orElseThrow());
            default -> {
                byte[] enc = k.getEncoded();
                octets.add(java.util.Arrays.copyOfRange(enc, enc.length - 64, enc.length));
            }
        }
        List<String> out = new ArrayList<>();
        for (BigInteger n : numbers) {
            out.add(n.toString(16).substring(0, 12));
            out.add(n.toString().substring(0, 12));
        }
        for (byte[] o : octets) {
            String hex = HexFormat.of().formatHex(o);
            out.add(hex.substring(0, 12));
            out.add(hex.substring(hex.length() - 12));
            out.add(new BigInteger(1, o).toString().substring(0, 12));
        }
        return out;
    }

    @ParameterizedTest(name = "{0} from {1}")
    @MethodSource("cases")
    void gettersAreTheJdks(KeyMaking.Type t, KeyMaking.Source s) throws Exception {
        KeyMaking.Made m = made(t, s);
        switch (m.jdk()) {
            case RSAPrivateCrtKey j -> {
                RSAPrivateCrtKey o = (RSAPrivateCrtKey) m.ours();
                assertEquals(j.getModulus(), o.getModulus(), m.toString());
                assertEquals(j.getPublicExponent(), o.getPublicExponent(), m.toString());
                assertEquals(j.getPrivateExponent(), o.getPrivateExponent(), m.toString());
                assertEquals(j.getPrimeP(), o.getPrimeP(), m.toString());
                assertEquals(j.getPrimeQ(), o.getPrimeQ(), m.toString());
                assertEquals(j.getPrimeExponentP(), o.getPrimeExponentP(), m.toString());
                assertEquals(j.getPrimeExponentQ(), o.getPrimeExponentQ(), m.toString());
                assertEquals(j.getCrtCoefficient(), o.getCrtCoefficient(), m.toString());
            }
            case ECPrivateKey j -> {
                ECPrivateKey o = (ECPrivateKey) m.ours();
                assertEquals(j.getS(), o.getS(), m.toString());
                assertEquals(j.getParams().getOrder(), o.getParams().getOrder(), m.toString());
            }
            case EdECPrivateKey j -> {
                EdECPrivateKey o = (EdECPrivateKey) m.ours();
                byte[] bytes = o.getBytes().orElseThrow();
                assertArrayEquals(j.getBytes().orElseThrow(), bytes, m.toString());
                bytes[0] ^= 1;
                assertArrayEquals(j.getBytes().orElseThrow(), o.getBytes().orElseThrow(), m + ": a fresh copy");
                assertEquals(j.getParams().getName(), o.getParams().getName(), m.toString());
            }
            case XECPrivateKey j -> {
                XECPrivateKey o = (XECPrivateKey) m.ours();
                byte[] scalar = o.getScalar().orElseThrow();
                assertArrayEquals(j.getScalar().orElseThrow(), scalar, m.toString());
                scalar[0] ^= 1;
                assertArrayEquals(j.getScalar().orElseThrow(), o.getScalar().orElseThrow(), m + ": a fresh copy");
                assertEquals(
                        ((NamedParameterSpec) j.getParams()).getName(),
                        ((NamedParameterSpec) o.getParams()).getName(),
                        m.toString());
            }
            default -> assertTrue(t.ml(), m + ": a key type without getters");
        }
    }

    /** The key specs AccelJCE's KeyFactory gives for our key are the JDK's KeyFactory's for its own. */
    @ParameterizedTest(name = "{0} from {1}")
    @MethodSource("cases")
    void keySpecsAreTheJdks(KeyMaking.Type t, KeyMaking.Source s) throws Exception {
        KeyMaking.Made m = made(t, s);
        KeyFactory ours = KeyMaking.ourFactory(t);
        KeyFactory jdk = KeyMaking.jdkFactory(t);
        assertArrayEquals(
                jdk.getKeySpec(m.jdk(), PKCS8EncodedKeySpec.class).getEncoded(),
                ours.getKeySpec(m.ours(), PKCS8EncodedKeySpec.class).getEncoded(),
                m.toString());
        if (!t.ml()) {
            Class<? extends KeySpec> c = KeyMaking.specClass(t);
            KeySpec o = ours.getKeySpec(m.ours(), c);
            KeySpec j = jdk.getKeySpec(m.jdk(), c);
            // a spec made from either gives the same key in the JDK's factory
            assertEquals(jdk.generatePrivate(j), jdk.generatePrivate(o), m.toString());
        }
    }

    /** The JDK's providers take AccelJCE's key: their KeyFactory translates it, their engines use it. */
    @ParameterizedTest(name = "{0} from {1}")
    @MethodSource("cases")
    void theJdkTakesOurKey(KeyMaking.Type t, KeyMaking.Source s) throws Exception {
        KeyMaking.Made m = made(t, s);
        Key translated = KeyMaking.jdkFactory(t).translateKey(m.ours());
        assertEquals(m.jdk().getClass(), translated.getClass(), m.toString());
        assertEquals(m.jdk(), translated, m.toString());
        if (!t.use.contains(":")) {
            Signature jdk = Signature.getInstance(t.use, Providers.jdk("Signature", t.use));
            jdk.initSign(m.ours());
            jdk.update(new byte[] {1, 2, 3});
            byte[] sig = jdk.sign();
            jdk.initVerify(m.pub());
            jdk.update(new byte[] {1, 2, 3});
            assertTrue(jdk.verify(sig), m.toString());
        }
    }

    /** A KeyPairGenerator not initialised makes the JDK's default: RSA's size, EC's curve. */
    @ParameterizedTest
    @EnumSource(KeyMaking.Type.class)
    void generatorDefaults(KeyMaking.Type t) throws Exception {
        t.requireServed();
        KeyPairGenerator ours = KeyPairGenerator.getInstance(t.generator, Providers.ACCEL);
        KeyPairGenerator jdk =
                KeyPairGenerator.getInstance(t.generator, Providers.jdk("KeyPairGenerator", t.generator));
        PrivateKey o = ours.generateKeyPair().getPrivate();
        PrivateKey j = jdk.generateKeyPair().getPrivate();
        assertEquals(j.getAlgorithm(), o.getAlgorithm(), t.toString());
        switch (j) {
            case RSAPrivateCrtKey r ->
                assertEquals(
                        r.getModulus().bitLength(),
                        ((RSAPrivateCrtKey) o).getModulus().bitLength(),
                        t.toString());
            case ECPrivateKey e ->
                assertEquals(
                        e.getParams().toString(), ((ECPrivateKey) o).getParams().toString());
            default ->
                assertEquals(
                        ((NamedParameterSpec) params(j)).getName(),
                        ((NamedParameterSpec) params(o)).getName(),
                        t.toString());
        }
        assertNotEquals(j, o);
    }
}
