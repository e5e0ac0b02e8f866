package dev.acceljce.cipher;

import dev.acceljce.service.ServiceTable;

/** Cipher services: AES block and stream modes with key wrap, and the AEAD/ChaCha20 ciphers. */
public final class CipherServices {
    private CipherServices() {}

    public static void register(ServiceTable table) {
        AesServices.register(table);
        AeadServices.register(table);
    }
}
