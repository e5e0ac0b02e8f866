package dev.acceljce.keys;

import java.util.HexFormat;

/**
 * The SubjectPublicKeyInfo of EdDSA and XDH keys (RFC 8410): a fixed header per kind (the
 * algorithm OID and the BIT STRING's tag, length and unused-bits byte), then the raw key.
 */
final class RawPublicKeys {
    private RawPublicKeys() {}

    /** Bytes of the raw public key of {@code kind}. */
    static int length(KeyKind kind) {
        return switch (kind) {
            case X25519, ED25519 -> 32;
            case X448 -> 56;
            case ED448 -> 57;
            default -> throw new IllegalArgumentException(kind.name());
        };
    }

    /** The encoding's bytes before the raw key. */
    static byte[] header(KeyKind kind) {
        return HexFormat.of().parseHex(switch (kind) {
            case X25519 -> "302a300506032b656e032100";
            case X448 -> "3042300506032b656f033900";
            case ED25519 -> "302a300506032b6570032100";
            case ED448 -> "3043300506032b6571033a00";
            default -> throw new IllegalArgumentException(kind.name());
        });
    }
}
