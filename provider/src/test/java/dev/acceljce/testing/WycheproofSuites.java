package dev.acceljce.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.PSSParameterSpec;
import java.security.spec.RSAPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javax.crypto.Cipher;
import javax.crypto.KDF;
import javax.crypto.KEM;
import javax.crypto.KeyAgreement;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.PSource;

/**
 * Project Wycheproof's vectors as one outcome per vector ({@link VectorOutcome}) through a
 * provider's JCA services: how each family's files are run, written once. The path matrix
 * ({@code dev.acceljce.policy.PathMatrixTest}) runs them all in one JVM per policy, CPU class and
 * library and compares the outcomes; a vector's file, group and test say everything a step needs.
 *
 * <p>Only what the JCA can express is run: ECDSA and ECDH on the curves the JDK serves (P-256,
 * P-384, P-521), no SHAKE-based signatures, PBKDF2 passwords that are UTF-8, ML-DSA without a
 * context string, ML-KEM and ML-DSA without fixed randomness (the per-family tests run the rest
 * against the binding).
 */
public final class WycheproofSuites {
    private WycheproofSuites() {}

    /** Runs one vector; {@code cache} lives as long as the vector's file (keys parsed once). */
    @FunctionalInterface
    public interface Run {
        VectorOutcome run(Provider p, Wycheproof.Case c, Map<String, Object> cache) throws Exception;
    }

    /**
     * A family's vectors: the service whose registration decides whether they run at all (ML-KEM
     * and ML-DSA exist with OpenSSL 3.5 only, AES-GCM-SIV from 3.2), the files, and how a vector runs.
     */
    public record Suite(String family, String type, String algorithm, Supplier<List<String>> files, Run run) {}

