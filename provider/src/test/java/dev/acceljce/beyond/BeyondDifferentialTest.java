package dev.acceljce.beyond;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.acceljce.Xof;
import dev.acceljce.spec.Argon2ParameterSpec;
import dev.acceljce.spec.KmacParameterSpec;
import dev.acceljce.testing.Differential;
import dev.acceljce.testing.Providers;
import java.security.MessageDigest;
import java.security.Provider;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import javax.crypto.KDF;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.digests.SHAKEDigest;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.modes.GCMSIVBlockCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.Argon2Parameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.jcajce.spec.Argon2KeySpec;
import org.bouncycastle.jcajce.spec.KMACParameterSpec;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.junit.jupiter.api.Test;

/**
 * AccelJCE's services beyond the JDK against Bouncy Castle (test scope only): random keys, sizes,
 * parameters and update split points, both directions. Where BC has a JCA service (AESCMAC,
 * KMAC128/256, AES/CCM, SHAKE128-256/SHAKE256-512) the same JCA calls run on both providers; where
 * it has only the primitive (GCM-SIV, Argon2, SHAKE as an XOF) its lightweight API is the
 * reference; for SIV and XTS, which BC lacks, {@link References} builds them from BC's AES and CMAC.
 * Case counts: {@code acceljce.diff.cases} (capped at 2,000 per service here, to keep CI short;
 * Argon2 a few dozen: each derivation is a memory-hard computation in BC's pure Java).
 */
class BeyondDifferentialTest {
    private static final Provider BC = new BouncyCastleProvider();
    private static final Provider ACCEL = Providers.ACCEL;

    private static int cases() {
        return Math.min(Differential.cases(), 2000);
    }

    private static byte[] bytes(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }

    private static int[] keyChoice(SplittableRandom r, int... lengths) {
        return new int[] {lengths[r.nextInt(lengths.length)]};
    }

    /** Feeds {@code msg} to a Mac in random pieces. */
    private static void feed(Mac mac, byte[] msg, SplittableRandom r) {
        int[] cuts = Differential.splits(r, msg.length, 4);
        for (int i = 1; i < cuts.length; i++) {
            mac.update(msg, cuts[i - 1], cuts[i] - cuts[i - 1]);
        }
    }

    /** Runs {@code msg} through a Cipher in random update pieces; collects every output. */
    private static byte[] run(Cipher c, byte[] msg, SplittableRandom r) throws Exception {
        int[] cuts = Differential.splits(r, msg.length, 4);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (int i = 1; i < cuts.length - 1; i++) {
            byte[] part = c.update(msg, cuts[i - 1], cuts[i] - cuts[i - 1]);
            if (part != null) {
                out.write(part);
            }
        }
        int last = cuts[cuts.length - 2];
        out.write(c.doFinal(msg, last, msg.length - last));
        return out.toByteArray();
    }

    @Test
    void aesCmac() throws Exception {
        Beyond.require("Mac", "AESCMAC");
        SplittableRandom r = new SplittableRandom(Differential.seed("AESCMAC"));
        Mac ours = Mac.getInstance("AES-CMAC", ACCEL);
        Mac theirs = Mac.getInstance("AESCMAC", BC);
        for (int i = 0; i < cases(); i++) {
            SecretKeySpec key = new SecretKeySpec(bytes(r, keyChoice(r, 16, 24, 32)[0]), "AES");
            byte[] msg = bytes(r, Differential.size(r));
            ours.init(key);
            theirs.init(key);
            feed(ours, msg, r);
            assertArrayEquals(theirs.doFinal(msg), ours.doFinal(), "case " + i);
        }
    }

