package dev.acceljce.keys;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.testing.Providers;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Security;
import java.security.cert.Certificate;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.EdECPrivateKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.XECPrivateKey;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.KeySpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPrivateCrtKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.security.spec.XECPrivateKeySpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The private keys of the key tests that compare AccelJCE's keys with the JDK's: each key type
 * AccelJCE serves, made each way an application gets a key (a KeyPairGenerator, a KeyFactory from
 * a spec or an encoding, a PKCS#12 or JKS KeyStore, translateKey, deserialization), next to the
 * JDK's key of the same material. The KeyStore and deserialization ways look the KeyFactory up
 * by name, as applications do: AccelJCE must be installed first ({@link #installFirst}).
 */
final class KeyMaking {
    private KeyMaking() {}

    /** A key type, its generator's parameters and what uses it: a signature, an agreement or a KEM. */
    enum Type {
        RSA("RSA", null, "RSA", "SHA256withRSA"),
        EC_P256("EC", new ECGenParameterSpec("secp256r1"), "EC", "SHA256withECDSA"),
        EC_P384("EC", new ECGenParameterSpec("secp384r1"), "EC", "SHA384withECDSA"),
        EC_P521("EC", new ECGenParameterSpec("secp521r1"), "EC", "SHA512withECDSA"),
        ED25519("Ed25519", null, "Ed25519", "Ed25519"),
        ED448("Ed448", null, "Ed448", "Ed448"),
        X25519("X25519", null, "X25519", "agreement:XDH"),
        X448("X448", null, "X448", "agreement:XDH"),
        ML_DSA_65("ML-DSA", NamedParameterSpec.ML_DSA_65, "ML-DSA", "ML-DSA"),
        ML_KEM_768("ML-KEM", NamedParameterSpec.ML_KEM_768, "ML-KEM", "kem:ML-KEM");

        final String generator;
        final AlgorithmParameterSpec spec;
        final String factory;
        final String use;

        Type(String generator, AlgorithmParameterSpec spec, String factory, String use) {
            this.generator = generator;
            this.spec = spec;
            this.factory = factory;
            this.use = use;
        }

        boolean ml() {
            return factory.startsWith("ML-");
        }

        /** Skips (saying why) a type the loaded OpenSSL does not serve: ML-KEM and ML-DSA need 3.5. */
        void requireServed() {
            assumeTrue(
                    Providers.ACCEL.getService("KeyFactory", factory) != null,
                    "AccelJCE registers no KeyFactory." + factory + " on this libcrypto");
        }
    }

    /** The ways an application gets a private key. */
    enum Source {
        GENERATOR,
        PKCS8,
        SPEC,
        PKCS12,
        JKS,
        TRANSLATE,
        DESERIALIZED
    }

    /** AccelJCE's key, the JDK's key of the same material, and the public key of the pair (the JDK's). */
    record Made(Type type, Source source, PrivateKey ours, PrivateKey jdk, PublicKey pub) {
        @Override
        public String toString() {
            return type + " from " + source;
        }
    }

    /** Every type with every source that applies (ML keys have no private key spec). */
    static List<Object[]> cases() {
        List<Object[]> out = new ArrayList<>();
        for (Type t : Type.values()) {
            for (Source s : Source.values()) {
                if (!(t.ml() && s == Source.SPEC)) {
                    out.add(new Object[] {t, s});
                }
            }
        }
        return out;
    }

    static void installFirst() {
        Security.removeProvider(Providers.ACCEL.getName());
        Security.insertProviderAt(Providers.ACCEL, 1);
    }

    static void uninstall() {
        Security.removeProvider(Providers.ACCEL.getName());
    }

    static KeyFactory jdkFactory(Type t) throws Exception {
        return KeyFactory.getInstance(t.factory, Providers.jdk("KeyFactory", t.factory));
    }

    static KeyFactory ourFactory(Type t) throws Exception {
        return KeyFactory.getInstance(t.factory, Providers.ACCEL);
    }

    static KeyPair jdkPair(Type t) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance(t.generator, Providers.jdk("KeyPairGenerator", t.generator));
        if (t.spec != null) {
            g.initialize(t.spec);
        } else if (t == Type.RSA) {
            g.initialize(2048);
        }
        return g.generateKeyPair();
    }

    /** A key of {@code t} made by {@code s}, with the JDK's key of the same material. */
    static Made make(Type t, Source s) throws Exception {
        t.requireServed();
        KeyFactory jdkKf = jdkFactory(t);
        if (s == Source.GENERATOR) {
            KeyPair ours = Providers.accelKeyPair(t.generator, t.spec);
            PrivateKey jdk = jdkKf.generatePrivate(
                    new PKCS8EncodedKeySpec(ours.getPrivate().getEncoded()));
            PublicKey pub =
                    jdkKf.generatePublic(new X509EncodedKeySpec(ours.getPublic().getEncoded()));
            return new Made(t, s, ours.getPrivate(), jdk, pub);
        }
        KeyPair jdk = jdkPair(t);
        PrivateKey ours = switch (s) {
            case PKCS8 ->
                ourFactory(t)
                        .generatePrivate(
                                new PKCS8EncodedKeySpec(jdk.getPrivate().getEncoded()));
            case SPEC -> ourFactory(t).generatePrivate(jdkKf.getKeySpec(jdk.getPrivate(), specClass(t)));
            case PKCS12, JKS -> fromKeyStore(s.name(), jdk.getPrivate());
            case TRANSLATE -> (PrivateKey) ourFactory(t).translateKey(jdk.getPrivate());
            case DESERIALIZED ->
                (PrivateKey) roundTrip(ourFactory(t)
                        .generatePrivate(
                                new PKCS8EncodedKeySpec(jdk.getPrivate().getEncoded())));
            case GENERATOR -> throw new AssertionError();
        };
        return new Made(t, s, ours, jdk.getPrivate(), jdk.getPublic());
    }

    static Class<? extends KeySpec> specClass(Type t) {
        return switch (t) {
            case RSA -> RSAPrivateCrtKeySpec.class;
            case EC_P256, EC_P384, EC_P521 -> ECPrivateKeySpec.class;
            case ED25519, ED448 -> EdECPrivateKeySpec.class;
            case X25519, X448 -> XECPrivateKeySpec.class;
            default -> throw new IllegalArgumentException(t + " has no private key spec");
        };
    }

    /** The private-key interface of the type (the one its getters come from), or PrivateKey. */
    static Class<?> keyInterface(Type t) {
        return switch (t) {
            case RSA -> RSAPrivateCrtKey.class;
            case EC_P256, EC_P384, EC_P521 -> ECPrivateKey.class;
            case ED25519, ED448 -> EdECPrivateKey.class;
            case X25519, X448 -> XECPrivateKey.class;
            default -> PrivateKey.class;
        };
    }

    /** Any certificate: a KeyStore needs a chain with a private key, not one that matches it. */
    private static Certificate anyCertificate() throws Exception {
        Path cacerts = Path.of(System.getProperty("java.home"), "lib", "security", "cacerts");
        KeyStore ks = KeyStore.getInstance("PKCS12", Providers.jdk("KeyStore", "PKCS12"));
        try (InputStream in = Files.newInputStream(cacerts)) {
            ks.load(in, null);
        }
        return ks.getCertificate(ks.aliases().nextElement());
    }

    /**
     * The key stored into a KeyStore of {@code type} and read back as an application does, with
     * {@code getKey}: the store looks the KeyFactory up by the key's algorithm (AccelJCE's, first).
     */
    static PrivateKey fromKeyStore(String type, PrivateKey key) throws Exception {
        char[] password = "changeit".toCharArray();
        KeyStore ks = KeyStore.getInstance(type);
        ks.load(null, null);
        ks.setKeyEntry("k", key, password, new Certificate[] {anyCertificate()});
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ks.store(out, password);
        KeyStore read = KeyStore.getInstance(type);
        read.load(new ByteArrayInputStream(out.toByteArray()), password);
        return (PrivateKey) read.getKey("k", password);
    }

    static byte[] serialize(Object o) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        return bytes.toByteArray();
    }

    static Object deserialize(byte[] b) throws Exception {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(b))) {
            return in.readObject();
        }
    }

    static Key roundTrip(Key k) throws Exception {
        return (Key) deserialize(serialize(k));
    }
}
