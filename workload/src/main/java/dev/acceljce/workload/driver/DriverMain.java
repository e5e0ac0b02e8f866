package dev.acceljce.workload.driver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.acceljce.workload.run.Options;
import dev.acceljce.workload.run.ParentWatch;
import dev.acceljce.workload.run.ProcCpu;
import dev.acceljce.workload.site.ThinkTime;
import dev.acceljce.workload.tls.Certificates;
import dev.acceljce.workload.tls.CoreProviders;
import dev.acceljce.workload.tls.TlsContexts;
import dev.acceljce.workload.tls.TlsJvm;
import dev.acceljce.workload.tls.TlsSetting;
import dev.acceljce.workload.wire.Http1;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;

/**
 * The driver: for each load point the controller asks for, N closed-loop users (virtual threads)
 * against the bank, a warm-up, then the measured window. At the window's edges it resets and reads the bank's
 * statistics ({@code /admin/*}) and the CPU time of the bank and BeSim from /proc. Prints one line
 * {@code RESULT <json>} on stdout per point.
 *
 * <p>Arguments: {@code --tls ID --port N --trust-store BANK.p12 --think-mean S --server-pid P
 * --besim-pid P [--provider acceljce|jdk]}; then one line {@code USERS WARMUP_S MEASURE_S} per
 * load point on stdin.
 */
public final class DriverMain {
    /** Above this share of one core, the driver's core (driver + BeSim) is the bottleneck. */
    static final double DRIVER_CORE_LIMIT = 0.90;
    /** A driver whose users start this late (p99; a quarter of TIME_GOOD) cannot keep the schedule: its core is the bottleneck. */
    static final double LAG_LIMIT_MS = 500;

    /** A bank that misses QoS below this share of its core, on a full core, was starved by others. */
    static final double BANK_STARVED_BELOW = 0.70;

    private DriverMain() {}

