package dev.acceljce.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.keys.AccelKey;
import dev.acceljce.testing.FixedRandom;
import dev.acceljce.testing.Providers;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.NamedParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.security.spec.RSAKeyGenParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import javax.crypto.Cipher;
import javax.crypto.KEM;
import javax.crypto.KeyAgreement;
import javax.crypto.KeyGenerator;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A caller's SecureRandom decides the result of every public-key operation that draws randomness
 * ({@link CallerRandom}'s rule): with a deterministic source (SHA1PRNG seeded before first use,
 * fresh per run) two runs give the same key, signature, ciphertext or encapsulation and a third
 * seed another; the source was drawn from; the call was handed to the JDK's provider and counted
 * on the JDK path only. The JDK's default strong sources, AccelJCE's DRBG and none keep the
 * native path. Schemes that draw nothing (EdDSA, RSA PKCS#1 v1.5 signing, RSA without padding, key
 * agreement, decapsulation) stay native whatever the source, and never draw from it. Keys the
 * JDK made in a hand-off work with AccelJCE's other services. The JDK's exact draw counts are not
 * checked: they are its own business.
 */
class CallerRandomServicesTest {
    private static final long SEED = 2026;
    private static final byte[] MESSAGE = "the source of randomness".getBytes(java.nio.charset.StandardCharsets.UTF_8);

    private static KeyPair ecP256;
    private static KeyPair ecP384Jdk;
    private static KeyPair rsa;
    private static KeyPair mlDsa65;
    private static KeyPair mlKem768;

    /** ML-KEM and ML-DSA are registered only with OpenSSL 3.5 (not on a system 3.0): their cases run there. */
    private static final boolean ML = Providers.ACCEL.getService("KEM", "ML-KEM") != null;

    /** Whether AccelJCE registers {@code service} ("Type.Algorithm") in this run. */
    private static boolean registered(String service) {
        int dot = service.indexOf('.');
        return Providers.ACCEL.getService(service.substring(0, dot), service.substring(dot + 1)) != null;
    }

    @BeforeAll
    static void keys() throws Exception {
        Providers.requireNative();
        ecP256 = Providers.accelKeyPair("EC", new ECGenParameterSpec("secp256r1"));
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC", Providers.jdk("KeyPairGenerator", "EC"));
        g.initialize(new ECGenParameterSpec("secp384r1"));
        ecP384Jdk = g.generateKeyPair();
        rsa = Providers.accelKeyPair("RSA", null);
        if (ML) {
            mlDsa65 = Providers.accelKeyPair("ML-DSA", NamedParameterSpec.ML_DSA_65);
            mlKem768 = Providers.accelKeyPair("ML-KEM", NamedParameterSpec.ML_KEM_768);
        }
    }

    /** One randomized operation through AccelJCE given {@code random}: its result as bytes. */
    @FunctionalInterface
    interface Operation {
        byte[] run(SecureRandom random) throws Exception;
    }

    /** A randomized operation of {@code service} ("type.algorithm", as the counters name it). */
    record Case(String service, String what, Operation op) {
        @Override
        public String toString() {
            return service + " " + what;
        }
    }

    private static Operation keyPair(String algorithm, java.security.spec.AlgorithmParameterSpec spec, int size) {
        return r -> {
            KeyPairGenerator g = KeyPairGenerator.getInstance(algorithm, Providers.ACCEL);
            if (spec != null) {
                g.initialize(spec, r);
            } else {
                g.initialize(size, r);
            }
            KeyPair p = g.generateKeyPair();
            return concat(p.getPrivate().getEncoded(), p.getPublic().getEncoded());
        };
    }

    private static Operation signing(String algorithm, PrivateKey key, byte[] message) {
        return r -> {
            Signature s = Signature.getInstance(algorithm, Providers.ACCEL);
            s.initSign(key, r);
            s.update(message);
            return s.sign();
        };
    }

    private static Operation encryption(String transformation, java.security.spec.AlgorithmParameterSpec spec) {
        return r -> {
            Cipher c = Cipher.getInstance(transformation, Providers.ACCEL);
            c.init(Cipher.ENCRYPT_MODE, rsa.getPublic(), spec, r);
            return c.doFinal(MESSAGE);
        };
    }

