package dev.acceljce.cli.report;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.control.CpuFeatures;
import dev.acceljce.control.Path;
import dev.acceljce.control.Settings;
import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.service.ServiceReport;
import java.util.List;
import java.util.function.Function;

/**
 * What a report says about the machine and about AccelJCE, read in the process that writes the
 * report (the benchmark JVMs ran on the same machine with the same switches, when the report is
 * written right after the run, as {@code acceljce bench} and {@code demo} do).
 */
public final class ReportEnvironment {
    private ReportEnvironment() {}

    public static PerformanceReport.Environment ofThisMachine(String date, String source) {
        CpuFeatures cpu = CpuFeatures.ofThisMachine();
        String openssl = LibCrypto.isAvailable()
                ? LibCrypto.version() + " at " + homeAsTilde(LibCrypto.path()) + " (" + LibCrypto.source() + ")"
                : "not loaded: " + LibCrypto.unavailableReason();
        return new PerformanceReport.Environment(
                cpu.model(),
                cpu.logicalCpus(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"),
                openssl,
                date,
                source);
    }

    /**
     * {@code path} with the user's home directory written {@code ~}: reports are committed as
     * documentation, which should not name the measuring machine's accounts.
     */
    static String homeAsTilde(String path) {
        String home = System.getProperty("user.home");
        if (path == null || home == null || home.isEmpty() || home.equals("/")) {
            return path;
        }
        return path.equals(home) || path.startsWith(home + "/") ? "~" + path.substring(home.length()) : path;
    }

    /** For an algorithm name (or alias), how this process's AccelJCE would serve it now. */
    public static Function<String, String> acceljcePaths() {
        List<ServiceReport.Row> rows = ServiceReport.of(new AccelJceProvider());
        return algorithm -> {
            // one name can stand for several services (EC: KeyPairGenerator, KeyFactory and the
            // pure-data AlgorithmParameters): report the one that does work, natively if any does
            ServiceReport.Row match = null;
            for (ServiceReport.Row r : rows) {
                if (r.algorithm().equalsIgnoreCase(algorithm)
                        || r.aliases().stream().anyMatch(a -> a.equalsIgnoreCase(algorithm))) {
                    if (match == null || (r.currentPath() == Path.NATIVE && match.currentPath() != Path.NATIVE)) {
                        match = r;
                    }
                }
            }
            if (match == null) {
                return "not served by AccelJCE in this build";
            }
            if (match.currentPath() == Path.NATIVE) {
                return "native (OpenSSL)";
            }
            if (!match.nativeAvailable()) {
                return "JDK fallback (" + match.unavailableReason() + ")";
            }
            return Settings.nativeAllowed(match.family())
                    ? "JDK (chosen by policy " + match.route() + ")"
                    : "JDK (native switched off)";
        };
    }
}