    public static List<Suite> all() {
        return List.of(
                new Suite(
                        "AES-GCM",
                        "Cipher",
                        "AES/GCM/NoPadding",
                        () -> List.of("aes_gcm"),
                        (p, c, m) -> aead(p, c, "AES/GCM/NoPadding", "AES", false)),
                new Suite(
                        "AES-CBC-PKCS5",
                        "Cipher",
                        "AES/CBC/PKCS5Padding",
                        () -> List.of("aes_cbc_pkcs5"),
                        (p, c, m) -> blockCipher(p, c, "AES/CBC/PKCS5Padding")),
                new Suite(
                        "AES-KW",
                        "Cipher",
                        "AESWrap",
                        () -> List.of("aes_wrap"),
                        (p, c, m) -> blockCipher(p, c, "AESWrap")),
                new Suite(
                        "AES-KWP",
                        "Cipher",
                        "AESWrapPad",
                        () -> List.of("aes_kwp"),
                        (p, c, m) -> blockCipher(p, c, "AESWrapPad")),
                new Suite(
                        "AES-CCM",
                        "Cipher",
                        "AES/CCM/NoPadding",
                        () -> List.of("aes_ccm"),
                        (p, c, m) -> aead(p, c, "AES/CCM/NoPadding", "AES", false)),
                new Suite(
                        "AES-GCM-SIV",
                        "Cipher",
                        "AES/GCM-SIV/NoPadding",
                        () -> List.of("aes_gcm_siv"),
                        (p, c, m) -> aead(p, c, "AES/GCM-SIV/NoPadding", "AES", false)),
                new Suite(
                        "AES-SIV",
                        "Cipher",
                        "AES/SIV/NoPadding",
                        () -> List.of("aead_aes_siv_cmac"),
                        (p, c, m) -> aead(p, c, "AES/SIV/NoPadding", "AES", true)),
                new Suite("AES-CMAC", "Mac", "AESCMAC", () -> List.of("aes_cmac"), (p, c, m) -> mac(p, c, "AESCMAC")),
                new Suite(
                        "ChaCha20-Poly1305",
                        "Cipher",
                        "ChaCha20-Poly1305",
                        () -> List.of("chacha20_poly1305"),
                        (p, c, m) -> aead(p, c, "ChaCha20-Poly1305", "ChaCha20", false)),
                new Suite(
                        "HMAC",
                        "Mac",
                        "HmacSHA256",
                        () -> Wycheproof.files("hmac_sha*_test.json"),
                        (p, c, m) -> mac(p, c, hmacName(c.file()))),
                new Suite(
                        "HKDF",
                        "KDF",
                        "HKDF-SHA256",
                        () -> List.of("hkdf_sha256", "hkdf_sha384", "hkdf_sha512"),
                        WycheproofSuites::hkdf),
                new Suite(
                        "PBKDF2",
                        "SecretKeyFactory",
                        "PBKDF2WithHmacSHA256",
                        () -> Wycheproof.files("pbkdf2_hmacsha*_test.json"),
                        WycheproofSuites::pbkdf2),
                new Suite(
                        "ECDSA", "Signature", "SHA256withECDSA", WycheproofSuites::ecdsaFiles, WycheproofSuites::ecdsa),
                new Suite("EdDSA", "Signature", "Ed25519", () -> List.of("ed25519", "ed448"), WycheproofSuites::eddsa),
                new Suite("ECDH", "KeyAgreement", "ECDH", WycheproofSuites::ecdhFiles, WycheproofSuites::ecdh),
                new Suite("XDH", "KeyAgreement", "X25519", () -> List.of("x25519", "x448"), WycheproofSuites::xdh),
                new Suite(
                        "RSA-PKCS1-verify",
                        "Signature",
                        "SHA256withRSA",
                        () -> Wycheproof.files("rsa_signature_*_test.json"),
                        WycheproofSuites::rsaPkcs1Verify),
                new Suite(
                        "RSA-PSS-verify",
                        "Signature",
                        "RSASSA-PSS",
                        WycheproofSuites::pssFiles,
                        WycheproofSuites::rsaPssVerify),
                new Suite(
                        "RSA-OAEP-decrypt",
                        "Cipher",
                        "RSA",
                        () -> Wycheproof.files("rsa_oaep_*_test.json"),
                        (p, c, m) -> rsaDecrypt(p, c, true, m)),
                new Suite(
                        "RSA-PKCS1-decrypt",
                        "Cipher",
                        "RSA",
                        () -> Wycheproof.files("rsa_pkcs1_*_test.json"),
                        (p, c, m) -> rsaDecrypt(p, c, false, m)),
                new Suite("ML-KEM", "KEM", "ML-KEM", WycheproofSuites::mlKemFiles, WycheproofSuites::mlKem),
                new Suite("ML-DSA", "Signature", "ML-DSA", WycheproofSuites::mlDsaFiles, WycheproofSuites::mlDsa));
    }

    // ---- ciphers

    /**
     * An AEAD vector: decryption of ct||tag (tag||ct for SIV, RFC 5297's V || C), then encryption
     * of msg, each on a new object (the JDK refuses to encrypt twice with one key and IV).
     */
    public static VectorOutcome aead(
            Provider p, Wycheproof.Case c, String transformation, String keyAlgorithm, boolean tagFirst) {
        Key key = new RawKey(c.hex("key"), keyAlgorithm);
        byte[] iv = c.hex("iv");
        byte[] aad = c.hex("aad");
        byte[] msg = c.hex("msg");
        byte[] ct = c.hex("ct");
        byte[] tag = c.hex("tag");
        byte[] sealed = tagFirst ? MlEncodings.concat(tag, ct) : MlEncodings.concat(ct, tag);
        AlgorithmParameterSpec spec = transformation.startsWith("ChaCha20") || tagFirst
                ? new IvParameterSpec(iv)
                : new GCMParameterSpec(c.group().get("tagSize").asInt(), iv);
        VectorOutcome dec = VectorOutcome.bytes(
                "dec",
                () -> {
                    Cipher cipher = Cipher.getInstance(transformation, p);
                    cipher.init(Cipher.DECRYPT_MODE, key, spec);
                    if (aad.length > 0) {
                        cipher.updateAAD(aad);
                    }
                    return cipher.doFinal(sealed);
                },
                msg);
        VectorOutcome enc = VectorOutcome.bytes(
                "enc",
                () -> {
                    Cipher cipher = Cipher.getInstance(transformation, p);
                    cipher.init(Cipher.ENCRYPT_MODE, key, spec);
                    if (aad.length > 0) {
                        cipher.updateAAD(aad);
                    }
                    return cipher.doFinal(msg);
                },
                sealed);
        return dec.and(enc.accepted(enc.accepted() || !c.valid()));
    }