    private static Operation encapsulation(String algorithm, PublicKey key) {
        return r -> {
            KEM.Encapsulated e = KEM.getInstance(algorithm, Providers.ACCEL)
                    .newEncapsulator(key, null, r)
                    .encapsulate();
            return concat(e.key().getEncoded(), e.encapsulation());
        };
    }

    /** Every public-key operation AccelJCE serves that draws randomness. */
    static List<Case> randomized() {
        List<Case> out = new ArrayList<>();
        out.add(new Case("KeyPairGenerator.EC", "secp256r1", keyPair("EC", new ECGenParameterSpec("secp256r1"), 0)));
        out.add(new Case("KeyPairGenerator.EC", "384 bits", keyPair("EC", null, 384)));
        out.add(new Case("KeyPairGenerator.RSA", "2048 bits", keyPair("RSA", null, 2048)));
        out.add(new Case(
                "KeyPairGenerator.RSA",
                "RSAKeyGenParameterSpec",
                keyPair("RSA", new RSAKeyGenParameterSpec(2048, RSAKeyGenParameterSpec.F4), 0)));
        out.add(new Case("KeyPairGenerator.Ed25519", "default", keyPair("Ed25519", NamedParameterSpec.ED25519, 0)));
        out.add(new Case("KeyPairGenerator.Ed448", "448", keyPair("Ed448", null, 448)));
        out.add(new Case("KeyPairGenerator.EdDSA", "Ed448", keyPair("EdDSA", NamedParameterSpec.ED448, 0)));
        out.add(new Case("KeyPairGenerator.X25519", "255", keyPair("X25519", null, 255)));
        out.add(new Case("KeyPairGenerator.X448", "X448", keyPair("X448", NamedParameterSpec.X448, 0)));
        out.add(new Case("KeyPairGenerator.XDH", "X25519", keyPair("XDH", NamedParameterSpec.X25519, 0)));
        out.add(new Case("KeyPairGenerator.ML-KEM", "ML-KEM-512", keyPair("ML-KEM", NamedParameterSpec.ML_KEM_512, 0)));
        out.add(new Case(
                "KeyPairGenerator.ML-KEM-1024",
                "ML-KEM-1024",
                keyPair("ML-KEM-1024", NamedParameterSpec.ML_KEM_1024, 0)));
        out.add(new Case("KeyPairGenerator.ML-DSA", "ML-DSA-44", keyPair("ML-DSA", NamedParameterSpec.ML_DSA_44, 0)));
        out.add(new Case(
                "KeyPairGenerator.ML-DSA-87", "ML-DSA-87", keyPair("ML-DSA-87", NamedParameterSpec.ML_DSA_87, 0)));

        for (String digest : List.of(
                "SHA1", "SHA224", "SHA256", "SHA384", "SHA512", "SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512")) {
            for (String suffix : List.of("", "inP1363Format")) {
                String name = digest + "withECDSA" + suffix;
                out.add(new Case(
                        "Signature." + name, "P-256 (AccelJCE's key)", signing(name, ecP256.getPrivate(), MESSAGE)));
            }
        }
        byte[] hash = new byte[32];
        Arrays.fill(hash, (byte) 0x5a);
        out.add(new Case("Signature.NONEwithECDSA", "P-256", signing("NONEwithECDSA", ecP256.getPrivate(), hash)));
        out.add(new Case(
                "Signature.NONEwithECDSAinP1363Format",
                "P-256",
                signing("NONEwithECDSAinP1363Format", ecP256.getPrivate(), hash)));
        out.add(new Case(
                "Signature.SHA384withECDSA",
                "P-384 (SunEC's key)",
                signing("SHA384withECDSA", ecP384Jdk.getPrivate(), MESSAGE)));
        PSSParameterSpec pss = new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1);
        out.add(new Case("Signature.RSASSA-PSS", "parameters before initSign", r -> {
            Signature s = Signature.getInstance("RSASSA-PSS", Providers.ACCEL);
            s.setParameter(pss);
            s.initSign(rsa.getPrivate(), r);
            s.update(MESSAGE);
            return s.sign();
        }));
        out.add(new Case("Signature.RSASSA-PSS", "parameters after initSign", r -> {
            Signature s = Signature.getInstance("RSASSA-PSS", Providers.ACCEL);
            s.initSign(rsa.getPrivate(), r);
            s.setParameter(pss);
            s.update(MESSAGE);
            return s.sign();
        }));
        out.add(new Case(
                "Signature.ML-DSA", "ML-DSA-65", signing("ML-DSA", ML ? mlDsa65.getPrivate() : null, MESSAGE)));
        out.add(new Case(
                "Signature.ML-DSA-65", "ML-DSA-65", signing("ML-DSA-65", ML ? mlDsa65.getPrivate() : null, MESSAGE)));

