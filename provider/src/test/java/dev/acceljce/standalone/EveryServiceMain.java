package dev.acceljce.standalone;

import dev.acceljce.control.Fips;
import dev.acceljce.service.ServiceReport;
import java.security.AlgorithmParameters;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.Security;
import java.security.Signature;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.PSSParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Cipher;
import javax.crypto.KDF;
import javax.crypto.KEM;
import javax.crypto.KeyAgreement;
import javax.crypto.KeyGenerator;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The child JVM of {@link EveryServiceWithoutJdkProvidersTest}: with only AccelJCE and SUN in the
 * provider list (no SunJCE, SunEC, SunRsaSign), every service AccelJCE registers is created
 * through the JCA and used once, as a user of that family would (a digest, a MAC, a key pair and
 * a signature with it, an agreement, an encryption and its decryption, a derivation, ...). Prints
 * {@code PASS type.algorithm} or {@code FAIL type.algorithm: why} per service, then the services
 * AccelJCE left unregistered with their reasons ({@code NOTREG ...}).
 */
public final class EveryServiceMain {
    private static final Map<String, KeyPair> PAIRS = new TreeMap<>();

    private EveryServiceMain() {}

    public static void main(String[] args) throws Exception {
        Provider accel = Security.getProvider("AccelJCE");
        System.out.println("providers "
                + String.join(
                        ",",
                        Arrays.stream(Security.getProviders())
                                .map(Provider::getName)
                                .toList()));
        for (Provider.Service s : accel.getServices()) {
            String name = s.getType() + "." + s.getAlgorithm();
            try {
                use(s.getType(), s.getAlgorithm(), accel);
                System.out.println("PASS " + name);
            } catch (Throwable e) {
                System.out.println("FAIL " + name + ": " + e);
                e.printStackTrace(System.out);
            }
        }
        for (ServiceReport.NotRegistered r : ServiceReport.notRegistered(accel)) {
            System.out.println("NOTREG " + r.type() + "." + r.algorithm() + ": " + r.reason());
        }
    }

