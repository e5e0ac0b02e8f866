package dev.acceljce.cli;

import dev.acceljce.control.Counters;
import dev.acceljce.control.CountersMXBean;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * One reading of the counters of one copy of AccelJCE in a JVM (a JVM has several when several
 * class loaders carry the jar), and its rendering as the {@code icastats}-like table (per service:
 * native and JDK operations and bytes, objects per path, a total line, live OpenSSL objects) or as
 * JSON. Reads any {@link CountersMXBean}: a JMX proxy into another JVM, or
 * {@link dev.acceljce.control.Management#counters()} in this one.
 *
 * @param objectName the MBean's name, or null when read without JMX
 * @param loader the copy's class loader, or null when its MBean does not say
 * @param location where the copy's classes came from, or null when unknown
 */
public record CountersReport(
        long pid,
        Instant time,
        String objectName,
        String loader,
        String location,
        String providerVersion,
        String openSslVersion,
        String openSslPath,
        boolean counting,
        List<Counters.Row> services,
        Map<String, Long> liveNativeObjects) {
    public CountersReport {
        services = List.copyOf(services);
        liveNativeObjects = new TreeMap<>(liveNativeObjects);
    }

    /** Reads every attribute of {@code counters} now. Not atomic with work going on in that JVM. */
    public static CountersReport read(long pid, String objectName, CountersMXBean counters) {
        return new CountersReport(
                pid,
                Instant.now(),
                objectName,
                optional(counters::getLoader),
                optional(counters::getLocation),
                counters.getProviderVersion(),
                counters.getOpenSslVersion(),
                counters.getOpenSslPath(),
                counters.isEnabled(),
                counters.getServices(),
                counters.getLiveNativeObjects());
    }

    /** An attribute an older AccelJCE's MBean lacks (the proxy throws for it): null then. */
    private static String optional(Supplier<String> attribute) {
        try {
            return attribute.get();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The sum over every service, shown or not (computed here, so it always matches the rows). */
    public Counters.Row totals() {
        return Counters.total(services);
    }

    public long liveNativeObjectCount() {
        return liveNativeObjects.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The rows shown: services with at least one operation, or all of them. */
    public List<Counters.Row> rows(boolean all) {
        return all ? services : services.stream().filter(r -> r.totalOps() > 0).toList();
    }

    /** The human-readable table. */
    public String text(boolean all) {
        StringBuilder out = new StringBuilder();
        out.append("AccelJCE ")
                .append(providerVersion)
                .append(" in pid ")
                .append(pid)
                .append(", ")
                .append(time.truncatedTo(ChronoUnit.SECONDS))
                .append('\n');
        if (loader != null || objectName != null) {
            out.append("Loader:   ").append(loader == null ? "?" : loader);
            if (objectName != null) {
                out.append(" (").append(objectName).append(')');
            }
            if (location != null) {
                out.append(", classes from ").append(location);
            }
            out.append('\n');
        }
        out.append("OpenSSL:  ")
                .append(
                        openSslVersion == null
                                ? "not loaded (the JDK's providers serve everything)"
                                : openSslVersion + " (" + openSslPath + ")")
                .append('\n');
        out.append("Counting: ")
                .append(counting ? "on" : "off (objects created while off are not counted)")
                .append("\n\n");
        List<Counters.Row> shown = rows(all);
        MarkdownTable table = new MarkdownTable(
                "Service",
                ">native ops",
                ">of which AWS-LC",
                ">native bytes",
                ">JDK ops",
                ">JDK bytes",
                ">native objects",
                ">JDK objects");
        for (Counters.Row r : shown) {
            table.row(cells(r));
        }
        table.row(cells(totals()));
        out.append(table.render());
        int hidden = services.size() - shown.size();
        if (hidden > 0) {
            out.append("(")
                    .append(hidden)
                    .append(hidden == 1 ? " service" : " services")
                    .append(" with no operations not shown; --all lists every service)\n");
        }
        out.append("\nLive native objects: ").append(liveNativeObjectCount());
        if (!liveNativeObjects.isEmpty()) {
            List<String> kinds = new ArrayList<>();
            liveNativeObjects.forEach((kind, n) -> kinds.add(kind + " " + n));
            out.append(" (").append(String.join(", ", kinds)).append(')');
        }
        return out.append('\n').toString();
    }

    private static String[] cells(Counters.Row r) {
        return new String[] {
            r.service(),
            Long.toString(r.nativeOps()),
            Long.toString(r.awslcOps()),
            Long.toString(r.nativeBytes()),
            Long.toString(r.jdkOps()),
            Long.toString(r.jdkBytes()),
            Long.toString(r.nativeObjects()),
            Long.toString(r.jdkObjects())
        };
    }

    /** The same reading as a JSON object (for {@link Json#write}). */
    public Map<String, Object> json(boolean all) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("pid", pid);
        root.put("time", time.toString());
        root.put("acceljce", providerVersion);
        root.put("objectName", objectName);
        root.put("loader", loader);
        root.put("location", location);
        Map<String, Object> openssl = new LinkedHashMap<>();
        openssl.put("version", openSslVersion);
        openssl.put("path", openSslPath);
        root.put("openssl", openssl);
        root.put("counting", counting);
        root.put("services", rows(all).stream().map(CountersReport::json).toList());
        root.put("totals", json(totals()));
        Map<String, Object> live = new LinkedHashMap<>();
        live.put("total", liveNativeObjectCount());
        live.put("byKind", liveNativeObjects);
        root.put("liveNativeObjects", live);
        return root;
    }

    private static Map<String, Object> json(Counters.Row r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("service", r.service());
        m.put("nativeOps", r.nativeOps());
        m.put("nativeBytes", r.nativeBytes());
        m.put("awslcOps", r.awslcOps());
        m.put("awslcBytes", r.awslcBytes());
        m.put("jdkOps", r.jdkOps());
        m.put("jdkBytes", r.jdkBytes());
        m.put("nativeObjects", r.nativeObjects());
        m.put("jdkObjects", r.jdkObjects());
        return m;
    }
}
