package dev.acceljce.workload.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code workload handshakes}: the driver's raw full-handshake rate against the bank, checked
 * against an independent native client, h2load (Debian's nghttp2-client, HTTP/1.1, one request
 * per client connection), both on the driver's core against the same bank.
 */
final class HandshakeCheck {
    private static final Path H2LOAD = Path.of("/usr/bin/h2load");
    private static final Pattern FINISHED = Pattern.compile("finished in ([0-9.]+)(m?s), ([0-9.]+) req/s");
    private static final Pattern SUCCEEDED =
            Pattern.compile("requests: (\\d+) total, \\d+ started, \\d+ done, (\\d+) succeeded");

    private HandshakeCheck() {}

    static void run(RunSpec spec, Path work, PrintStream out) throws Exception {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("machine", Machine.describe());
        List<Map<String, Object>> rows = new ArrayList<>();
        for (var tls : spec.tlsSettings()) {
            for (var c : spec.configurations()) {
                Path dir = Files.createDirectories(work.resolve("hs-" + c.id + "-" + tls.id));
                try (Servers servers = Servers.start(c, tls, spec, dir)) {
                    // warm the bank and the driver up, then measure each client
                    JitWarmup.run(spec, servers, out);
                    LoadPoint.handshakes(servers, 16, spec.warmupSeconds());
                    JsonNode driver = LoadPoint.handshakes(servers, 16, spec.measureSeconds());
                    Map<String, Object> h2 = h2load(servers, 1000);
                    Map<String, Object> row = new LinkedHashMap<>();
                    row.put("configuration", c.id);
                    row.put("tls", tls.id);
                    row.put("driver", driver);
                    row.put("h2load", h2);
                    rows.add(row);
                    out.printf(
                            Locale.ROOT,
                            "  %-16s %-18s driver %.0f full handshakes/s (client CPU %.2f ms, bank CPU %.2f ms each), h2load %s%n",
                            c.id,
                            tls.id,
                            driver.path("handshakesPerSecond").asDouble(),
                            driver.path("clientCpuMsPerHandshake").asDouble(),
                            driver.path("bankCpuMsPerHandshake").asDouble(),
                            h2.containsKey("handshakesPerSecond")
                                    ? String.format(
                                            Locale.ROOT,
                                            "%.0f/s (client CPU %.2f ms, bank CPU %.2f ms each)",
                                            (Double) h2.get("handshakesPerSecond"),
                                            (Double) h2.get("clientCpuMsPerHandshake"),
                                            (Double) h2.get("bankCpuMsPerHandshake"))
                                    : h2.get("error"));
                }
            }
        }
        doc.put("results", rows);
        new ObjectMapper()
                .enable(SerializationFeature.INDENT_OUTPUT)
                .writeValue(spec.out().resolve("handshake-check.json").toFile(), doc);
    }

    /** n clients, one request each on a new connection: n full handshakes (h2load does not resume). */
    private static Map<String, Object> h2load(Servers servers, int n) throws IOException, InterruptedException {
        Map<String, Object> r = new LinkedHashMap<>();
        if (!Files.isExecutable(H2LOAD)) {
            r.put("error", "h2load missing (apt-get install -y nghttp2-client)");
            return r;
        }
        List<String> cmd = new ArrayList<>();
        if (ChildJvm.canPin()) {
            cmd.addAll(List.of("taskset", "-c", Integer.toString(Servers.DRIVER_CPU)));
        }
        cmd.addAll(List.of(
                H2LOAD.toString(),
                "--h1",
                "-n",
                Integer.toString(n),
                "-c",
                Integer.toString(n),
                "https://127.0.0.1:" + servers.bankPort() + "/bank/img/back/0"));
        // a shell runs h2load and then prints its children's CPU ticks (cutime, cstime of /proc/self/stat)
        String shell = String.join(" ", cmd) + "; echo CHILDCPU $(cut -d' ' -f16,17 /proc/$$/stat)";
        double bank0 = ProcCpu.seconds(servers.bank().pid());
        Process p = new ProcessBuilder("bash", "-c", shell)
                .redirectErrorStream(true)
                .start();
        String text = new String(p.getInputStream().readAllBytes());
        p.waitFor(120, TimeUnit.SECONDS);
        double bankCpu = ProcCpu.seconds(servers.bank().pid()) - bank0;
        Matcher cpu = Pattern.compile("CHILDCPU (\\d+) (\\d+)").matcher(text);
        double clientCpu =
                cpu.find() ? (Long.parseLong(cpu.group(1)) + Long.parseLong(cpu.group(2))) * ProcCpu.TICK_SECONDS : -1;
        Matcher f = FINISHED.matcher(text);
        Matcher s = SUCCEEDED.matcher(text);
        if (!f.find() || !s.find()) {
            r.put("error", "h2load said: " + text.strip());
            return r;
        }
        double seconds = Double.parseDouble(f.group(1)) / (f.group(2).equals("ms") ? 1000 : 1);
        long ok = Long.parseLong(s.group(2));
        r.put("command", String.join(" ", cmd));
        r.put("succeeded", ok);
        r.put("seconds", seconds);
        r.put("handshakesPerSecond", ok / seconds);
        r.put("clientCpuMsPerHandshake", 1000 * clientCpu / Math.max(1, ok));
        r.put("bankCpuMsPerHandshake", 1000 * bankCpu / Math.max(1, ok));
        return r;
    }
}