    static void use(String type, String alg, Provider p) throws Exception {
        byte[] data = "every service, once".getBytes();
        switch (type) {
            case "MessageDigest" -> MessageDigest.getInstance(alg, p).digest(data);
            case "Mac" -> {
                Mac mac = Mac.getInstance(alg, p);
                mac.init(new SecretKeySpec(new byte[32], alg));
                mac.doFinal(data);
            }
            case "SecureRandom" -> SecureRandom.getInstance(alg, p).nextBytes(new byte[32]);
            case "KeyGenerator" -> KeyGenerator.getInstance(alg, p).generateKey();
            case "KeyPairGenerator" -> pair(alg, p);
            case "KeyFactory" -> {
                KeyFactory kf = KeyFactory.getInstance(alg, p);
                KeyPair kp = pair(alg, p);
                Key pub = kf.generatePublic(kf.getKeySpec(kp.getPublic(), X509EncodedKeySpec.class));
                check(Arrays.equals(pub.getEncoded(), kp.getPublic().getEncoded()), "public key round trip");
                kf.generatePrivate(new PKCS8EncodedKeySpec(kp.getPrivate().getEncoded()));
            }
            case "Signature" -> {
                Signature sig = Signature.getInstance(alg, p);
                KeyPair kp = pair(signatureKeyType(alg), p);
                if (alg.equals("RSASSA-PSS")) {
                    sig.setParameter(new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1));
                }
                byte[] message = alg.startsWith("NONEwith") ? Arrays.copyOf(data, 16) : data;
                sig.initSign(kp.getPrivate());
                sig.update(message);
                byte[] signature = sig.sign();
                sig.initVerify(kp.getPublic());
                sig.update(message);
                check(sig.verify(signature), "the signature verifies");
            }
            case "KeyAgreement" -> {
                String keyType = alg.equals("ECDH") ? "EC" : alg;
                KeyPair a = pair(keyType, p);
                KeyPair b = pair(keyType, p);
                KeyAgreement ka = KeyAgreement.getInstance(alg, p);
                ka.init(a.getPrivate());
                ka.doPhase(b.getPublic(), true);
                byte[] ab = ka.generateSecret();
                ka.init(b.getPrivate());
                ka.doPhase(a.getPublic(), true);
                check(Arrays.equals(ab, ka.generateSecret()), "both sides agree");
            }
            case "Cipher" -> cipher(alg, p);
            case "KDF" ->
                KDF.getInstance(alg, p)
                        .deriveData(
                                alg.startsWith("Argon2")
                                        ? argon2()
                                        : HKDFParameterSpec.ofExtract()
                                                .addIKM(new byte[32])
                                                .thenExpand(data, 32));
            case "SecretKeyFactory" ->
                SecretKeyFactory.getInstance(alg, p)
                        .generateSecret(
                                alg.startsWith("Argon2")
                                        ? argon2()
                                        : new PBEKeySpec("password".toCharArray(), new byte[16], 1000, 256));
            case "KEM" -> {
                KeyPair kp = pair(alg.equals("ML-KEM") ? "ML-KEM-768" : alg, p);
                KEM kem = KEM.getInstance(alg, p);
                KEM.Encapsulated e = kem.newEncapsulator(kp.getPublic()).encapsulate();
                check(
                        Arrays.equals(
                                e.key().getEncoded(),
                                kem.newDecapsulator(kp.getPrivate())
                                        .decapsulate(e.encapsulation())
                                        .getEncoded()),
                        "KEM");
            }
            case "AlgorithmParameters" -> AlgorithmParameters.getInstance(alg, p);
            default -> throw new IllegalStateException("no use written for " + type);
        }
    }

    /** Small Argon2 inputs (docs/beyond-jdk.md). */
    private static dev.acceljce.spec.Argon2ParameterSpec argon2() {
        return dev.acceljce.spec.Argon2ParameterSpec.builder()
                .password("password".getBytes())
                .salt(new byte[16])
                .iterations(1)
                .memoryKiB(64)
                .lanes(1)
                .outputLength(32)
                .build();
    }

    /** A key pair of {@code keyType} made by AccelJCE (once per type). */
    private static KeyPair pair(String keyType, Provider p) throws Exception {
        KeyPair kp = PAIRS.get(keyType);
        if (kp == null) {
            KeyPairGenerator kpg = KeyPairGenerator.getInstance(keyType, p);
            if (keyType.equals("RSA") || keyType.equals("RSASSA-PSS")) {
                kpg.initialize(2048);
            }
            kp = kpg.generateKeyPair();
            PAIRS.put(keyType, kp);
        }
        return kp;
    }

    private static String signatureKeyType(String alg) {
        String a = alg.toUpperCase(Locale.ROOT);
        if (a.contains("ECDSA")) {
            return "EC";
        }
        if (a.contains("RSA")) {
            return "RSA";
        }
        return alg; // Ed25519, Ed448, EdDSA, ML-DSA-65, ...
    }

    private static void cipher(String alg, Provider p) throws Exception {
        // FIPS mode serves RSA encryption with OAEP only ("RSA" alone means PKCS#1 v1.5)
        Cipher c =
                Cipher.getInstance(alg.equals("RSA") && Fips.on() ? "RSA/ECB/OAEPWithSHA-256AndMGF1Padding" : alg, p);
        String a = alg.toUpperCase(Locale.ROOT);
        Key enc;
        Key dec;
        if (a.startsWith("RSA")) {
            KeyPair kp = pair("RSA", p);
            enc = kp.getPublic();
            dec = kp.getPrivate();
        } else if (a.startsWith("CHACHA20") || a.startsWith("XCHACHA20")) {
            enc = dec = new SecretKeySpec(new byte[32], "ChaCha20");
        } else if (a.contains("/XTS/") || a.contains("/SIV/")) {
            byte[] k = new byte[32];
            k[31] = 1; // XTS: two different halves
            enc = dec = new SecretKeySpec(k, "AES");
        } else {
            int bits = a.contains("256") ? 256 : a.contains("192") ? 192 : 128;
            enc = dec = new SecretKeySpec(new byte[bits / 8], "AES");
        }
        if (a.equals("CHACHA20")) {
            c.init(Cipher.ENCRYPT_MODE, enc, new javax.crypto.spec.ChaCha20ParameterSpec(new byte[12], 1));
        } else if (a.contains("WRAP") || a.contains("/KW") || a.contains("/KWP")) {
            c.init(Cipher.WRAP_MODE, enc);
            byte[] wrapped = c.wrap(new SecretKeySpec(new byte[16], "AES"));
            c.init(Cipher.UNWRAP_MODE, dec);
            c.unwrap(wrapped, "AES", Cipher.SECRET_KEY);
            return;
        } else if (a.contains("/XTS/")) {
            c.init(Cipher.ENCRYPT_MODE, enc, new javax.crypto.spec.IvParameterSpec(new byte[16]));
        } else {
            c.init(Cipher.ENCRYPT_MODE, enc);
        }
        byte[] plain = new byte
                [a.contains("NOPADDING")
                                && !a.contains("GCM")
                                && !a.contains("CTR")
                                && !a.startsWith("CHACHA")
                                && !a.startsWith("RSA")
                        ? 32
                        : 20];
        byte[] sealed = c.doFinal(plain);
        if (a.equals("CHACHA20")) {
            return; // a stream cipher's decryption is its encryption
        }
        AlgorithmParameters params = c.getParameters();
        c.init(Cipher.DECRYPT_MODE, dec, params);
        check(Arrays.equals(plain, c.doFinal(sealed)), "decryption returns the plaintext");
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException(what + " failed");
        }
    }
}
