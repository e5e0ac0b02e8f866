package dev.acceljce.service;

import java.util.List;

/**
 * A provider built from a {@link ServiceTable}: what it left out. The provider class implements
 * it, so {@link ServiceReport} can read a provider it is handed without importing the class above
 * it.
 */
public interface Registrations {
    /** Declared services left out because the loaded library cannot serve them. */
    List<ServiceReport.NotRegistered> notRegistered();
}
