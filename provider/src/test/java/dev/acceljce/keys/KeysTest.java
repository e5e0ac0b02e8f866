package dev.acceljce.keys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Decisions;
import dev.acceljce.control.Path;
import dev.acceljce.openssl.NativeResource;
import dev.acceljce.testing.KeysDestroyOn;
import dev.acceljce.testing.Providers;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.EdECPublicKeySpec;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPrivateCrtKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.security.spec.XECPrivateKeySpec;
import java.security.spec.XECPublicKeySpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

@ExtendWith(KeysDestroyOn.class) // what destroying a key does: the opt-in
class KeysTest {
    /** A key type under test: KeyPairGenerator/KeyFactory name, init parameters, spec classes. */
    record Kind(
            String kpg,
            String factory,
            AlgorithmParameterSpec params,
            int size,
            Class<? extends KeySpec> publicSpec,
            Class<? extends KeySpec> privateSpec) {
        @Override
        public String toString() {
            return kpg
                    + (params instanceof ECGenParameterSpec e
                            ? " " + e.getName()
                            : params instanceof NamedParameterSpec n ? " " + n.getName() : size > 0 ? " " + size : "");
        }
    }

    static List<Kind> kinds() {
        List<Kind> out = new ArrayList<>();
        for (String curve : new String[] {"secp256r1", "secp384r1", "secp521r1"}) {
            out.add(new Kind(
                    "EC", "EC", new ECGenParameterSpec(curve), 0, ECPublicKeySpec.class, ECPrivateKeySpec.class));
        }
        out.add(new Kind("RSA", "RSA", null, 2048, RSAPublicKeySpec.class, RSAPrivateCrtKeySpec.class));
        out.add(new Kind("Ed25519", "Ed25519", null, 0, EdECPublicKeySpec.class, EdECPrivateKeySpec.class));
        out.add(new Kind("Ed448", "Ed448", null, 0, EdECPublicKeySpec.class, EdECPrivateKeySpec.class));
        out.add(new Kind(
                "EdDSA", "EdDSA", NamedParameterSpec.ED448, 0, EdECPublicKeySpec.class, EdECPrivateKeySpec.class));
        out.add(new Kind("X25519", "X25519", null, 0, XECPublicKeySpec.class, XECPrivateKeySpec.class));
        out.add(new Kind("X448", "X448", null, 0, XECPublicKeySpec.class, XECPrivateKeySpec.class));
        out.add(new Kind("XDH", "XDH", NamedParameterSpec.X448, 0, XECPublicKeySpec.class, XECPrivateKeySpec.class));
        return out;
    }

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    static KeyPair generate(Kind k, String provider) throws Exception {
        KeyPairGenerator g = provider == null
                ? KeyPairGenerator.getInstance(k.kpg(), Providers.ACCEL)
                : KeyPairGenerator.getInstance(k.kpg(), provider);
        if (k.params() != null) {
            g.initialize(k.params());
        } else if (k.size() > 0) {
            g.initialize(k.size());
        }
        return g.generateKeyPair();
    }