        out.add(new Case("Cipher.RSA", "RSA/ECB/PKCS1Padding", encryption("RSA/ECB/PKCS1Padding", null)));
        out.add(new Case("Cipher.RSA", "RSA (PKCS#1 v1.5 by default)", encryption("RSA", null)));
        out.add(new Case(
                "Cipher.RSA",
                "RSA/ECB/OAEPWithSHA-256AndMGF1Padding",
                encryption("RSA/ECB/OAEPWithSHA-256AndMGF1Padding", null)));
        out.add(new Case(
                "Cipher.RSA",
                "RSA/ECB/OAEPPadding with OAEPParameterSpec",
                encryption(
                        "RSA/ECB/OAEPPadding",
                        new OAEPParameterSpec(
                                "SHA-384", "MGF1", MGF1ParameterSpec.SHA256, PSource.PSpecified.DEFAULT))));
        out.add(new Case("Cipher.RSA", "RSA/ECB/OAEPPadding wrap", r -> {
            Cipher c = Cipher.getInstance("RSA/ECB/OAEPPadding", Providers.ACCEL);
            c.init(Cipher.WRAP_MODE, rsa.getPublic(), r);
            return c.wrap(new SecretKeySpec(new byte[16], "AES"));
        }));

        out.add(new Case("KEM.ML-KEM", "ML-KEM-768", encapsulation("ML-KEM", ML ? mlKem768.getPublic() : null)));
        out.add(new Case(
                "KEM.ML-KEM-768", "ML-KEM-768", encapsulation("ML-KEM-768", ML ? mlKem768.getPublic() : null)));
        out.removeIf(c -> !registered(c.service()));
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("randomized")
    void aDeterministicSourceDecidesTheResultOnTheJdkPath(Case c) throws Exception {
        Counters.Row before = Counters.of(c.service());
        FixedRandom first = new FixedRandom(SEED);
        byte[] a = c.op().run(first);
        FixedRandom second = new FixedRandom(SEED);
        byte[] b = c.op().run(second);
        byte[] other = c.op().run(new FixedRandom(SEED + 1));
        assertTrue(first.draws() > 0, c + ": the caller's source was drawn from");
        assertEquals(first.draws(), second.draws(), c + ": as many draws on each run");
        assertArrayEquals(a, b, c + ": the same source gives the same result");
        assertFalse(Arrays.equals(a, other), c + ": another seed gives another result");
        Counters.Row d = CounterDeltas.since(before);
        assertEquals(0, d.nativeOps(), c + ": " + d);
        assertEquals(3, d.jdkOps(), c + ": each run counted on the JDK path: " + d);
    }