    @Test
    void kmac() throws Exception {
        for (String alg : List.of("KMAC128", "KMAC256")) {
            Beyond.require("Mac", alg);
            SplittableRandom r = new SplittableRandom(Differential.seed(alg));
            Mac ours = Mac.getInstance(alg, ACCEL);
            Mac theirs = Mac.getInstance(alg, BC);
            for (int i = 0; i < cases(); i++) {
                SecretKeySpec key = new SecretKeySpec(bytes(r, r.nextInt(4, 200)), alg);
                byte[] custom = bytes(r, r.nextInt(4) == 0 ? 0 : r.nextInt(0, 128));
                int length = r.nextInt(1, 130);
                byte[] msg = bytes(r, Differential.size(r));
                // BC's own spec and AccelJCE's: code written for BC runs unchanged
                ours.init(
                        key,
                        r.nextBoolean()
                                ? new KmacParameterSpec(custom, length)
                                : new KMACParameterSpec(length * 8, custom));
                theirs.init(key, new KMACParameterSpec(length * 8, custom));
                feed(ours, msg, r);
                assertArrayEquals(theirs.doFinal(msg), ours.doFinal(), alg + " case " + i);
            }
        }
    }

    @Test
    void aesCcm() throws Exception {
        Beyond.require("Cipher", "AES/CCM/NoPadding");
        SplittableRandom r = new SplittableRandom(Differential.seed("AES/CCM"));
        Cipher ours = Cipher.getInstance("AES/CCM/NoPadding", ACCEL);
        Cipher theirs = Cipher.getInstance("AES/CCM/NoPadding", BC);
        for (int i = 0; i < cases(); i++) {
            SecretKeySpec key = new SecretKeySpec(bytes(r, keyChoice(r, 16, 24, 32)[0]), "AES");
            int nonceLength = r.nextInt(7, 14);
            GCMParameterSpec spec = new GCMParameterSpec(8 * 2 * r.nextInt(2, 9), bytes(r, nonceLength));
            byte[] aad = bytes(r, r.nextInt(3) == 0 ? 0 : r.nextInt(300));
            int max = nonceLength == 13 ? 65535 : 65536;
            byte[] msg = bytes(r, Math.min(Differential.size(r), max));
            ours.init(Cipher.ENCRYPT_MODE, key, spec);
            theirs.init(Cipher.ENCRYPT_MODE, key, spec);
            if (aad.length > 0) {
                ours.updateAAD(aad);
                theirs.updateAAD(aad);
            }
            byte[] sealed = theirs.doFinal(msg);
            assertArrayEquals(sealed, run(ours, msg, r), "encrypt case " + i);
            ours.init(Cipher.DECRYPT_MODE, key, spec);
            if (aad.length > 0) {
                ours.updateAAD(aad);
            }
            assertArrayEquals(msg, run(ours, sealed, r), "decrypt case " + i);
        }
    }

