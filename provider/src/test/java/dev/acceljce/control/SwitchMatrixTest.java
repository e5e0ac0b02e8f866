package dev.acceljce.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.acceljce.testing.Providers;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import javax.crypto.Cipher;
import javax.crypto.KDF;
import javax.crypto.KeyAgreement;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The switch matrix: every family switched off (acceljce.native.&lt;family&gt;=false) serves the
 * same operation through the JDK with the same output as with the switch on, and the counters
 * show which path served each.
 */
class SwitchMatrixTest {
    private static final byte[] DATA = "AccelJCE switch matrix".getBytes();
    private static final KeyPair RSA = generate("RSA", 2048);
    private static final KeyPair EC_A = generateEc();
    private static final KeyPair EC_B = generateEc();
    private static final KeyPair ED = generate("Ed25519", 0);
    private static final KeyPair X_A = generate("X25519", 0);
    private static final KeyPair X_B = generate("X25519", 0);

    /** One family's operation: the service it uses (for the counters) and a deterministic result. */
    interface Operation {
        byte[] run() throws Exception;
    }

    private static KeyPair generate(String alg, int bits) {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance(alg, Providers.jdk("KeyPairGenerator", alg));
            if (bits > 0) {
                g.initialize(bits);
            }
            return g.generateKeyPair();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static KeyPair generateEc() {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC", Providers.jdk("KeyPairGenerator", "EC"));
            g.initialize(new ECGenParameterSpec("secp256r1"));
            return g.generateKeyPair();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    static Stream<Arguments> families() {
        SecretKeySpec aes = new SecretKeySpec(new byte[16], "AES");
        return Stream.of(
                Arguments.of(Family.DIGEST, "MessageDigest.SHA-384", (Operation) () ->
                        MessageDigest.getInstance("SHA-384", Providers.ACCEL).digest(DATA)),
                Arguments.of(Family.HMAC, "Mac.HmacSHA512", (Operation) () -> {
                    Mac m = Mac.getInstance("HmacSHA512", Providers.ACCEL);
                    m.init(new SecretKeySpec(new byte[40], "HmacSHA512"));
                    return m.doFinal(DATA);
                }),
                Arguments.of(Family.AES, "Cipher.AES/CBC/PKCS5Padding", (Operation) () -> {
                    Cipher c = Cipher.getInstance("AES/CBC/PKCS5Padding", Providers.ACCEL);
                    c.init(Cipher.ENCRYPT_MODE, aes, new IvParameterSpec(new byte[16]));
                    return c.doFinal(DATA);
                }),
                Arguments.of(Family.GCM, "Cipher.AES/GCM/NoPadding", (Operation) () -> {
                    Cipher c = Cipher.getInstance("AES/GCM/NoPadding", Providers.ACCEL);
                    c.init(Cipher.ENCRYPT_MODE, aes, new GCMParameterSpec(128, new byte[12]));
                    return c.doFinal(DATA);
                }),
                Arguments.of(Family.CHACHA20, "Cipher.ChaCha20-Poly1305", (Operation) () -> {
                    Cipher c = Cipher.getInstance("ChaCha20-Poly1305", Providers.ACCEL);
                    c.init(
                            Cipher.ENCRYPT_MODE,
                            new SecretKeySpec(new byte[32], "ChaCha20"),
                            new IvParameterSpec(new byte[12]));
                    return c.doFinal(DATA);
                }),
                Arguments.of(Family.DRBG, "SecureRandom.DRBG", (Operation) () -> {
                    byte[] out = new byte[32];
                    SecureRandom.getInstance("DRBG", Providers.ACCEL).nextBytes(out);
                    return new byte[] {(byte) out.length}; // random: only the length can agree
                }),
                Arguments.of(Family.RSA, "Signature.SHA256withRSA", (Operation) () -> {
                    Signature s = Signature.getInstance("SHA256withRSA", Providers.ACCEL);
                    s.initSign(RSA.getPrivate());
                    s.update(DATA);
                    return s.sign();
                }),
                Arguments.of(Family.EC, "KeyAgreement.ECDH", (Operation) () -> {
                    KeyAgreement ka = KeyAgreement.getInstance("ECDH", Providers.ACCEL);
                    ka.init(EC_A.getPrivate());
                    ka.doPhase(EC_B.getPublic(), true);
                    return ka.generateSecret();
                }),
                Arguments.of(Family.EDDSA, "Signature.Ed25519", (Operation) () -> {
                    Signature s = Signature.getInstance("Ed25519", Providers.ACCEL);
                    s.initSign(ED.getPrivate());
                    s.update(DATA);
                    return s.sign();
                }),
                Arguments.of(Family.XDH, "KeyAgreement.X25519", (Operation) () -> {
                    KeyAgreement ka = KeyAgreement.getInstance("X25519", Providers.ACCEL);
                    ka.init(X_A.getPrivate());
                    ka.doPhase(X_B.getPublic(), true);
                    return ka.generateSecret();
                }),
                Arguments.of(Family.KDF, "KDF.HKDF-SHA256", (Operation) () -> KDF.getInstance(
                                "HKDF-SHA256", Providers.ACCEL)
                        .deriveData(HKDFParameterSpec.ofExtract().addIKM(DATA).thenExpand(DATA, 42))));
    }

    @AfterEach
    void clearSwitches() {
        for (Family f : Family.values()) {
            Settings.set("acceljce.native." + f.property(), null);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("families")
    void offServesTheSameThroughTheJdk(Family family, String service, Operation operation) throws Exception {
        Counters.Row before = Counters.of(service);
        byte[] onNative = operation.run();
        Settings.set("acceljce.native." + family.property(), "false");
        byte[] onJdk = operation.run();
        Settings.set("acceljce.native." + family.property(), null);
        Counters.Row after = Counters.of(service);

        assertArrayEquals(onNative, onJdk, family + ": same output on both paths");
        assertEquals(1, after.nativeObjects() - before.nativeObjects(), family + ": switch on -> native");
        assertEquals(1, after.jdkObjects() - before.jdkObjects(), family + ": switch off -> JDK");
        assertEquals(1, after.nativeOps() - before.nativeOps(), family + ": one native operation");
        assertEquals(1, after.jdkOps() - before.jdkOps(), family + ": one JDK operation");
        // the other families' switches were untouched
        List<Family> others =
                Arrays.stream(Family.values()).filter(f -> f != family).toList();
        others.forEach(f -> assertEquals(true, Settings.nativeAllowed(f), f.toString()));
    }
}