    /** The sources no different from the native path's own. */
    static List<Supplier<SecureRandom>> ownKind() {
        return List.of(
                named("none", () -> null),
                named("new SecureRandom()", SecureRandom::new),
                named("SUN DRBG", () -> instance("DRBG", "SUN")),
                named("SUN NativePRNG", () -> instance("NativePRNG", "SUN")),
                named("SUN NativePRNGNonBlocking", () -> instance("NativePRNGNonBlocking", "SUN")),
                named("AccelJCE DRBG", () -> {
                    try {
                        return SecureRandom.getInstance("DRBG", Providers.ACCEL);
                    } catch (java.security.NoSuchAlgorithmException e) {
                        throw new AssertionError(e);
                    }
                }));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ownKind")
    void sourcesLikeOursKeepEveryServiceNative(Supplier<SecureRandom> source) throws Exception {
        Map<String, Counters.Row> before = new TreeMap<>();
        List<Case> cases = randomized().stream()
                .filter(c -> !c.service().equals("KeyPairGenerator.RSA")) // the slowest, and no different
                .toList();
        for (Case c : cases) {
            before.putIfAbsent(c.service(), Counters.of(c.service()));
        }
        Map<String, Integer> runs = new TreeMap<>();
        for (Case c : cases) {
            c.op().run(source.get());
            runs.merge(c.service(), 1, Integer::sum);
        }
        for (Map.Entry<String, Integer> e : runs.entrySet()) {
            Counters.Row d = CounterDeltas.since(before.get(e.getKey()));
            assertEquals((long) e.getValue(), d.nativeOps(), source + ": " + e.getKey() + " " + d);
            assertEquals(0, d.jdkOps(), source + ": " + e.getKey() + " " + d);
            assertEquals(0, d.jdkObjects(), source + ": " + e.getKey() + " handed to the JDK");
        }
    }

    /**
     * Schemes that draw no randomness stay native whatever the caller gives (nothing to honour),
     * and give the same bytes as with no source at all.
     */
    @Test
    void schemesThatDrawNothingStayNativeAndLeaveTheSourceAlone() throws Exception {
        KeyPair ed = Providers.accelKeyPair("Ed25519", null);
        KeyPair ed448 = Providers.accelKeyPair("Ed448", null);
        List<Case> deterministic = List.of(
                new Case("Signature.Ed25519", "", signing("Ed25519", ed.getPrivate(), MESSAGE)),
                new Case("Signature.EdDSA", "Ed448", signing("EdDSA", ed448.getPrivate(), MESSAGE)),
                new Case("Signature.SHA256withRSA", "", signing("SHA256withRSA", rsa.getPrivate(), MESSAGE)),
                new Case("Cipher.RSA", "NoPadding", r -> {
                    Cipher c = Cipher.getInstance("RSA/ECB/NoPadding", Providers.ACCEL);
                    c.init(Cipher.ENCRYPT_MODE, rsa.getPublic(), r);
                    return c.doFinal(MESSAGE);
                }),
                new Case("Cipher.RSA", "PKCS#1 v1.5 with the private key (block type 1)", r -> {
                    Cipher c = Cipher.getInstance("RSA/ECB/PKCS1Padding", Providers.ACCEL);
                    c.init(Cipher.ENCRYPT_MODE, rsa.getPrivate(), r);
                    return c.doFinal(MESSAGE);
                }),
                new Case("Cipher.RSA", "OAEP decryption", r -> {
                    Cipher c = Cipher.getInstance("RSA/ECB/OAEPWithSHA-256AndMGF1Padding", Providers.ACCEL);
                    c.init(Cipher.ENCRYPT_MODE, rsa.getPublic());
                    byte[] ct = c.doFinal(MESSAGE);
                    c.init(Cipher.DECRYPT_MODE, rsa.getPrivate(), r);
                    return c.doFinal(ct);
                }),
                new Case(
                        "KeyAgreement.ECDH",
                        "",
                        agreement("ECDH", Providers.accelKeyPair("EC", new ECGenParameterSpec("secp256r1")))),
                new Case("KeyAgreement.XDH", "", agreement("XDH", Providers.accelKeyPair("XDH", null))));
        for (Case c : deterministic) {
            Counters.Row before = Counters.of(c.service());
            FixedRandom r = new FixedRandom(SEED);
            byte[] with = c.op().run(r);
            byte[] without = c.op().run(null);
            assertEquals(0, r.draws(), c + ": nothing drawn");
            if (!c.what().equals("OAEP decryption")) {
                assertArrayEquals(without, with, c + ": deterministic");
            } else {
                assertArrayEquals(MESSAGE, with, c.toString());
            }
            Counters.Row d = CounterDeltas.since(before);
            assertEquals(0, d.jdkObjects(), c + ": " + d);
            assertTrue(d.nativeOps() >= 2, c + ": " + d);
        }
    }

    private static Operation agreement(String algorithm, KeyPair pair) {
        return r -> {
            KeyAgreement a = KeyAgreement.getInstance(algorithm, Providers.ACCEL);
            a.init(pair.getPrivate(), r);
            a.doPhase(pair.getPublic(), true);
            return a.generateSecret();
        };
    }

    /** Symmetric key generators already draw from the caller's source (natively: it is bytes only). */
    @Test
    void keyGeneratorsUseTheCallersSource() throws Exception {
        for (String algorithm : List.of("AES", "HmacSHA256", "ChaCha20")) {
            Operation op = r -> {
                KeyGenerator g = KeyGenerator.getInstance(algorithm, Providers.ACCEL);
                if (algorithm.equals("AES")) {
                    g.init(256, r);
                } else {
                    g.init(r);
                }
                return g.generateKey().getEncoded();
            };
            Counters.Row before = Counters.of("KeyGenerator." + algorithm);
            FixedRandom first = new FixedRandom(SEED);
            byte[] a = op.run(first);
            assertArrayEquals(a, op.run(new FixedRandom(SEED)), algorithm);
            assertFalse(Arrays.equals(a, op.run(new FixedRandom(SEED + 1))), algorithm);
            assertTrue(first.draws() > 0, algorithm);
            Counters.Row d = CounterDeltas.since(before);
            assertEquals(3, d.nativeOps(), algorithm + ": " + d);
            assertEquals(0, d.jdkObjects(), algorithm + ": " + d);
        }
    }

    /**
     * Key pairs the JDK made in a hand-off are taken by AccelJCE's other services, natively: its
     * KeyFactory, and the signature, agreement, cipher and KEM of the family.
     */
    @Test
    void keysTheJdkMadeWorkWithAccelJce() throws Exception {
        Map<String, KeyPair> pairs = new TreeMap<>();
        for (String[] a : new String[][] {
            {"EC", "secp256r1"},
            {"RSA", null},
            {"Ed25519", null},
            {"X25519", null},
            {"ML-DSA", "ML-DSA-44"},
            {"ML-KEM", "ML-KEM-512"}
        }) {
            if (a[0].startsWith("ML-") && !ML) {
                continue;
            }
            KeyPairGenerator g = KeyPairGenerator.getInstance(a[0], Providers.ACCEL);
            if (a[0].equals("EC")) {
                g.initialize(new ECGenParameterSpec(a[1]), new FixedRandom(SEED));
            } else if (a[1] != null) {
                g.initialize(new NamedParameterSpec(a[1]), new FixedRandom(SEED));
            } else if (a[0].equals("RSA")) {
                g.initialize(2048, new FixedRandom(SEED));
            } else {
                g.initialize(new NamedParameterSpec(a[0]), new FixedRandom(SEED));
            }
            KeyPair p = g.generateKeyPair();
            assertFalse(p.getPrivate() instanceof AccelKey, a[0] + ": the JDK's key");
            KeyFactory kf = KeyFactory.getInstance(a[0], Providers.ACCEL);
            Key translated = kf.translateKey(p.getPrivate());
            assertInstanceOf(AccelKey.class, translated, a[0]);
            assertArrayEquals(p.getPrivate().getEncoded(), translated.getEncoded(), a[0]);
            pairs.put(a[0], p);
        }
        Map<String, Counters.Row> before = Counters.snapshot();
        for (String[] s : new String[][] {
            {"SHA256withECDSA", "EC"},
            {"RSASSA-PSS", "RSA"},
            {"SHA256withRSA", "RSA"},
            {"Ed25519", "Ed25519"},
            {"ML-DSA", "ML-DSA"}
        }) {
            if (s[0].startsWith("ML-") && !ML) {
                continue;
            }
            KeyPair p = pairs.get(s[1]);
            Signature sign = Signature.getInstance(s[0], Providers.ACCEL);
            if (s[0].equals("RSASSA-PSS")) {
                sign.setParameter(new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1));
            }
            sign.initSign(p.getPrivate());
            sign.update(MESSAGE);
            byte[] sig = sign.sign();
            sign.initVerify(p.getPublic());
            sign.update(MESSAGE);
            assertTrue(sign.verify(sig), s[0]);
            Counters.Row d = CounterDeltas.since(before.getOrDefault("Signature." + s[0], empty("Signature." + s[0])));
            assertEquals(0, d.jdkObjects(), s[0] + " served natively: " + d);
        }
        KeyAgreement x = KeyAgreement.getInstance("X25519", Providers.ACCEL);
        x.init(pairs.get("X25519").getPrivate());
        x.doPhase(pairs.get("X25519").getPublic(), true);
        assertEquals(32, x.generateSecret().length);
        Cipher rsaCipher = Cipher.getInstance("RSA/ECB/OAEPWithSHA-256AndMGF1Padding", Providers.ACCEL);
        rsaCipher.init(Cipher.ENCRYPT_MODE, pairs.get("RSA").getPublic());
        byte[] ct = rsaCipher.doFinal(MESSAGE);
        rsaCipher.init(Cipher.DECRYPT_MODE, pairs.get("RSA").getPrivate());
        assertArrayEquals(MESSAGE, rsaCipher.doFinal(ct));
        if (ML) {
            KEM kem = KEM.getInstance("ML-KEM", Providers.ACCEL);
            KEM.Encapsulated e =
                    kem.newEncapsulator(pairs.get("ML-KEM").getPublic()).encapsulate();
            assertArrayEquals(
                    e.key().getEncoded(),
                    kem.newDecapsulator(pairs.get("ML-KEM").getPrivate())
                            .decapsulate(e.encapsulation())
                            .getEncoded());
        }
        for (String service : ML
                ? List.of("KeyAgreement.X25519", "Cipher.RSA", "KEM.ML-KEM")
                : List.of("KeyAgreement.X25519", "Cipher.RSA")) {
            Counters.Row r = CounterDeltas.since(before.getOrDefault(service, empty(service)));
            assertEquals(0, r.jdkObjects(), service + " served natively: " + r);
            assertTrue(r.nativeOps() > 0, service + ": " + r);
        }
    }