    public static void main(String[] argv) throws Exception {
        ParentWatch.exitWhenParentExits();
        Options o = Options.parse(argv);
        TlsSetting tls = TlsSetting.byId(o.get("--tls"));
        TlsJvm.prepare(tls);
        CoreProviders.install(o.get("--provider", "jdk"));
        TrustManager[] trust = TlsContexts.trustManagers(Certificates.trusting(Path.of(o.get("--trust-store"))));
        Target target = new Target(
                tls,
                o.getInt("--port", -1),
                trust,
                Long.parseLong(o.get("--server-pid")),
                Long.parseLong(o.get("--besim-pid")),
                new Admin(TlsContexts.client(trust), tls, o.getInt("--port", -1)));
        ThinkTime think = new ThinkTime(o.getDouble("--think-mean", 1.0));
        System.out.println("READY");
        System.out.flush();
        // one load point per line "USERS WARMUP_S MEASURE_S" on stdin; end of input (the controller
        // is gone or done) ends the JVM. The JVM stays warm from one point to the next.
        BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        int seed = 1;
        for (String line = commands.readLine(); line != null; line = commands.readLine()) {
            String[] f = line.trim().split("\\s+");
            if (f[0].equals("HANDSHAKES")) { // HANDSHAKES CONCURRENCY SECONDS: the raw rate check
                Map<String, Object> r = HandshakeRate.measure(target, Integer.parseInt(f[1]), Double.parseDouble(f[2]));
                System.out.println("RESULT " + new ObjectMapper().writeValueAsString(r));
                System.out.flush();
                continue;
            }
            Map<String, Object> r = point(
                    target, think, Integer.parseInt(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2]), seed++);
            System.out.println("RESULT " + new ObjectMapper().writeValueAsString(r));
            System.out.flush();
        }
        Runtime.getRuntime().halt(0);
    }

    /** Where the users go and what is watched. */
    record Target(TlsSetting tls, int port, TrustManager[] trust, long serverPid, long besimPid, Admin admin) {}

    static Map<String, Object> point(Target t, ThinkTime think, int users, double warmup, double measure, long seed)
            throws Exception {
        long self = ProcessHandle.current().pid();
        Driver driver = new Driver();
        List<User> all = new ArrayList<>();
        for (int i = 0; i < users; i++) {
            User u = new User(driver, t.trust(), t.tls(), t.port(), think, seed * 1_000_003L + i);
            all.add(u);
            Thread.ofVirtual().name("user-" + i).start(u);
        }
        Thread.sleep((long) (warmup * 1000));

        t.admin().get("/admin/reset");
        t.admin().get("/admin/locks/start");
        double server0 = ProcCpu.seconds(t.serverPid());
        double besim0 = ProcCpu.seconds(t.besimPid());
        double self0 = ProcCpu.seconds(self);
        long[] cpu0a = ProcCpu.cpuTicks(0);
        long[] cpu1a = ProcCpu.cpuTicks(1);
        long start = System.nanoTime();
        driver.window(start, start + (long) (measure * 1e9));
        Thread.sleep((long) (measure * 1000));
        double serverCpu = ProcCpu.seconds(t.serverPid()) - server0;
        double besimCpu = ProcCpu.seconds(t.besimPid()) - besim0;
        double selfCpu = ProcCpu.seconds(self) - self0;
        long[] cpu0b = ProcCpu.cpuTicks(0);
        long[] cpu1b = ProcCpu.cpuTicks(1);
        double elapsed = (System.nanoTime() - start) / 1e9;
        JsonNode bank = t.admin().get("/admin/stats");
        JsonNode locks = t.admin().get("/admin/locks/stop");

        // pages scheduled in the window may still run: give them TIME_TOLERABLE, then count the rest as failed
        Thread.sleep(PageStats.TIME_TOLERABLE_NS / 1_000_000);
        driver.stop();
        for (User u : all) {
            if (u.inFlight() != null) {
                driver.stats().error(u.inFlight());
            }
        }

        PageStats stats = driver.stats();
        double driverCore = (besimCpu + selfCpu) / elapsed;
        double lagP99 = driver.lag().getValueAtPercentile(99) / 1e6;
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("users", users);
        r.put("thinkMeanSeconds", think.meanSeconds());
        r.put("windowSeconds", elapsed);
        r.put("pageCount", stats.pages());
        r.put("pagesPerSecond", stats.pages() / elapsed);
        r.put("withinGood", stats.withinGood());
        r.put("withinTolerable", stats.withinTolerable());
        r.put("qosMet", stats.qosMet());
        r.put("serverCpuSeconds", serverCpu);
        r.put("serverCpuMsPerPage", stats.pages() == 0 ? 0 : 1000 * serverCpu / stats.pages());
        r.put("serverCoreBusy", serverCpu / elapsed);
        r.put("besimCpuSeconds", besimCpu);
        r.put("driverCpuSeconds", selfCpu);
        r.put("driverCoreBusy", driverCore);
        r.put("cpu0BusyAllProcesses", share(cpu0a, cpu0b));
        r.put("cpu1BusyAllProcesses", share(cpu1a, cpu1b));
        r.put("driverLagP99Ms", lagP99);
        boolean driverBound = driverBound(stats.qosMet(), driverCore, lagP99);
        // QoS missed while the bank had CPU left, but its core was busy with other processes: the
        // machine, not the configuration, limited this point
        boolean bankStarved = !stats.qosMet() && serverCpu / elapsed < BANK_STARVED_BELOW && share(cpu1a, cpu1b) > 0.95;
        r.put("driverBound", driverBound);
        r.put("bankStarved", bankStarved);
        if (driverBound) {
            r.put(
                    "rejected",
                    "the driver's core is the bottleneck (driver+BeSim "
                            + Math.round(100 * driverCore) + "% of a core, start lag p99 " + Math.round(lagP99)
                            + " ms, CPU 0 "
                            + Math.round(100 * share(cpu0a, cpu0b)) + "% busy with every process on the machine)");
        } else if (bankStarved) {
            r.put(
                    "rejected",
                    "other processes took the bank's core (QoS missed with the bank at "
                            + Math.round(100 * serverCpu / elapsed) + "% of CPU 1, CPU 1 "
                            + Math.round(100 * share(cpu1a, cpu1b))
                            + "% busy with every process on the machine)");
        }
        r.put("clientFullHandshakes", driver.fullHandshakes());
        r.put("clientResumedHandshakes", driver.resumedHandshakes());
        r.put("errors", driver.errors());
        r.put("firstError", driver.firstError());
        r.putAll(stats.summary());
        r.put("bank", bank);
        r.put("locks", locks.get("locks"));
        r.put("threadDumps", locks.get("threadDumps"));
        return r;
    }

    /**
     * Whether a load point says more about the driver than about the bank. Users starting late
     * mean the load was not offered as asked: rejected whatever the outcome. A busy driver core
     * only matters when QoS was missed (its queueing may be what missed it); a pass with users on
     * time stands, since a busy driver can only add to the latencies. Until the run of 2026-11-25 a pass with
     * the driver's core above the limit was rejected too, which capped every fast configuration
     * at the driver's limit on 2 cores.
     */
    static boolean driverBound(boolean qosMet, double driverCore, double lagP99Ms) {
        return lagP99Ms > LAG_LIMIT_MS || (!qosMet && driverCore > DRIVER_CORE_LIMIT);
    }

    private static double share(long[] a, long[] b) {
        long total = b[1] - a[1];
        return total == 0 ? 0 : (double) (b[0] - a[0]) / total;
    }

    /** The bank's /admin pages, each on its own connection. */
    record Admin(javax.net.ssl.SSLContext context, TlsSetting tls, int port) {
        JsonNode get(String path) throws IOException {
            try (SSLSocket s =
                    (SSLSocket) context.getSocketFactory().createSocket(InetAddress.getLoopbackAddress(), port)) {
                s.setSSLParameters(TlsContexts.restrict(s.getSSLParameters(), tls));
                s.setSoTimeout(60_000);
                var out = new BufferedOutputStream(s.getOutputStream());
                Http1.writeGet(out, path, null, true);
                InputStream in = new BufferedInputStream(s.getInputStream());
                // the reply head, then the body as JSON
                ByteArrayOutputStream all = new ByteArrayOutputStream();
                in.transferTo(all);
                String text = all.toString(StandardCharsets.UTF_8);
                int body = text.indexOf("\r\n\r\n");
                if (!text.startsWith("HTTP/1.1 200") || body < 0) {
                    throw new IOException(
                            "bank " + path + ": " + text.lines().findFirst().orElse("no reply"));
                }
                return new ObjectMapper().readTree(text.substring(body + 4));
            }
        }
    }
}
