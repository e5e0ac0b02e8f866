package dev.acceljce.ssh.throughput;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU seconds, user plus system: of this JVM (every thread: both MINA ends, GC, JIT), and of
 * other processes from Linux's /proc (their own time plus that of their children they waited for).
 */
final class CpuTime {
    private static final double TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux ABI in use

    private CpuTime() {}

    /** This JVM's CPU seconds so far. */
    static double ofThisProcess() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                        .getProcessCpuTime()
                / 1e9;
    }

    /** The CPU seconds this JVM's exited children used (OpenSSH clients it ran and waited for). */
    static double ofWaitedChildren() throws IOException {
        long[] t = fields(Path.of("/proc/self/stat"));
        return (t[2] + t[3]) / TICKS_PER_SECOND;
    }

    /** A process's CPU seconds, with its waited-for children (sshd and the connections it served). */
    static double ofProcessTree(long pid) throws IOException {
        long[] t = fields(Path.of("/proc/" + pid + "/stat"));
        return (t[0] + t[1] + t[2] + t[3]) / TICKS_PER_SECOND;
    }

    /** utime, stime, cutime, cstime: fields 14-17 of proc(5), counted after the ")" of the command name. */
    private static long[] fields(Path stat) throws IOException {
        String s = Files.readString(stat);
        String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
        // f[0] is field 3 (state): field n is f[n - 3]
        return new long[] {Long.parseLong(f[11]), Long.parseLong(f[12]), Long.parseLong(f[13]), Long.parseLong(f[14])};
    }
}
