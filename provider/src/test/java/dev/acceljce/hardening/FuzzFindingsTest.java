package dev.acceljce.hardening;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.acceljce.testing.Providers;
import java.security.MessageDigest;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * What the fuzz targets (module {@code fuzz/}) found, each kept as a plain test of the exact call
 * (the crashing inputs themselves are kept in the fuzz module's regression inputs too).
 */
class FuzzFindingsTest {
    /** MessageDigestFuzzTest: update(b, -1, 0) threw ArrayIndexOutOfBoundsException; the JDK ignores it. */
    @Test
    void digestEmptyUpdateWithNegativeOffsetIsANoOp() throws Exception {
        for (String alg : new String[] {"SHA-256", "SHA3-256"}) {
            MessageDigest ours = MessageDigest.getInstance(alg, Providers.ACCEL);
            MessageDigest jdk = MessageDigest.getInstance(alg, Providers.jdk("MessageDigest", alg));
            ours.update(new byte[0], -1, 0);
            jdk.update(new byte[0], -1, 0);
            ours.update(new byte[5], -7, 0);
            jdk.update(new byte[5], -7, 0);
            assertArrayEquals(jdk.digest(), ours.digest(), alg);
        }
    }

    /**
     * MacFuzzTest: after init, update, then init again with a key longer than the block size,
     * SunJCE's HmacCore returns a wrong MAC (it hashes the long key with a digest still holding the
     * abandoned message). Not our bug, but a deliberate difference: AccelJCE gives the MAC a fresh
     * Mac gives, as the init contract says.
     */
    @Test
    void macReinitWithLongKeyAfterAbandonedMessageIsFresh() throws Exception {
        for (String alg : new String[] {"HmacSHA256", "HmacSHA3-384"}) {
            SecretKeySpec longKey = new SecretKeySpec(new byte[1961], alg);
            Mac fresh = Mac.getInstance(alg, Providers.jdk("Mac", alg));
            fresh.init(longKey);
            Mac ours = Mac.getInstance(alg, Providers.ACCEL);
            ours.init(new SecretKeySpec(new byte[] {1}, alg));
            ours.update((byte) 1);
            ours.init(longKey);
            assertArrayEquals(fresh.doFinal(), ours.doFinal(), alg);
        }
    }

    /**
     * CipherFuzzTest: AES-GCM's getOutputSize(Integer.MAX_VALUE) threw ArithmeticException from
     * Math.addExact; SunJCE's GCM returns the wrapped int sum (while its ChaCha20-Poly1305 does
     * throw ArithmeticException: we follow each).
     */
    @Test
    void aeadOutputSizeOfHugeInputWrapsAsInTheJdk() throws Exception {
        Object[][] cases = {
            {"AES/GCM/NoPadding", new SecretKeySpec(new byte[16], "AES"), new GCMParameterSpec(128, new byte[12])},
            {"ChaCha20-Poly1305", new SecretKeySpec(new byte[32], "ChaCha20"), new IvParameterSpec(new byte[12])}
        };
        for (Object[] c : cases) {
            String alg = (String) c[0];
            Cipher ours = Cipher.getInstance(alg, Providers.ACCEL);
            Cipher jdk = Cipher.getInstance(alg, Providers.jdk("Cipher", alg));
            ours.init(Cipher.ENCRYPT_MODE, (SecretKeySpec) c[1], (AlgorithmParameterSpec) c[2]);
            jdk.init(Cipher.ENCRYPT_MODE, (SecretKeySpec) c[1], (AlgorithmParameterSpec) c[2]);
            for (int len : new int[] {Integer.MAX_VALUE, Integer.MAX_VALUE - 15, 0}) {
                Object expected = outcome(() -> jdk.getOutputSize(len));
                assertEquals(expected, outcome(() -> ours.getOutputSize(len)), alg + " " + len);
            }
        }
    }

    /**
     * CipherFuzzTest: after an encryption's doFinal, an empty update(ByteBuffer, ByteBuffer) threw
     * IllegalStateException from our ChaCha20 ciphers; SunJCE's return 0 (its GCM does throw).
     */
    @Test
    void emptyBufferUpdateAfterFinishAsInTheJdk() throws Exception {
        Object[][] cases = {
            {"AES/GCM/NoPadding", new SecretKeySpec(new byte[16], "AES"), new GCMParameterSpec(128, new byte[12])},
            {"ChaCha20-Poly1305", new SecretKeySpec(new byte[32], "ChaCha20"), new IvParameterSpec(new byte[12])},
            {
                "ChaCha20",
                new SecretKeySpec(new byte[32], "ChaCha20"),
                new javax.crypto.spec.ChaCha20ParameterSpec(new byte[12], 1)
            }
        };
        for (Object[] c : cases) {
            String alg = (String) c[0];
            Cipher ours = Cipher.getInstance(alg, Providers.ACCEL);
            Cipher jdk = Cipher.getInstance(alg, Providers.jdk("Cipher", alg));
            ours.init(Cipher.ENCRYPT_MODE, (SecretKeySpec) c[1], (AlgorithmParameterSpec) c[2]);
            jdk.init(Cipher.ENCRYPT_MODE, (SecretKeySpec) c[1], (AlgorithmParameterSpec) c[2]);
            ours.doFinal();
            jdk.doFinal();
            for (boolean direct : new boolean[] {false, true}) {
                java.nio.ByteBuffer in =
                        direct ? java.nio.ByteBuffer.allocateDirect(0) : java.nio.ByteBuffer.allocate(0);
                Object expected = outcome(() -> jdk.update(in, java.nio.ByteBuffer.allocate(16)));
                assertEquals(expected, outcome(() -> ours.update(in, java.nio.ByteBuffer.allocate(16))), alg);
            }
        }
    }

    /**
     * SecretKeyFactoryFuzzTest: translateKey of another provider's PBKDF2 key with an empty
     * encoding (key length under 8 bits) threw IllegalArgumentException from PBEKeySpec.
     */
    @Test
    void pbkdf2TranslatesAnEmptyForeignKey() throws Exception {
        String alg = "PBKDF2WithHmacSHA256";
        javax.crypto.SecretKeyFactory jdk =
                javax.crypto.SecretKeyFactory.getInstance(alg, Providers.jdk("SecretKeyFactory", alg));
        javax.crypto.SecretKey foreign =
                jdk.generateSecret(new javax.crypto.spec.PBEKeySpec("pw".toCharArray(), new byte[8], 3, 4));
        javax.crypto.SecretKey ours =
                javax.crypto.SecretKeyFactory.getInstance(alg, Providers.ACCEL).translateKey(foreign);
        assertEquals(0, ours.getEncoded().length);
        assertEquals(foreign, ours);
    }

    /** CipherFuzzTest: AESWrap's getOutputSize(Integer.MAX_VALUE) saturated; SunJCE throws ArithmeticException. */
    @Test
    void keyWrapOutputSizeOverflowsAsInTheJdk() throws Exception {
        for (String alg : new String[] {"AESWrap", "AES/KW/NoPadding", "AES/KWP/NoPadding"}) {
            Cipher ours = Cipher.getInstance(alg, Providers.ACCEL);
            Cipher jdk = Cipher.getInstance(alg, Providers.jdk("Cipher", alg));
            ours.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "AES"));
            jdk.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "AES"));
            for (int len : new int[] {Integer.MAX_VALUE, 16}) {
                Object expected = outcome(() -> jdk.getOutputSize(len));
                assertEquals(expected, outcome(() -> ours.getOutputSize(len)), alg + " " + len);
            }
        }
    }

    /** SignatureFuzzTest: RSASSA-PSS took message bytes before setParameter; SunJCE refuses them. */
    @Test
    void pssRefusesUpdatesBeforeItsParameters() throws Exception {
        java.security.KeyPairGenerator g =
                java.security.KeyPairGenerator.getInstance("RSA", Providers.jdk("KeyPairGenerator", "RSA"));
        g.initialize(1024);
        java.security.KeyPair kp = g.generateKeyPair();
        for (java.security.Provider p :
                new java.security.Provider[] {Providers.ACCEL, Providers.jdk("Signature", "RSASSA-PSS")}) {
            java.security.Signature s = java.security.Signature.getInstance("RSASSA-PSS", p);
            s.initSign(kp.getPrivate());
            org.junit.jupiter.api.Assertions.assertThrows(
                    java.security.SignatureException.class, () -> s.update(new byte[3]), p.getName());
            org.junit.jupiter.api.Assertions.assertThrows(
                    RuntimeException.class, () -> s.update(java.nio.ByteBuffer.allocate(0)), p.getName());
        }
    }

    /** One scenario run on a KeyAgreement of each provider: every step's ending, in order. */
    @FunctionalInterface
    private interface AgreementScenario {
        void run(javax.crypto.KeyAgreement ka, java.util.List<Object> endings) throws Exception;
    }

    private static void sameAgreementEndings(String alg, AgreementScenario s) throws Exception {
        java.util.List<Object> ours = new java.util.ArrayList<>();
        java.util.List<Object> jdk = new java.util.ArrayList<>();
        s.run(javax.crypto.KeyAgreement.getInstance(alg, Providers.ACCEL), ours);
        s.run(javax.crypto.KeyAgreement.getInstance(alg, Providers.jdk("KeyAgreement", alg)), jdk);
        assertEquals(jdk, ours, alg);
    }

    private static Object ending(java.util.concurrent.Callable<?> c) {
        try {
            Object o = c.call();
            return o instanceof byte[] b ? java.util.HexFormat.of().formatHex(b) : String.valueOf(o);
        } catch (Exception e) {
            return e.getClass();
        }
    }

    private static java.security.KeyPair pair(String alg, java.security.spec.AlgorithmParameterSpec spec)
            throws Exception {
        java.security.KeyPairGenerator g =
                java.security.KeyPairGenerator.getInstance(alg, Providers.jdk("KeyPairGenerator", alg));
        if (spec != null) {
            g.initialize(spec);
        }
        return g.generateKeyPair();
    }

    /**
     * KeyAgreementFuzzTest (kept inputs {@code ecdh-null-buffer-before-init}): SunEC's ECDH
     * generateSecret(byte[], int) checks the room first, against the length of the last secret
     * (0 before any), then the state; ours checked the state first (IllegalStateException where
     * SunEC throws NullPointerException or ShortBufferException).
     */
    @Test
    void ecdhChecksRoomBeforeStateAsSunEc() throws Exception {
        java.security.KeyPair a = pair("EC", new java.security.spec.ECGenParameterSpec("secp256r1"));
        java.security.KeyPair b = pair("EC", new java.security.spec.ECGenParameterSpec("secp256r1"));
        sameAgreementEndings("ECDH", (ka, endings) -> {
            endings.add(ending(() -> ka.generateSecret(null, 0)));
            endings.add(ending(() -> ka.generateSecret(new byte[0], 1)));
            endings.add(ending(() -> ka.generateSecret(new byte[40], 0)));
            ka.init(a.getPrivate());
            ka.doPhase(b.getPublic(), true);
            endings.add(ending(() -> ka.generateSecret(new byte[31], 0)));
            byte[] out = new byte[40];
            endings.add(ending(() -> ka.generateSecret(out, 8)));
            endings.add(java.util.HexFormat.of().formatHex(out));
            // the secret is spent; the room is still measured against its length
            endings.add(ending(() -> ka.generateSecret(new byte[10], 0)));
            endings.add(ending(() -> ka.generateSecret(new byte[40], 0)));
        });
    }

    /**
     * KeyAgreementFuzzTest ({@code ecdh-private-scalar-out-of-range}, {@code
     * ecdh-negative-private-scalar}): ECDH took a private key whose s is not in [1, n - 1] (OpenSSL
     * imports it); SunEC refuses it with InvalidKeyException. A negative s reached OpenSSL as its
     * magnitude (the encoding), so the caller's numbers are checked, as SunEC does.
     */
    @Test
    void ecdhRefusesPrivateScalarsOutsideTheOrder() throws Exception {
        java.security.KeyPair a = pair("EC", new java.security.spec.ECGenParameterSpec("secp384r1"));
        java.security.spec.ECParameterSpec params =
                ((java.security.interfaces.ECPrivateKey) a.getPrivate()).getParams();
        java.math.BigInteger n = params.getOrder();
        java.security.KeyFactory jdkFactory =
                java.security.KeyFactory.getInstance("EC", Providers.jdk("KeyFactory", "EC"));
        java.security.KeyFactory ourFactory = java.security.KeyFactory.getInstance("EC", Providers.ACCEL);
        for (java.math.BigInteger s : new java.math.BigInteger[] {
            n,
            n.add(java.math.BigInteger.ONE),
            n.shiftLeft(1).subtract(java.math.BigInteger.TWO),
            n.subtract(java.math.BigInteger.TEN).negate()
        }) {
            for (java.security.KeyFactory f : new java.security.KeyFactory[] {jdkFactory, ourFactory}) {
                java.security.PrivateKey k = f.generatePrivate(new java.security.spec.ECPrivateKeySpec(s, params));
                sameAgreementEndings("ECDH", (ka, endings) -> {
                    endings.add(ending(() -> {
                        ka.init(k);
                        return null;
                    }));
                    endings.add(ending(() -> ka.doPhase(a.getPublic(), true)));
                });
                if (f == jdkFactory) {
                    // (our KeyFactory hands out what OpenSSL made of s, e.g. 2n - 2 reduced to n - 2,
                    // which SunEC then takes too)
                    org.junit.jupiter.api.Assertions.assertThrows(
                            java.security.InvalidKeyException.class,
                            () -> javax.crypto.KeyAgreement.getInstance("ECDH", Providers.ACCEL)
                                    .init(k),
                            s.toString());
                }
            }
        }
    }

    /**
     * SunEC's XDH changes nothing when it refuses a key (the earlier key, and a secret not yet
     * handed out, stay usable), and takes an acceptable key before it checks the parameters
     * against it. Ours reset on every init; the draft KeyAgreement target found it, the new one
     * keeps it matched.
     */
    @Test
    void xdhRefusedInitKeepsTheEarlierKeyAsSunEc() throws Exception {
        java.security.KeyPair x1 = pair("X25519", null);
        java.security.KeyPair x2 = pair("X25519", null);
        java.security.KeyPair peer = pair("X25519", null);
        java.security.KeyPair rsa = pair(
                "RSA",
                new java.security.spec.RSAKeyGenParameterSpec(1024, java.security.spec.RSAKeyGenParameterSpec.F4));
        for (String alg : new String[] {"X25519", "XDH"}) {
            sameAgreementEndings(alg, (ka, endings) -> {
                ka.init(x1.getPrivate());
                endings.add(ending(() -> {
                    ka.init(rsa.getPrivate());
                    return null;
                }));
                endings.add(ending(() -> ka.doPhase(peer.getPublic(), true)));
                endings.add(ending(() -> {
                    ka.init(x2.getPublic());
                    return null;
                }));
                endings.add(ending(ka::generateSecret));
                // the key is taken, then the parameters refused: x2 is the key now
                endings.add(ending(() -> {
                    ka.init(x2.getPrivate(), java.security.spec.NamedParameterSpec.X448);
                    return null;
                }));
                endings.add(ending(() -> ka.doPhase(peer.getPublic(), true)));
                endings.add(ending(ka::generateSecret));
            });
        }
    }

    private static Object outcome(java.util.concurrent.Callable<Integer> c) {
        try {
            return c.call();
        } catch (Exception e) {
            return e.getClass();
        }
    }

    /**
     * Finding 14 (SignatureFuzzTest, 2-minute campaign): a DER ECDSA signature whose r or s is
     * negative (high first byte, no leading zero) is well-formed DER; SunEC reads the integer as
     * unsigned and returns false, AccelJCE threw SignatureException. Now false, and never true:
     * the unpadded form of a valid signature is refused (SunEC would accept it).
     */
    @Test
    void ecdsaSignatureWithANegativeIntegerVerifiesFalseAsSunEc() throws Exception {
        java.security.KeyPair kp = pair("EC", new java.security.spec.ECGenParameterSpec("secp384r1"));
        byte[][] signatures = {
            {0x30, 0x0b, 0x02, 0x04, (byte) 0x80, 1, 2, 3, 0x02, 0x03, 1, 2, 3}, // negative r
            {0x30, 0x09, 0x02, 0x03, 1, 2, 3, 0x02, 0x02, (byte) 0xC0, 2}, // negative s
            {0x30, 0x0a, 0x02, 0x03, (byte) 0xFF, (byte) 0x80, 1, 0x02, 0x03, 1, 2, 3}, // and a redundant 0xFF
        };
        for (byte[] sig : signatures) {
            for (java.security.Provider p :
                    new java.security.Provider[] {Providers.ACCEL, Providers.jdk("Signature", "SHA3-384withECDSA")}) {
                java.security.Signature v = java.security.Signature.getInstance("SHA3-384withECDSA", p);
                v.initVerify(kp.getPublic());
                v.update(new byte[5]);
                assertEquals(false, v.verify(sig), p.getName());
            }
        }
        // a redundant leading zero is malformed on both
        byte[] redundant = {0x30, 0x0a, 0x02, 0x03, 0, 0x7F, 1, 0x02, 0x03, 1, 2, 3};
        for (java.security.Provider p :
                new java.security.Provider[] {Providers.ACCEL, Providers.jdk("Signature", "SHA3-384withECDSA")}) {
            java.security.Signature v = java.security.Signature.getInstance("SHA3-384withECDSA", p);
            v.initVerify(kp.getPublic());
            org.junit.jupiter.api.Assertions.assertThrows(
                    java.security.SignatureException.class, () -> v.verify(redundant), p.getName());
        }
        // the unpadded form of a genuine signature: SunEC accepts it, AccelJCE does not
        java.security.Signature signer = java.security.Signature.getInstance("SHA3-384withECDSA", Providers.ACCEL);
        signer.initSign(kp.getPrivate());
        for (int i = 0; i < 64; i++) {
            signer.update(new byte[] {(byte) i});
            byte[] der = signer.sign();
            if (der[4] == 0 && (der[5] & 0x80) != 0 && der[1] == der.length - 2 && der[3] == 49) {
                byte[] unpadded = new byte[der.length - 1];
                unpadded[0] = 0x30;
                unpadded[1] = (byte) (der[1] - 1);
                unpadded[2] = 0x02;
                unpadded[3] = 48;
                System.arraycopy(der, 5, unpadded, 4, der.length - 5);
                java.security.Signature v = java.security.Signature.getInstance("SHA3-384withECDSA", Providers.ACCEL);
                v.initVerify(kp.getPublic());
                v.update(new byte[] {(byte) i});
                assertEquals(false, v.verify(unpadded));
                return;
            }
            signer.initSign(kp.getPrivate());
        }
    }

    /**
     * Findings 17 and 24 (CipherFuzzTest): SunJCE's ChaCha20-Poly1305 in decrypt mode still takes
     * AAD after ciphertext given in a direct or read-only ByteBuffer (one without an accessible
     * array), though not after a plain heap one. AccelJCE
     * refuses it after either, as the JCA asks (AAD before data).
     */
    @Test
    void chacha20Poly1305RefusesAadAfterCiphertextInAnyBuffer() throws Exception {
        SecretKeySpec key = new SecretKeySpec(new byte[32], "ChaCha20");
        IvParameterSpec iv = new IvParameterSpec(new byte[12]);
        for (String kind : new String[] {"heap", "direct", "read-only heap"}) {
            Cipher c = Cipher.getInstance("ChaCha20-Poly1305", Providers.ACCEL);
            c.init(Cipher.DECRYPT_MODE, key, iv);
            java.nio.ByteBuffer in = switch (kind) {
                case "direct" -> java.nio.ByteBuffer.allocateDirect(7);
                case "read-only heap" -> java.nio.ByteBuffer.allocate(7).asReadOnlyBuffer(); // finding 24
                default -> java.nio.ByteBuffer.allocate(7);
            };
            java.nio.ByteBuffer out =
                    kind.equals("direct") ? java.nio.ByteBuffer.allocateDirect(10) : java.nio.ByteBuffer.allocate(10);
            c.update(in, out);
            org.junit.jupiter.api.Assertions.assertThrows(
                    IllegalStateException.class, () -> c.updateAAD(new byte[1]), kind);
        }
    }

    /**
     * Finding 25 (SignatureFuzzTest, a JDK bug): SunEC's NONEwithECDSA throws
     * ArrayIndexOutOfBoundsException from update(byte[]) when the array crosses its 64-byte limit
     * (37 bytes, then 39) and keeps the 37 bytes, so its next sign() signs a message the caller
     * did not give. AccelJCE takes the bytes and refuses the over-long message at sign() with
     * SignatureException, as SunEC does when a call starts with its 64 bytes already full (a
     * single update of 65 bytes throws ArrayIndexOutOfBoundsException there too).
     */
    @Test
    void rawEcdsaRefusesAMessageOverTheLimitWhateverTheSplit() throws Exception {
        java.security.KeyPair kp = pair("EC", new java.security.spec.ECGenParameterSpec("secp256r1"));
        for (int[] split : new int[][] {{37, 39}, {64, 1}, {65}, {60, 4, 1}}) {
            java.security.Signature s = java.security.Signature.getInstance("NONEwithECDSA", Providers.ACCEL);
            s.initSign(kp.getPrivate());
            for (int n : split) {
                s.update(new byte[n]);
            }
            org.junit.jupiter.api.Assertions.assertThrows(
                    java.security.SignatureException.class, s::sign, java.util.Arrays.toString(split));
            byte[] message = new byte[64];
            message[0] = 1;
            s.update(message); // the refusal ended the message: these 64 bytes alone are signed
            java.security.Signature v =
                    java.security.Signature.getInstance("NONEwithECDSA", Providers.jdk("Signature", "NONEwithECDSA"));
            v.initVerify(kp.getPublic());
            v.update(message);
            org.junit.jupiter.api.Assertions.assertTrue(v.verify(s.sign()), java.util.Arrays.toString(split));
        }
    }

    /**
     * Finding 18 (SignatureFuzzTest): SunJCE's RSASSA-PSS refuses new parameters once data came in
     * ("Cannot set parameters during operations", a ProviderException, after validating them);
     * AccelJCE took them. Now as SunJCE, and accepted again after sign().
     */
    @Test
    void pssRefusesNewParametersDuringAnOperationAsSunRsaSign() throws Exception {
        java.security.KeyPair kp = pair("RSA", null);
        java.security.spec.PSSParameterSpec p256 = new java.security.spec.PSSParameterSpec(
                "SHA-256", "MGF1", java.security.spec.MGF1ParameterSpec.SHA256, 32, 1);
        java.security.spec.PSSParameterSpec p512 = new java.security.spec.PSSParameterSpec(
                "SHA-512", "MGF1", java.security.spec.MGF1ParameterSpec.SHA512, 64, 1);
        for (java.security.Provider p :
                new java.security.Provider[] {Providers.ACCEL, Providers.jdk("Signature", "RSASSA-PSS")}) {
            java.security.Signature s = java.security.Signature.getInstance("RSASSA-PSS", p);
            s.setParameter(p256);
            s.initSign(kp.getPrivate());
            s.update(new byte[0]);
            org.junit.jupiter.api.Assertions.assertThrows(
                    java.security.ProviderException.class, () -> s.setParameter(p512), p.getName());
            s.sign();
            s.setParameter(p512);
        }
    }
}
