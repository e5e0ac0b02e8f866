package dev.acceljce.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.acceljce.control.Engine;
import dev.acceljce.control.Settings;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.KDF;
import javax.crypto.KeyAgreement;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The second native library's inputs. Each step runs the same call on an object made for AWS-LC
 * and on one made for OpenSSL ({@code acceljce.engine.<family>}), which must agree byte for byte or
 * throw the same exception type: Ed25519 signatures of random messages with keys of the right and
 * wrong kinds, verification of random and corrupted signatures of any length, X25519 and ECDH
 * P-256 with random peer points (low-order and off-curve ones included), ECDSA verification of
 * random and corrupted signatures (and each engine's signature verified by the other), HKDF
 * derivations of random lengths (outputs past 255 blocks included), AES-GCM and
 * ChaCha20-Poly1305 with random key, IV, tag, AAD and message lengths (the same ciphertext from
 * both) and tampered ciphertexts. XChaCha20-Poly1305, which only AWS-LC runs, gets random key,
 * nonce, AAD and message lengths and corrupted or truncated ciphertexts: a round trip, or the
 * JCA's exception, never another. RSASSA-PKCS1-v1_5 signatures of random messages (the same bytes
 * from both) and verification of random, corrupted and wrong-length signatures; RSASSA-PSS with
 * random digests and salt lengths, its signatures (either engine's, sometimes corrupted) and random
 * bytes verified alike.
 */
class EnginesFuzzTest {
    private static final String[] KINDS = {"Ed25519", "Ed448", "X25519", "EC-256"};

    /** An object of {@code type.algorithm} made while {@code family}'s library is {@code engine}. */
    private static <T> T on(Engine engine, String family, Make<T> make) throws GeneralSecurityException {
        Settings.set("acceljce.engine." + family, engine.property());
        try {
            return make.make();
        } finally {
            Settings.set("acceljce.engine." + family, null);
        }
    }

    @FunctionalInterface
    private interface Make<T> {
        T make() throws GeneralSecurityException;
    }

    /** What a call gave: its bytes or boolean, or the name of the exception type it threw. */
    private static String outcome(Call call) {
        try {
            return HexFormat.of().formatHex(call.run());
        } catch (GeneralSecurityException | RuntimeException e) {
            if (e instanceof NullPointerException || e instanceof IndexOutOfBoundsException) {
                throw new AssertionError("not a JCA exception: " + e, e);
            }
            return "!" + e.getClass().getSimpleName();
        }
    }

    @FunctionalInterface
    private interface Call {
        byte[] run() throws GeneralSecurityException;
    }

    private static void same(String what, Call awslc, Call openssl) {
        String a = outcome(awslc);
        String o = outcome(openssl);
        if (!a.equals(o)) {
            throw new AssertionError(what + ": AWS-LC " + a + ", OpenSSL " + o);
        }
    }

    @FuzzTest
    void sequences(FuzzedDataProvider data) throws Exception {
        if (!Engine.AWSLC.available()) {
            return; // nothing of AWS-LC's to fuzz in this run (its absence is tested elsewhere)
        }
        Pick pick = new Pick(data);
        switch (pick.choose(9)) {
            case 0 -> ed25519(pick);
            case 1 -> x25519(pick);
            case 2 -> ecdh(pick);
            case 3 -> ecdsa(pick);
            case 4 -> aead(pick, "gcm", "AES/GCM/NoPadding");
            case 5 -> aead(pick, "chacha20", "ChaCha20-Poly1305");
            case 6 -> hkdf(pick);
            case 7 -> rsa(pick);
            default -> xChaCha20Poly1305(pick);
        }
    }

    /**
     * HKDF-SHA256/384/512 with random input, salt and info lengths (none included), PRKs shorter
     * and longer than a hash, and output lengths on both sides of 255 blocks: Extract,
     * Expand or both, the same bytes or exception type on each library.
     */
    private static void hkdf(Pick pick) throws Exception {
        String alg = pick.one(new String[] {"HKDF-SHA256", "HKDF-SHA384", "HKDF-SHA512"});
        int hash = alg.endsWith("256") ? 32 : alg.endsWith("384") ? 48 : 64;
        KDF aws = on(Engine.AWSLC, "kdf", () -> KDF.getInstance(alg, Both.ACCEL));
        KDF ossl = on(Engine.OPENSSL, "kdf", () -> KDF.getInstance(alg, Both.ACCEL));
        for (int step = 0; step < 4 && pick.more(); step++) {
            byte[] ikm = pick.bytes(pick.intIn(0, 100));
            byte[] salt = pick.bool() ? null : pick.bytes(pick.intIn(0, 150));
            byte[] info = pick.bool() ? null : pick.bytes(pick.intIn(0, 300));
            int length = pick.bool() ? pick.intIn(1, 2 * hash + 1) : 255 * hash + pick.intIn(-1, 1);
            HKDFParameterSpec spec;
            switch (pick.choose(3)) {
                case 0 -> {
                    HKDFParameterSpec.Builder b = HKDFParameterSpec.ofExtract().addIKM(ikm);
                    spec = salt == null ? b.extractOnly() : b.addSalt(salt).extractOnly();
                }
                case 1 -> {
                    int prkLength = pick.intIn(hash - 2, hash + 40);
                    byte[] prk = Arrays.copyOf(pick.bytes(prkLength), prkLength); // the data may run out
                    spec = HKDFParameterSpec.expandOnly(new SecretKeySpec(prk, "PRK"), info, length);
                }
                default -> {
                    HKDFParameterSpec.Builder b = HKDFParameterSpec.ofExtract().addIKM(ikm);
                    spec = (salt == null ? b : b.addSalt(salt)).thenExpand(info, length);
                }
            }
            HKDFParameterSpec chosen = spec;
            same(alg, () -> aws.deriveData(chosen), () -> ossl.deriveData(chosen));
        }
    }

    private static void ed25519(Pick pick) throws Exception {
        Signature aws = on(Engine.AWSLC, "eddsa", () -> Signature.getInstance("Ed25519", Both.ACCEL));
        Signature ossl = on(Engine.OPENSSL, "eddsa", () -> Signature.getInstance("Ed25519", Both.ACCEL));
        KeyPair kp = FuzzKeys.jdk(pick.choose(4) == 0 ? pick.one(KINDS) : "Ed25519");
        KeyPair ours = FuzzKeys.ours("Ed25519");
        for (int step = 0; step < 8 && pick.more(); step++) {
            byte[] message = pick.bytes(300);
            if (pick.bool()) {
                Key key = pick.bool() ? kp.getPrivate() : ours.getPrivate();
                same("Ed25519 sign", () -> sign(aws, key, message), () -> sign(ossl, key, message));
            } else {
                KeyPair signer = pick.bool() ? ours : kp;
                byte[] sig = pick.bool() ? pick.bytes(130) : validSignature(signer, message, pick);
                PublicKey pub = signer.getPublic();
                same("Ed25519 verify", () -> verify(aws, pub, message, sig), () -> verify(ossl, pub, message, sig));
            }
        }
    }

    private static byte[] sign(Signature s, Key key, byte[] message) throws GeneralSecurityException {
        s.initSign((java.security.PrivateKey) key);
        s.update(message);
        return s.sign();
    }

    private static byte[] verify(Signature s, PublicKey key, byte[] message, byte[] sig)
            throws GeneralSecurityException {
        s.initVerify(key);
        s.update(message);
        return new byte[] {(byte) (s.verify(sig) ? 1 : 0)};
    }

    /** A signature the JDK made, sometimes with one bit changed. */
    private static byte[] validSignature(KeyPair kp, byte[] message, Pick pick) throws GeneralSecurityException {
        if (!kp.getPublic().getAlgorithm().startsWith("Ed")) {
            return new byte[64];
        }
        Signature jdk = Signature.getInstance("Ed25519", Both.jdk("Signature", "Ed25519"));
        try {
            jdk.initSign(kp.getPrivate());
        } catch (java.security.InvalidKeyException notEd25519) {
            return new byte[64];
        }
        jdk.update(message);
        byte[] sig = jdk.sign();
        if (pick.bool()) {
            sig[pick.intIn(0, sig.length - 1)] ^= (byte) (1 << pick.intIn(0, 7));
        }
        return sig;
    }

    private static void x25519(Pick pick) throws Exception {
        KeyAgreement aws = on(Engine.AWSLC, "xdh", () -> KeyAgreement.getInstance("X25519", Both.ACCEL));
        KeyAgreement ossl = on(Engine.OPENSSL, "xdh", () -> KeyAgreement.getInstance("X25519", Both.ACCEL));
        KeyPair mine = pick.bool() ? FuzzKeys.ours("X25519") : FuzzKeys.jdk("X25519");
        for (int step = 0; step < 8 && pick.more(); step++) {
            PublicKey peer = pick.choose(3) == 0 ? FuzzKeys.jdk(pick.one(KINDS)).getPublic() : randomPoint(pick);
            same("X25519", () -> agree(aws, mine, peer), () -> agree(ossl, mine, peer));
        }
    }

    /** A random 32-byte u-coordinate (often a low-order one) as an X25519 public key. */
    private static PublicKey randomPoint(Pick pick) throws GeneralSecurityException {
        byte[] u = new byte[32];
        switch (pick.choose(4)) {
            case 0 -> u[0] = (byte) pick.intIn(0, 1); // u = 0 or 1: small order
            case 1 -> Arrays.fill(u, (byte) 0xff); // at or above p
            default -> {
                byte[] r = pick.bytes(32);
                System.arraycopy(r, 0, u, 0, r.length);
            }
        }
        byte[] spki = HexFormat.of().parseHex("302a300506032b656e032100");
        byte[] der = Arrays.copyOf(spki, spki.length + 32);
        System.arraycopy(u, 0, der, spki.length, 32);
        return KeyFactory.getInstance("X25519", Both.jdk("KeyFactory", "X25519"))
                .generatePublic(new X509EncodedKeySpec(der));
    }

    private static byte[] agree(KeyAgreement ka, KeyPair mine, PublicKey peer) throws GeneralSecurityException {
        ka.init(mine.getPrivate());
        ka.doPhase(peer, true);
        return ka.generateSecret();
    }

    private static void ecdh(Pick pick) throws Exception {
        KeyAgreement aws = on(Engine.AWSLC, "ec", () -> KeyAgreement.getInstance("ECDH", Both.ACCEL));
        KeyAgreement ossl = on(Engine.OPENSSL, "ec", () -> KeyAgreement.getInstance("ECDH", Both.ACCEL));
        KeyPair mine = pick.bool() ? FuzzKeys.ours("EC-256") : FuzzKeys.jdk("EC-256");
        for (int step = 0; step < 6 && pick.more(); step++) {
            PublicKey peer = pick.choose(3) == 0
                    ? FuzzKeys.jdk(pick.one(new String[] {"EC-256", "EC-384", "X25519"}))
                            .getPublic()
                    : ecPoint(pick);
            if (peer == null) {
                continue; // SunEC's KeyFactory refused the encoding: nothing reaches either engine
            }
            same("ECDH", () -> agree(aws, mine, peer), () -> agree(ossl, mine, peer));
        }
    }

    /** A P-256 public key from a random, mutated or genuine point, as the JDK decodes it, or null. */
    private static PublicKey ecPoint(Pick pick) throws GeneralSecurityException {
        byte[] der = FuzzKeys.jdk("EC-256").getPublic().getEncoded().clone();
        int point = der.length - 64; // x || y after 04
        switch (pick.choose(3)) {
            case 0 -> der[point + pick.intIn(0, 63)] ^= (byte) (1 << pick.intIn(0, 7)); // off the curve
            case 1 -> System.arraycopy(Arrays.copyOf(pick.bytes(64), 64), 0, der, point, 64);
            default -> {
                // the genuine point
            }
        }
        try {
            return KeyFactory.getInstance("EC", Both.jdk("KeyFactory", "EC"))
                    .generatePublic(new X509EncodedKeySpec(der));
        } catch (java.security.spec.InvalidKeySpecException refused) {
            return null;
        }
    }

    private static void ecdsa(Pick pick) throws Exception {
        String alg = pick.one(new String[] {"SHA256withECDSA", "SHA384withECDSA", "SHA256withECDSAinP1363Format"});
        Signature aws = on(Engine.AWSLC, "ec", () -> Signature.getInstance(alg, Both.ACCEL));
        Signature ossl = on(Engine.OPENSSL, "ec", () -> Signature.getInstance(alg, Both.ACCEL));
        KeyPair kp = pick.bool() ? FuzzKeys.ours("EC-256") : FuzzKeys.jdk(pick.bool() ? "EC-256" : "EC-384");
        for (int step = 0; step < 6 && pick.more(); step++) {
            byte[] message = pick.bytes(200);
            // a signature from one engine, sometimes changed, or random bytes: both must judge it alike
            byte[] sig;
            if (pick.bool()) {
                sig = pick.bytes(140);
            } else {
                Signature signer = pick.bool() ? aws : ossl;
                signer.initSign(kp.getPrivate());
                signer.update(message);
                sig = signer.sign();
                if (pick.bool() && sig.length > 0) {
                    sig[pick.intIn(0, sig.length - 1)] ^= (byte) (1 << pick.intIn(0, 7));
                }
            }
            byte[] s = sig;
            same(
                    "ECDSA verify",
                    () -> verify(aws, kp.getPublic(), message, s),
                    () -> verify(ossl, kp.getPublic(), message, s));
        }
    }

    /**
     * RSASSA-PKCS1-v1_5: deterministic, so both engines sign to the same bytes; random, corrupted
     * and wrong-length signatures verify alike (false, or the same exception type). SHA3-256withRSA
     * runs on OpenSSL whatever the setting (AWS-LC's RSA serves SHA-1 and SHA-2 only).
     */
    private static void rsa(Pick pick) throws Exception {
        if (pick.bool()) {
            rsaPss(pick);
            return;
        }
        String alg = pick.one(new String[] {"SHA256withRSA", "SHA1withRSA", "SHA512withRSA", "SHA3-256withRSA"});
        Signature aws = on(Engine.AWSLC, "rsa", () -> Signature.getInstance(alg, Both.ACCEL));
        Signature ossl = on(Engine.OPENSSL, "rsa", () -> Signature.getInstance(alg, Both.ACCEL));
        KeyPair kp = pick.bool() ? FuzzKeys.ours("RSA") : FuzzKeys.jdk(pick.bool() ? "RSA" : "RSA-1024");
        for (int step = 0; step < 4 && pick.more(); step++) {
            byte[] message = pick.bytes(200);
            same("RSA sign", () -> sign(aws, kp, message), () -> sign(ossl, kp, message));
            byte[] sig;
            if (pick.bool()) {
                sig = pick.bytes(300);
            } else {
                sig = sign(pick.bool() ? aws : ossl, kp, message);
                if (pick.bool()) {
                    sig[pick.intIn(0, sig.length - 1)] ^= (byte) (1 << pick.intIn(0, 7));
                }
            }
            byte[] s = sig;
            same(
                    "RSA verify",
                    () -> verify(aws, kp.getPublic(), message, s),
                    () -> verify(ossl, kp.getPublic(), message, s));
        }
    }

    /**
     * RSASSA-PSS, randomised: a signature from one engine (sometimes with a bit changed) or random
     * bytes, verified alike by both, with salt lengths from 0 to past what the key holds.
     */
    private static void rsaPss(Pick pick) throws Exception {
        Signature aws = on(Engine.AWSLC, "rsa", () -> Signature.getInstance("RSASSA-PSS", Both.ACCEL));
        Signature ossl = on(Engine.OPENSSL, "rsa", () -> Signature.getInstance("RSASSA-PSS", Both.ACCEL));
        KeyPair kp = pick.bool() ? FuzzKeys.ours("RSA") : FuzzKeys.jdk("RSA");
        String md = pick.one(new String[] {"SHA-256", "SHA-384", "SHA-1", "SHA3-256"});
        String mgf = pick.bool() ? md : "SHA-256";
        PSSParameterSpec spec = new PSSParameterSpec(md, "MGF1", new MGF1ParameterSpec(mgf), pick.intIn(0, 240), 1);
        same("PSS parameters", () -> setPss(aws, spec), () -> setPss(ossl, spec));
        for (int step = 0; step < 3 && pick.more(); step++) {
            byte[] message = pick.bytes(200);
            byte[] sig;
            if (pick.bool()) {
                sig = pick.bytes(300);
            } else {
                Signature signer = pick.bool() ? aws : ossl;
                try {
                    sig = sign(signer, kp, message);
                } catch (GeneralSecurityException e) {
                    same("PSS sign", () -> sign(aws, kp, message), () -> sign(ossl, kp, message));
                    continue;
                }
                if (pick.bool()) {
                    sig[pick.intIn(0, sig.length - 1)] ^= (byte) (1 << pick.intIn(0, 7));
                }
            }
            byte[] s = sig;
            same(
                    "PSS verify",
                    () -> verify(aws, kp.getPublic(), message, s),
                    () -> verify(ossl, kp.getPublic(), message, s));
        }
    }

    private static byte[] setPss(Signature s, PSSParameterSpec spec) throws GeneralSecurityException {
        s.setParameter(spec);
        return new byte[0];
    }

    private static byte[] sign(Signature s, KeyPair kp, byte[] message) throws GeneralSecurityException {
        s.initSign(kp.getPrivate());
        s.update(message);
        return s.sign();
    }

    /** AES-GCM or ChaCha20-Poly1305: deterministic, so both engines must seal to the same bytes. */
    private static void aead(Pick pick, String family, String transformation) throws Exception {
        boolean gcm = family.equals("gcm");
        // a new object per encryption: the key and IV reuse rule must not tell the engines apart
        Make<Cipher> aws = () -> on(Engine.AWSLC, family, () -> Cipher.getInstance(transformation, Both.ACCEL));
        Make<Cipher> ossl = () -> on(Engine.OPENSSL, family, () -> Cipher.getInstance(transformation, Both.ACCEL));
        int keyLength = pick.choose(6) == 0 ? pick.intIn(1, 40) : gcm ? 16 + 8 * pick.intIn(0, 2) : 32;
        SecretKeySpec key = new SecretKeySpec(Arrays.copyOf(pick.bytes(40), keyLength), gcm ? "AES" : "ChaCha20");
        byte[] iv = gcm
                ? Arrays.copyOf(pick.bytes(200), pick.choose(4) == 0 ? pick.intIn(0, 200) : 12)
                : Arrays.copyOf(pick.bytes(12), pick.choose(6) == 0 ? pick.intIn(0, 20) : 12);
        java.security.spec.AlgorithmParameterSpec spec = gcm
                ? new javax.crypto.spec.GCMParameterSpec(pick.choose(4) == 0 ? pick.intIn(0, 136) : 128, iv)
                : new IvParameterSpec(iv);
        byte[] aad = pick.bytes(80);
        byte[] message = pick.bytes(2000);
        Call sealAws = () -> seal(aws, key, spec, aad, message);
        Call sealOssl = () -> seal(ossl, key, spec, aad, message);
        same(transformation + " encrypt", sealAws, sealOssl);
        byte[] sealed;
        try {
            sealed = seal(aws, key, spec, aad, message);
        } catch (GeneralSecurityException | RuntimeException refused) {
            return; // both refused alike (checked above)
        }
        byte[] tampered = sealed.clone();
        if (pick.bool() && tampered.length > 0) {
            tampered[pick.intIn(0, tampered.length - 1)] ^= (byte) (1 << pick.intIn(0, 7));
        } else if (pick.bool()) {
            tampered = Arrays.copyOf(tampered, pick.intIn(0, tampered.length));
        }
        byte[] t = tampered;
        same(transformation + " decrypt", () -> open(aws, key, spec, aad, t), () -> open(ossl, key, spec, aad, t));
    }

    private static byte[] seal(
            Make<Cipher> make,
            SecretKeySpec key,
            java.security.spec.AlgorithmParameterSpec spec,
            byte[] aad,
            byte[] message)
            throws GeneralSecurityException {
        Cipher c = make.make();
        c.init(Cipher.ENCRYPT_MODE, key, spec);
        c.updateAAD(aad);
        return c.doFinal(message);
    }

    private static byte[] open(
            Make<Cipher> make,
            SecretKeySpec key,
            java.security.spec.AlgorithmParameterSpec spec,
            byte[] aad,
            byte[] sealed)
            throws GeneralSecurityException {
        Cipher c = make.make();
        c.init(Cipher.DECRYPT_MODE, key, spec);
        c.updateAAD(aad);
        return c.doFinal(sealed);
    }

    private static void xChaCha20Poly1305(Pick pick) throws Exception {
        Cipher c = Cipher.getInstance("XChaCha20-Poly1305", Both.ACCEL);
        byte[] key = pick.choose(6) == 0 ? pick.bytes(40) : Arrays.copyOf(pick.bytes(32), 32);
        byte[] nonce = pick.choose(6) == 0 ? pick.bytes(30) : Arrays.copyOf(pick.bytes(24), 24);
        byte[] aad = pick.bytes(64);
        byte[] message = pick.bytes(300);
        SecretKeySpec k = key.length == 0 ? null : new SecretKeySpec(key, "ChaCha20");
        byte[] sealed;
        try {
            c.init(Cipher.ENCRYPT_MODE, k, new IvParameterSpec(nonce));
            c.updateAAD(aad);
            sealed = c.doFinal(message);
        } catch (java.security.InvalidKeyException | java.security.InvalidAlgorithmParameterException refused) {
            if (key.length == 32 && nonce.length == 24) {
                throw new AssertionError("a 32-byte key and a 24-byte nonce refused", refused);
            }
            return;
        } catch (IllegalArgumentException noKey) {
            return; // SecretKeySpec refuses an empty key before the cipher sees it
        }
        if (key.length != 32 || nonce.length != 24) {
            throw new AssertionError("accepted a " + key.length + "-byte key with a " + nonce.length + "-byte nonce");
        }
        if (sealed.length != message.length + 16) {
            throw new AssertionError("sealed " + message.length + " bytes into " + sealed.length);
        }
        byte[] tampered = sealed.clone();
        boolean changed = pick.bool();
        if (changed) {
            tampered = pick.bool() && tampered.length > 0
                    ? Arrays.copyOf(tampered, pick.intIn(0, tampered.length - 1))
                    : flip(tampered, pick);
        }
        c.init(Cipher.DECRYPT_MODE, k, new IvParameterSpec(nonce));
        c.updateAAD(aad);
        try {
            byte[] opened = c.doFinal(tampered);
            if (changed || !Arrays.equals(opened, message)) {
                throw new AssertionError("opened a " + (changed ? "changed" : "different") + " message");
            }
        } catch (AEADBadTagException | javax.crypto.IllegalBlockSizeException refused) {
            if (!changed) {
                throw new AssertionError("refused its own ciphertext", refused);
            }
        }
    }

    private static byte[] flip(byte[] b, Pick pick) {
        b[pick.intIn(0, b.length - 1)] ^= (byte) (1 << pick.intIn(0, 7));
        return b;
    }
}
