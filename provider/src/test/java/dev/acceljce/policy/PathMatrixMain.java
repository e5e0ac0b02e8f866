package dev.acceljce.policy;

import dev.acceljce.control.Counters;
import dev.acceljce.control.CpuClass;
import dev.acceljce.control.Crossovers;
import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.testing.ContractCases;
import dev.acceljce.testing.Providers;
import dev.acceljce.testing.VectorOutcome;
import dev.acceljce.testing.Wycheproof;
import dev.acceljce.testing.WycheproofSuites;
import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One configuration of the path matrix (policy, CPU class and library, set by the parent as system
 * properties): every Wycheproof suite and contract case through AccelJCE's services, one line per
 * vector into the file named by the first argument:
 *
 * <pre>
 * config  library=... source=... policy=... cpuClass=...
 * absent  FAMILY  Type.Algorithm
 * vector  FAMILY  FILE  TCID  RESULT  ACCEPTED  DETAIL
 * contract  NAME  DETAIL
 * time  WALL_MS  MAIN_THREAD_CPU_MS
 * served  SERVICE  NATIVE_OPS  JDK_OPS
 * </pre>
 *
 * Fields are separated by tabs. A vector whose run threw something other than an Exception (a bug
 * in the bridge) is written as refused with that throwable's name, so the parent shows it.
 */
public final class PathMatrixMain {
    private static final java.lang.management.ThreadMXBean THREAD =
            java.lang.management.ManagementFactory.getThreadMXBean();

    private PathMatrixMain() {}

    public static void main(String[] args) throws Exception {
        Providers.requireNative();
        long start = System.nanoTime();
        try (BufferedWriter out = Files.newBufferedWriter(Path.of(args[0]))) {
            out.write(String.join(
                    "\t",
                    "config",
                    "library=" + LibCrypto.version(),
                    "source=" + LibCrypto.source(),
                    "policy=" + System.getProperty("acceljce.policy"),
                    "cpuClass=" + CpuClass.current(),
                    "table=" + Crossovers.cpuClassInForce(),
                    "profile=" + (Crossovers.profileInUse() ? "in use" : "none")));
            out.newLine();
            int vectors = 0;
            String only = System.getProperty("acceljce.pathMatrix.families"); // for a quicker look at a few
            for (WycheproofSuites.Suite suite : WycheproofSuites.all()) {
                if (only != null && !List.of(only.split(",")).contains(suite.family())) {
                    continue;
                }
                if (Providers.ACCEL.getService(suite.type(), suite.algorithm()) == null) {
                    out.write(String.join("\t", "absent", suite.family(), suite.type() + "." + suite.algorithm()));
                    out.newLine();
                    continue;
                }
                long suiteStart = System.nanoTime();
                long suiteCpu = THREAD.getCurrentThreadCpuTime();
                for (String file : suite.files().get()) {
                    Map<String, Object> cache = new HashMap<>();
                    for (Wycheproof.Case c : Wycheproof.cases(file)) {
                        VectorOutcome o;
                        try {
                            o = suite.run().run(Providers.ACCEL, c, cache);
                        } catch (Throwable t) {
                            o = VectorOutcome.refused("run", t);
                        }
                        if (o == null) {
                            continue; // not expressible through the JCA (see WycheproofSuites)
                        }
                        vectors++;
                        out.write(String.join(
                                "\t",
                                "vector",
                                suite.family(),
                                file,
                                Integer.toString(c.tcId()),
                                c.result(),
                                o.accepted() ? "accepted" : "refused",
                                o.detail()));
                        out.newLine();
                    }
                }
                System.out.printf(
                        "%s: %d ms, %d ms CPU%n",
                        suite.family(),
                        (System.nanoTime() - suiteStart) / 1_000_000,
                        (THREAD.getCurrentThreadCpuTime() - suiteCpu) / 1_000_000);
            }
            int contracts = 0;
            for (Map.Entry<String, VectorOutcome.Step> e :
                    ContractCases.all(Providers.ACCEL).entrySet()) {
                VectorOutcome o;
                try {
                    o = VectorOutcome.bytes("", e.getValue(), null);
                } catch (Throwable t) {
                    o = VectorOutcome.refused("", t);
                }
                contracts++;
                out.write(String.join("\t", "contract", e.getKey(), o.detail()));
                out.newLine();
            }
            out.write(String.join(
                    "\t",
                    "time",
                    Long.toString((System.nanoTime() - start) / 1_000_000),
                    Long.toString(THREAD.getCurrentThreadCpuTime() / 1_000_000)));
            out.newLine();
            for (Counters.Row r : Counters.snapshot().values()) {
                out.write(String.join(
                        "\t", "served", r.service(), Long.toString(r.nativeOps()), Long.toString(r.jdkOps())));
                out.newLine();
            }
            System.out.printf(
                    "%d vectors, %d contract cases in %d ms (%d ms CPU on the main thread)%n",
                    vectors,
                    contracts,
                    (System.nanoTime() - start) / 1_000_000,
                    THREAD.getCurrentThreadCpuTime() / 1_000_000);
        }
    }
}
