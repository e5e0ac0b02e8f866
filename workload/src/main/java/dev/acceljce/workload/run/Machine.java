package dev.acceljce.workload.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine and versions a result was measured on, for the report. */
final class Machine {
    private static String loadAtStart = "";

    private Machine() {}

    /** Notes the machine's load average before the run starts anything (others' processes). */
    static void noteLoadAtStart() {
        try {
            String avg = Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
            loadAtStart = "; load average " + avg + " before the run started"
                    + (Double.parseDouble(avg) > 1.0 ? " (SHARED machine: other processes ran on both cores)" : "");
        } catch (IOException | RuntimeException e) {
            loadAtStart = "";
        }
    }

    static String describe() {
        String model = "unknown CPU";
        String flags = "";
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name") && model.equals("unknown CPU")) {
                    model = line.substring(line.indexOf(':') + 1).trim();
                } else if (line.startsWith("flags") && flags.isEmpty()) {
                    StringBuilder f = new StringBuilder();
                    for (String want : new String[] {
                        "aes", "vaes", "pclmulqdq", "vpclmulqdq", "sha_ni", "avx2", "avx512f", "avx512ifma", "adx"
                    }) {
                        if ((" " + line + " ").contains(" " + want + " ")) {
                            f.append(f.isEmpty() ? "" : " ").append(want);
                        }
                    }
                    flags = f.toString();
                }
            }
        } catch (IOException e) {
            // keep "unknown"
        }
        return model + " (" + flags + "), " + Runtime.getRuntime().availableProcessors() + " CPUs, JDK "
                + System.getProperty("java.runtime.version") + ", Jetty " + jetty() + loadAtStart;
    }

    private static String jetty() {
        Package p = org.eclipse.jetty.server.Server.class.getPackage();
        String v = p.getImplementationVersion();
        return v != null ? v : org.eclipse.jetty.util.Jetty.VERSION;
    }
}
