package dev.acceljce.ssh.throughput;

import java.util.Locale;

/**
 * One measured copy. {@code cpuSeconds} is the CPU time of both ends (client and server) over the
 * copy; {@code servedBy} says which JCA provider paths did the bulk work (AccelJCE's counters),
 * empty where nothing can tell (the JDK's providers, OpenSSH).
 */
public record CopyResult(
        String engine,
        CopyCase.Protocol protocol,
        String cipher,
        String mac,
        long bytes,
        double seconds,
        double cpuSeconds,
        String servedBy) {
    private static final String TAG = "COPY";

    public double mbPerSecond() {
        return bytes / 1e6 / seconds;
    }

    public String algorithms() {
        return new CopyCase(protocol, cipher, mac).algorithms();
    }

    /** One tab-separated line, how a child JVM hands its results to the driver. */
    public String toLine() {
        return String.join(
                "\t",
                TAG,
                engine,
                protocol.name(),
                cipher,
                mac,
                Long.toString(bytes),
                String.format(Locale.ROOT, "%.6f", seconds),
                String.format(Locale.ROOT, "%.6f", cpuSeconds),
                servedBy.isEmpty() ? "-" : servedBy);
    }

    /** The result of a {@link #toLine()} line, or null for any other line. */
    public static CopyResult parse(String line) {
        String[] f = line.split("\t");
        if (f.length != 9 || !f[0].equals(TAG)) {
            return null;
        }
        return new CopyResult(
                f[1],
                CopyCase.Protocol.valueOf(f[2]),
                f[3],
                f[4],
                Long.parseLong(f[5]),
                Double.parseDouble(f[6]),
                Double.parseDouble(f[7]),
                f[8].equals("-") ? "" : f[8]);
    }
}
