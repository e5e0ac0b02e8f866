package dev.acceljce;

import java.security.Provider;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import dev.acceljce.control.Dispatch;
import dev.acceljce.control.Family;
import dev.acceljce.control.Path;

/**
 * What an AccelJCE provider instance serves and how: one row per registered service, with whether
 * the loaded OpenSSL offers it natively, why not, and which path a new object would take now.
 */
public final class ServiceReport {
    /** One registered service. {@code unavailableReason} is null when native is available. */
    public record Row(String type, String algorithm, Family family, List<String> aliases,
                      boolean nativeAvailable, String unavailableReason, Path currentPath) {}

    private ServiceReport() {}

    /** Rows for every service of {@code provider} (an AccelJCE instance), sorted by type and name. */
    public static List<Row> of(Provider provider) {
        List<Row> rows = new ArrayList<>();
        for (Provider.Service s : provider.getServices()) {
            if (s instanceof ServiceTable.AccelService a) {
                boolean available = a.nativeAvailable();
                Path now = Dispatch.choose(a.family(), s.getType(), s.getAlgorithm(), available);
                rows.add(new Row(s.getType(), s.getAlgorithm(), a.family(), a.aliases(), available,
                        a.unavailableReason(), now));
            }
        }
        rows.sort(Comparator.comparing(Row::type).thenComparing(Row::algorithm));
        return rows;
    }
}
