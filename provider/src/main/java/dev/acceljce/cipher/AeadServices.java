package dev.acceljce.cipher;

import dev.acceljce.ServiceTable;

/** AES-GCM, ChaCha20 and ChaCha20-Poly1305 (to be filled in). */
final class AeadServices {
    private AeadServices() {}

    static void register(ServiceTable table) {
    }
}
