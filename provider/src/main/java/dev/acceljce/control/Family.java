package dev.acceljce.control;

/**
 * The algorithm families AccelJCE switches and counts as units, named as a user thinks of them.
 * {@link #property()} is the family's switch name ({@code acceljce.native.<name>}).
 */
public enum Family {
    DIGEST("digest"),
    HMAC("hmac"),
    /** AES in ECB, CBC, CTR, CFB, OFB and key-wrap modes (Semeru's "CBC" switch covers these). */
    AES("aes"),
    GCM("gcm"),
    CHACHA20("chacha20"),
    DRBG("drbg"),
    RSA("rsa"),
    EC("ec"),
    EDDSA("eddsa"),
    XDH("xdh"),
    KDF("kdf"),
    KEM("kem"),
    MLDSA("mldsa");

    private final String property;

    Family(String property) {
        this.property = property;
    }

    /** The short name used in switches, traces and reports. */
    public String property() {
        return property;
    }
}
