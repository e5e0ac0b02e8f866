package dev.acceljce.jsse;

import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The JDK's names for protocols, cipher suites, named groups and signature schemes, and what each
 * is called in libssl. Only what libssl can do is listed: a name outside these tables is refused
 * ({@code IllegalArgumentException}) where SunJSSE refuses an unknown name, and skipped where
 * SunJSSE skips a name it knows but cannot use (a named group such as x448).
 */
final class TlsNames {
    private TlsNames() {}

    static final String TLS13 = "TLSv1.3", TLS12 = "TLSv1.2";
    static final List<String> PROTOCOLS = List.of(TLS13, TLS12);

    /** TLS 1.3 suites, in SunJSSE's default order. */
    static final List<String> TLS13_SUITES =
            List.of("TLS_AES_256_GCM_SHA384", "TLS_AES_128_GCM_SHA256", "TLS_CHACHA20_POLY1305_SHA256");

    /** TLS 1.2 suites enabled by default: ECDHE with an AEAD, in SunJSSE's order. */
    static final List<String> TLS12_DEFAULT_SUITES = List.of(
            "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
            "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
            "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
            "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
            "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256",
            "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256");

    /**
     * TLS 1.2 suites a caller may enable beyond the defaults (CBC; RSA key exchange). AWS-LC has no
     * TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256 (its RSA twin only).
     */
    static final List<String> TLS12_OPTIONAL_SUITES = List.of(
            "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256",
            "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA",
            "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA",
            "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA",
            "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA",
            "TLS_RSA_WITH_AES_256_GCM_SHA384",
            "TLS_RSA_WITH_AES_128_GCM_SHA256",
            "TLS_RSA_WITH_AES_256_CBC_SHA",
            "TLS_RSA_WITH_AES_128_CBC_SHA");

    static List<String> defaultSuites() {
        List<String> out = new ArrayList<>(TLS13_SUITES);
        out.addAll(TLS12_DEFAULT_SUITES);
        return out;
    }

    static List<String> supportedSuites() {
        List<String> out = defaultSuites();
        out.addAll(TLS12_OPTIONAL_SUITES);
        return out;
    }

    static boolean isTls13Suite(String s) {
        return TLS13_SUITES.contains(s);
    }

    /** JDK named-group name (lower case) -> libssl's name. */
    private static final Map<String, String> GROUPS = new LinkedHashMap<>();

    static {
        GROUPS.put("x25519mlkem768", "X25519MLKEM768");
        GROUPS.put("x25519", "X25519");
        GROUPS.put("secp256r1", "P-256");
        GROUPS.put("secp384r1", "P-384");
        GROUPS.put("secp521r1", "P-521");
        GROUPS.put("secp256r1mlkem768", "SecP256r1MLKEM768");
        GROUPS.put("secp384r1mlkem1024", "SecP384r1MLKEM1024");
    }

    /** The JDK spellings of the groups, as SSLParameters shows them. */
    private static final Map<String, String> GROUP_JDK_NAMES = Map.of(
            "x25519mlkem768", "X25519MLKEM768",
            "secp256r1mlkem768", "SecP256r1MLKEM768",
            "secp384r1mlkem1024", "SecP384r1MLKEM1024");

    /**
     * A client's groups by default: the hybrid post-quantum group first (libssl then sends its key
     * share and an x25519 one), SunJSSE's ECDHE groups, then the other two hybrids.
     */
    static final List<String> CLIENT_GROUPS = List.of(
            "X25519MLKEM768",
            "x25519",
            "secp256r1",
            "secp384r1",
            "secp521r1",
            "SecP256r1MLKEM768",
            "SecP384r1MLKEM1024");

    /** A server's groups by default, in its order of preference: every hybrid before every classical group. */
    static final List<String> SERVER_GROUPS = List.of(
            "X25519MLKEM768",
            "SecP256r1MLKEM768",
            "SecP384r1MLKEM1024",
            "x25519",
            "secp256r1",
            "secp384r1",
            "secp521r1");

    static List<String> supportedGroups() {
        List<String> out = new ArrayList<>();
        for (String g : GROUPS.keySet()) {
            out.add(GROUP_JDK_NAMES.getOrDefault(g, g));
        }
        return out;
    }

    /** libssl's name of a JDK group name, or null when libssl has no such group (x448, ffdhe*). */
    static String libsslGroup(String jdkName) {
        return GROUPS.get(jdkName.toLowerCase(Locale.ROOT));
    }

