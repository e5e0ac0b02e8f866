package dev.acceljce.workload.tls;

import java.util.Arrays;
import java.util.List;

/**
 * One TLS setting of the workload: protocol, key exchange group, cipher suite and the server
 * certificate's key. The same setting is used on both links (driver to bank, bank to BeSim).
 */
public enum TlsSetting {
    TLS13_ECDSA(
            "tls13-ecdsa",
            "TLS 1.3, x25519, ECDSA P-256",
            "TLSv1.3",
            "x25519",
            "TLS_AES_128_GCM_SHA256",
            KeyKind.EC_P256),
    TLS13_RSA2048(
            "tls13-rsa2048",
            "TLS 1.3, x25519, RSA-2048 (rsa_pss_rsae_sha256)",
            "TLSv1.3",
            "x25519",
            "TLS_AES_128_GCM_SHA256",
            KeyKind.RSA_2048),
    TLS13_RSA4096(
            "tls13-rsa4096",
            "TLS 1.3, x25519, RSA-4096 (rsa_pss_rsae_sha256)",
            "TLSv1.3",
            "x25519",
            "TLS_AES_128_GCM_SHA256",
            KeyKind.RSA_4096),
    TLS12_ECDHE_ECDSA(
            "tls12-ecdhe-ecdsa",
            "TLS 1.2, ECDHE x25519, ECDSA P-256",
            "TLSv1.2",
            "x25519,secp256r1",
            "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
            KeyKind.EC_P256),
    /** RSA key exchange, as EEJS ran; disabled by default since JDK 24, re-enabled for this run only. */
    TLS12_RSA_KX(
            "tls12-rsa-kx",
            "TLS 1.2, RSA key exchange (TLS_RSA_WITH_AES_128_GCM_SHA256, re-enabled)",
            "TLSv1.2",
            "x25519,secp256r1",
            "TLS_RSA_WITH_AES_128_GCM_SHA256",
            KeyKind.RSA_2048);

    /** The server certificate's key. */
    public enum KeyKind {
        EC_P256("EC", "secp256r1", 256, "SHA256withECDSA"),
        RSA_2048("RSA", null, 2048, "SHA256withRSA"),
        RSA_4096("RSA", null, 4096, "SHA256withRSA");

        public final String algorithm;
        public final String curve;
        public final int bits;
        public final String certSignature;

        KeyKind(String algorithm, String curve, int bits, String certSignature) {
            this.algorithm = algorithm;
            this.curve = curve;
            this.bits = bits;
            this.certSignature = certSignature;
        }
    }

    public final String id;
    public final String description;
    public final String protocol;
    public final String namedGroups;
    public final String cipherSuite;
    public final KeyKind key;

    TlsSetting(String id, String description, String protocol, String namedGroups, String cipherSuite, KeyKind key) {
        this.id = id;
        this.description = description;
        this.protocol = protocol;
        this.namedGroups = namedGroups;
        this.cipherSuite = cipherSuite;
        this.key = key;
    }

    /** Whether the JDK's default {@code jdk.tls.disabledAlgorithms} must be relaxed for this setting. */
    public boolean needsRsaKeyExchange() {
        return this == TLS12_RSA_KX;
    }

    public static TlsSetting byId(String id) {
        return Arrays.stream(values())
                .filter(s -> s.id.equals(id))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown TLS setting '" + id + "'; known: " + ids()));
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(s -> s.id).toList();
    }
}
