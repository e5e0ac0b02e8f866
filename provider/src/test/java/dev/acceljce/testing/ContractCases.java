package dev.acceljce.testing;

import java.security.Key;
import java.security.Provider;
import java.security.spec.AlgorithmParameterSpec;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.Cipher;
import javax.crypto.KDF;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.PBEKeySpec;

/**
 * The API-contract calls whose answer could depend on the path (OpenSSL's checks in Java against
 * the JDK's own): bad key and IV lengths, ciphertexts of every awkward length, empty inputs, a
 * failed decryption followed by a good one on the same object, HMAC and KDF arguments. Each is a
 * named step with a fixed input; the path matrix compares their outcomes across paths. Inputs are
 * fixed bytes, so an outcome is the same on every run.
 */
public final class ContractCases {
    private ContractCases() {}

    private static final String[] BLOCK_TRANSFORMATIONS = {
        "AES/CBC/PKCS5Padding", "AES/CBC/NoPadding", "AES/ECB/PKCS5Padding", "AES/ECB/NoPadding", "AES/CTR/NoPadding"
    };

    private static byte[] bytes(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (seed + 31 * i);
        }
        return b;
    }

    private static Key aes(int n) {
        return new RawKey(bytes(n, 1), "AES");
    }

    private static Cipher init(Provider p, String t, int mode, Key key, AlgorithmParameterSpec spec) throws Exception {
        Cipher c = Cipher.getInstance(t, p);
        if (spec == null) {
            c.init(mode, key);
        } else {
            c.init(mode, key, spec);
        }
        return c;
    }

    /** Outcome of a refused message, then of a good one on the same object. */
    private static byte[] refusedThenGood(Cipher c, byte[] bad, byte[] good) throws Exception {
        String first;
        try {
            first = VectorOutcome.hash(c.doFinal(bad));
        } catch (Exception e) {
            first = e.getClass().getSimpleName();
        }
        return MlEncodings.concat(first.getBytes(), c.doFinal(good));
    }

    /** Every case by name, in a fixed order. */
    public static Map<String, VectorOutcome.Step> all(Provider p) {
        Map<String, VectorOutcome.Step> cases = new LinkedHashMap<>();
        for (String t : BLOCK_TRANSFORMATIONS) {
            boolean ecb = t.contains("ECB");
            IvParameterSpec iv = ecb ? null : new IvParameterSpec(bytes(16, 2));
            for (int keyLen : new int[] {0, 8, 15, 17, 33}) {
                cases.put(
                        t + " key " + keyLen,
                        () -> init(p, t, Cipher.ENCRYPT_MODE, aes(keyLen), iv).doFinal());
            }
            if (!ecb) {
                for (int ivLen : new int[] {0, 8, 15, 17}) {
                    cases.put(
                            t + " iv " + ivLen,
                            () -> init(p, t, Cipher.ENCRYPT_MODE, aes(16), new IvParameterSpec(new byte[ivLen]))
                                    .doFinal());
                }
                cases.put(
                        t + " decrypt without iv",
                        () -> init(p, t, Cipher.DECRYPT_MODE, aes(16), null).doFinal());
            }
            for (int len : new int[] {0, 1, 15, 16, 17, 32}) {
                cases.put(
                        t + " encrypt " + len,
                        () -> init(p, t, Cipher.ENCRYPT_MODE, aes(16), iv).doFinal(bytes(len, 3)));
                cases.put(
                        t + " decrypt " + len,
                        () -> init(p, t, Cipher.DECRYPT_MODE, aes(16), iv).doFinal(bytes(len, 3)));
                cases.put(t + " decrypt " + len + " via update", () -> {
                    Cipher c = init(p, t, Cipher.DECRYPT_MODE, aes(16), iv);
                    byte[] head = c.update(bytes(len, 3));
                    byte[] tail = c.doFinal();
                    return MlEncodings.concat(head == null ? new byte[0] : head, tail);
                });
            }
            cases.put(t + " refused then good message", () -> {
                Cipher enc = init(p, t, Cipher.ENCRYPT_MODE, aes(16), iv);
                byte[] good = enc.doFinal(bytes(40, 4));
                Cipher c = init(p, t, Cipher.DECRYPT_MODE, aes(16), iv);
                byte[] bad = good.clone();
                bad[bad.length - 1] ^= 0x55;
                return refusedThenGood(c, bad, good);
            });
            cases.put(t + " update before init", () -> Cipher.getInstance(t, p).update(new byte[16]));
        }
        for (String t : new String[] {"AES/GCM/NoPadding", "ChaCha20-Poly1305"}) {
            boolean gcm = t.startsWith("AES");
            Key key = new RawKey(bytes(gcm ? 16 : 32, 5), gcm ? "AES" : "ChaCha20");
            AlgorithmParameterSpec spec =
                    gcm ? new GCMParameterSpec(128, bytes(12, 6)) : new IvParameterSpec(bytes(12, 6));
            for (int len : new int[] {0, 1, 15, 16, 17, 32}) {
                cases.put(
                        t + " decrypt " + len,
                        () -> init(p, t, Cipher.DECRYPT_MODE, key, spec).doFinal(bytes(len, 7)));
            }
            for (int ivLen : new int[] {0, 8, 11, 13, 16}) {
                AlgorithmParameterSpec bad = gcm
                        ? (ivLen == 0 ? new IvParameterSpec(new byte[0]) : new GCMParameterSpec(128, new byte[ivLen]))
                        : new IvParameterSpec(new byte[ivLen]);
                cases.put(
                        t + " iv " + ivLen,
                        () -> init(p, t, Cipher.ENCRYPT_MODE, key, bad).doFinal());
            }
            for (int keyLen : new int[] {0, 15, 31, 33}) {
                Key bad = new RawKey(new byte[keyLen], gcm ? "AES" : "ChaCha20");
                cases.put(
                        t + " key " + keyLen,
                        () -> init(p, t, Cipher.ENCRYPT_MODE, bad, spec).doFinal());
            }
            if (gcm) {
                for (int tagBits : new int[] {0, 32, 64, 96, 104, 120, 136}) {
                    cases.put(
                            t + " tag " + tagBits,
                            () -> init(p, t, Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(tagBits, bytes(12, 6)))
                                    .doFinal());
                }
            }
            cases.put(t + " encrypt twice with one iv", () -> {
                Cipher c = init(p, t, Cipher.ENCRYPT_MODE, key, spec);
                c.doFinal(bytes(5, 8));
                return c.doFinal(bytes(5, 8));
            });
            cases.put(t + " refused then good message", () -> {
                byte[] good = init(p, t, Cipher.ENCRYPT_MODE, key, spec).doFinal(bytes(40, 9));
                Cipher c = init(p, t, Cipher.DECRYPT_MODE, key, spec);
                byte[] bad = good.clone();
                bad[3] ^= 1;
                return refusedThenGood(c, bad, good);
            });
        }
        for (String t : new String[] {"AESWrap", "AESWrapPad"}) {
            for (int len : new int[] {0, 7, 8, 15, 16, 17, 24}) {
                cases.put(
                        t + " decrypt " + len,
                        () -> init(p, t, Cipher.DECRYPT_MODE, aes(16), null).doFinal(bytes(len, 10)));
                cases.put(
                        t + " encrypt " + len,
                        () -> init(p, t, Cipher.ENCRYPT_MODE, aes(16), null).doFinal(bytes(len, 10)));
            }
            cases.put(
                    t + " null key",
                    () -> init(p, t, Cipher.ENCRYPT_MODE, null, null).doFinal(bytes(16, 10)));
        }
        for (String alg : new String[] {"HmacSHA256", "HmacSHA512", "HmacSHA3-256"}) {
            for (int keyLen : new int[] {0, 1, 64, 200}) {
                cases.put(alg + " key " + keyLen, () -> {
                    Mac m = Mac.getInstance(alg, p);
                    m.init(new RawKey(bytes(keyLen, 11), alg));
                    return m.doFinal(new byte[0]);
                });
            }
            cases.put(
                    alg + " doFinal before init", () -> Mac.getInstance(alg, p).doFinal());
        }
        for (int size : new int[] {0, 1, 32, 8160, 8161}) {
            cases.put(
                    "HKDF-SHA256 length " + size,
                    () -> KDF.getInstance("HKDF-SHA256", p)
                            .deriveData(HKDFParameterSpec.ofExtract()
                                    .addIKM(bytes(22, 12))
                                    .thenExpand(new byte[0], size)));
        }
        cases.put(
                "HKDF-SHA256 no ikm",
                () -> KDF.getInstance("HKDF-SHA256", p)
                        .deriveData(HKDFParameterSpec.ofExtract().thenExpand(new byte[0], 32)));
        for (int saltLen : new int[] {0, 1, 16}) {
            for (int iterations : new int[] {1, 2}) {
                cases.put(
                        "PBKDF2WithHmacSHA256 salt " + saltLen + " iterations " + iterations,
                        () -> SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256", p)
                                .generateSecret(new PBEKeySpec("pw".toCharArray(), bytes(saltLen, 13), iterations, 256))
                                .getEncoded());
            }
        }
        cases.put(
                "PBKDF2WithHmacSHA256 empty password",
                () -> SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256", p)
                        .generateSecret(new PBEKeySpec(new char[0], bytes(16, 13), 1, 256))
                        .getEncoded());
        return cases;
    }
}
