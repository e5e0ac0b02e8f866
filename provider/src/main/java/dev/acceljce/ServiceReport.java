package dev.acceljce;

import java.security.Provider;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import dev.acceljce.control.Family;
import dev.acceljce.control.Path;
import dev.acceljce.control.Settings;

/**
 * What an AccelJCE provider instance serves and how: one row per registered service, with whether
 * the loaded OpenSSL offers it natively, why not, and which path a new object would take now.
 */
public final class ServiceReport {
    /** One registered service. {@code unavailableReason} is null when native is available. */
    public record Row(String type, String algorithm, Family family, List<String> aliases,
                      boolean nativeAvailable, String unavailableReason, Path currentPath) {}

    /**
     * A service AccelJCE declares but did not register in this process, and why (e.g. ML-KEM
     * with an OpenSSL older than 3.5: AccelJCE then offers no ML-KEM at all, and JCA look-ups
     * find the JDK's own provider).
     */
    public record NotRegistered(String type, String algorithm, Family family, List<String> aliases, String reason) {}

    private ServiceReport() {}

    /** The declared services {@code provider} (an AccelJCE instance) left out, sorted by type and name. */
    public static List<NotRegistered> notRegistered(Provider provider) {
        if (!(provider instanceof AccelJceProvider a)) {
            return List.of();
        }
        List<NotRegistered> rows = new ArrayList<>(a.notRegistered());
        rows.sort(Comparator.comparing(NotRegistered::type).thenComparing(NotRegistered::algorithm));
        return rows;
    }

    /** Rows for every service of {@code provider} (an AccelJCE instance), sorted by type and name. */
    public static List<Row> of(Provider provider) {
        List<Row> rows = new ArrayList<>();
        for (Provider.Service s : provider.getServices()) {
            if (s instanceof ServiceTable.AccelService a) {
                boolean available = a.nativeAvailable();
                Path now = available && Settings.nativeAllowed(a.family()) ? Path.NATIVE : Path.JDK;
                rows.add(new Row(s.getType(), s.getAlgorithm(), a.family(), a.aliases(), available,
                        a.unavailableReason(), now));
            }
        }
        rows.sort(Comparator.comparing(Row::type).thenComparing(Row::algorithm));
        return rows;
    }
}
