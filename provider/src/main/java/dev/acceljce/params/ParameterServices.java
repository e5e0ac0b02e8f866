package dev.acceljce.params;

import dev.acceljce.awslc.AwsLc;
import dev.acceljce.control.Family;
import dev.acceljce.service.ServiceTable;

/**
 * AlgorithmParameters for GCM, AES and ChaCha20-Poly1305: pure data (DER encodings), done in Java,
 * so their "native" implementation needs nothing from OpenSSL.
 */
public final class ParameterServices {
    private ParameterServices() {}

    public static void register(ServiceTable table) {
        table.add(Family.GCM, "AlgorithmParameters", "GCM")
                .nativeImpl(() -> true, p -> new GcmParameters())
                .register();
        table.add(Family.AES, "AlgorithmParameters", "AES")
                .oid("2.16.840.1.101.3.4.1")
                .nativeImpl(() -> true, p -> new AesParameters())
                .register();
        table.add(Family.CHACHA20, "AlgorithmParameters", "ChaCha20-Poly1305")
                .oid("1.2.840.113549.1.9.16.3.18")
                .nativeImpl(() -> true, p -> new ChaCha20Poly1305Parameters("ChaCha20-Poly1305", 12))
                .register();
        // pure data too, but only meaningful (and listed) where the cipher is: with AWS-LC
        table.add(Family.CHACHA20, "AlgorithmParameters", "XChaCha20-Poly1305")
                .onlyIf(AwsLc::isAvailable, () -> "AWS-LC is not loaded: " + AwsLc.unavailableReason())
                .nativeImpl(() -> true, p -> new ChaCha20Poly1305Parameters("XChaCha20-Poly1305", 24))
                .register();
    }
}