    static String jdkProvider(Kind k) {
        return Providers.jdk("KeyFactory", k.factory()).getName();
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void generatedKeysAreNativeAndLookLikeTheJdks(Kind k) throws Exception {
        long before = Decisions.count("KeyPairGenerator", k.kpg(), Path.NATIVE);
        KeyPair ours = generate(k, null);
        assertEquals(before + 1, Decisions.count("KeyPairGenerator", k.kpg(), Path.NATIVE));
        assertInstanceOf(AccelKey.class, ours.getPublic());
        assertInstanceOf(AccelKey.class, ours.getPrivate());
        KeyPair jdk = generate(k, jdkProvider(k));
        assertEquals(jdk.getPublic().getAlgorithm(), ours.getPublic().getAlgorithm());
        assertEquals(jdk.getPrivate().getAlgorithm(), ours.getPrivate().getAlgorithm());
        assertEquals("X.509", ours.getPublic().getFormat());
        assertEquals("PKCS#8", ours.getPrivate().getFormat());
        // the JDK re-encodes our keys byte for byte as we encode them
        KeyFactory jdkKf = KeyFactory.getInstance(k.factory(), jdkProvider(k));
        PublicKey jdkPub =
                jdkKf.generatePublic(new X509EncodedKeySpec(ours.getPublic().getEncoded()));
        PrivateKey jdkPriv =
                jdkKf.generatePrivate(new PKCS8EncodedKeySpec(ours.getPrivate().getEncoded()));
        assertArrayEquals(jdkPub.getEncoded(), ours.getPublic().getEncoded());
        assertArrayEquals(jdkPriv.getEncoded(), ours.getPrivate().getEncoded());
        assertEquals(jdkPub.getEncoded().length, jdk.getPublic().getEncoded().length);
        // equality and hash codes agree both ways
        assertEquals(jdkPub, ours.getPublic());
        assertEquals(ours.getPublic(), jdkPub);
        assertEquals(jdkPub.hashCode(), ours.getPublic().hashCode());
        assertEquals(jdkPriv, ours.getPrivate());
        assertEquals(ours.getPrivate(), jdkPriv);
        assertEquals(jdkPriv.hashCode(), ours.getPrivate().hashCode());
        assertNotEquals(ours.getPublic(), jdk.getPublic());
        assertNotEquals(ours.getPrivate(), jdk.getPrivate());
        // components agree with the JDK's parse of the same encoding
        assertEquals(jdkKf.getKeySpec(jdkPub, k.publicSpec()).toString().length() > 0, true);
        assertSpecsEqual(jdkKf.getKeySpec(jdkPub, k.publicSpec()), jdkKf.getKeySpec(ours.getPublic(), k.publicSpec()));
        assertSpecsEqual(
                jdkKf.getKeySpec(jdkPriv, k.privateSpec()), jdkKf.getKeySpec(ours.getPrivate(), k.privateSpec()));
    }

    /** Specs have no equals: compare what they hold, through the JDK's KeyFactory. */
    private static void assertSpecsEqual(KeySpec a, KeySpec b) {
        assertEquals(describe(a), describe(b));
    }

    private static String describe(KeySpec s) {
        return switch (s) {
            case ECPublicKeySpec e -> e.getW().getAffineX() + "," + e.getW().getAffineY() + "," + e.getParams();
            case ECPrivateKeySpec e -> e.getS() + "," + e.getParams();
            case RSAPublicKeySpec r -> r.getModulus() + "," + r.getPublicExponent();
            case RSAPrivateCrtKeySpec r ->
                r.getModulus() + "," + r.getPrivateExponent() + "," + r.getPrimeP() + "," + r.getPrimeQ() + ","
                        + r.getCrtCoefficient();
            case EdECPublicKeySpec e ->
                e.getParams().getName() + "," + e.getPoint().getY() + ","
                        + e.getPoint().isXOdd();
            case EdECPrivateKeySpec e ->
                e.getParams().getName() + "," + java.util.HexFormat.of().formatHex(e.getBytes());
            case XECPublicKeySpec x -> ((NamedParameterSpec) x.getParams()).getName() + "," + x.getU();
            case XECPrivateKeySpec x ->
                ((NamedParameterSpec) x.getParams()).getName() + ","
                        + java.util.HexFormat.of().formatHex(x.getScalar());
            default -> throw new AssertionError(s);
        };
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void keyFactoryRoundTrips(Kind k) throws Exception {
        KeyFactory ours = KeyFactory.getInstance(k.factory(), Providers.ACCEL);
        KeyFactory jdk = KeyFactory.getInstance(k.factory(), jdkProvider(k));
        for (KeyPair kp : new KeyPair[] {generate(k, null), generate(k, jdkProvider(k))}) {
            // encoded forms through both factories
            PublicKey pub =
                    ours.generatePublic(new X509EncodedKeySpec(kp.getPublic().getEncoded()));
            PrivateKey priv =
                    ours.generatePrivate(new PKCS8EncodedKeySpec(kp.getPrivate().getEncoded()));
            assertInstanceOf(AccelKey.class, pub);
            assertInstanceOf(AccelKey.class, priv);
            assertEquals(kp.getPublic(), pub);
            assertEquals(kp.getPrivate(), priv);
            // component specs, from either factory into the other
            KeySpec pubSpec = ours.getKeySpec(pub, k.publicSpec());
            KeySpec privSpec = ours.getKeySpec(priv, k.privateSpec());
            assertEquals(kp.getPublic(), jdk.generatePublic(pubSpec));
            assertEquals(kp.getPrivate(), jdk.generatePrivate(privSpec));
            assertEquals(kp.getPublic(), ours.generatePublic(jdk.getKeySpec(kp.getPublic(), k.publicSpec())));
            assertEquals(kp.getPrivate(), ours.generatePrivate(jdk.getKeySpec(kp.getPrivate(), k.privateSpec())));
            assertArrayEquals(
                    kp.getPublic().getEncoded(),
                    ours.getKeySpec(pub, X509EncodedKeySpec.class).getEncoded());
            assertArrayEquals(
                    kp.getPrivate().getEncoded(),
                    ours.getKeySpec(priv, PKCS8EncodedKeySpec.class).getEncoded());
            // translateKey both ways
            Key t = ours.translateKey(kp.getPrivate());
            assertInstanceOf(AccelKey.class, t);
            assertEquals(kp.getPrivate(), t);
            assertEquals(kp.getPublic(), jdk.translateKey(pub));
            assertEquals(kp.getPrivate(), jdk.translateKey(priv));
            assertTrue(ours.translateKey(pub) == pub, "our own key translates to itself");
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void serializationGoesThroughKeyRep(Kind k) throws Exception {
        KeyPair kp = generate(k, null);
        for (Key key : new Key[] {kp.getPublic(), kp.getPrivate()}) {
            ByteArrayOutputStream bo = new ByteArrayOutputStream();
            try (ObjectOutputStream oo = new ObjectOutputStream(bo)) {
                oo.writeObject(key);
            }
            Object back = new ObjectInputStream(new ByteArrayInputStream(bo.toByteArray())).readObject();
            assertEquals(key, back);
        }
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void destroyFreesTheNativeKey(Kind k) throws Exception {
        KeyPair kp = generate(k, null);
        PrivateKey priv = kp.getPrivate();
        assertTrue(!priv.isDestroyed());
        priv.getEncoded(); // makes OpenSSL's form of a key AWS-LC generated (EcdsaEnginesTest counts AWS-LC's)
        long live = NativeResource.liveObjects().getOrDefault("EVP_PKEY", 0L);
        priv.destroy();
        assertTrue(priv.isDestroyed());
        assertEquals(live - 1, NativeResource.liveObjects().getOrDefault("EVP_PKEY", 0L));
        priv.destroy(); // idempotent
        assertThrows(IllegalStateException.class, priv::getEncoded);
        KeyFactory ours = KeyFactory.getInstance(k.factory(), Providers.ACCEL);
        assertThrows(InvalidKeyException.class, () -> ours.translateKey(priv));
        assertThrows(InvalidKeySpecException.class, () -> ours.getKeySpec(priv, PKCS8EncodedKeySpec.class));
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void badEncodingsGiveTheJdksExceptions(Kind k) throws Exception {
        KeyFactory ours = KeyFactory.getInstance(k.factory(), Providers.ACCEL);
        KeyFactory jdk = KeyFactory.getInstance(k.factory(), jdkProvider(k));
        KeyPair kp = generate(k, null);
        byte[] pub = kp.getPublic().getEncoded();
        byte[] priv = kp.getPrivate().getEncoded();
        KeyPair other = k.kpg().equals("RSA")
                ? KeyPairGenerator.getInstance("EC", "SunEC").generateKeyPair()
                : smallRsa();
        List<byte[]> badPublic = List.of(
                new byte[0],
                new byte[5],
                java.util.Arrays.copyOf(pub, pub.length - 1),
                other.getPublic().getEncoded());
        for (byte[] bad : badPublic) {
            Class<? extends Throwable> expected = thrownBy(() -> jdk.generatePublic(new X509EncodedKeySpec(bad)));
            assertThrows(expected, () -> ours.generatePublic(new X509EncodedKeySpec(bad)));
        }
        List<byte[]> badPrivate = List.of(
                new byte[0],
                new byte[5],
                java.util.Arrays.copyOf(priv, priv.length - 1),
                other.getPrivate().getEncoded());
        for (byte[] bad : badPrivate) {
            Class<? extends Throwable> expected = thrownBy(() -> jdk.generatePrivate(new PKCS8EncodedKeySpec(bad)));
            assertThrows(expected, () -> ours.generatePrivate(new PKCS8EncodedKeySpec(bad)));
        }
        assertThrows(thrownBy(() -> jdk.translateKey(other.getPublic())), () -> ours.translateKey(other.getPublic()));
        assertThrows(
                thrownBy(() -> jdk.getKeySpec(kp.getPublic(), k.privateSpec())),
                () -> ours.getKeySpec(kp.getPublic(), k.privateSpec()));
    }

    private static KeyPair smallRsa;

    /** A 1024-bit RSA pair from the JDK, made once: a key of the wrong type for the other kinds. */
    static synchronized KeyPair smallRsa() throws Exception {
        if (smallRsa == null) {
            KeyPairGenerator g = KeyPairGenerator.getInstance("RSA", "SunRsaSign");
            g.initialize(1024);
            smallRsa = g.generateKeyPair();
        }
        return smallRsa;
    }

    static Class<? extends Throwable> thrownBy(org.junit.jupiter.api.function.Executable call) {
        try {
            call.execute();
        } catch (Throwable t) {
            return t.getClass();
        }
        throw new AssertionError("the JDK accepted it");
    }

    @Test
    void ecGeneratorChecksArgumentsAsTheJdk() throws Exception {
        KeyPairGenerator ours = KeyPairGenerator.getInstance("EC", Providers.ACCEL);
        KeyPairGenerator jdk = KeyPairGenerator.getInstance("EC", "SunEC");
        assertEquals(
                ((java.security.interfaces.ECKey) jdk.generateKeyPair().getPublic())
                        .getParams()
                        .toString(),
                ((java.security.interfaces.ECKey) ours.generateKeyPair().getPublic())
                        .getParams()
                        .toString(),
                "same default curve");
        for (int size : new int[] {255, 0, -1, 1024}) {
            assertThrows(thrownBy(() -> jdk.initialize(size)), () -> ours.initialize(size));
        }
        for (String curve : new String[] {"foo", "secp256k1", "brainpoolP256r1"}) {
            assertThrows(
                    thrownBy(() -> jdk.initialize(new ECGenParameterSpec(curve))),
                    () -> ours.initialize(new ECGenParameterSpec(curve)));
        }
        for (String alias : new String[] {"NIST P-256", "1.2.840.10045.3.1.7", "X9.62 prime256v1"}) {
            ours.initialize(new ECGenParameterSpec(alias));
            KeyPair kp = ours.generateKeyPair();
            assertInstanceOf(AccelEcPublicKey.class, kp.getPublic());
            assertEquals(Curves.P256, ((AccelEcPublicKey) kp.getPublic()).curve());
        }
        ours.initialize(Curves.P521.params());
        assertEquals(Curves.P521, ((AccelEcPublicKey) ours.generateKeyPair().getPublic()).curve());
        ours.initialize(384);
        assertEquals(Curves.P384, ((AccelEcPublicKey) ours.generateKeyPair().getPublic()).curve());
    }

    @Test
    void jdkPathServesJdkKeys() throws Exception {
        String before = System.getProperty("acceljce.native.ec");
        System.setProperty("acceljce.native.ec", "false");
        dev.acceljce.control.Settings.reload();
        try {
            KeyPair kp = KeyPairGenerator.getInstance("EC", Providers.ACCEL).generateKeyPair();
            assertEquals(
                    "sun.security.ec.ECPublicKeyImpl", kp.getPublic().getClass().getName());
            KeyFactory kf = KeyFactory.getInstance("EC", Providers.ACCEL);
            assertEquals(
                    "sun.security.ec.ECPrivateKeyImpl",
                    kf.generatePrivate(new PKCS8EncodedKeySpec(kp.getPrivate().getEncoded()))
                            .getClass()
                            .getName());
        } finally {
            if (before == null) {
                System.clearProperty("acceljce.native.ec");
                dev.acceljce.control.Settings.reload();
            } else {
                System.setProperty("acceljce.native.ec", before);
                dev.acceljce.control.Settings.reload();
            }
        }
    }

    @Test
    void xdhGeneratorTakesEitherCurve() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("XDH", Providers.ACCEL);
        KeyPairGenerator jdk = KeyPairGenerator.getInstance("XDH", "SunEC");
        assertEquals(
                "X25519",
                ((NamedParameterSpec) ((java.security.interfaces.XECKey)
                                        g.generateKeyPair().getPublic())
                                .getParams())
                        .getName());
        g.initialize(448);
        KeyPair kp = g.generateKeyPair();
        assertInstanceOf(AccelXecPrivateKey.class, kp.getPrivate());
        assertEquals(
                56,
                ((java.security.interfaces.XECPrivateKey) kp.getPrivate())
                        .getScalar()
                        .orElseThrow()
                        .length);
        assertThrows(thrownBy(() -> jdk.initialize(256)), () -> g.initialize(256));
        assertThrows(
                thrownBy(() -> jdk.initialize(NamedParameterSpec.ED25519)),
                () -> g.initialize(NamedParameterSpec.ED25519));
        KeyPairGenerator fixed = KeyPairGenerator.getInstance("X25519", Providers.ACCEL);
        KeyPairGenerator fixedJdk = KeyPairGenerator.getInstance("X25519", "SunEC");
        assertThrows(
                thrownBy(() -> fixedJdk.initialize(NamedParameterSpec.X448)),
                () -> fixed.initialize(NamedParameterSpec.X448));
    }

    /** AlgorithmParameters "EC" and "RSASSA-PSS" are the JDK's: identical encodings both ways. */
    @Test
    void algorithmParametersInteroperate() throws Exception {
        for (String curve : new String[] {"secp256r1", "NIST P-384", "1.3.132.0.35"}) {
            java.security.AlgorithmParameters ours =
                    java.security.AlgorithmParameters.getInstance("EC", Providers.ACCEL);
            java.security.AlgorithmParameters jdk = java.security.AlgorithmParameters.getInstance("EC", "SunEC");
            ours.init(new ECGenParameterSpec(curve));
            jdk.init(new ECGenParameterSpec(curve));
            assertArrayEquals(jdk.getEncoded(), ours.getEncoded());
            java.security.AlgorithmParameters back =
                    java.security.AlgorithmParameters.getInstance("EC", Providers.ACCEL);
            back.init(jdk.getEncoded());
            assertEquals(
                    jdk.getParameterSpec(ECGenParameterSpec.class).getName(),
                    back.getParameterSpec(ECGenParameterSpec.class).getName());
            assertEquals(
                    jdk.getParameterSpec(java.security.spec.ECParameterSpec.class)
                            .toString(),
                    back.getParameterSpec(java.security.spec.ECParameterSpec.class)
                            .toString());
        }
        java.security.spec.PSSParameterSpec pss = new java.security.spec.PSSParameterSpec(
                "SHA-384", "MGF1", java.security.spec.MGF1ParameterSpec.SHA384, 48, 1);
        java.security.AlgorithmParameters ours =
                java.security.AlgorithmParameters.getInstance("RSASSA-PSS", Providers.ACCEL);
        java.security.AlgorithmParameters jdk =
                java.security.AlgorithmParameters.getInstance("RSASSA-PSS", "SunRsaSign");
        ours.init(pss);
        jdk.init(pss);
        assertArrayEquals(jdk.getEncoded(), ours.getEncoded());
        java.security.AlgorithmParameters back = java.security.AlgorithmParameters.getInstance("PSS", Providers.ACCEL);
        back.init(jdk.getEncoded());
        assertEquals(
                48,
                back.getParameterSpec(java.security.spec.PSSParameterSpec.class).getSaltLength());
        assertThrows(
                thrownBy(() -> java.security.AlgorithmParameters.getInstance("EC", "SunEC")
                        .init(new byte[3])),
                () -> java.security.AlgorithmParameters.getInstance("EC", Providers.ACCEL)
                        .init(new byte[3]));
    }

    /** Names, aliases and OIDs resolve as in SunEC and SunRsaSign. */
    @Test
    void namesAndOidsResolve() throws Exception {
        for (String[] typeAndName : new String[][] {
            {"KeyFactory", "EllipticCurve"},
            {"KeyFactory", "1.2.840.10045.2.1"},
            {"KeyFactory", "OID.1.2.840.10045.2.1"},
            {"KeyFactory", "1.2.840.113549.1.1.1"},
            {"KeyFactory", "1.2.840.113549.1.1"},
            {"KeyFactory", "1.3.101.112"},
            {"KeyFactory", "OID.1.3.101.110"},
            {"KeyPairGenerator", "1.3.101.113"},
            {"KeyPairGenerator", "1.3.101.111"},
            {"Signature", "1.2.840.10045.4.3.2"},
            {"Signature", "OID.2.16.840.1.101.3.4.3.12"},
            {"Signature", "1.3.14.3.2.29"},
            {"Signature", "1.2.840.113549.1.1.11"},
            {"Signature", "PSS"},
            {"Signature", "1.2.840.113549.1.1.10"},
            {"Signature", "1.3.101.112"},
            {"AlgorithmParameters", "PSS"},
            {"AlgorithmParameters", "EllipticCurve"}
        }) {
            java.security.Provider.Service ours = Providers.ACCEL.getService(typeAndName[0], typeAndName[1]);
            java.security.Provider.Service jdk =
                    Providers.jdk(typeAndName[0], typeAndName[1]).getService(typeAndName[0], typeAndName[1]);
            assertTrue(ours != null, typeAndName[0] + "." + typeAndName[1]);
            assertEquals(jdk.getAlgorithm(), ours.getAlgorithm());
        }
        // every Signature, KeyFactory and KeyPairGenerator SunEC and SunRsaSign offer (except MD2/MD5)
        for (String name : new String[] {"SunEC", "SunRsaSign"}) {
            for (java.security.Provider.Service s :
                    java.security.Security.getProvider(name).getServices()) {
                if (List.of("Signature", "KeyFactory", "KeyPairGenerator", "AlgorithmParameters")
                                .contains(s.getType())
                        && !s.getAlgorithm().startsWith("MD")
                        && !(s.getAlgorithm().equals("RSASSA-PSS")
                                && !s.getType().equals("Signature")
                                && !s.getType().equals("AlgorithmParameters"))) {
                    assertTrue(Providers.ACCEL.getService(s.getType(), s.getAlgorithm()) != null, s.toString());
                }
            }
        }
    }
}
