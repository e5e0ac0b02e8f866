package dev.acceljce.cipher;

import dev.acceljce.ServiceTable;

/** The cipher family's services (to be filled in). */
public final class CipherServices {
    private CipherServices() {}

    public static void register(ServiceTable table) {
    }
}