    /** Signatures made in a hand-off verify through AccelJCE's native path, and the JDK's. */
    @Test
    void signaturesTheJdkMadeVerifyNatively() throws Exception {
        for (String[] s :
                new String[][] {{"SHA256withECDSA", "ec"}, {"SHA256withECDSAinP1363Format", "ec"}, {"ML-DSA", "ml"}}) {
            if (s[1].equals("ml") && !ML) {
                continue;
            }
            KeyPair p = s[1].equals("ec") ? ecP256 : mlDsa65;
            byte[] sig = signing(s[0], p.getPrivate(), MESSAGE).run(new FixedRandom(SEED));
            Counters.Row before = Counters.of("Signature." + s[0]);
            Signature v = Signature.getInstance(s[0], Providers.ACCEL);
            v.initVerify(p.getPublic());
            v.update(MESSAGE);
            assertTrue(v.verify(sig), s[0]);
            assertEquals(1, CounterDeltas.since(before).nativeOps(), s[0]);
            Signature jdk = Signature.getInstance(s[0], Providers.jdk("Signature", s[0]));
            jdk.initVerify(p.getPublic());
            jdk.update(MESSAGE);
            assertTrue(jdk.verify(sig), s[0] + " (the JDK's verification)");
        }
    }

    private static SecureRandom instance(String algorithm, String provider) {
        try {
            return SecureRandom.getInstance(algorithm, provider);
        } catch (java.security.GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    private static Supplier<SecureRandom> named(String name, Supplier<SecureRandom> s) {
        return new Supplier<>() {
            @Override
            public SecureRandom get() {
                return s.get();
            }

            @Override
            public String toString() {
                return name;
            }
        };
    }

    private static Counters.Row empty(String service) {
        return new Counters.Row(service, 0, 0, 0, 0, 0, 0);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
