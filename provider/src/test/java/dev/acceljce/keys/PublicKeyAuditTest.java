package dev.acceljce.keys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.testing.Providers;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyStore;
import java.security.PublicKey;
import java.security.Signature;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.EdECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.interfaces.XECPublicKey;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.EdECPublicKeySpec;
import java.security.spec.KeySpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.RSAPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.security.spec.XECPublicKeySpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The audit of AccelJCE's public keys against the JDK's key of the same material, one test per
 * behaviour, for each key type and each way a public key is made: a KeyPairGenerator, a
 * KeyFactory from its X.509 encoding, from its key spec, translateKey, deserialization, and a
 * certificate parsed with AccelJCE first (the JDK builds the certificate's key with the KeyFactory
 * first for its algorithm: AccelJCE's).
 */
class PublicKeyAuditTest {
    enum Source {
        GENERATOR,
        X509,
        SPEC,
        TRANSLATE,
        DESERIALIZED
    }

    record Made(KeyMaking.Type type, Object source, PublicKey ours, PublicKey jdk, KeyPair pair) {
        @Override
        public String toString() {
            return type + " from " + source;
        }
    }

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
        List<Object[]> out = new ArrayList<>();
        for (KeyMaking.Type t : KeyMaking.Type.values()) {
            for (Source s : Source.values()) {
                if (!(t.ml() && s == Source.SPEC)) {
                    out.add(new Object[] {t, s});
                }
            }
        }
        return out;
    }

    static Made make(KeyMaking.Type t, Source s) throws Exception {
        t.requireServed();
        KeyFactory jdkKf = KeyMaking.jdkFactory(t);
        KeyFactory ourKf = KeyMaking.ourFactory(t);
        if (s == Source.GENERATOR) {
            KeyPair ours = Providers.accelKeyPair(t.generator, t.spec);
            PublicKey jdk =
                    jdkKf.generatePublic(new X509EncodedKeySpec(ours.getPublic().getEncoded()));
            return new Made(t, s, ours.getPublic(), jdk, ours);
        }
        KeyPair jdk = KeyMaking.jdkPair(t);
        X509EncodedKeySpec x509 = new X509EncodedKeySpec(jdk.getPublic().getEncoded());
        PublicKey ours = switch (s) {
            case X509 -> ourKf.generatePublic(x509);
            case SPEC -> ourKf.generatePublic(jdkKf.getKeySpec(jdk.getPublic(), specClass(t)));
            case TRANSLATE -> (PublicKey) ourKf.translateKey(jdk.getPublic());
            case DESERIALIZED -> (PublicKey) KeyMaking.roundTrip(ourKf.generatePublic(x509));
            case GENERATOR -> throw new AssertionError();
        };
        return new Made(t, s, ours, jdk.getPublic(), jdk);
    }

    static Class<? extends KeySpec> specClass(KeyMaking.Type t) {
        return switch (t) {
            case RSA -> RSAPublicKeySpec.class;
            case EC_P256, EC_P384, EC_P521 -> ECPublicKeySpec.class;
            case ED25519, ED448 -> EdECPublicKeySpec.class;
            case X25519, X448 -> XECPublicKeySpec.class;
            default -> throw new IllegalArgumentException(t + " has no public key spec");
        };
    }

    private static Made made(KeyMaking.Type t, Source s) throws Exception {
        Made m = make(t, s);
        assertInstanceOf(AccelKey.class, m.ours(), m + ": not AccelJCE's key");
        return m;
    }

    @ParameterizedTest(name = "{0} from {1}")
    @MethodSource("cases")
    void algorithmFormatAndEncoding(KeyMaking.Type t, Source s) throws Exception {
        audit(made(t, s));
    }

    /** Every line of the audit, for one key; the certificate test runs it on certificates' keys. */
    private static void audit(Made m) throws Exception {
        assertEquals(m.jdk().getAlgorithm(), m.ours().getAlgorithm(), m.toString());
        assertEquals(m.jdk().getFormat(), m.ours().getFormat(), m.toString());
        byte[] first = m.ours().getEncoded();
        assertArrayEquals(m.jdk().getEncoded(), first, m.toString());
        first[0] ^= 1;
        assertArrayEquals(
                m.jdk().getEncoded(), m.ours().getEncoded(), m + ": changing the returned array changed the key");
        for (Class<?> c : new Class<?>[] {
            RSAPublicKey.class,
            ECPublicKey.class,
            EdECPublicKey.class,
            XECPublicKey.class,
            java.security.AsymmetricKey.class,
            java.io.Serializable.class,
            javax.security.auth.Destroyable.class
        }) {
            assertEquals(c.isInstance(m.jdk()), c.isInstance(m.ours()), m + ": " + c.getSimpleName());
        }
        // equals and hashCode, both ways
        assertTrue(m.ours().equals(m.jdk()), m + ": ours.equals(jdk)");
        assertTrue(m.jdk().equals(m.ours()), m + ": jdk.equals(ours)");
        assertEquals(m.jdk().hashCode(), m.ours().hashCode(), m + ": hash codes");
        PublicKey other = KeyMaking.jdkPair(m.type()).getPublic();
        assertFalse(m.ours().equals(other) || other.equals(m.ours()), m + ": equal to another key");
        // params
        java.security.spec.AlgorithmParameterSpec jp = ((java.security.AsymmetricKey) m.jdk()).getParams();
        java.security.spec.AlgorithmParameterSpec op = ((java.security.AsymmetricKey) m.ours()).getParams();
        if (jp == null) {
            assertEquals(null, op, m.toString());
        } else if (jp instanceof ECParameterSpec j) {
            ECParameterSpec o = assertInstanceOf(ECParameterSpec.class, op, m.toString());
            assertEquals(j.getCurve(), o.getCurve(), m.toString());
            assertEquals(j.getGenerator(), o.getGenerator(), m.toString());
            assertEquals(j.getOrder(), o.getOrder(), m.toString());
            assertEquals(j.toString(), o.toString(), m.toString());
        } else {
            assertEquals(((NamedParameterSpec) jp).getName(), ((NamedParameterSpec) op).getName(), m.toString());
        }
        // getters
        switch (m.jdk()) {
            case RSAPublicKey j -> {
                assertEquals(j.getModulus(), ((RSAPublicKey) m.ours()).getModulus(), m.toString());
                assertEquals(j.getPublicExponent(), ((RSAPublicKey) m.ours()).getPublicExponent(), m.toString());
            }
            case ECPublicKey j -> assertEquals(j.getW(), ((ECPublicKey) m.ours()).getW(), m.toString());
            case EdECPublicKey j -> {
                EdECPublicKey o = (EdECPublicKey) m.ours();
                assertEquals(j.getPoint().getY(), o.getPoint().getY(), m.toString());
                assertEquals(j.getPoint().isXOdd(), o.getPoint().isXOdd(), m.toString());
            }
            case XECPublicKey j -> assertEquals(j.getU(), ((XECPublicKey) m.ours()).getU(), m.toString());
            default -> assertTrue(m.type().ml(), m.toString());
        }
        // serialized as the JDK's key: the same stream; deserializes to the first provider's key
        byte[] ours = KeyMaking.serialize(m.ours());
        assertArrayEquals(KeyMaking.serialize(m.jdk()), ours, m + ": the serialized form");
        Object back = KeyMaking.deserialize(ours);
        assertInstanceOf(AccelKey.class, back, m.toString());
        assertEquals(m.jdk(), back, m.toString());
        KeyMaking.uninstall();
        try {
            Object jdkBack = KeyMaking.deserialize(ours);
            assertEquals(m.jdk().getClass(), jdkBack.getClass(), m + ": without AccelJCE, the JDK's key");
            assertEquals(m.ours(), jdkBack, m.toString());
        } finally {
            KeyMaking.installFirst();
        }
        // the JDK's KeyFactory translates it and its engines verify with it
        KeyFactory jdkKf = KeyMaking.jdkFactory(m.type());
        Key translated = jdkKf.translateKey(m.ours());
        assertEquals(m.jdk(), translated, m.toString());
        if (!m.type().ml()) {
            KeyFactory ourKf = KeyMaking.ourFactory(m.type());
            Class<? extends KeySpec> c = specClass(m.type());
            assertEquals(
                    jdkKf.generatePublic(jdkKf.getKeySpec(m.jdk(), c)),
                    jdkKf.generatePublic(ourKf.getKeySpec(m.ours(), c)),
                    m + ": the key spec");
        }
        String text = m.ours().toString();
        String named =
                jp instanceof NamedParameterSpec n ? n.getName() : m.jdk().getAlgorithm();
        assertTrue(text.contains(named), m + ": toString() names the algorithm: " + text);
        // the JDK's text with the provider's name before it (docs/differences.md, Keys)
        assertEquals("AccelJCE " + m.jdk(), text, m + ": toString()");
        if (m.pair() != null && !m.type().use.contains(":")) {
            byte[] message = {1, 2, 3};
            Signature s = Signature.getInstance(m.type().use, Providers.jdk("Signature", m.type().use));
            s.initSign(m.pair().getPrivate());
            s.update(message);
            byte[] sig = s.sign();
            s.initVerify(m.ours());
            s.update(message);
            assertTrue(s.verify(sig), m + ": the JDK verifies with our key");
        }
    }

    /** A certificate parsed with AccelJCE first carries AccelJCE's public key, which audits as the JDK's. */
    @Test
    void certificatesKeys() throws Exception {
        Path cacerts = Path.of(System.getProperty("java.home"), "lib", "security", "cacerts");
        KeyStore ks = KeyStore.getInstance("PKCS12", Providers.jdk("KeyStore", "PKCS12"));
        try (InputStream in = Files.newInputStream(cacerts)) {
            ks.load(in, null);
        }
        CertificateFactory cf = CertificateFactory.getInstance("X.509");
        int rsa = 0;
        int ec = 0;
        for (String alias : Collections.list(ks.aliases())) {
            Certificate stored = ks.getCertificate(alias);
            Certificate parsed = cf.generateCertificate(new ByteArrayInputStream(stored.getEncoded()));
            PublicKey ours = parsed.getPublicKey();
            if (!(ours instanceof AccelKey)) {
                continue; // a curve AccelJCE does not serve, e.g.
            }
            KeyMaking.Type t = ours instanceof RSAPublicKey ? KeyMaking.Type.RSA : KeyMaking.Type.EC_P256;
            PublicKey jdk = KeyMaking.jdkFactory(t)
                    .generatePublic(new X509EncodedKeySpec(stored.getPublicKey().getEncoded()));
            audit(new Made(t, "the certificate " + alias, ours, jdk, null));
            if (t == KeyMaking.Type.RSA) {
                rsa++;
            } else {
                ec++;
            }
            // the certificate verifies with AccelJCE's key where the JDK's verifies it (self-signed roots)
            if (isSelfSigned(stored)) {
                parsed.verify(ours);
            }
        }
        assertTrue(rsa > 10 && ec > 3, "certificates' keys seen: " + rsa + " RSA, " + ec + " EC");
    }

    private static boolean isSelfSigned(Certificate c) {
        try {
            c.verify(c.getPublicKey(), "SunRsaSign");
            return true;
        } catch (Exception e) {
            try {
                c.verify(c.getPublicKey(), "SunEC");
                return true;
            } catch (Exception e2) {
                return false;
            }
        }
    }
}
