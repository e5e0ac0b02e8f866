package dev.acceljce.hardening;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Signature;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.crypto.Cipher;
import javax.crypto.KDF;
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

import dev.acceljce.testing.Providers;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Many threads, each with its own objects of every family, against the one shared provider
 * instance at once: every result equals the single-threaded one (deterministic operations only:
 * digests, MACs, ciphers with fixed IVs, KDFs, RSA PKCS#1 and Ed25519 signatures, X25519).
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
    private static List<Callable<String>> operations(KeyPair rsa, KeyPair ed, KeyPair x1, KeyPair x2) {
        byte[] data = new byte[777];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 31);
        }
        SecretKeySpec aes = new SecretKeySpec(new byte[32], "AES");
        HexFormat hex = HexFormat.of();
        List<Callable<String>> ops = new ArrayList<>();
        ops.add(() -> hex.formatHex(MessageDigest.getInstance("SHA-256", Providers.ACCEL).digest(data)));
        ops.add(() -> hex.formatHex(MessageDigest.getInstance("SHA3-512", Providers.ACCEL).digest(data)));
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
                .generateSecret(new PBEKeySpec("pw".toCharArray(), data, 3, 256)).getEncoded()));
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
        return ops;
    }
}
