package dev.acceljce.workload.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time of a process from {@code /proc/<pid>/stat} (utime + stime, fields 14 and 15, in clock
 * ticks of 1/100 s, Linux's USER_HZ on x86_64), and the busy share of one CPU from {@code /proc/stat}.
 */
public final class ProcCpu {
    public static final double TICK_SECONDS = 0.01;

    private ProcCpu() {}

    /** User + system CPU seconds the process used so far, or -1 when it is gone. */
    public static double seconds(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            // the command name (field 2) is in parentheses and may hold spaces: split after it
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * TICK_SECONDS;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** {busy, total} ticks of CPU n so far (all processes on the machine, ours and others'). */
    public static long[] cpuTicks(int cpu) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/stat"))) {
                if (line.startsWith("cpu" + cpu + " ")) {
                    String[] f = line.trim().split("\\s+");
                    long total = 0;
                    for (int i = 1; i < f.length; i++) {
                        total += Long.parseLong(f[i]);
                    }
                    long idle = Long.parseLong(f[4]) + Long.parseLong(f[5]);
                    return new long[] {total - idle, total};
                }
            }
        } catch (IOException | RuntimeException e) {
            // fall through
        }
        return new long[] {0, 0};
    }
}
