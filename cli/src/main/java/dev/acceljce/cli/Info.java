package dev.acceljce.cli;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.control.CallerRandom;
import dev.acceljce.control.CpuClass;
import dev.acceljce.control.CpuFeatures;
import dev.acceljce.control.Crossovers;
import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.control.Fips;
import dev.acceljce.control.OpenSslCpu;
import dev.acceljce.control.Path;
import dev.acceljce.control.SelfTest;
import dev.acceljce.control.Settings;
import dev.acceljce.service.Capabilities;
import dev.acceljce.service.ServiceReport;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What AccelJCE serves on this machine and why — the {@code icainfo} of AccelJCE: the libcrypto it
 * loaded (and how it chose it), the CPU's crypto features next to the ones OpenSSL enabled, the
 * self-test results, the switches in force, and every registered service with its native
 * availability, instructions, JDK fallback and path ({@link Capabilities} holds the data).
 */
public record Info(
        String javaVersion,
        String javaVendor,
        String os,
        Capabilities capabilities,
        Map<String, String> switches,
        List<ServiceReport.NotRegistered> notRegistered) {
    /** System properties AccelJCE reads, shown with their value (or "unset"). */
    private static final List<String> GLOBAL_SWITCHES = List.of(
            "acceljce.native",
            "jdk.nativeCrypto",
            "acceljce.openssl.lib",
            "jdk.native.openssl.lib",
            "acceljce.openssl.skipBundled",
            "jdk.native.openssl.skipBundled",
            SelfTest.FAIL_PROPERTY,
            "acceljce.fips",
            "acceljce.fips.module",
            "acceljce.fips.config",
            "acceljce.x86.clearUpperState");

    public static Info collect() {
        Map<String, String> switches = new LinkedHashMap<>();
        for (String name : GLOBAL_SWITCHES) {
            switches.put(name, System.getProperty(name));
        }
        // a Settings key: the value in force, from a system property, the acceljce.config file or JMX
        switches.put(Settings.KEYS_DESTROY, Settings.get(Settings.KEYS_DESTROY));
        for (Family f : Family.values()) {
            String name = "acceljce.native." + f.property();
            String v = System.getProperty(name);
            if (v != null) {
                switches.put(name, v);
            }
        }
        AccelJceProvider provider = new AccelJceProvider();
        return new Info(
                System.getProperty("java.version"),
                System.getProperty("java.vendor"),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"),
                Capabilities.of(provider),
                switches,
                ServiceReport.notRegistered(provider));
    }

    public CpuFeatures cpu() {
        return capabilities.cpu();
    }

    public List<Capabilities.Service> services() {
        return capabilities.services();
    }

    public long nativeServices() {
        return services().stream().filter(r -> r.path() == Path.NATIVE).count();
    }

    /** The short summary {@code demo} opens with: library, CPU, self-tests and service counts. */
    public String summary() {
        Capabilities.Library lib = capabilities.library();
        StringBuilder out = new StringBuilder();
        out.append("AccelJCE ")
                .append(new AccelJceProvider().getVersionStr())
                .append(" on ")
                .append(os)
                .append(", Java ")
                .append(javaVersion)
                .append(" (")
                .append(javaVendor)
                .append(")\n");
        if (lib.available()) {
            out.append("OpenSSL:  ")
                    .append(lib.version())
                    .append(" at ")
                    .append(lib.path())
                    .append(" (")
                    .append(lib.source())
                    .append(")\n");
        } else {
            out.append("OpenSSL:  not loaded: ").append(lib.unavailableReason()).append('\n');
        }
        Engine awslc = Engine.AWSLC;
        out.append("AWS-LC:   ")
                .append(
                        awslc.available()
                                ? awslc.version() + " at " + awslc.path() + " (" + awslc.source() + ")"
                                : "not loaded: " + awslc.unavailableReason())
                .append('\n');
        Fips.Report fips = Fips.report();
        if (fips.requested()) {
            out.append("FIPS:     ")
                    .append(
                            fips.active()
                                    ? "FIPS mode, " + fips.name() + " " + fips.version() + " at " + fips.modulePath()
                                            + "; self-tests " + fips.selfTest() + "; " + fips.validation()
                                    : "FIPS mode requested, the FIPS module did NOT load, no service is registered: "
                                            + fips.failure())
                    .append('\n');
        }
        out.append("CPU:      ")
                .append(cpu().model())
                .append(", ")
                .append(cpu().logicalCpus())
                .append(" logical CPUs (")
                .append(cpu().arch())
                .append(")\n");
        out.append("Crypto:   ").append(featureLine()).append('\n');
        out.append("Policy:   auto's built-in crossovers for CPU class ")
                .append(Crossovers.cpuClassInForce())
                .append(
                        Crossovers.profileInUse()
                                ? "; the calibrate profile " + Crossovers.profilePath() + " first"
                                : "")
                .append('\n');
        out.append("Selftest: ").append(selfTestLine()).append('\n');
        out.append("Services: ")
                .append(services().size())
                .append(" registered, ")
                .append(nativeServices())
                .append(" served by OpenSSL now, ")
                .append(services().size() - nativeServices())
                .append(" by the JDK's providers\n");
        return out.toString();
    }

    private String featureLine() {
        if (cpu().features().isEmpty()) {
            return "unknown";
        }
        if (!capabilities.openssl().decoded()) {
            return "CPU has " + join(cpu().present()) + " (what OpenSSL enabled is not decoded on " + cpu().arch()
                    + ")";
        }
        Set<String> enabled = capabilities.enabledFeatures();
        List<String> idle = new ArrayList<>();
        List<String> unlisted = new ArrayList<>();
        cpu().features().forEach((f, has) -> {
            if (has && !enabled.contains(f)) {
                idle.add(f);
            } else if (!has && enabled.contains(f)) {
                unlisted.add(f);
            }
        });
        return "OpenSSL uses " + join(enabled)
                + (idle.isEmpty() ? "" : "; the CPU has but OpenSSL does not use: " + join(idle))
                + (unlisted.isEmpty() ? "" : "; OpenSSL uses, /proc/cpuinfo does not list: " + join(unlisted));
    }

    private static String join(Collection<String> features) {
        return features.isEmpty() ? "none" : String.join(" ", features);
    }

    private String selfTestLine() {
        Fips.Report fips = Fips.report();
        if (fips.requested()) {
            // AccelJCE's known answers do not run in FIPS mode: the module's own tests apply
            return fips.active() ? "FIPS module: " + fips.selfTest() : "FIPS module FAILED: " + fips.failure();
        }
        SelfTest.Report r = capabilities.selfTest();
        long passed = r.results().stream()
                .filter(t -> t.status() == SelfTest.Status.PASSED)
                .count();
        // the first run in a process also links each native call it makes, which dominates its time
        String line = r.overall() + " (" + passed + " of " + r.results().size() + " tests passed in "
                + String.format("%.1f", r.totalNanos() / 1e6) + " ms, first native calls included)";
        List<String> failed = new ArrayList<>();
        r.families().forEach((f, s) -> {
            if (s.status() == SelfTest.Status.FAILED) {
                failed.add(f.property());
            }
        });
        List<String> engineFailed = new ArrayList<>();
        for (SelfTest.Result t : r.results()) {
            String name = t.family().property() + " on " + t.engine().property();
            if (t.engine() != dev.acceljce.control.Engine.OPENSSL
                    && t.status() == SelfTest.Status.FAILED
                    && !engineFailed.contains(name)) {
                engineFailed.add(name);
            }
        }
        String withFamilies =
                failed.isEmpty() ? line : line + "; failed, served by the JDK: " + String.join(", ", failed);
        return engineFailed.isEmpty()
                ? withFamilies
                : withFamilies + "; failed, served by OpenSSL: " + String.join(", ", engineFailed);
    }

    /** The full human-readable report of {@code acceljce info}. */
    public String text() {
        StringBuilder out = new StringBuilder(summary());
        out.append(fipsText());
        out.append("\nHow the library was chosen (in order):\n");
        for (String attempt : capabilities.library().attempts()) {
            out.append("  - ").append(attempt).append('\n');
        }

        OpenSslCpu openssl = capabilities.openssl();
        out.append("\nCPU crypto features (the CPU, per the kernel: /proc/cpuinfo, AT_HWCAP on aarch64; OpenSSL, per"
                + " OpenSSL_version(OPENSSL_CPU_INFO)):\n\n");
        if (cpu().features().isEmpty()) {
            out.append("(not known on this system)\n");
        } else {
            MarkdownTable features = new MarkdownTable("Feature", "CPU", "OpenSSL uses");
            Set<String> enabled = capabilities.enabledFeatures();
            cpu().features()
                    .forEach((f, has) -> features.row(
                            f, yesNo(has), openssl.decoded() ? yesNo(enabled.contains(f)) : "not decoded"));
            out.append(features.render());
        }
        out.append(openssl.raw() == null ? "" : "OpenSSL says: " + openssl.raw() + "\n");
        if (openssl.envMask() != null) {
            out.append("The ")
                    .append(openssl.envVariable())
                    .append(" environment variable (")
                    .append(openssl.envMask())
                    .append(") changes what OpenSSL uses.\n");
        }
        out.append("Vector upper state before library calls: ")
                .append(capabilities.upperStateGuard())
                .append('\n');

        out.append("\nSelf-tests (known answers per library through the SPI classes, two the JCA cannot ask for"
                + " through the binding; a family whose OpenSSL tests failed is served by the JDK, one whose AWS-LC"
                + " tests failed by OpenSSL):\n\n");
        MarkdownTable tests = new MarkdownTable("Family", "Library", "Test", "Source", "Result", ">us");
        for (SelfTest.Result r : capabilities.selfTest().results()) {
            tests.row(
                    r.family().property(),
                    r.engine().property(),
                    r.name(),
                    r.source(),
                    r.reason() == null ? r.status().name() : r.status() + ": " + r.reason(),
                    Long.toString(r.nanos() / 1000));
        }
        out.append(tests.isEmpty() ? "(none)\n" : tests.render());

        out.append("\nSwitches (system properties; pass them as ./acceljce -Dname=value ...):\n");
        switches.forEach((name, value) -> out.append("  ")
                .append(name)
                .append(" = ")
                .append(value == null ? "unset" : value)
                .append('\n'));

        out.append("\nServices:\n\n");
        MarkdownTable table = new MarkdownTable(
                "Type", "Algorithm", "Native", "Instructions", "JDK fallback", "Self-test", "Route now");
        for (Capabilities.Service s : services()) {
            table.row(
                    s.type(),
                    s.algorithm(),
                    s.nativeAvailable() ? "yes" : "no: " + s.unavailableReason(),
                    s.instructions().isEmpty() ? "-" : String.join(" ", s.instructions()),
                    yesNo(s.jdkFallback()),
                    s.selfTest().name().toLowerCase(Locale.ROOT).replace('_', ' '),
                    s.path() == Path.NATIVE && !s.engine().equals(Engine.OPENSSL.property())
                            ? s.route() + " (" + s.engine() + ")"
                            : s.route());
        }
        out.append(table.isEmpty() ? "(none registered)\n" : table.render());
        MarkdownTable handOffs = new MarkdownTable("Type", "Algorithm", "Handed to the JDK's provider");
        for (Capabilities.Service s : services()) {
            if (s.jdkHandOff() != null && s.nativeAvailable()) {
                handOffs.row(s.type(), s.algorithm(), s.jdkHandOff());
            }
        }
        if (!handOffs.isEmpty()) {
            out.append("\nCases a native object hands to the JDK internally (counted on the JDK path in stats):\n\n")
                    .append(handOffs.render());
            if (!Fips.on()) {
                out.append("\nAnd in every KeyPairGenerator, ECDSA, RSASSA-PSS and ML-DSA signing, RSA encryption"
                        + " with padding and ML-KEM encapsulation: " + CallerRandom.HAND_OFF
                        + " (README: \"A SecureRandom you pass is honoured\").\n");
            }
        }
        if (!notRegistered.isEmpty()) {
            out.append("\nNot registered (the loaded library cannot serve them):\n\n");
            MarkdownTable missing = new MarkdownTable("Type", "Algorithm", "Family", "Why");
            for (ServiceReport.NotRegistered r : notRegistered) {
                missing.row(r.type(), r.algorithm(), r.family().property(), r.reason());
            }
            out.append(missing.render());
        }
        return out.toString();
    }

    /** The FIPS section of {@link #text()}: the module, and per declared service whether it is approved. */
    private String fipsText() {
        Fips.Report fips = Fips.report();
        if (!fips.requested()) {
            return "";
        }
        StringBuilder out = new StringBuilder(
                "\nFIPS mode (acceljce.fips=true): no JDK path; only approved services"
                        + " are registered, fetched from the FIPS module with \"fips=yes\" in AccelJCE's own library context\n");
        out.append("  module:     ")
                .append(fips.name() == null ? "-" : fips.name())
                .append(fips.version() == null ? "" : " " + fips.version())
                .append(fips.buildInfo() == null ? "" : " (build " + fips.buildInfo() + ")")
                .append('\n');
        out.append("  path:       ")
                .append(fips.modulePath())
                .append(" (")
                .append(fips.source())
                .append(")\n");
        out.append("  config:     ").append(fips.configPath()).append('\n');
        out.append("  validation: ").append(fips.validation()).append('\n');
        out.append("  self-test:  ")
                .append(fips.active() ? fips.selfTest() : "FAILED: " + fips.failure())
                .append('\n');
        if (!fips.active()) {
            out.append("  => no service is registered\n");
        }
        MarkdownTable approval = new MarkdownTable("Type", "Algorithm", "Approved in FIPS mode");
        List<String[]> rows = new ArrayList<>();
        for (Capabilities.Service s : services()) {
            rows.add(new String[] {
                s.type(),
                s.algorithm(),
                Fips.verifyOnly(s.type(), s.algorithm())
                        ? "verification only (registered; signing refused)"
                        : "yes (registered)"
            });
        }
        for (ServiceReport.NotRegistered r : notRegistered) {
            rows.add(new String[] {r.type(), r.algorithm(), "no: " + r.reason()});
        }
        rows.sort((a, b) -> a[0].equals(b[0]) ? a[1].compareTo(b[1]) : a[0].compareTo(b[0]));
        rows.forEach(r -> approval.row(r[0], r[1], r[2]));
        out.append('\n').append(approval.render());
        return out.toString();
    }

    private static String yesNo(boolean b) {
        return b ? "yes" : "no";
    }

    /** The same content as {@link #text()}, as a JSON document. */
    public String json() {
        Capabilities.Library lib = capabilities.library();
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("acceljce", Map.of("version", new AccelJceProvider().getVersionStr()));
        root.put("java", ordered("version", javaVersion, "vendor", javaVendor, "os", os));
        Map<String, Object> openssl = new LinkedHashMap<>();
        openssl.put("available", lib.available());
        openssl.put("version", lib.version());
        openssl.put("versionNumber", lib.available() ? String.format("0x%08x", lib.versionNumber()) : null);
        openssl.put("path", lib.path());
        openssl.put("source", lib.source());
        openssl.put("unavailableReason", lib.unavailableReason());
        openssl.put("attempts", lib.attempts());
        openssl.put("cpuInfo", capabilities.openssl().raw());
        openssl.put("ia32capEnv", capabilities.openssl().envMask());
        openssl.put("upperStateGuard", capabilities.upperStateGuard());
        root.put("openssl", openssl);
        Map<String, Object> awslc = new LinkedHashMap<>();
        awslc.put("available", Engine.AWSLC.available());
        awslc.put("version", Engine.AWSLC.version());
        awslc.put("path", Engine.AWSLC.path());
        awslc.put("source", Engine.AWSLC.source());
        awslc.put("unavailableReason", Engine.AWSLC.unavailableReason());
        root.put("awslc", awslc);
        Fips.Report fips = Fips.report();
        root.put(
                "fips",
                ordered(
                        "requested",
                        fips.requested(),
                        "active",
                        fips.active(),
                        "module",
                        fips.modulePath(),
                        "config",
                        fips.configPath(),
                        "source",
                        fips.source(),
                        "name",
                        fips.name(),
                        "version",
                        fips.version(),
                        "buildInfo",
                        fips.buildInfo(),
                        "selfTest",
                        fips.selfTest(),
                        "validation",
                        fips.validation(),
                        "failure",
                        fips.failure()));
        Map<String, Object> features = new LinkedHashMap<>();
        Set<String> enabled = capabilities.enabledFeatures();
        cpu().features()
                .forEach((f, has) -> features.put(
                        f,
                        ordered("cpu", has, "openssl", capabilities.openssl().decoded() ? enabled.contains(f) : null)));
        root.put(
                "cpu",
                ordered(
                        "arch",
                        cpu().arch(),
                        "model",
                        cpu().model(),
                        "logicalCpus",
                        cpu().logicalCpus(),
                        "features",
                        features,
                        "crossoverClass",
                        CpuClass.current()));
        root.put("selfTest", selfTestJson(capabilities.selfTest()));
        root.put("switches", switches);
        List<Object> rows = new ArrayList<>();
        for (Capabilities.Service s : services()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("type", s.type());
            row.put("algorithm", s.algorithm());
            row.put("family", s.family().property());
            row.put("aliases", s.aliases());
            row.put("nativeAvailable", s.nativeAvailable());
            row.put("unavailableReason", s.unavailableReason());
            row.put("instructions", s.instructions());
            row.put("instructionPath", s.instructionPath());
            row.put("jdkFallback", s.jdkFallback());
            row.put("selfTest", s.selfTest().name());
            row.put("selfTestReason", s.selfTestReason());
            row.put("path", s.path().name());
            row.put("route", s.route());
            row.put("jdkHandOff", s.jdkHandOff());
            row.put("engine", s.engine());
            rows.add(row);
        }
        root.put("services", rows);
        List<Object> missing = new ArrayList<>();
        for (ServiceReport.NotRegistered r : notRegistered) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("type", r.type());
            m.put("algorithm", r.algorithm());
            m.put("family", r.family().property());
            m.put("aliases", r.aliases());
            m.put("reason", r.reason());
            missing.add(m);
        }
        root.put("notRegistered", missing);
        return Json.write(root);
    }

    private static Map<String, Object> selfTestJson(SelfTest.Report report) {
        Map<String, Object> families = new LinkedHashMap<>();
        report.families()
                .forEach((f, s) ->
                        families.put(f.property(), ordered("status", s.status().name(), "reason", s.reason())));
        List<Object> tests = new ArrayList<>();
        for (SelfTest.Result r : report.results()) {
            tests.add(ordered(
                    "family",
                    r.family().property(),
                    "engine",
                    r.engine().property(),
                    "throughSpi",
                    r.throughSpi(),
                    "name",
                    r.name(),
                    "source",
                    r.source(),
                    "status",
                    r.status().name(),
                    "reason",
                    r.reason(),
                    "micros",
                    r.nanos() / 1000));
        }
        return ordered(
                "overall",
                report.overall().name(),
                "millis",
                report.totalNanos() / 1_000_000.0,
                "families",
                families,
                "tests",
                tests);
    }

    private static Map<String, Object> ordered(Object... keyValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put((String) keyValues[i], keyValues[i + 1]);
        }
        return m;
    }
}
