package dev.acceljce.service;

import dev.acceljce.control.Crossovers;
import dev.acceljce.control.Dispatch;
import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.control.Path;
import dev.acceljce.openssl.LibContext;
import dev.acceljce.policy.PerMessage;
import java.security.Provider;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What an AccelJCE provider instance serves and how: one row per registered service, with whether
 * the loaded OpenSSL offers it natively, why not, and which path a new object would take now.
 */
public final class ServiceReport {
    /**
     * One registered service. {@code unavailableReason} is null when native is available.
     * {@code currentPath} is the path a new object would take now (under policy auto with a
     * per-message crossover: the path of a {@value Crossovers#TYPICAL_SIZE}-byte message), and
     * {@code route} says how it is chosen ("native", "jdk", "auto: jdk below 256 B, native from
     * there"). {@code jdkHandOff} names the cases a native object hands to the JDK's provider
     * internally (counted on the JDK path), or is null. {@code crossover} is auto's per-message
     * table entry, or null when one path serves every size. {@code engine} is the library a new
     * native object runs on ("openssl", "awslc"); {@code openSslFrom} the message size from which an
     * object on AWS-LC hands a whole message to OpenSSL ({@code Long.MAX_VALUE}: never).
     */
    public record Row(
            String type,
            String algorithm,
            Family family,
            List<String> aliases,
            boolean nativeAvailable,
            String unavailableReason,
            Path currentPath,
            String route,
            String jdkHandOff,
            Crossovers.Crossover crossover,
            String engine,
            long openSslFrom) {
        /** A row whose library does not change with the message size. */
        public Row(
                String type,
                String algorithm,
                Family family,
                List<String> aliases,
                boolean nativeAvailable,
                String unavailableReason,
                Path currentPath,
                String route,
                String jdkHandOff,
                Crossovers.Crossover crossover,
                String engine) {
            this(
                    type,
                    algorithm,
                    family,
                    aliases,
                    nativeAvailable,
                    unavailableReason,
                    currentPath,
                    route,
                    jdkHandOff,
                    crossover,
                    engine,
                    Long.MAX_VALUE);
        }

        /** The path a new object takes for a message of {@code size} bytes. */
        public Path pathFor(long size) {
            return crossover == null ? currentPath : crossover.pathFor(size);
        }
    }

    /**
     * A service AccelJCE declares but did not register in this process, and why (e.g. ML-KEM
     * with an OpenSSL older than 3.5: AccelJCE then offers no ML-KEM at all, and JCA look-ups
     * find the JDK's own provider).
     */
    public record NotRegistered(String type, String algorithm, Family family, List<String> aliases, String reason) {}

    private ServiceReport() {}

    /** The declared services {@code provider} (an AccelJCE instance) left out, sorted by type and name. */
    public static List<NotRegistered> notRegistered(Provider provider) {
        if (!(provider instanceof Registrations a)) {
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
                Dispatch.Route r = Dispatch.route(
                        a.family(),
                        s.getType(),
                        s.getAlgorithm(),
                        available,
                        a.jdkAvailable(),
                        PerMessage.factory(s.getType(), s.getAlgorithm()) != null);
                Crossovers.Crossover perMessage = r.crossover();
                Path now = r.perMessage() ? perMessage.pathFor(Crossovers.TYPICAL_SIZE) : r.path();
                String route =
                        r.perMessage() ? "auto: " + r.crossover() : now.name().toLowerCase(java.util.Locale.ROOT);
                if (LibContext.fipsRequested()) {
                    // registered in FIPS mode only when approved, and then always native (ServiceTable)
                    now = Path.NATIVE;
                    route = "native (FIPS module, approved)";
                    perMessage = null;
                }
                rows.add(new Row(
                        s.getType(),
                        s.getAlgorithm(),
                        a.family(),
                        a.aliases(),
                        available,
                        a.unavailableReason(),
                        now,
                        route,
                        a.jdkHandOff(),
                        perMessage,
                        a.engineNow().property(),
                        // only where OpenSSL serves the service too (XChaCha20-Poly1305: AWS-LC alone)
                        a.engineNow() == Engine.AWSLC && a.engines().contains(Engine.OPENSSL)
                                ? Dispatch.openSslFrom(a.family())
                                : Long.MAX_VALUE));
            }
        }
        rows.sort(Comparator.comparing(Row::type).thenComparing(Row::algorithm));
        return rows;
    }
}
