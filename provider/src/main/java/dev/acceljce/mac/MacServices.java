package dev.acceljce.mac;

import dev.acceljce.ServiceTable;

/** The mac family's services (to be filled in). */
public final class MacServices {
    private MacServices() {}

    public static void register(ServiceTable table) {
    }
}
