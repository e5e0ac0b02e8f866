package dev.acceljce.keygen;

import dev.acceljce.ServiceTable;

/** The keygen family's services (to be filled in). */
public final class KeyGeneratorServices {
    private KeyGeneratorServices() {}

    public static void register(ServiceTable table) {
    }
}
