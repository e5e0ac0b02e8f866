package dev.acceljce.kdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Decisions;
import dev.acceljce.control.Fips;
import dev.acceljce.control.Path;
import dev.acceljce.openssl.EvpKdf;
import dev.acceljce.openssl.FipsModule;
import dev.acceljce.testing.Differential;
import dev.acceljce.testing.Providers;
import dev.acceljce.testing.Wycheproof;
import dev.acceljce.testing.WycheproofSuites;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;
import java.security.InvalidKeyException;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.util.List;
import java.util.SplittableRandom;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.interfaces.PBEKey;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class Pbkdf2Test {
    /** A PBKDF2 service, the OpenSSL digest behind it, and its Wycheproof file (null: none). */
    record Alg(String name, String digest, String wycheproof) {}

    static List<Alg> algorithms() {
        return List.of(
                new Alg("PBKDF2WithHmacSHA1", "SHA1", "pbkdf2_hmacsha1"),
                new Alg("PBKDF2WithHmacSHA224", "SHA224", "pbkdf2_hmacsha224"),
                new Alg("PBKDF2WithHmacSHA256", "SHA256", "pbkdf2_hmacsha256"),
                new Alg("PBKDF2WithHmacSHA384", "SHA384", "pbkdf2_hmacsha384"),
                new Alg("PBKDF2WithHmacSHA512", "SHA512", "pbkdf2_hmacsha512"),
                new Alg("PBKDF2WithHmacSHA512/224", "SHA512-224", null),
                new Alg("PBKDF2WithHmacSHA512/256", "SHA512-256", null));
    }

    static List<Alg> withVectors() {
        return algorithms().stream().filter(a -> a.wycheproof != null).toList();
    }

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    private static SecretKeyFactory ours(String alg) throws Exception {
        return SecretKeyFactory.getInstance(alg, Providers.ACCEL);
    }

    private static SecretKeyFactory jdk(String alg) throws Exception {
        return SecretKeyFactory.getInstance(alg, Providers.jdk("SecretKeyFactory", alg));
    }

    @ParameterizedTest
    @MethodSource("algorithms")
    void servedNatively(Alg alg) throws Exception {
        long before = Decisions.count("SecretKeyFactory", alg.name, Path.NATIVE);
        SecretKeyFactory f = ours(alg.name);
        assertEquals("AccelJCE", f.getProvider().getName());
        assertEquals(before + 1, Decisions.count("SecretKeyFactory", alg.name, Path.NATIVE));
    }

    @Test
    void oidAliasResolves() throws Exception {
        SecretKeyFactory f = SecretKeyFactory.getInstance("1.2.840.113549.1.5.12", Providers.ACCEL);
        SecretKey k = f.generateSecret(new PBEKeySpec("pw".toCharArray(), new byte[8], 1, 128));
        assertEquals("PBKDF2WithHmacSHA1", k.getAlgorithm());
        SecretKeyFactory.getInstance("OID.1.2.840.113549.1.5.12", Providers.ACCEL);
    }

    /**
     * Every vector. A password that is valid UTF-8 goes through the JCA API as the characters it
     * encodes (the JDK encodes passwords in UTF-8, so the bytes reach PBKDF2 unchanged); the
     * "NonUtf8" passwords cannot be written as a char[] at all and are checked against the binding
     * the service uses.
     */
    /**
     * Vectors with more iterations are not run (and said so): only the emulated aarch64 CI subset
     * sets it (scripts/test-aarch64.sh), where Wycheproof's 16,777,216-iteration SHA-1 vector alone
     * would take longer than the rest of the subset.
     */
    private static final int MAX_ITERATIONS =
            Integer.getInteger("acceljce.test.pbkdf2.maxIterations", Integer.MAX_VALUE);

    @ParameterizedTest
    @MethodSource("withVectors")
    void wycheproof(Alg alg) throws Exception {
        SecretKeyFactory f = ours(alg.name);
        EvpKdf.Algorithm pbkdf2 = EvpKdf.fetch("PBKDF2").orElseThrow();
        int viaJca = 0;
        int viaBinding = 0;
        int refused = 0;
        int overCap = 0;
        for (Wycheproof.Case c : Wycheproof.cases(alg.wycheproof)) {
            assertTrue(c.valid(), c + ": only valid vectors expected");
            byte[] password = c.hex("password");
            byte[] salt = c.hex("salt");
            int iterations = c.test().get("iterationCount").asInt();
            if (iterations > MAX_ITERATIONS) {
                overCap++; // the same loop as the 4096-iteration vectors, too long under emulation
                continue;
            }
            int dkLen = c.test().get("dkLen").asInt();
            char[] chars = WycheproofSuites.utf8Chars(password);
            if (Fips.on()
                    && (salt.length < Fips.MIN_PBKDF2_SALT_BYTES
                            || iterations < Fips.MIN_PBKDF2_ITERATIONS
                            || dkLen * 8 < Fips.MIN_PBKDF2_KEY_BITS)) {
                // FIPS mode: below SP 800-132's minimums the vector must be refused, not computed
                if (chars != null) {
                    InvalidKeySpecException e = assertThrows(
                            InvalidKeySpecException.class,
                            () -> f.generateSecret(new PBEKeySpec(chars, salt, iterations, dkLen * 8)),
                            c.toString());
                    assertTrue(e.getMessage().contains(FipsModule.NOT_APPROVED), e.getMessage());
                    refused++;
                }
                continue;
            }
            if (chars != null) {
                SecretKey k = f.generateSecret(new PBEKeySpec(chars, salt, iterations, dkLen * 8));
                assertArrayEquals(c.hex("dk"), k.getEncoded(), c.toString());
                viaJca++;
            } else {
                assertTrue(c.hasFlag("NonUtf8"), c.toString());
                assertArrayEquals(
                        c.hex("dk"),
                        EvpKdf.pbkdf2(pbkdf2, alg.digest, password, salt, iterations, dkLen),
                        c.toString());
                viaBinding++;
            }
        }
        if (overCap > 0) {
            System.out.println("Wycheproof " + alg.wycheproof + ": " + overCap
                    + " vector(s) above acceljce.test.pbkdf2.maxIterations=" + MAX_ITERATIONS + " NOT RUN");
        }
        if (Fips.on()) {
            assertTrue(viaJca > 0 && refused > 0, viaJca + " via the JCA, " + refused + " refused in FIPS mode");
            return;
        }
        assertTrue(viaJca > 30 && viaBinding > 0, viaJca + " via the JCA, " + viaBinding + " via the binding");
    }

    /**
     * Random passwords (ASCII, any BMP character, lone surrogates, empty), salts, small iteration
     * counts and key lengths in bits that need not be multiples of 8.
     */
    @ParameterizedTest
    @MethodSource("algorithms")
    void differentialAgainstJdk(Alg alg) throws Exception {
        SplittableRandom r = new SplittableRandom(Differential.seed("pbkdf2 " + alg.name));
        SecretKeyFactory ours = ours(alg.name);
        SecretKeyFactory jdk = jdk(alg.name);
        int cases = Differential.cases();
        for (int i = 0; i < cases; i++) {
            PBEKeySpec spec = randomSpec(r);
            SecretKey expected = jdk.generateSecret(spec);
            SecretKey actual = ours.generateSecret(spec);
            String what = alg.name + " case " + i;
            assertArrayEquals(expected.getEncoded(), actual.getEncoded(), what);
            assertEquals(expected.getAlgorithm(), actual.getAlgorithm(), what);
            assertEquals(expected.getFormat(), actual.getFormat(), what);
            PBEKey e = (PBEKey) expected;
            PBEKey a = assertInstanceOf(PBEKey.class, actual);
            assertArrayEquals(e.getPassword(), a.getPassword(), what);
            assertArrayEquals(e.getSalt(), a.getSalt(), what);
            assertEquals(e.getIterationCount(), a.getIterationCount(), what);
            assertEquals(expected, actual, what);
            assertEquals(actual, expected, what);
            assertEquals(expected.hashCode(), actual.hashCode(), what);
        }
    }

    private static PBEKeySpec randomSpec(SplittableRandom r) {
        char[] password = new char[r.nextInt(0, 40)];
        int kind = r.nextInt(4);
        for (int i = 0; i < password.length; i++) {
            password[i] = switch (kind) {
                case 0 -> (char) r.nextInt(0x20, 0x7f);
                case 1 -> (char) r.nextInt(0, 0x10000); // may hold lone surrogates
                case 2 -> (char) (r.nextBoolean() ? r.nextInt(0xD800, 0xE000) : r.nextInt(0x80, 0x800));
                default -> (char) r.nextInt(0, 0x80);
            };
        }
        byte[] salt = new byte[r.nextInt(1, 48)];
        r.nextBytes(salt);
        int iterations = r.nextInt(1, 17);
        int keyBits = r.nextInt(4) == 0 ? r.nextInt(1, 17) : r.nextInt(1, 1400);
        return new PBEKeySpec(password, salt, iterations, keyBits);
    }

    private static void sameOutcome(Outcome.Call jdkCall, Outcome.Call ourCall, String what) {
        assertEquals(Outcome.of(jdkCall), Outcome.of(ourCall), what);
    }

    /** Bad specs and keys fail with SunJCE's exception types; edge cases agree. */
    @ParameterizedTest
    @MethodSource("algorithms")
    void badInputsGiveTheJdksExceptions(Alg alg) throws Exception {
        SecretKeyFactory ours = ours(alg.name);
        SecretKeyFactory jdk = jdk(alg.name);
        PBEKeySpec cleared = new PBEKeySpec("pw".toCharArray(), new byte[4], 1, 64);
        cleared.clearPassword();
        List<KeySpec> specs = List.of(
                new PBEKeySpec("pw".toCharArray()), // no salt
                new PBEKeySpec("pw".toCharArray(), new byte[4], 3), // no key length
                new PBEKeySpec(null, new byte[4], 3, 64), // null password: empty
                new PBEKeySpec(new char[0], new byte[1], 1, 7), // under 8 bits: empty key
                new PBEKeySpec("p".toCharArray(), new byte[1], 1, 12), // rounds down to 1 byte
                new PBEKeySpec("\uD800x\uDFFF".toCharArray(), new byte[2], 2, 8 * 333),
                cleared,
                new SecretKeySpec(new byte[8], alg.name));
        for (KeySpec spec : specs) {
            sameOutcome(
                    () -> jdk.generateSecret(spec).getEncoded(),
                    () -> ours.generateSecret(spec).getEncoded(),
                    alg.name + " " + spec);
        }
        sameOutcome(
                () -> jdk.generateSecret(null).getEncoded(),
                () -> ours.generateSecret(null).getEncoded(),
                "null");

        PBEKeySpec good = new PBEKeySpec("secret".toCharArray(), "salty".getBytes(), 5, 256);
        SecretKey ourKey = ours.generateSecret(good);
        SecretKey jdkKey = jdk.generateSecret(good);
        for (Class<?> c : new Class<?>[] {PBEKeySpec.class, KeySpec.class, Object.class, SecretKeySpec.class, null}) {
            sameOutcome(
                    () -> specBytes(jdk.getKeySpec(jdkKey, c)),
                    () -> specBytes(ours.getKeySpec(ourKey, c)),
                    "getKeySpec " + c);
            sameOutcome(
                    () -> specBytes(jdk.getKeySpec(ourKey, c)),
                    () -> specBytes(ours.getKeySpec(jdkKey, c)),
                    "getKeySpec crossed " + c);
        }
        SecretKey plain = new SecretKeySpec(new byte[32], alg.name);
        sameOutcome(
                () -> specBytes(jdk.getKeySpec(plain, PBEKeySpec.class)),
                () -> specBytes(ours.getKeySpec(plain, PBEKeySpec.class)),
                "getKeySpec of a non-PBE key");

        assertSame(ourKey, ours.translateKey(ourKey));
        SecretKey translated = ours.translateKey(jdkKey);
        assertNotSame(jdkKey, translated);
        assertEquals(jdkKey, translated);
        assertEquals(ourKey, translated);
        SecretKey otherAlg = ours(alg.name.equals("PBKDF2WithHmacSHA1") ? "PBKDF2WithHmacSHA256" : "PBKDF2WithHmacSHA1")
                .generateSecret(good);
        for (SecretKey k : new SecretKey[] {plain, otherAlg, new SecretKeySpec(new byte[3], "AES"), null}) {
            sameOutcome(
                    () -> jdk.translateKey(k).getEncoded(),
                    () -> ours.translateKey(k).getEncoded(),
                    "translateKey " + k);
        }
        assertThrows(InvalidKeyException.class, () -> ours.translateKey(null));
        assertThrows(InvalidKeySpecException.class, () -> ours.generateSecret(new PBEKeySpec("x".toCharArray())));
    }

    private static byte[] specBytes(KeySpec spec) {
        PBEKeySpec p = (PBEKeySpec) spec;
        byte[] password = Pbkdf2Key.utf8(p.getPassword());
        ByteBuffer b = ByteBuffer.allocate(password.length + p.getSalt().length + 8);
        return b.put(password)
                .put(p.getSalt())
                .putInt(p.getIterationCount())
                .putInt(p.getKeyLength())
                .array();
    }

    @Test
    void keysSerializeAsTheJdksDo() throws Exception {
        PBEKeySpec spec = new PBEKeySpec("pw".toCharArray(), new byte[16], 10, 128);
        SecretKey ours = ours("PBKDF2WithHmacSHA256").generateSecret(spec);
        SecretKey jdk = jdk("PBKDF2WithHmacSHA256").generateSecret(spec);
        Object ourCopy = roundTrip(ours);
        Object jdkCopy = roundTrip(jdk);
        assertEquals(jdkCopy.getClass(), ourCopy.getClass());
        assertEquals(jdkCopy, ourCopy);
        assertEquals(ours, ourCopy);
    }

    private static Object roundTrip(Object o) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }

    @Test
    void clearZeroesKeyAndPassword() throws Exception {
        Pbkdf2Key k = (Pbkdf2Key)
                ours("PBKDF2WithHmacSHA256").generateSecret(new PBEKeySpec("pw".toCharArray(), new byte[16], 10, 128));
        k.clear();
        assertArrayEquals(new byte[16], k.getEncoded());
        assertArrayEquals(new char[2], k.getPassword());
    }

    @Test
    void jdkPathGivesIdenticalResults() {
        HkdfTest.withNativeOff(() -> {
            SplittableRandom r = new SplittableRandom(3);
            for (Alg alg : algorithms()) {
                long before = Decisions.count("SecretKeyFactory", alg.name, Path.JDK);
                SecretKeyFactory viaJdkPath = ours(alg.name);
                assertEquals(before + 1, Decisions.count("SecretKeyFactory", alg.name, Path.JDK));
                for (int i = 0; i < 50; i++) {
                    PBEKeySpec spec = randomSpec(r);
                    assertEquals(jdk(alg.name).generateSecret(spec), viaJdkPath.generateSecret(spec));
                }
                assertThrows(
                        InvalidKeySpecException.class,
                        () -> viaJdkPath.generateSecret(new PBEKeySpec("x".toCharArray())));
            }
        });
    }
}
