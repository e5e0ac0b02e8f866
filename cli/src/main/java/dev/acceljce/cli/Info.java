package dev.acceljce.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.ServiceReport;
import dev.acceljce.control.Family;
import dev.acceljce.control.Path;
import dev.acceljce.openssl.LibCrypto;

/**
 * What AccelJCE serves on this machine and why: the libcrypto it loaded (and how it chose it),
 * the CPU's crypto flags, the switches in force, and every registered service with its path.
 */
public record Info(String javaVersion, String javaVendor, String os, CpuInfo cpu,
                   Map<String, String> switches, List<ServiceReport.Row> services) {
    /** System properties AccelJCE reads, shown with their value (or "unset"). */
    private static final List<String> GLOBAL_SWITCHES = List.of("acceljce.native", "jdk.nativeCrypto",
            "acceljce.openssl.lib", "jdk.native.openssl.lib", "acceljce.openssl.skipBundled",
            "jdk.native.openssl.skipBundled");

    public static Info collect() {
        Map<String, String> switches = new LinkedHashMap<>();
        for (String name : GLOBAL_SWITCHES) {
            switches.put(name, System.getProperty(name));
        }
        for (Family f : Family.values()) {
            String name = "acceljce.native." + f.property();
            String v = System.getProperty(name);
            if (v != null) {
                switches.put(name, v);
            }
        }
        return new Info(System.getProperty("java.version"), System.getProperty("java.vendor"),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"),
                CpuInfo.ofThisMachine(), switches, ServiceReport.of(new AccelJceProvider()));
    }

    public long nativeServices() {
        return services.stream().filter(r -> r.currentPath() == Path.NATIVE).count();
    }

    /** The short summary {@code demo} opens with: library, CPU, and service counts. */
    public String summary() {
        StringBuilder out = new StringBuilder();
        out.append("AccelJCE ").append(new AccelJceProvider().getVersionStr()).append(" on ").append(os)
                .append(", Java ").append(javaVersion).append(" (").append(javaVendor).append(")\n");
        if (LibCrypto.isAvailable()) {
            out.append("OpenSSL:  ").append(LibCrypto.version()).append(" at ").append(LibCrypto.path())
                    .append(" (").append(LibCrypto.source()).append(")\n");
        } else {
            out.append("OpenSSL:  not loaded: ").append(LibCrypto.unavailableReason()).append('\n');
        }
        out.append("CPU:      ").append(cpu.model()).append(", ").append(cpu.logicalCpus())
                .append(" logical CPUs\n");
        out.append("Flags:    ").append(flagLine()).append('\n');
        out.append("Services: ").append(services.size()).append(" registered, ").append(nativeServices())
                .append(" served by OpenSSL now, ").append(services.size() - nativeServices())
                .append(" by the JDK's providers\n");
        return out.toString();
    }

    private String flagLine() {
        if (cpu.cryptoFlags().isEmpty()) {
            return "unknown";
        }
        List<String> parts = new ArrayList<>();
        cpu.cryptoFlags().forEach((flag, has) -> parts.add(flag + (has ? "+" : "-")));
        return String.join(" ", parts) + "  (+ present, - absent)";
    }

    /** The full human-readable report of {@code acceljce info}. */
    public String text() {
        StringBuilder out = new StringBuilder(summary());
        out.append("\nHow the library was chosen (in order):\n");
        for (String attempt : LibCrypto.attempts()) {
            out.append("  - ").append(attempt).append('\n');
        }
        out.append("\nSwitches (system properties; pass them as ./acceljce -Dname=value ...):\n");
        switches.forEach((name, value) -> out.append("  ").append(name).append(" = ")
                .append(value == null ? "unset" : value).append('\n'));
        out.append("\nServices:\n\n");
        MarkdownTable table = new MarkdownTable("Type", "Algorithm", "Family", "Native", "Path now");
        for (ServiceReport.Row r : services) {
            table.row(r.type(), r.algorithm(), r.family().property(),
                    r.nativeAvailable() ? "yes" : "no: " + r.unavailableReason(), r.currentPath().name());
        }
        out.append(table.isEmpty() ? "(none registered)\n" : table.render());
        return out.toString();
    }

    /** The same content as {@link #text()}, as a JSON document. */
    public String json() {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("acceljce", Map.of("version", new AccelJceProvider().getVersionStr()));
        root.put("java", ordered("version", javaVersion, "vendor", javaVendor, "os", os));
        Map<String, Object> openssl = new LinkedHashMap<>();
        openssl.put("available", LibCrypto.isAvailable());
        openssl.put("version", LibCrypto.version());
        openssl.put("versionNumber", LibCrypto.isAvailable()
                ? String.format("0x%08x", LibCrypto.versionNumber()) : null);
        openssl.put("path", LibCrypto.path());
        openssl.put("source", LibCrypto.source());
        openssl.put("unavailableReason", LibCrypto.unavailableReason());
        openssl.put("attempts", LibCrypto.attempts());
        root.put("openssl", openssl);
        root.put("cpu", ordered("model", cpu.model(), "logicalCpus", cpu.logicalCpus(),
                "flags", cpu.cryptoFlags()));
        root.put("switches", switches);
        List<Object> rows = new ArrayList<>();
        for (ServiceReport.Row r : services) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("type", r.type());
            row.put("algorithm", r.algorithm());
            row.put("family", r.family().property());
            row.put("aliases", r.aliases());
            row.put("nativeAvailable", r.nativeAvailable());
            row.put("unavailableReason", r.unavailableReason());
            row.put("path", r.currentPath().name());
            rows.add(row);
        }
        root.put("services", rows);
        return Json.write(root);
    }

    private static Map<String, Object> ordered(Object... keyValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put((String) keyValues[i], keyValues[i + 1]);
        }
        return m;
    }
}
