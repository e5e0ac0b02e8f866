package dev.acceljce.params;

import dev.acceljce.ServiceTable;

/** The params family's services (to be filled in). */
public final class ParameterServices {
    private ParameterServices() {}

    public static void register(ServiceTable table) {
    }
}
