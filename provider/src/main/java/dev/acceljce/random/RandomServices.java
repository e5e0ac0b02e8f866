package dev.acceljce.random;

import dev.acceljce.ServiceTable;

/** The random family's services (to be filled in). */
public final class RandomServices {
    private RandomServices() {}

    public static void register(ServiceTable table) {
    }
}
