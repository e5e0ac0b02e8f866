package dev.acceljce.control;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which CPU instructions OpenSSL's code for an algorithm runs on: a documented map from algorithm
 * to OpenSSL's code paths, each with the features it needs, in OpenSSL's order of preference. The
 * capability report intersects it with the features the loaded OpenSSL enabled, so it names the
 * path OpenSSL takes here, not merely what the CPU could do.
 *
 * <p>Sources: OpenSSL's x86_64 perlasm modules and their capability checks (aesni-x86_64,
 * aesni-gcm-x86_64, aes-gcm-avx512, ghash-x86_64, sha1/sha256/sha512-x86_64, chacha-x86_64,
 * poly1305-x86_64, rsaz-avx512, x86_64-mont5, ecp_nistz256-x86_64, x25519-x86_64) and the CHANGES
 * file of the 3.0 series. Two version facts were checked on this project's machines: the system
 * OpenSSL 3.0.19 contains no VAES or VPCLMULQDQ instruction at all (its disassembly), so AES-GCM on
 * 3.0 is AES-NI with PCLMULQDQ; the bundled 3.5.5 contains thousands (the AVX-512 GCM path). That
 * path arrived after 3.0 (the map says 3.1, where the OpenSSL source tree has it; 3.1 to 3.4 were
 * not checked here). RSA's AVX-512 IFMA path is in 3.0 ("parallel dual-prime 1024-bit modular
 * exponentiation", i.e. 2048-bit private keys, per the 3.0 CHANGES).
 *
 * <p>Not everything is visible from outside: the DRBG's seed source is a build option
 * ({@code --with-rand-seed}); default builds seed from the operating system (getrandom), which
 * itself may draw on RDRAND/RDSEED, and OpenSSL uses the CPU instructions directly only when built
 * with {@code rdcpu}. The map therefore names AES-NI (the CTR-DRBG's cipher) and not RDRAND.
 */
public final class Instructions {
    private Instructions() {}

    /** One code path: the features it needs, the first OpenSSL version that has it, and what it is. */
    record Route(List<String> needs, int major, int minor, String description) {
        Route(List<String> needs, String description) {
            this(needs, 3, 0, description);
        }
    }

    /** What OpenSSL runs for one algorithm here: the instructions and the path's description. */
    public record Use(List<String> instructions, String description) {
        static final Use PORTABLE = new Use(List.of(), "portable code (no ISA-specific path)");
    }

    private static final Map<String, List<Route>> X86_64 = Map.ofEntries(
            Map.entry(
                    "sha1",
                    List.of(
                            new Route(List.of("sha_ni"), "SHA extensions"),
                            new Route(List.of("avx2", "bmi2"), "AVX2 message schedule"),
                            new Route(List.of("avx"), "AVX message schedule"))),
            Map.entry(
                    "sha256",
                    List.of(
                            new Route(List.of("sha_ni"), "SHA extensions"),
                            new Route(List.of("avx2", "bmi2"), "AVX2 message schedule"),
                            new Route(List.of("avx"), "AVX message schedule"))),
            Map.entry(
                    "sha512",
                    List.of(
                            new Route(List.of("avx2", "bmi2"), "AVX2 message schedule"),
                            new Route(List.of("avx"), "AVX message schedule"))),
            Map.entry("aes", List.of(new Route(List.of("aes"), "AES-NI"))),
            Map.entry(
                    "aes-gcm",
                    List.of(
                            new Route(
                                    List.of("vaes", "vpclmulqdq", "avx512f", "avx512vl", "avx512bw"),
                                    3,
                                    1,
                                    "AVX-512 VAES + VPCLMULQDQ GCM (also needs AVX512DQ)"),
                            new Route(
                                    List.of("aes", "pclmulqdq", "avx"),
                                    "AES-NI + PCLMULQDQ, stitched AVX GCM (with MOVBE)"),
                            new Route(List.of("aes", "pclmulqdq"), "AES-NI + PCLMULQDQ GHASH"))),
            Map.entry(
                    "chacha20-poly1305",
                    List.of(
                            new Route(List.of("avx512f", "avx512ifma"), "ChaCha20 AVX-512F, Poly1305 AVX-512 IFMA"),
                            new Route(List.of("avx512f"), "ChaCha20 and Poly1305 AVX-512F"),
                            new Route(List.of("avx2"), "ChaCha20 and Poly1305 AVX2"),
                            new Route(List.of("avx"), "ChaCha20 and Poly1305 AVX"))),
            Map.entry(
                    "chacha20",
                    List.of(
                            new Route(List.of("avx512f"), "ChaCha20 AVX-512F"),
                            new Route(List.of("avx2"), "ChaCha20 AVX2"))),
            Map.entry("drbg", List.of(new Route(List.of("aes"), "CTR-DRBG (AES-256) with AES-NI"))),
            Map.entry(
                    "rsa",
                    List.of(
                            new Route(
                                    List.of("avx512ifma", "adx", "bmi2"),
                                    "AVX-512 IFMA for 2048-bit private keys, MULX/ADCX/ADOX Montgomery otherwise"),
                            new Route(List.of("adx", "bmi2"), "MULX/ADCX/ADOX Montgomery multiplication"))),
            Map.entry(
                    "ec",
                    List.of(
                            new Route(
                                    List.of("adx", "bmi2", "avx2"),
                                    "P-256: ecp_nistz256 with MULX/ADCX and AVX2 table "
                                            + "look-ups; P-384, P-521: 64-bit C (bundled build); "
                                            + "other curves: generic code"),
                            new Route(
                                    List.of("adx", "bmi2"),
                                    "P-256: ecp_nistz256 with MULX/ADCX; P-384, P-521: 64-bit C "
                                            + "(bundled build); other curves: generic code"))),
            Map.entry(
                    "x25519", List.of(new Route(List.of("adx", "bmi2"), "x25519-x86_64 with MULX/ADCX (radix 2^64)"))));

    /**
     * aarch64, from OpenSSL's armv8 perlasm and crypto/armcap.c. Keccak uses the SHA-3 instructions
     * only on the cores armcap.c marks worth it (Apple M1/M2), and NEON code elsewhere; the
     * big-number, P-256, X25519 and ChaCha20 code is ARMv8/NEON assembler that needs no extension.
     */
    private static final Map<String, List<Route>> AARCH64 = Map.ofEntries(
            Map.entry("sha1", List.of(new Route(List.of("sha1"), "ARMv8 SHA-1 instructions"))),
            Map.entry("sha256", List.of(new Route(List.of("sha2"), "ARMv8 SHA-256 instructions"))),
            Map.entry("sha512", List.of(new Route(List.of("sha512"), "ARMv8.2 SHA-512 instructions"))),
            Map.entry(
                    "sha3",
                    List.of(new Route(
                            List.of("sha3"),
                            "ARMv8.2 SHA-3 instructions on the cores OpenSSL finds them worth using, else NEON"))),
            Map.entry("aes", List.of(new Route(List.of("aes"), "ARMv8 AES instructions"))),
            Map.entry("aes-gcm", List.of(new Route(List.of("aes", "pmull"), "ARMv8 AES + PMULL"))),
            Map.entry("drbg", List.of(new Route(List.of("aes"), "CTR-DRBG (AES-256) with ARMv8 AES"))),
            Map.entry("rsa", List.of(new Route(List.of(), "armv8-mont Montgomery multiplication (base ARMv8)"))),
            Map.entry(
                    "ec",
                    List.of(new Route(List.of(), "P-256: ecp_nistz256-armv8; P-384, P-521: 64-bit C (bundled build)"))),
            Map.entry("chacha20", List.of(new Route(List.of(), "ChaCha20 NEON (base ARMv8)"))),
            Map.entry("chacha20-poly1305", List.of(new Route(List.of(), "ChaCha20 and Poly1305 NEON (base ARMv8)"))));

    private static final List<Route> CPACF = List.of(new Route(List.of("msa"), "CPACF"));
    private static final Map<String, List<Route>> S390X = Map.of(
            "sha1",
            CPACF,
            "sha256",
            CPACF,
            "sha512",
            CPACF,
            "sha3",
            CPACF,
            "aes",
            CPACF,
            "aes-gcm",
            CPACF,
            "drbg",
            CPACF,
            "chacha20",
            List.of(new Route(List.of("vx"), "vector facility")),
            "chacha20-poly1305",
            List.of(new Route(List.of("vx"), "vector facility")));

    private static final List<Route> VCRYPTO = List.of(new Route(List.of("vcrypto"), "POWER8 vector crypto"));
    private static final Map<String, List<Route>> PPC64LE =
            Map.of("sha256", VCRYPTO, "sha512", VCRYPTO, "aes", VCRYPTO, "aes-gcm", VCRYPTO, "drbg", VCRYPTO);

    /**
     * The path OpenSSL takes for {@code algorithm} on {@code arch}, given the features it enabled
     * and its version ({@code OpenSSL_version_num}).
     */
    public static Use of(String arch, String algorithmKey, Set<String> enabled, long opensslVersion) {
        List<Route> routes = routes(arch).get(algorithmKey);
        if (routes == null) {
            return Use.PORTABLE;
        }
        int major = (int) ((opensslVersion >>> 28) & 0xF);
        int minor = (int) ((opensslVersion >>> 20) & 0xFF);
        for (Route r : routes) {
            boolean versionOk = major > r.major || (major == r.major && minor >= r.minor);
            if (versionOk && enabled.containsAll(r.needs)) {
                return new Use(r.needs, r.description);
            }
        }
        return new Use(
                List.of(),
                "portable code ("
                        + String.join(
                                " or ",
                                routes.stream()
                                        .map(r -> String.join("+", r.needs))
                                        .toList()) + " not enabled)");
    }

    private static Map<String, List<Route>> routes(String arch) {
        return switch (arch) {
            case "x86_64" -> X86_64;
            case "aarch64" -> AARCH64;
            case "s390x" -> S390X;
            case "ppc64le" -> PPC64LE;
            default -> Map.of();
        };
    }

    /**
     * The key of the map for one JCA service: the primitive underneath it ("sha256" for SHA-256,
     * HmacSHA256, HKDF-SHA256 and PBKDF2WithHmacSHA256), or "none" for services that run no
     * native primitive (AlgorithmParameters are DER in Java).
     */
    public static String algorithmKey(Family family, String type, String algorithm) {
        String a = algorithm.toUpperCase(Locale.ROOT);
        if (type.equals("AlgorithmParameters")) {
            return "none";
        }
        if (type.equals("SecureRandom") || type.equals("KeyGenerator")) {
            return "drbg"; // keys are bytes from OpenSSL's private DRBG
        }
        return switch (family) {
            case DIGEST, HMAC, KDF -> digestKey(a);
            case AES -> "aes";
            case GCM -> "aes-gcm";
            case CHACHA20 -> a.contains("POLY1305") ? "chacha20-poly1305" : "chacha20";
            case DRBG -> "drbg";
            case RSA -> "rsa";
            case EC -> "ec";
            case XDH -> a.contains("448") ? "x448" : "x25519";
            case EDDSA -> "eddsa";
            case CMAC, CCM, XTS, SIV -> "aes"; // AES rounds (GCM-SIV's POLYVAL rides on them too)
            case KMAC -> "sha3";
            case ARGON2 -> "none"; // BLAKE2b in portable C
            case KEM, MLDSA -> "none";
        };
    }

    private static String digestKey(String a) {
        if (a.contains("SHA3-") || a.startsWith("SHAKE")) { // not "SHA3": HmacSHA384 contains that
            return "sha3";
        }
        if (a.contains("SHA512") || a.contains("SHA-512") || a.contains("SHA384") || a.contains("SHA-384")) {
            return "sha512";
        }
        if (a.contains("SHA256") || a.contains("SHA-256") || a.contains("SHA224") || a.contains("SHA-224")) {
            return "sha256";
        }
        if (a.contains("SHA1") || a.contains("SHA-1") || a.equals("SHA")) {
            return "sha1";
        }
        return a.toLowerCase(Locale.ROOT);
    }
}
