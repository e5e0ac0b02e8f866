package dev.acceljce.spec;

import java.security.spec.AlgorithmParameterSpec;
import java.util.Objects;

/**
 * Parameters of a {@code Mac} {@code KMAC128} or {@code KMAC256} (NIST SP 800-185): the
 * customization string S and, optionally, the MAC length in bytes. Without this spec (or with
 * {@code macLength} 0) a KMAC128 produces 32 bytes and a KMAC256 64 bytes, the lengths Bouncy
 * Castle's KMAC Macs use. OpenSSL bounds the customization string to 512 bytes.
 */
public final class KmacParameterSpec implements AlgorithmParameterSpec {
    private final byte[] customization;
    private final int macLength;

    /** A customization string (may be empty) and the default MAC length. */
    public KmacParameterSpec(byte[] customization) {
        this(customization, 0);
    }

    /**
     * A customization string (may be empty) and a MAC length in bytes (0: the default).
     *
     * @throws IllegalArgumentException if {@code macLength} is negative
     */
    public KmacParameterSpec(byte[] customization, int macLength) {
        this.customization =
                Objects.requireNonNull(customization, "customization").clone();
        if (macLength < 0) {
            throw new IllegalArgumentException("negative MAC length " + macLength);
        }
        this.macLength = macLength;
    }

    /** A copy of the customization string. */
    public byte[] getCustomization() {
        return customization.clone();
    }

    /** The MAC length in bytes, or 0 for the algorithm's default. */
    public int getMacLength() {
        return macLength;
    }
}
