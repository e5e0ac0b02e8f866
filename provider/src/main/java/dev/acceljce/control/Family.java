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
    MLDSA("mldsa"),
    /** AES-CMAC (SP 800-38B). The JDK has none: with the switch off the service ends in NoSuchAlgorithmException. */
    CMAC("cmac"),
    /** KMAC128 and KMAC256 (SP 800-185). Not in the JDK either. */
    KMAC("kmac"),
    /** AES-CCM (SP 800-38C). Not in the JDK. */
    CCM("ccm"),
    /** AES-XTS (SP 800-38E, IEEE 1619). Not in the JDK. */
    XTS("xts"),
    /** The nonce-misuse-resistant AEADs: AES-GCM-SIV (RFC 8452) and AES-SIV (RFC 5297). Not in the JDK. */
    SIV("siv"),
    /** Argon2id, Argon2i and Argon2d (RFC 9106). Not in the JDK. */
    ARGON2("argon2");

    private final String property;

    Family(String property) {
        this.property = property;
    }

    /** The short name used in switches, traces and reports. */
    public String property() {
        return property;
    }
}