    @Test
    void aesGcmSiv() throws Exception {
        Beyond.require("Cipher", "AES/GCM-SIV/NoPadding");
        SplittableRandom r = new SplittableRandom(Differential.seed("AES/GCM-SIV"));
        Cipher ours = Cipher.getInstance("AES/GCM-SIV/NoPadding", ACCEL);
        for (int i = 0; i < cases(); i++) {
            byte[] key = bytes(r, keyChoice(r, 16, 32)[0]); // BC: RFC 8452's two key sizes
            byte[] nonce = bytes(r, 12);
            byte[] aad = bytes(r, r.nextInt(3) == 0 ? 0 : r.nextInt(300));
            byte[] msg = bytes(r, Differential.size(r));
            GCMSIVBlockCipher bc = new GCMSIVBlockCipher(AESEngine.newInstance());
            bc.init(true, new AEADParameters(new KeyParameter(key), 128, nonce, aad));
            byte[] sealed = new byte[bc.getOutputSize(msg.length)];
            int n = bc.processBytes(msg, 0, msg.length, sealed, 0);
            bc.doFinal(sealed, n);
            ours.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(128, nonce));
            ours.updateAAD(aad);
            assertArrayEquals(sealed, run(ours, msg, r), "encrypt case " + i);
            ours.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(nonce));
            ours.updateAAD(aad);
            assertArrayEquals(msg, run(ours, sealed, r), "decrypt case " + i);
        }
    }

    @Test
    void aesSiv() throws Exception {
        Beyond.require("Cipher", "AES/SIV/NoPadding");
        SplittableRandom r = new SplittableRandom(Differential.seed("AES/SIV"));
        Cipher ours = Cipher.getInstance("AES/SIV/NoPadding", ACCEL);
        for (int i = 0; i < cases(); i++) {
            byte[] key = bytes(r, keyChoice(r, 32, 48, 64)[0]);
            byte[] msg = bytes(r, Differential.size(r));
            List<byte[]> components = new ArrayList<>();
            IvParameterSpec nonce = null;
            if (r.nextBoolean()) { // the AEAD form: (A, N)
                byte[] a = bytes(r, r.nextInt(3) == 0 ? 0 : r.nextInt(200));
                nonce = new IvParameterSpec(bytes(r, r.nextInt(1, 40)));
                components.add(a);
                components.add(nonce.getIV());
            } else { // a vector of 0 to 4 non-empty components
                for (int c = r.nextInt(5); c > 0; c--) {
                    components.add(bytes(r, r.nextInt(1, 100)));
                }
            }
            byte[] sealed = References.sivEncrypt(key, components, msg);
            ours.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), nonce);
            aad(ours, components, nonce != null);
            assertArrayEquals(sealed, run(ours, msg, r), "encrypt case " + i);
            ours.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"), nonce);
            aad(ours, components, nonce != null);
            assertArrayEquals(msg, run(ours, sealed, r), "decrypt case " + i);
        }
    }

    private static void aad(Cipher c, List<byte[]> components, boolean aeadForm) {
        if (aeadForm) {
            c.updateAAD(components.getFirst());
        } else {
            components.forEach(c::updateAAD);
        }
    }

    @Test
    void aesXts() throws Exception {
        Beyond.require("Cipher", "AES/XTS/NoPadding");
        SplittableRandom r = new SplittableRandom(Differential.seed("AES/XTS"));
        Cipher ours = Cipher.getInstance("AES/XTS/NoPadding", ACCEL);
        for (int i = 0; i < cases(); i++) {
            byte[] key = bytes(r, keyChoice(r, 32, 64)[0]);
            byte[] tweak = bytes(r, 16);
            byte[] msg = bytes(r, Math.max(16, Differential.size(r)));
            byte[] ct = References.xts(true, key, tweak, msg);
            assertArrayEquals(msg, References.xts(false, key, tweak, ct), "the reference round-trips, case " + i);
            ours.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(tweak));
            assertArrayEquals(ct, run(ours, msg, r), "encrypt case " + i);
            ours.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key, "AES"), new IvParameterSpec(tweak));
            assertArrayEquals(msg, run(ours, ct, r), "decrypt case " + i);
        }
    }

    @Test
    void shakeDigestsAndXof() throws Exception {
        SplittableRandom r = new SplittableRandom(Differential.seed("SHAKE"));
        for (String alg : List.of("SHAKE128-256", "SHAKE256-512")) {
            MessageDigest ours = MessageDigest.getInstance(alg, ACCEL);
            MessageDigest theirs = MessageDigest.getInstance(alg, BC);
            for (int i = 0; i < cases(); i++) {
                byte[] msg = bytes(r, Differential.size(r));
                int[] cuts = Differential.splits(r, msg.length, 4);
                for (int c = 1; c < cuts.length; c++) {
                    ours.update(msg, cuts[c - 1], cuts[c] - cuts[c - 1]);
                }
                assertArrayEquals(theirs.digest(msg), ours.digest(), alg + " case " + i);
            }
        }
        for (String alg : List.of("SHAKE128", "SHAKE256")) {
            try (Xof xof = Xof.getInstance(alg)) {
                for (int i = 0; i < cases() / 10; i++) {
                    byte[] msg = bytes(r, Differential.size(r));
                    int first = r.nextInt(0, 300);
                    int second = r.nextInt(0, 3000);
                    SHAKEDigest bc = new SHAKEDigest(alg.endsWith("128") ? 128 : 256);
                    bc.update(msg, 0, msg.length);
                    byte[] expected = new byte[first + second];
                    bc.doFinal(expected, 0, expected.length);
                    xof.reset();
                    xof.update(msg);
                    byte[] got = Arrays.copyOf(xof.squeeze(first), first + second);
                    if (canSqueezeTwice()) {
                        System.arraycopy(xof.squeeze(second), 0, got, first, second);
                    } else {
                        got = Arrays.copyOf(got, first);
                        expected = Arrays.copyOf(expected, first);
                    }
                    assertArrayEquals(expected, got, alg + " XOF case " + i);
                }
            }
        }
    }

    private static boolean canSqueezeTwice() {
        return dev.acceljce.openssl.LibCrypto.atLeast(3, 3);
    }

    @Test
    void argon2() throws Exception {
        SplittableRandom r = new SplittableRandom(Differential.seed("Argon2"));
        String[] names = {"Argon2d", "Argon2i", "Argon2id"}; // BC's type constants 0, 1, 2
        for (int type = 0; type < 3; type++) {
            Beyond.require("KDF", names[type]);
            KDF kdf = KDF.getInstance(names[type], ACCEL);
            SecretKeyFactory skf = SecretKeyFactory.getInstance(names[type], ACCEL);
            for (int i = 0; i < 12; i++) {
                byte[] password = bytes(r, r.nextInt(0, 64));
                byte[] salt = bytes(r, r.nextInt(8, 40));
                byte[] secret = bytes(r, r.nextInt(3) == 0 ? r.nextInt(1, 32) : 0);
                byte[] ad = bytes(r, r.nextInt(3) == 0 ? r.nextInt(1, 32) : 0);
                int lanes = r.nextInt(1, 5);
                int memory = r.nextInt(8 * lanes, 512);
                int iterations = r.nextInt(1, 4);
                int length = r.nextInt(4, 100);
                Argon2Parameters.Builder p = new Argon2Parameters.Builder(type)
                        .withVersion(0x13)
                        .withSalt(salt)
                        .withIterations(iterations)
                        .withMemoryAsKB(memory)
                        .withParallelism(lanes);
                if (secret.length > 0) {
                    p.withSecret(secret);
                }
                if (ad.length > 0) {
                    p.withAdditional(ad);
                }
                Argon2BytesGenerator g = new Argon2BytesGenerator();
                g.init(p.build());
                byte[] expected = new byte[length];
                g.generateBytes(password, expected);
                Argon2ParameterSpec spec = Argon2ParameterSpec.builder()
                        .password(password)
                        .withSalt(salt)
                        .withSecret(secret)
                        .withAdditional(ad)
                        .withIterations(iterations)
                        .withMemoryAsKB(memory)
                        .withParallelism(lanes)
                        .threads(r.nextInt(1, 5))
                        .outputLength(length)
                        .build();
                assertArrayEquals(expected, kdf.deriveData(spec), names[type] + " case " + i);
                assertArrayEquals(expected, skf.generateSecret(spec).getEncoded(), names[type] + " SKF case " + i);
            }
            // Bouncy Castle's Argon2KeySpec (a char[] password, UTF-8 as BC encodes it)
            char[] pw = "pässwörd".toCharArray();
            byte[] salt = bytes(r, 16);
            Argon2KeySpec bcSpec =
                    new Argon2KeySpec(type, Argon2KeySpec.ARGON2_VERSION_13, pw, salt, null, null, 2, 64, 2, 256);
            Argon2BytesGenerator g = new Argon2BytesGenerator();
            g.init(new Argon2Parameters.Builder(type)
                    .withVersion(0x13)
                    .withSalt(salt)
                    .withIterations(2)
                    .withMemoryAsKB(64)
                    .withParallelism(2)
                    .build());
            byte[] expected = new byte[32];
            g.generateBytes(pw, expected);
            assertArrayEquals(expected, skf.generateSecret(bcSpec).getEncoded(), names[type] + " with BC's spec");
        }
    }
}
