package dev.acceljce.rsa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Counters;
import dev.acceljce.control.Decisions;
import dev.acceljce.control.Path;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.testing.Differential;
import dev.acceljce.testing.Providers;
import dev.acceljce.testing.Wycheproof;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class RsaCipherTest {
    /** The OAEP padding names SunJCE lists with the digests AccelJCE serves natively. */
    static final String[] OAEP_DIGESTS = {
        "SHA-1", "SHA-224", "SHA-256", "SHA-384", "SHA-512", "SHA-512/224", "SHA-512/256"
    };

    static KeyPair ours;
    static KeyPair jdks;
    static Provider sunJce;

    @BeforeAll
    static void keys() throws Exception {
        Providers.requireNative();
        // implicit rejection (3.2+) is turned off: the vectors below must see errors on every version
        System.out.println("RsaCipherTest on " + dev.acceljce.openssl.LibCrypto.version());
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA", Providers.ACCEL);
        g.initialize(2048);
        ours = g.generateKeyPair();
        KeyPairGenerator j = KeyPairGenerator.getInstance("RSA", Providers.jdk("KeyPairGenerator", "RSA"));
        j.initialize(2048);
        jdks = j.generateKeyPair();
        sunJce = Providers.jdk("Cipher", "RSA");
    }

    static List<String> oaepFiles() {
        return Wycheproof.files("rsa_oaep_*_test.json");
    }

    static List<String> pkcs1Files() {
        return Wycheproof.files("rsa_pkcs1_*_test.json");
    }

    private static PrivateKey privateKey(Wycheproof.Case c) throws GeneralSecurityException {
        PrivateKey k = KeyFactory.getInstance("RSA", Providers.ACCEL)
                .generatePrivate(new PKCS8EncodedKeySpec(
                        HexFormat.of().parseHex(c.group().get("privateKeyPkcs8").asText())));
        assertInstanceOf(AccelKey.class, k);
        return k;
    }

    /**
     * Decrypts every case; valid ones must give the message, invalid ones must be refused, and
     * every refused padding must look the same (one exception type, one message).
     */
    private static void decryptAll(String file, String transformation, boolean oaep) throws Exception {
        List<String> failures = new ArrayList<>();
        Set<String> paddingFailures = new HashSet<>();
        long before = Counters.of("Cipher.RSA").nativeOps();
        int decrypted = 0;
        for (Wycheproof.Case c : Wycheproof.cases(file)) {
            Cipher cipher = Cipher.getInstance(transformation, Providers.ACCEL);
            if (oaep) {
                String sha = c.group().get("sha").asText();
                String mgfSha = c.group().get("mgfSha").asText();
                cipher.init(
                        Cipher.DECRYPT_MODE,
                        privateKey(c),
                        new OAEPParameterSpec(
                                sha, "MGF1", new MGF1ParameterSpec(mgfSha), new PSource.PSpecified(c.hex("label"))));
            } else {
                cipher.init(Cipher.DECRYPT_MODE, privateKey(c));
            }
            byte[] ct = c.hex("ct");
            byte[] msg;
            try {
                msg = cipher.doFinal(ct);
                decrypted++;
            } catch (GeneralSecurityException e) {
                if (e instanceof BadPaddingException && ct.length == (cipher.getOutputSize(0))) {
                    paddingFailures.add(e.getClass().getName() + ": " + e.getMessage());
                }
                if (c.valid()) {
                    failures.add(c + ": " + e);
                }
                continue;
            }
            if (c.invalid()) {
                failures.add(c + ": accepted");
            } else if (!Arrays.equals(c.hex("msg"), msg)) {
                failures.add(c + ": wrong plaintext");
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " failures:\n" + String.join("\n", failures));
        assertTrue(paddingFailures.size() <= 1, "padding failures must be indistinguishable: " + paddingFailures);
        assertEquals(decrypted, Counters.of("Cipher.RSA").nativeOps() - before, "every decryption native");
    }

    @ParameterizedTest
    @MethodSource("oaepFiles")
    void wycheproofOaep(String file) throws Exception {
        decryptAll(file, "RSA/ECB/OAEPPadding", true);
    }

    @ParameterizedTest
    @MethodSource("pkcs1Files")
    void wycheproofPkcs1(String file) throws Exception {
        decryptAll(file, "RSA/ECB/PKCS1Padding", false);
    }

    private static byte[] run(Provider p, String transformation, int mode, Key key, byte[] input)
            throws GeneralSecurityException {
        Cipher c = Cipher.getInstance(transformation, p);
        c.init(mode, key);
        return c.doFinal(input);
    }

    static List<String> transformations() {
        List<String> out =
                new ArrayList<>(List.of("RSA", "RSA/ECB/PKCS1Padding", "RSA/ECB/NoPadding", "RSA/ECB/OAEPPadding"));
        for (String d : OAEP_DIGESTS) {
            out.add("RSA/ECB/OAEPWith" + d + "AndMGF1Padding");
        }
        out.add("RSA/ECB/OAEPWithSHA1AndMGF1Padding");
        return out;
    }

    /** Ours encrypts, SunJCE decrypts, and the other way round, with keys of both providers. */
    @ParameterizedTest
    @MethodSource("transformations")
    void crossProvider(String transformation) throws Exception {
        SplittableRandom r = new SplittableRandom(Differential.seed("RSA " + transformation));
        boolean raw = transformation.endsWith("NoPadding");
        int capacity = raw ? 256 : capacityOf(transformation);
        int rounds = Math.max(10, Differential.cases() / 200);
        for (int i = 0; i < rounds; i++) {
            KeyPair keys = r.nextBoolean() ? ours : jdks;
            byte[] msg = new byte[raw ? 256 : r.nextInt(capacity + 1)];
            r.nextBytes(msg);
            if (raw) {
                msg[0] = (byte) (r.nextInt(0x40)); // below the modulus
            }
            byte[] ct = run(Providers.ACCEL, transformation, Cipher.ENCRYPT_MODE, keys.getPublic(), msg);
            assertArrayEquals(msg, run(sunJce, transformation, Cipher.DECRYPT_MODE, keys.getPrivate(), ct));
            ct = run(sunJce, transformation, Cipher.ENCRYPT_MODE, keys.getPublic(), msg);
            assertArrayEquals(msg, run(Providers.ACCEL, transformation, Cipher.DECRYPT_MODE, keys.getPrivate(), ct));
            if (!transformation.contains("OAEP")) {
                // SunJCE's "signature-style" use: a private key encrypts, a public key decrypts
                byte[] signed = run(Providers.ACCEL, transformation, Cipher.ENCRYPT_MODE, keys.getPrivate(), msg);
                assertArrayEquals(signed, run(sunJce, transformation, Cipher.ENCRYPT_MODE, keys.getPrivate(), msg));
                assertArrayEquals(
                        msg, run(Providers.ACCEL, transformation, Cipher.DECRYPT_MODE, keys.getPublic(), signed));
            }
        }
    }

    private static int capacityOf(String transformation) {
        if (!transformation.contains("OAEP")) {
            return 256 - 11;
        }
        String d = transformation.equals("RSA/ECB/OAEPPadding")
                ? "SHA-1"
                : transformation.substring(
                        "RSA/ECB/OAEPWith".length(), transformation.length() - "AndMGF1Padding".length());
        int h = switch (d) {
            case "SHA-1", "SHA1" -> 20;
            case "SHA-224", "SHA-512/224" -> 28;
            case "SHA-256", "SHA-512/256" -> 32;
            case "SHA-384" -> 48;
            default -> 64;
        };
        return 256 - 2 - 2 * h;
    }

    /** Full OAEPParameterSpec: digest, MGF1 digest and label, and getParameters as SunJCE. */
    @Test
    void oaepParameters() throws Exception {
        byte[] label = "label".getBytes();
        for (String md : OAEP_DIGESTS) {
            for (String mgf : new String[] {"SHA-1", "SHA-256", md}) {
                OAEPParameterSpec spec =
                        new OAEPParameterSpec(md, "MGF1", new MGF1ParameterSpec(mgf), new PSource.PSpecified(label));
                Cipher enc = Cipher.getInstance("RSA/ECB/OAEPPadding", Providers.ACCEL);
                enc.init(Cipher.ENCRYPT_MODE, ours.getPublic(), spec);
                byte[] ct = enc.doFinal(new byte[] {1, 2, 3});
                Cipher dec = Cipher.getInstance("RSA/ECB/OAEPPadding", sunJce);
                dec.init(Cipher.DECRYPT_MODE, ours.getPrivate(), enc.getParameters());
                assertArrayEquals(new byte[] {1, 2, 3}, dec.doFinal(ct));
                assertArrayEquals(
                        dec.getParameters().getEncoded(), enc.getParameters().getEncoded());
                Cipher back = Cipher.getInstance("RSA/ECB/OAEPPadding", Providers.ACCEL);
                back.init(Cipher.DECRYPT_MODE, ours.getPrivate(), dec.getParameters());
                assertArrayEquals(new byte[] {1, 2, 3}, back.doFinal(ct));
            }
        }
        AlgorithmParameters ap = AlgorithmParameters.getInstance("OAEP", Providers.ACCEL);
        ap.init(new OAEPParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, PSource.PSpecified.DEFAULT));
        AlgorithmParameters jdk = AlgorithmParameters.getInstance("OAEP", Providers.jdk("AlgorithmParameters", "OAEP"));
        jdk.init(ap.getEncoded());
        assertEquals("SHA-256", jdk.getParameterSpec(OAEPParameterSpec.class).getDigestAlgorithm());
        AlgorithmParameters byOid = AlgorithmParameters.getInstance("1.2.840.113549.1.1.7", Providers.ACCEL);
        byOid.init(jdk.getEncoded());
        assertArrayEquals(jdk.getEncoded(), byOid.getEncoded());
        Cipher pkcs1 = Cipher.getInstance("RSA/ECB/PKCS1Padding", Providers.ACCEL);
        pkcs1.init(Cipher.ENCRYPT_MODE, ours.getPublic());
        assertNull(pkcs1.getParameters());
    }

    @Test
    void updateBuffersAndWrapUnwrap() throws Exception {
        Cipher c = Cipher.getInstance("RSA/ECB/OAEPWithSHA-256AndMGF1Padding", Providers.ACCEL);
        c.init(Cipher.ENCRYPT_MODE, ours.getPublic());
        assertEquals(256, c.getOutputSize(10));
        byte[] msg = new byte[100];
        new SplittableRandom(1).nextBytes(msg);
        assertEquals(0, c.update(msg, 0, 40).length);
        byte[] ct = c.doFinal(msg, 40, 60);
        assertArrayEquals(
                msg, run(sunJce, "RSA/ECB/OAEPWithSHA-256AndMGF1Padding", Cipher.DECRYPT_MODE, ours.getPrivate(), ct));
        byte[] out = new byte[300];
        c.init(Cipher.ENCRYPT_MODE, ours.getPublic());
        assertEquals(256, c.doFinal(msg, 0, 10, out, 5));

        SecretKeySpec aes = new SecretKeySpec(new byte[32], "AES");
        c.init(Cipher.WRAP_MODE, ours.getPublic());
        byte[] wrapped = c.wrap(aes);
        Cipher jdk = Cipher.getInstance("RSA/ECB/OAEPWithSHA-256AndMGF1Padding", sunJce);
        jdk.init(Cipher.UNWRAP_MODE, ours.getPrivate());
        assertEquals(aes, jdk.unwrap(wrapped, "AES", Cipher.SECRET_KEY));
        jdk.init(Cipher.WRAP_MODE, ours.getPublic());
        c.init(Cipher.UNWRAP_MODE, ours.getPrivate());
        assertEquals(aes, c.unwrap(jdk.wrap(aes), "AES", Cipher.SECRET_KEY));
    }

    /** Empty messages in every mode, as SunJCE handles them (OpenSSL 3.2+ refuses an empty recovered block). */
    @Test
    void emptyMessages() throws Exception {
        for (String t : transformations()) {
            if (t.endsWith("NoPadding")) {
                continue;
            }
            byte[] ct = run(Providers.ACCEL, t, Cipher.ENCRYPT_MODE, ours.getPublic(), new byte[0]);
            assertEquals(0, run(sunJce, t, Cipher.DECRYPT_MODE, ours.getPrivate(), ct).length, t);
            assertEquals(0, run(Providers.ACCEL, t, Cipher.DECRYPT_MODE, ours.getPrivate(), ct).length, t);
            if (!t.contains("OAEP")) {
                byte[] signed = run(Providers.ACCEL, t, Cipher.ENCRYPT_MODE, ours.getPrivate(), new byte[0]);
                assertEquals(0, run(Providers.ACCEL, t, Cipher.DECRYPT_MODE, ours.getPublic(), signed).length, t);
                assertEquals(0, run(sunJce, t, Cipher.DECRYPT_MODE, ours.getPublic(), signed).length, t);
            }
        }
    }

    private static Class<? extends Throwable> thrown(Executable call) {
        try {
            call.execute();
        } catch (Throwable t) {
            return t.getClass();
        }
        return null;
    }

    private interface Scenario {
        void run(Cipher c) throws Exception;
    }

    private static void same(String transformation, Scenario s) throws Exception {
        Class<? extends Throwable> jdk = thrown(() -> s.run(Cipher.getInstance(transformation, sunJce)));
        Class<? extends Throwable> accel = thrown(() -> s.run(Cipher.getInstance(transformation, Providers.ACCEL)));
        assertEquals(jdk, accel, transformation);
    }

    @Test
    void badInputsGiveSunJceExceptions() throws Exception {
        KeyPair ec = KeyPairGenerator.getInstance("EC", Providers.ACCEL).generateKeyPair();
        KeyPairGenerator small = KeyPairGenerator.getInstance("RSA", Providers.jdk("KeyPairGenerator", "RSA"));
        small.initialize(512);
        KeyPair tiny = small.generateKeyPair();
        SecretKeySpec aes = new SecretKeySpec(new byte[16], "AES");
        OAEPParameterSpec sha512 =
                new OAEPParameterSpec("SHA-512", "MGF1", MGF1ParameterSpec.SHA512, PSource.PSpecified.DEFAULT);
        for (String t : transformations()) {
            for (KeyPair k : new KeyPair[] {ours, jdks}) {
                same(t, c -> c.init(Cipher.ENCRYPT_MODE, ec.getPublic()));
                same(t, c -> c.init(Cipher.DECRYPT_MODE, ec.getPrivate()));
                same(t, c -> c.init(Cipher.ENCRYPT_MODE, aes));
                same(t, c -> c.init(Cipher.ENCRYPT_MODE, (Key) null));
                same(t, c -> c.init(Cipher.ENCRYPT_MODE, k.getPrivate()));
                same(t, c -> c.init(Cipher.DECRYPT_MODE, k.getPublic()));
                same(t, c -> c.init(Cipher.ENCRYPT_MODE, k.getPublic(), new GCMParameterSpec(128, new byte[12])));
                same(t, c -> c.init(Cipher.ENCRYPT_MODE, k.getPublic(), sha512));
                same(t, c -> c.doFinal(new byte[1]));
                same(t, c -> {
                    c.init(Cipher.ENCRYPT_MODE, k.getPublic());
                    c.doFinal(new byte[257]);
                });
                same(t, c -> {
                    c.init(Cipher.ENCRYPT_MODE, k.getPublic());
                    c.update(new byte[200]);
                    c.doFinal(new byte[200]);
                });
                same(t, c -> {
                    c.init(Cipher.ENCRYPT_MODE, k.getPublic());
                    c.doFinal(new byte[1], 0, 1, new byte[255], 0);
                });
                same(t, c -> {
                    c.init(Cipher.DECRYPT_MODE, k.getPrivate());
                    c.doFinal(new byte[256]);
                });
                same(t, c -> {
                    c.init(Cipher.DECRYPT_MODE, k.getPrivate());
                    c.doFinal(new byte[257]);
                });
                byte[] ones = new byte[256];
                Arrays.fill(ones, (byte) 0xFF);
                same(t, c -> {
                    c.init(Cipher.DECRYPT_MODE, k.getPrivate());
                    c.doFinal(ones);
                });
                same(t, c -> {
                    c.init(Cipher.ENCRYPT_MODE, k.getPublic());
                    c.doFinal(ones);
                });
                same(t, c -> {
                    c.init(Cipher.UNWRAP_MODE, k.getPrivate());
                    c.unwrap(new byte[256], "AES", Cipher.SECRET_KEY);
                });
                same(t, c -> {
                    c.init(Cipher.WRAP_MODE, k.getPublic());
                    c.wrap(new SecretKeySpec(new byte[250], "AES"));
                });
            }
            same(t, c -> c.init(Cipher.ENCRYPT_MODE, tiny.getPublic()));
            same(t, c -> c.init(Cipher.ENCRYPT_MODE, tiny.getPublic(), sha512));
            same(t, c -> {
                c.init(Cipher.ENCRYPT_MODE, tiny.getPublic());
                c.doFinal(new byte[60]);
            });
        }
        for (String bad :
                new String[] {"RSA/CBC/PKCS1Padding", "RSA/ECB/PKCS5Padding", "RSA/ECB/OAEPWithSHA-999AndMGF1Padding"
                }) {
            assertEquals(
                    thrown(() -> Cipher.getInstance(bad, sunJce)),
                    thrown(() -> Cipher.getInstance(bad, Providers.ACCEL)),
                    bad);
        }
    }

    /**
     * MD5 and SHA-3 OAEP (SunJCE accepts any MessageDigest) are served natively; a private key
     * without CRT components is not, and goes to SunJCE inside the same object, which then
     * counts on the JDK path.
     */
    @Test
    void digestsBeyondTheListAndNonCrtKeys() throws Exception {
        long nat = Decisions.count("Cipher", "RSA", Path.NATIVE);
        long jdk = Decisions.count("Cipher", "RSA", Path.JDK);
        byte[] ct = run(
                Providers.ACCEL,
                "RSA/ECB/OAEPWithMD5AndMGF1Padding",
                Cipher.ENCRYPT_MODE,
                ours.getPublic(),
                new byte[] {7});
        assertArrayEquals(
                new byte[] {7},
                run(sunJce, "RSA/ECB/OAEPWithMD5AndMGF1Padding", Cipher.DECRYPT_MODE, ours.getPrivate(), ct));
        OAEPParameterSpec sha3 =
                new OAEPParameterSpec("SHA3-256", "MGF1", MGF1ParameterSpec.SHA3_256, PSource.PSpecified.DEFAULT);
        Cipher c = Cipher.getInstance("RSA/ECB/OAEPPadding", Providers.ACCEL);
        c.init(Cipher.ENCRYPT_MODE, jdks.getPublic(), sha3);
        Cipher d = Cipher.getInstance("RSA/ECB/OAEPPadding", sunJce);
        d.init(Cipher.DECRYPT_MODE, jdks.getPrivate(), sha3);
        assertArrayEquals(new byte[] {9}, d.doFinal(c.doFinal(new byte[] {9})));
        assertEquals(nat + 2, Decisions.count("Cipher", "RSA", Path.NATIVE));
        assertEquals(jdk, Decisions.count("Cipher", "RSA", Path.JDK));

        java.security.interfaces.RSAPrivateCrtKey crt = (java.security.interfaces.RSAPrivateCrtKey) jdks.getPrivate();
        PrivateKey nonCrt = KeyFactory.getInstance("RSA", Providers.jdk("KeyFactory", "RSA"))
                .generatePrivate(new java.security.spec.RSAPrivateKeySpec(crt.getModulus(), crt.getPrivateExponent()));
        ct = run(sunJce, "RSA/ECB/PKCS1Padding", Cipher.ENCRYPT_MODE, jdks.getPublic(), new byte[] {5});
        assertArrayEquals(
                new byte[] {5}, run(Providers.ACCEL, "RSA/ECB/PKCS1Padding", Cipher.DECRYPT_MODE, nonCrt, ct));
        assertEquals(jdk + 1, Decisions.count("Cipher", "RSA", Path.JDK));
    }

    @Test
    void nativeOffGivesTheSameResults() throws Exception {
        byte[] msg = {1, 2, 3, 4};
        byte[] signed = run(Providers.ACCEL, "RSA/ECB/PKCS1Padding", Cipher.ENCRYPT_MODE, ours.getPrivate(), msg);
        String before = System.getProperty("acceljce.native");
        System.setProperty("acceljce.native", "false");
        dev.acceljce.control.Settings.reload();
        try {
            long jdk = Decisions.count("Cipher", "RSA", Path.JDK);
            assertArrayEquals(
                    signed, run(Providers.ACCEL, "RSA/ECB/PKCS1Padding", Cipher.ENCRYPT_MODE, ours.getPrivate(), msg));
            assertEquals(jdk + 1, Decisions.count("Cipher", "RSA", Path.JDK));
            byte[] ct = run(
                    Providers.ACCEL,
                    "RSA/ECB/OAEPWithSHA-256AndMGF1Padding",
                    Cipher.ENCRYPT_MODE,
                    ours.getPublic(),
                    msg);
            assertArrayEquals(
                    msg,
                    run(sunJce, "RSA/ECB/OAEPWithSHA-256AndMGF1Padding", Cipher.DECRYPT_MODE, ours.getPrivate(), ct));
            assertThrows(
                    BadPaddingException.class,
                    () -> run(
                            Providers.ACCEL,
                            "RSA/ECB/PKCS1Padding",
                            Cipher.DECRYPT_MODE,
                            ours.getPrivate(),
                            new byte[256]));
        } finally {
            if (before == null) {
                System.clearProperty("acceljce.native");
                dev.acceljce.control.Settings.reload();
            } else {
                System.setProperty("acceljce.native", before);
                dev.acceljce.control.Settings.reload();
            }
        }
    }
}
