package dev.acceljce.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The documented algorithm-to-instruction map, intersected with what OpenSSL enabled. */
class InstructionsTest {
    private static final long OPENSSL_3_0_19 = 0x30000130L;
    private static final long OPENSSL_3_5_5 = 0x30500050L;
    /** Everything an AVX-512 server with SHA-NI has. */
    private static final Set<String> ALL = Set.copyOf(CpuFeatures.X86_64);

    @Test
    void gcmOnOpenSsl30IsAesNiWithPclmulqdqEvenOnAnAvx512Cpu() {
        Instructions.Use use = Instructions.of("x86_64", "aes-gcm", ALL, OPENSSL_3_0_19);
        assertEquals(List.of("aes", "pclmulqdq", "avx"), use.instructions());
    }

    @Test
    void gcmOnLaterOpenSslUsesVaesAndVpclmulqdq() {
        Instructions.Use use = Instructions.of("x86_64", "aes-gcm", ALL, OPENSSL_3_5_5);
        assertTrue(use.instructions().containsAll(List.of("vaes", "vpclmulqdq", "avx512f")), use.toString());
    }

    @Test
    void maskedFeaturesAreNotClaimed() {
        // OPENSSL_ia32cap masked SHA-NI: SHA-256 falls back to the AVX2 path
        Set<String> noShaNi = new HashSet<>(ALL);
        noShaNi.remove("sha_ni");
        assertEquals(
                List.of("avx2", "bmi2"),
                Instructions.of("x86_64", "sha256", noShaNi, OPENSSL_3_0_19).instructions());
        assertEquals(
                List.of("sha_ni"),
                Instructions.of("x86_64", "sha256", ALL, OPENSSL_3_0_19).instructions());
        // no AES-NI at all: portable code, and the report says what was missing
        Instructions.Use none = Instructions.of("x86_64", "aes", Set.of("avx2"), OPENSSL_3_0_19);
        assertEquals(List.of(), none.instructions());
        assertTrue(none.description().contains("aes not enabled"), none.description());
    }

    @Test
    void publicKeyAndAeadPaths() {
        assertEquals(
                List.of("avx512ifma", "adx", "bmi2"),
                Instructions.of("x86_64", "rsa", ALL, OPENSSL_3_0_19).instructions());
        assertEquals(
                List.of("adx", "bmi2"),
                Instructions.of("x86_64", "rsa", Set.of("adx", "bmi2"), OPENSSL_3_0_19)
                        .instructions());
        assertEquals(
                List.of("adx", "bmi2", "avx2"),
                Instructions.of("x86_64", "ec", ALL, OPENSSL_3_0_19).instructions());
        assertEquals(
                List.of("adx", "bmi2"),
                Instructions.of("x86_64", "x25519", ALL, OPENSSL_3_0_19).instructions());
        assertEquals(
                List.of("avx512f", "avx512ifma"),
                Instructions.of("x86_64", "chacha20-poly1305", ALL, OPENSSL_3_0_19)
                        .instructions());
        assertEquals(
                List.of("aes"),
                Instructions.of("x86_64", "drbg", ALL, OPENSSL_3_0_19).instructions());
    }

    @Test
    void otherArchitectures() {
        assertEquals(
                List.of("aes", "pmull"),
                Instructions.of("aarch64", "aes-gcm", Set.of("aes", "pmull", "sha2"), OPENSSL_3_0_19)
                        .instructions());
        assertEquals(
                List.of("sha2"),
                Instructions.of("aarch64", "sha256", Set.of("sha2"), OPENSSL_3_0_19)
                        .instructions());
        assertEquals(
                List.of("msa"),
                Instructions.of("s390x", "sha3", Set.of("msa"), OPENSSL_3_0_19).instructions());
        assertEquals(
                List.of("vcrypto"),
                Instructions.of("ppc64le", "aes", Set.of("vcrypto"), OPENSSL_3_0_19)
                        .instructions());
        assertEquals(
                List.of(),
                Instructions.of("riscv64", "aes", Set.of(), OPENSSL_3_0_19).instructions());
    }

    @Test
    void servicesMapToThePrimitiveUnderneath() {
        assertEquals("sha256", Instructions.algorithmKey(Family.DIGEST, "MessageDigest", "SHA-224"));
        assertEquals("sha512", Instructions.algorithmKey(Family.DIGEST, "MessageDigest", "SHA-512/256"));
        assertEquals("sha1", Instructions.algorithmKey(Family.DIGEST, "MessageDigest", "SHA-1"));
        assertEquals("sha3", Instructions.algorithmKey(Family.HMAC, "Mac", "HmacSHA3-256"));
        assertEquals("sha256", Instructions.algorithmKey(Family.KDF, "KDF", "HKDF-SHA256"));
        assertEquals("sha1", Instructions.algorithmKey(Family.KDF, "SecretKeyFactory", "PBKDF2WithHmacSHA1"));
        assertEquals("sha512", Instructions.algorithmKey(Family.KDF, "SecretKeyFactory", "PBKDF2WithHmacSHA384"));
        assertEquals("sha512", Instructions.algorithmKey(Family.HMAC, "Mac", "HmacSHA384"));
        assertEquals("sha512", Instructions.algorithmKey(Family.KDF, "KDF", "HKDF-SHA384"));
        assertEquals("aes-gcm", Instructions.algorithmKey(Family.GCM, "Cipher", "AES/GCM/NoPadding"));
        assertEquals("aes", Instructions.algorithmKey(Family.AES, "Cipher", "AES/CBC/PKCS5Padding"));
        assertEquals("chacha20-poly1305", Instructions.algorithmKey(Family.CHACHA20, "Cipher", "ChaCha20-Poly1305"));
        assertEquals("chacha20", Instructions.algorithmKey(Family.CHACHA20, "Cipher", "ChaCha20"));
        assertEquals("drbg", Instructions.algorithmKey(Family.AES, "KeyGenerator", "AES"));
        assertEquals("drbg", Instructions.algorithmKey(Family.DRBG, "SecureRandom", "DRBG"));
        assertEquals("none", Instructions.algorithmKey(Family.GCM, "AlgorithmParameters", "GCM"));
        assertEquals("x25519", Instructions.algorithmKey(Family.XDH, "KeyAgreement", "X25519"));
        assertEquals("md5", Instructions.algorithmKey(Family.DIGEST, "MessageDigest", "MD5"));
    }
}
