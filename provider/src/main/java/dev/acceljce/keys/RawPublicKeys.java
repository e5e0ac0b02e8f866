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

    /** The headers of {@link #header}, parsed once: they are read for every key generated. */
    private static final java.util.Map<KeyKind, byte[]> HEADERS = new java.util.EnumMap<>(java.util.Map.of(
            KeyKind.X25519, HexFormat.of().parseHex("302a300506032b656e032100"),
            KeyKind.X448, HexFormat.of().parseHex("3042300506032b656f033900"),
            KeyKind.ED25519, HexFormat.of().parseHex("302a300506032b6570032100"),
            KeyKind.ED448, HexFormat.of().parseHex("3043300506032b6571033a00")));

    /** The encoding's bytes before the raw key; shared: callers read it and never modify it. */
    static byte[] header(KeyKind kind) {
        byte[] h = HEADERS.get(kind);
        if (h == null) {
            throw new IllegalArgumentException(kind.name());
        }
        return h;
    }
}