    /** The JDK's name of a libssl group name (as SSL_get_group_name gives it). */
    static String jdkGroup(String libsslName) {
        if (libsslName == null) {
            return null;
        }
        for (Map.Entry<String, String> e : GROUPS.entrySet()) {
            if (e.getValue().equals(libsslName)) {
                return GROUP_JDK_NAMES.getOrDefault(e.getKey(), e.getKey());
            }
        }
        return libsslName;
    }

    /** A TLS signature scheme: its code point, JDK name, libssl name, JCA signature and key type. */
    record Scheme(int code, String name, String libssl, String jca, String keyType) {
        /** The JCA parameters this scheme needs (RSASSA-PSS), or null. */
        AlgorithmParameterSpec parameters() {
            return switch (code) {
                case 0x0804 -> new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1);
                case 0x0805 -> new PSSParameterSpec("SHA-384", "MGF1", MGF1ParameterSpec.SHA384, 48, 1);
                case 0x0806 -> new PSSParameterSpec("SHA-512", "MGF1", MGF1ParameterSpec.SHA512, 64, 1);
                default -> null;
            };
        }
    }

    static final List<Scheme> SCHEMES = List.of(
            new Scheme(0x0403, "ecdsa_secp256r1_sha256", "ECDSA+SHA256", "SHA256withECDSA", "EC"),
            new Scheme(0x0503, "ecdsa_secp384r1_sha384", "ECDSA+SHA384", "SHA384withECDSA", "EC"),
            new Scheme(0x0603, "ecdsa_secp521r1_sha512", "ECDSA+SHA512", "SHA512withECDSA", "EC"),
            new Scheme(0x0807, "ed25519", "ed25519", "Ed25519", "EdDSA"),
            new Scheme(0x0804, "rsa_pss_rsae_sha256", "rsa_pss_rsae_sha256", "RSASSA-PSS", "RSA"),
            new Scheme(0x0805, "rsa_pss_rsae_sha384", "rsa_pss_rsae_sha384", "RSASSA-PSS", "RSA"),
            new Scheme(0x0806, "rsa_pss_rsae_sha512", "rsa_pss_rsae_sha512", "RSASSA-PSS", "RSA"),
            new Scheme(0x0401, "rsa_pkcs1_sha256", "RSA+SHA256", "SHA256withRSA", "RSA"),
            new Scheme(0x0501, "rsa_pkcs1_sha384", "RSA+SHA384", "SHA384withRSA", "RSA"),
            new Scheme(0x0601, "rsa_pkcs1_sha512", "RSA+SHA512", "SHA512withRSA", "RSA"),
            // ML-DSA (draft-ietf-tls-mldsa): TLS 1.3 only, pure mode over the raw message, empty
            // context; libssl offers them in TLS 1.2 hellos too but never negotiates them there.
            // After the classical schemes, as AWS-LC orders them: a server holding both kinds of
            // certificate still answers a client that lists everything with its classical one.
            new Scheme(0x0904, "mldsa44", "mldsa44", "ML-DSA-44", "ML-DSA"),
            new Scheme(0x0905, "mldsa65", "mldsa65", "ML-DSA-65", "ML-DSA"),
            new Scheme(0x0906, "mldsa87", "mldsa87", "ML-DSA-87", "ML-DSA"),
            new Scheme(0x0203, "ecdsa_sha1", "ECDSA+SHA1", "SHA1withECDSA", "EC"),
            new Scheme(0x0201, "rsa_pkcs1_sha1", "RSA+SHA1", "SHA1withRSA", "RSA"));

    /** The schemes enabled by default: SunJSSE's order, without SHA-1. */
    static String[] defaultSchemes() {
        List<String> out = new ArrayList<>();
        for (Scheme s : SCHEMES) {
            if (!s.name.endsWith("sha1")) {
                out.add(s.name);
            }
        }
        return out.toArray(String[]::new);
    }

    static Scheme scheme(int code) {
        for (Scheme s : SCHEMES) {
            if (s.code == code) {
                return s;
            }
        }
        return null;
    }

    static Scheme scheme(String jdkName) {
        for (Scheme s : SCHEMES) {
            if (s.name.equalsIgnoreCase(jdkName)) {
                return s;
            }
        }
        return null;
    }

    /** The JCA names of schemes (as ExtendedSSLSession reports them), in order. */
    static String[] jcaNames(int[] codes) {
        List<String> out = new ArrayList<>();
        for (int c : codes) {
            Scheme s = scheme(c);
            if (s != null) {
                out.add(s.jca);
            }
        }
        return out.toArray(String[]::new);
    }
}
