package dev.acceljce.cipher;

import dev.acceljce.ServiceTable;

/** AES in ECB, CBC, CTR, CFB, OFB and key-wrap (KW, KWP) modes (to be filled in). */
final class AesServices {
    private AesServices() {}

    static void register(ServiceTable table) {
    }
}
