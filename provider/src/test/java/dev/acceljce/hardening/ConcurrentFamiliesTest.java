package dev.acceljce.hardening;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.acceljce.testing.Providers;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.PSSParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.crypto.Cipher;
import javax.crypto.KDF;
import javax.crypto.KEM;
import javax.crypto.KeyAgreement;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Many threads, each with its own objects of every family, against the one shared provider
 * instance at once: every result equals the single-threaded one (digests, MACs, ciphers with fixed
 * IVs, KDFs, RSA PKCS#1 and Ed25519 signatures, X25519; for the randomised families, what is
 * deterministic about them: see {@link #otherFamilies}).
 */
class ConcurrentFamiliesTest {
    private static final int THREADS = 8;
    private static final int ROUNDS = 150;

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    @Test
    void ownObjectsOnManyThreadsGiveTheSingleThreadedResults() throws Exception {
        KeyPair rsa = keys("RSA", 2048);
        KeyPair ed = keys("Ed25519", 0);
        KeyPair x1 = keys("X25519", 0);
        KeyPair x2 = keys("X25519", 0);
        List<Callable<String>> ops = operations(rsa, ed, x1, x2);
        List<String> expected = new ArrayList<>();
        for (Callable<String> op : ops) {
            expected.add(op.call());
        }
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<List<String>>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int offset = t;
                futures.add(pool.submit(() -> {
                    List<String> mismatches = new ArrayList<>();
                    for (int r = 0; r < ROUNDS; r++) {
                        // each thread walks the families in its own order, so they overlap differently
                        for (int i = 0; i < ops.size(); i++) {
                            int k = (i + offset + r) % ops.size();
                            String got = ops.get(k).call();
                            if (!got.equals(expected.get(k))) {
                                mismatches.add("operation " + k + ": " + got + " != " + expected.get(k));
                            }
                        }
                    }
                    return mismatches;
                }));
            }
            for (Future<List<String>> f : futures) {
                assertEquals(List.of(), f.get());
            }
        } finally {
            pool.shutdown();
        }
    }

    private static KeyPair keys(String alg, int bits) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance(alg, Providers.ACCEL);
        if (bits > 0) {
            g.initialize(bits);
        }
        return g.generateKeyPair();
    }

    /** One deterministic operation per family; each creates its own JCA objects. */
    private static List<Callable<String>> operations(KeyPair rsa, KeyPair ed, KeyPair x1, KeyPair x2) throws Exception {
        byte[] data = new byte[777];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 31);
        }
        SecretKeySpec aes = new SecretKeySpec(new byte[32], "AES");
        HexFormat hex = HexFormat.of();
        List<Callable<String>> ops = new ArrayList<>();
        ops.add(() -> hex.formatHex(
                MessageDigest.getInstance("SHA-256", Providers.ACCEL).digest(data)));
        ops.add(() -> hex.formatHex(
                MessageDigest.getInstance("SHA3-512", Providers.ACCEL).digest(data)));
        ops.add(() -> {
            Mac m = Mac.getInstance("HmacSHA512", Providers.ACCEL);
            m.init(new SecretKeySpec(data, 0, 40, "HmacSHA512"));
            return hex.formatHex(m.doFinal(data));
        });
        ops.add(() -> {
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding", Providers.ACCEL);
            c.init(Cipher.ENCRYPT_MODE, aes, new GCMParameterSpec(128, new byte[12]));
            c.updateAAD(data, 0, 13);
            return hex.formatHex(c.doFinal(data));
        });
        ops.add(() -> {
            Cipher c = Cipher.getInstance("ChaCha20-Poly1305", Providers.ACCEL);
            c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[32], "ChaCha20"), new IvParameterSpec(new byte[12]));
            return hex.formatHex(c.doFinal(data));
        });
        for (String t : new String[] {"AES/CBC/PKCS5Padding", "AES/CTR/NoPadding"}) {
            if (Providers.ACCEL.getService("Cipher", t) != null) {
                ops.add(() -> {
                    Cipher c = Cipher.getInstance(t, Providers.ACCEL);
                    c.init(Cipher.ENCRYPT_MODE, aes, new IvParameterSpec(new byte[16]));
                    return hex.formatHex(c.doFinal(data));
                });
            }
        }
        ops.add(() -> hex.formatHex(KDF.getInstance("HKDF-SHA256", Providers.ACCEL)
                .deriveData(HKDFParameterSpec.ofExtract().addIKM(data).thenExpand(new byte[3], 64))));
        ops.add(() -> hex.formatHex(SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256", Providers.ACCEL)
                .generateSecret(new PBEKeySpec("pw".toCharArray(), data, 3, 256))
                .getEncoded()));
        ops.add(() -> {
            Signature s = Signature.getInstance("SHA256withRSA", Providers.ACCEL);
            s.initSign(rsa.getPrivate());
            s.update(data);
            return hex.formatHex(s.sign());
        });
        ops.add(() -> {
            Signature s = Signature.getInstance("Ed25519", Providers.ACCEL);
            s.initSign(ed.getPrivate());
            s.update(data);
            return hex.formatHex(s.sign());
        });
        ops.add(() -> {
            KeyAgreement a = KeyAgreement.getInstance("X25519", Providers.ACCEL);
            a.init(x1.getPrivate());
            a.doPhase(x2.getPublic(), true);
            return hex.formatHex(a.generateSecret());
        });
        otherFamilies(ops, data, hex);
        return ops;
    }

    /**
     * The families whose output is random (ECDSA, PSS, OAEP encryption, ML-DSA, key generation,
     * DRBG) or that need keys of their own (ECDH, key import, key wrap, ML-KEM): each operation
     * returns what is deterministic about it (a verification's result, a decryption of a fixed
     * ciphertext, an encoding, a length).
     */
    private static void otherFamilies(List<Callable<String>> ops, byte[] data, HexFormat hex) throws Exception {
        KeyPairGenerator ecGen = KeyPairGenerator.getInstance("EC", Providers.ACCEL);
        ecGen.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair ec1 = ecGen.generateKeyPair();
        KeyPair ec2 = ecGen.generateKeyPair();
        byte[] ecdsa = signed("SHA256withECDSA", ec1, data);
        ops.add(() -> verified("SHA256withECDSA", ec1, data, ecdsa) + " "
                + verified("SHA256withECDSA", ec1, data, signed("SHA256withECDSA", ec1, data)));
        ops.add(() -> {
            KeyAgreement a = KeyAgreement.getInstance("ECDH", Providers.ACCEL);
            a.init(ec1.getPrivate());
            a.doPhase(ec2.getPublic(), true);
            return hex.formatHex(a.generateSecret());
        });
        ops.add(() -> {
            KeyFactory f = KeyFactory.getInstance("EC", Providers.ACCEL);
            PrivateKey k =
                    f.generatePrivate(new PKCS8EncodedKeySpec(ec1.getPrivate().getEncoded()));
            return hex.formatHex(k.getEncoded()) + " "
                    + hex.formatHex(f.generatePublic(
                                    new X509EncodedKeySpec(ec1.getPublic().getEncoded()))
                            .getEncoded());
        });
        KeyPair rsa = keys("RSA", 2048);
        Cipher oaep = Cipher.getInstance("RSA/ECB/OAEPWithSHA-256AndMGF1Padding", Providers.ACCEL);
        oaep.init(Cipher.ENCRYPT_MODE, rsa.getPublic());
        byte[] wrapped = oaep.doFinal(data, 0, 32);
        ops.add(() -> {
            Cipher c = Cipher.getInstance("RSA/ECB/OAEPWithSHA-256AndMGF1Padding", Providers.ACCEL);
            c.init(Cipher.DECRYPT_MODE, rsa.getPrivate());
            return hex.formatHex(c.doFinal(wrapped));
        });
        ops.add(() -> "" + verified("RSASSA-PSS", rsa, data, signed("RSASSA-PSS", rsa, data)));
        ops.add(() -> {
            KeyPair fresh = keys("Ed25519", 0);
            return "" + verified("Ed25519", fresh, data, signed("Ed25519", fresh, data));
        });
        ops.add(() -> {
            byte[] out = new byte[48];
            SecureRandom.getInstance("DRBG", Providers.ACCEL).nextBytes(out);
            return out.length + " " + java.util.Arrays.equals(out, new byte[48]);
        });
        if (Providers.ACCEL.getService("Cipher", "AESWrap") != null) {
            ops.add(() -> {
                Cipher c = Cipher.getInstance("AESWrap", Providers.ACCEL);
                c.init(Cipher.WRAP_MODE, new SecretKeySpec(data, 0, 16, "AES"));
                return hex.formatHex(c.wrap(new SecretKeySpec(data, 16, 32, "AES")));
            });
        }
        if (Providers.ACCEL.getService("KEM", "ML-KEM") != null) {
            KeyPair kem = keys("ML-KEM-768", 0);
            KEM.Encapsulated e = KEM.getInstance("ML-KEM", Providers.ACCEL)
                    .newEncapsulator(kem.getPublic())
                    .encapsulate();
            ops.add(() -> hex.formatHex(KEM.getInstance("ML-KEM", Providers.ACCEL)
                    .newDecapsulator(kem.getPrivate())
                    .decapsulate(e.encapsulation())
                    .getEncoded()));
        }
        if (Providers.ACCEL.getService("Signature", "ML-DSA-44") != null) {
            KeyPair dsa = keys("ML-DSA-44", 0);
            byte[] sig = signed("ML-DSA-44", dsa, data);
            ops.add(() -> verified("ML-DSA-44", dsa, data, sig) + " "
                    + verified("ML-DSA-44", dsa, data, signed("ML-DSA-44", dsa, data)));
        }
    }

    /** AccelJCE's {@code alg}, with SHA-256 parameters for RSASSA-PSS (which has no default). */
    private static Signature signature(String alg) throws Exception {
        Signature s = Signature.getInstance(alg, Providers.ACCEL);
        if (alg.equals("RSASSA-PSS")) {
            s.setParameter(new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1));
        }
        return s;
    }

    private static byte[] signed(String alg, KeyPair kp, byte[] data) throws Exception {
        Signature s = signature(alg);
        s.initSign(kp.getPrivate());
        s.update(data);
        return s.sign();
    }

    private static boolean verified(String alg, KeyPair kp, byte[] data, byte[] sig) throws Exception {
        Signature s = signature(alg);
        s.initVerify(kp.getPublic());
        s.update(data);
        return s.verify(sig);
    }
}