    /** AES-CBC-PKCS5 and key wrap: decryption of ct, then encryption of msg. */
    public static VectorOutcome blockCipher(Provider p, Wycheproof.Case c, String transformation) {
        Key key = new RawKey(c.hex("key"), "AES");
        IvParameterSpec iv = c.test().has("iv") ? new IvParameterSpec(c.hex("iv")) : null;
        byte[] msg = c.hex("msg");
        byte[] ct = c.hex("ct");
        VectorOutcome dec =
                VectorOutcome.bytes("dec", () -> run(p, transformation, Cipher.DECRYPT_MODE, key, iv, ct), msg);
        VectorOutcome enc =
                VectorOutcome.bytes("enc", () -> run(p, transformation, Cipher.ENCRYPT_MODE, key, iv, msg), ct);
        return dec.and(enc.accepted(enc.accepted() || !c.valid()));
    }

    private static byte[] run(Provider p, String transformation, int mode, Key key, IvParameterSpec iv, byte[] in)
            throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance(transformation, p);
        if (iv == null) {
            cipher.init(mode, key);
        } else {
            cipher.init(mode, key, iv);
        }
        return cipher.doFinal(in);
    }

    // ---- MACs and KDFs

    private static String hmacName(String file) {
        String d = file.substring("hmac_".length(), file.length() - "_test.json".length())
                .toUpperCase();
        return "Hmac" + (d.startsWith("SHA3_") ? d.replace('_', '-') : d.replace('_', '/'));
    }

    /** The MAC truncated to the group's tag size, accepted when it equals the tag. */
    public static VectorOutcome mac(Provider p, Wycheproof.Case c, String algorithm) {
        int tagBytes = c.group().get("tagSize").asInt() / 8;
        return VectorOutcome.bytes(
                "mac",
                () -> {
                    Mac mac = Mac.getInstance(algorithm, p);
                    mac.init(new RawKey(c.hex("key"), algorithm));
                    return Arrays.copyOf(mac.doFinal(c.hex("msg")), tagBytes);
                },
                c.hex("tag"));
    }

    private static VectorOutcome hkdf(Provider p, Wycheproof.Case c, Map<String, Object> cache) {
        String alg = "HKDF-" + c.file().substring("hkdf_".length()).toUpperCase();
        byte[] info = c.hex("info");
        int size = c.test().get("size").asInt();
        return VectorOutcome.bytes(
                "okm",
                () -> KDF.getInstance(alg, p)
                        .deriveData(HKDFParameterSpec.ofExtract()
                                .addIKM(c.hex("ikm"))
                                .addSalt(c.hex("salt"))
                                .thenExpand(info, size)),
                c.valid() ? c.hex("okm") : new byte[0]);
    }

    /**
     * Iterations above this (one vector: 16,777,216 rounds of HMAC-SHA1, seconds on either path)
     * are left to Pbkdf2Test, which runs every vector natively.
     */
    public static final int MAX_PBKDF2_ITERATIONS = 100_000;

    private static VectorOutcome pbkdf2(Provider p, Wycheproof.Case c, Map<String, Object> cache) {
        String digest = c.file().substring("pbkdf2_hmac".length(), c.file().length() - "_test.json".length());
        char[] password = utf8Chars(c.hex("password"));
        if (password == null || c.test().get("iterationCount").asInt() > MAX_PBKDF2_ITERATIONS) {
            return null; // a password the JCA cannot express as characters, or too slow for the matrix
        }
        return VectorOutcome.bytes(
                "dk",
                () -> SecretKeyFactory.getInstance("PBKDF2WithHmac" + digest.toUpperCase(), p)
                        .generateSecret(new PBEKeySpec(
                                password,
                                c.hex("salt"),
                                c.test().get("iterationCount").asInt(),
                                c.test().get("dkLen").asInt() * 8))
                        .getEncoded(),
                c.hex("dk"));
    }

    /** The characters whose UTF-8 encoding is exactly {@code bytes} (the JDK's PBKDF2 encoding), or null. */
    public static char[] utf8Chars(byte[] bytes) {
        try {
            CharBuffer cb = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes));
            char[] chars = new char[cb.remaining()];
            cb.get(chars);
            return Arrays.equals(new String(chars).getBytes(StandardCharsets.UTF_8), bytes) ? chars : null;
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    // ---- signatures

    /** ECDSA on the curves the JDK serves, SHA-2 and SHA-3, DER and P1363. */
    public static List<String> ecdsaFiles() {
        List<String> out = new ArrayList<>();
        for (String curve : new String[] {"secp256r1", "secp384r1", "secp521r1"}) {
            for (String f : Wycheproof.files("ecdsa_" + curve + "_*_test.json")) {
                if (!f.contains("shake")) {
                    out.add(f);
                }
            }
        }
        return out;
    }

    private static PublicKey publicKey(
            Provider p, String algorithm, AlgorithmParameterSpecOrDer spec, Map<String, Object> cache)
            throws GeneralSecurityException {
        Object k = cache.get(spec.id());
        if (k == null) {
            try {
                k = spec.make(KeyFactory.getInstance(algorithm, p));
            } catch (GeneralSecurityException e) {
                k = e;
            }
            cache.put(spec.id(), k);
        }
        if (k instanceof GeneralSecurityException e) {
            throw e;
        }
        return (PublicKey) k;
    }

    /** How a public key is made, and a name to cache it under. */
    private interface AlgorithmParameterSpecOrDer {
        String id();

        PublicKey make(KeyFactory kf) throws GeneralSecurityException;
    }

    private static AlgorithmParameterSpecOrDer x509(String hex) {
        return new AlgorithmParameterSpecOrDer() {
            public String id() {
                return hex;
            }

            public PublicKey make(KeyFactory kf) throws GeneralSecurityException {
                return kf.generatePublic(new X509EncodedKeySpec(HexFormat.of().parseHex(hex)));
            }
        };
    }

    private static VectorOutcome verify(
            Provider p,
            Wycheproof.Case c,
            String keyAlgorithm,
            AlgorithmParameterSpecOrDer key,
            Map<String, Object> cache,
            String sigAlgorithm,
            AlgorithmParameterSpec params) {
        return VectorOutcome.check("verify", () -> {
            Signature s = Signature.getInstance(sigAlgorithm, p);
            if (params != null) {
                s.setParameter(params);
            }
            s.initVerify(publicKey(p, keyAlgorithm, key, cache));
            s.update(c.hex("msg"));
            return s.verify(c.hex("sig"));
        });
    }

    private static VectorOutcome ecdsa(Provider p, Wycheproof.Case c, Map<String, Object> cache) {
        String alg = c.group().get("sha").asText().replace("SHA-", "SHA") + "withECDSA"
                + (c.file().contains("p1363") ? "inP1363Format" : "");
        return verify(p, c, "EC", x509(c.group().get("publicKeyDer").asText()), cache, alg, null);
    }

    private static VectorOutcome eddsa(Provider p, Wycheproof.Case c, Map<String, Object> cache) {
        String alg = c.file().startsWith("ed25519") ? "Ed25519" : "Ed448";
        return verify(p, c, alg, x509(c.group().get("publicKeyDer").asText()), cache, alg, null);
    }

    private static VectorOutcome rsaPkcs1Verify(Provider p, Wycheproof.Case c, Map<String, Object> cache) {
        String alg =
                c.group().get("sha").asText().replace("SHA-512/", "SHA512/").replace("SHA-", "SHA") + "withRSA";
        return verify(p, c, "RSA", x509(c.group().get("publicKeyDer").asText()), cache, alg, null);
    }

    /**
     * RSASSA-PSS without SHAKE (neither the JDK nor AccelJCE offers it), the key from its modulus
     * and exponent (the "_params" files' keys are RSASSA-PSS-typed) and the group's parameters.
     */
    public static List<String> pssFiles() {
        return Wycheproof.files("rsa_pss_*_test.json").stream()
                .filter(f -> !f.contains("shake"))
                .toList();
    }

    private static VectorOutcome rsaPssVerify(Provider p, Wycheproof.Case c, Map<String, Object> cache) {
        JsonNode g = c.group();
        BigInteger n = new BigInteger(1, Wycheproof.hexOf(g.get("publicKey"), "modulus"));
        BigInteger e = new BigInteger(1, Wycheproof.hexOf(g.get("publicKey"), "publicExponent"));
        AlgorithmParameterSpecOrDer key = new AlgorithmParameterSpecOrDer() {
            public String id() {
                return n.toString(16) + ":" + e;
            }

            public PublicKey make(KeyFactory kf) throws GeneralSecurityException {
                return kf.generatePublic(new RSAPublicKeySpec(n, e));
            }
        };
        PSSParameterSpec params = new PSSParameterSpec(
                g.get("sha").asText(),
                "MGF1",
                new MGF1ParameterSpec(g.get("mgfSha").asText()),
                g.get("sLen").asInt(),
                1);
        return verify(p, c, "RSA", key, cache, "RSASSA-PSS", params);
    }

    // ---- RSA decryption

    private static PrivateKey privateKey(Provider p, String algorithm, String pkcs8Hex, Map<String, Object> cache)
            throws GeneralSecurityException {
        Object k = cache.get(pkcs8Hex);
        if (k == null) {
            try {
                k = KeyFactory.getInstance(algorithm, p)
                        .generatePrivate(new PKCS8EncodedKeySpec(HexFormat.of().parseHex(pkcs8Hex)));
            } catch (GeneralSecurityException e) {
                k = e;
            }
            cache.put(pkcs8Hex, k);
        }
        if (k instanceof GeneralSecurityException e) {
            throw e;
        }
        return (PrivateKey) k;
    }

    private static VectorOutcome rsaDecrypt(Provider p, Wycheproof.Case c, boolean oaep, Map<String, Object> cache) {
        return VectorOutcome.bytes(
                "dec",
                () -> {
                    PrivateKey key = privateKey(
                            p, "RSA", c.group().get("privateKeyPkcs8").asText(), cache);
                    Cipher cipher = Cipher.getInstance(oaep ? "RSA/ECB/OAEPPadding" : "RSA/ECB/PKCS1Padding", p);
                    if (oaep) {
                        cipher.init(
                                Cipher.DECRYPT_MODE,
                                key,
                                new OAEPParameterSpec(
                                        c.group().get("sha").asText(),
                                        "MGF1",
                                        new MGF1ParameterSpec(
                                                c.group().get("mgfSha").asText()),
                                        new PSource.PSpecified(c.hex("label"))));
                    } else {
                        cipher.init(Cipher.DECRYPT_MODE, key);
                    }
                    return cipher.doFinal(c.hex("ct"));
                },
                c.hex("msg"));
    }

    // ---- key agreement

    public static List<String> ecdhFiles() {
        List<String> out = new ArrayList<>();
        for (String curve : new String[] {"secp256r1", "secp384r1", "secp521r1"}) {
            out.add("ecdh_" + curve);
            out.add("ecdh_" + curve + "_ecpoint");
        }
        return out;
    }

    private static byte[] agree(Provider p, String algorithm, PrivateKey priv, PublicKey pub)
            throws GeneralSecurityException {
        KeyAgreement ka = KeyAgreement.getInstance(algorithm, p);
        ka.init(priv);
        ka.doPhase(pub, true);
        return ka.generateSecret();
    }

    private static VectorOutcome ecdh(Provider p, Wycheproof.Case c, Map<String, Object> cache) throws Exception {
        String curve = c.group().get("curve").asText();
        ECParameterSpec params = (ECParameterSpec) cache.computeIfAbsent("params", k -> ecParams(curve));
        KeyFactory kf = KeyFactory.getInstance("EC", p);
        byte[] shared = c.valid() || c.test().has("shared") ? c.hex("shared") : null;
        return VectorOutcome.bytes(
                "ecdh",
                () -> {
                    PrivateKey priv = kf.generatePrivate(new ECPrivateKeySpec(
                            new BigInteger(c.test().get("private").asText(), 16), params));
                    PublicKey pub;
                    if (c.file().endsWith("_ecpoint")) {
                        // a bare point, which the JCA can express only uncompressed
                        int size = (params.getCurve().getField().getFieldSize() + 7) / 8;
                        byte[] point = c.hex("public");
                        if (point.length != 1 + 2 * size || point[0] != 4) {
                            throw new java.security.spec.InvalidKeySpecException("not an uncompressed point");
                        }
                        pub = kf.generatePublic(new ECPublicKeySpec(
                                new ECPoint(
                                        new BigInteger(1, Arrays.copyOfRange(point, 1, 1 + size)),
                                        new BigInteger(1, Arrays.copyOfRange(point, 1 + size, point.length))),
                                params));
                    } else {
                        pub = kf.generatePublic(new X509EncodedKeySpec(c.hex("public")));
                    }
                    return agree(p, "ECDH", priv, pub);
                },
                shared);
    }

    private static ECParameterSpec ecParams(String curve) {
        try {
            java.security.AlgorithmParameters ap =
                    java.security.AlgorithmParameters.getInstance("EC", Providers.jdk("AlgorithmParameters", "EC"));
            ap.init(new java.security.spec.ECGenParameterSpec(curve));
            return ap.getParameterSpec(ECParameterSpec.class);
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    /** SubjectPublicKeyInfo and PrivateKeyInfo prefixes of raw X25519/X448 keys (RFC 8410). */
    private static final Map<String, String[]> XDH_PREFIXES = Map.of(
            "X25519", new String[] {"302a300506032b656e032100", "302e020100300506032b656e04220420"},
            "X448", new String[] {"3042300506032b656f033900", "3046020100300506032b656f043a0438"});

    private static VectorOutcome xdh(Provider p, Wycheproof.Case c, Map<String, Object> cache) {
        String curve = c.file().startsWith("x25519") ? "X25519" : "X448";
        String[] prefix = XDH_PREFIXES.get(curve);
        return VectorOutcome.bytes(
                "xdh",
                () -> {
                    KeyFactory kf = KeyFactory.getInstance("XDH", p);
                    PrivateKey priv = kf.generatePrivate(new PKCS8EncodedKeySpec(HexFormat.of()
                            .parseHex(prefix[1] + c.test().get("private").asText())));
                    PublicKey pub = kf.generatePublic(new X509EncodedKeySpec(HexFormat.of()
                            .parseHex(prefix[0] + c.test().get("public").asText())));
                    return agree(p, curve, priv, pub);
                },
                c.hex("shared"));
    }

    // ---- ML-KEM and ML-DSA (OpenSSL 3.5 only)

    public static List<String> mlKemFiles() {
        List<String> out = new ArrayList<>();
        for (String n : new String[] {"512", "768", "1024"}) {
            out.addAll(List.of(
                    "mlkem_" + n,
                    "mlkem_" + n + "_semi_expanded_decaps",
                    "mlkem_" + n + "_encaps",
                    "mlkem_" + n + "_keygen_seed"));
        }
        return out;
    }

    private static final Map<String, String> ML_KEM_OIDS = Map.of(
            "ML-KEM-512", "2.16.840.1.101.3.4.4.1",
            "ML-KEM-768", "2.16.840.1.101.3.4.4.2",
            "ML-KEM-1024", "2.16.840.1.101.3.4.4.3");

    /**
     * Decapsulation with seed keys (mlkem_N) and expanded keys (semi_expanded_decaps); key
     * validation of an encapsulation key (encaps: the encapsulation itself is random through the
     * JCA); key generation from a seed, as the seed-only PKCS#8 key's expanded encoding (keygen_seed).
     */
    private static VectorOutcome mlKem(Provider p, Wycheproof.Case c, Map<String, Object> cache) throws Exception {
        String set = c.group().get("parameterSet").asText();
        String f = c.file();
        if (f.endsWith("_encaps")) {
            return VectorOutcome.bytes(
                    "encapsulator",
                    () -> {
                        PublicKey pk = KeyFactory.getInstance(set, p)
                                .generatePublic(new X509EncodedKeySpec(MlEncodings.x509(set, c.hex("ek"))));
                        KEM.getInstance(set, p).newEncapsulator(pk);
                        return new byte[0];
                    },
                    null);
        }
        if (f.endsWith("_keygen_seed")) {
            return VectorOutcome.bytes(
                    "key",
                    () -> KeyFactory.getInstance(set, p)
                            .generatePrivate(
                                    new PKCS8EncodedKeySpec(MlEncodings.pkcs8Seed(ML_KEM_OIDS.get(set), c.hex("seed"))))
                            .getEncoded(),
                    MlEncodings.pkcs8Expanded(set, c.hex("dk")));
        }
        byte[] pkcs8 = f.endsWith("_semi_expanded_decaps")
                ? MlEncodings.pkcs8Expanded(set, c.hex("dk"))
                : MlEncodings.pkcs8Seed(ML_KEM_OIDS.get(set), c.hex("seed"));
        return VectorOutcome.bytes(
                "K",
                () -> {
                    PrivateKey sk = KeyFactory.getInstance(set, p).generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
                    return KEM.getInstance(set, p)
                            .newDecapsulator(sk)
                            .decapsulate(c.hex("c"))
                            .getEncoded();
                },
                c.hex("K"));
    }

    public static List<String> mlDsaFiles() {
        List<String> out = new ArrayList<>();
        for (String n : new String[] {"44", "65", "87"}) {
            out.addAll(List.of("mldsa_" + n + "_verify", "mldsa_" + n + "_sign_seed", "mldsa_" + n + "_sign_noseed"));
        }
        return out;
    }

    private static final Map<String, String> ML_DSA_OIDS = Map.of(
            "ML-DSA-44", "2.16.840.1.101.3.4.3.17",
            "ML-DSA-65", "2.16.840.1.101.3.4.3.18",
            "ML-DSA-87", "2.16.840.1.101.3.4.3.19");

    /**
     * Verification of the vectors without a context string (the JCA has none); for the signing
     * vectors, whether the key imports, signs the message (hedged: the bytes are random, so only
     * whether the JDK verifies them under the vector's public key is compared).
     */
    private static VectorOutcome mlDsa(Provider p, Wycheproof.Case c, Map<String, Object> cache) throws Exception {
        String set = "ML-DSA-" + c.file().substring(6, 8);
        if (c.test().has("ctx") && !c.test().get("ctx").asText().isEmpty()
                || !c.test().has("msg")) {
            return null;
        }
        JsonNode g = c.group();
        if (c.file().endsWith("_verify")) {
            byte[] x509 = MlEncodings.x509(set, Wycheproof.hexOf(g, "publicKey"));
            return verify(p, c, set, x509(HexFormat.of().formatHex(x509)), cache, set, null);
        }
        byte[] pkcs8 = g.has("privateKeyPkcs8")
                ? Wycheproof.hexOf(g, "privateKeyPkcs8")
                : g.has("privateSeed")
                        ? MlEncodings.pkcs8Seed(ML_DSA_OIDS.get(set), Wycheproof.hexOf(g, "privateSeed"))
                        : MlEncodings.pkcs8Expanded(set, Wycheproof.hexOf(g, "privateKey"));
        return VectorOutcome.check("sign+verify", () -> {
            PrivateKey sk = KeyFactory.getInstance(set, p).generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
            Signature s = Signature.getInstance(set, p);
            s.initSign(sk);
            s.update(c.hex("msg"));
            byte[] sig = s.sign();
            PublicKey pk = KeyFactory.getInstance(set, Providers.jdk("KeyFactory", set))
                    .generatePublic(MlEncodings.raw(Wycheproof.hexOf(g, "publicKey")));
            Signature v = Signature.getInstance(set, Providers.jdk("Signature", set));
            v.initVerify(pk);
            v.update(c.hex("msg"));
            return v.verify(sig);
        });
    }
}
