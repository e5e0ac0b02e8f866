package dev.acceljce.attack;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.config.Configurator;

/**
 * Runs checks against pairs of targets (AccelJCE-TLS and SunJSSE with the same key and protocols)
 * and writes a Markdown table: each check's verdict per stack, what each server saw, and whether
 * the server was alive with every AccelJCE native object freed after it.
 *
 * <p>{@code AttackMain [--out report.md] [--keys rsa2048,ec256] [--suites defaults,legacy]
 * [--checks name-prefix,...] [--side server|client|both]}; scripts/tls-attacker.sh runs it. The client
 * side ({@link ClientProbes}: TLS-Attacker as the server, RSA-2048 only) gets a table of its own.
 */
public final class AttackMain {
    /** One check's result on one target, and the server's account of it. */
    public record Row(
            Check check,
            Target.Kind kind,
            Check.Outcome outcome,
            long millis,
            Map<String, String> server,
            boolean alive) {
        /** AccelJCE's SSL objects, network BIOs and callback entries all gone after the check. */
        public boolean nothingLeaked() {
            return server != null
                    && "0".equals(server.get("liveSsl"))
                    && "0".equals(server.get("liveBio"))
                    && "0".equals(server.get("callbacks"))
                    && "0".equals(server.get("open"));
        }
    }

    private AttackMain() {}

    public static void main(String[] args) throws Exception {
        Path out = Path.of("attack/target/tls-attacker-report.md");
        List<String> keys = List.of("rsa2048", "ec256");
        List<String> suites = List.of("defaults", "legacy");
        List<String> only = List.of();
        String side = "both";
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--out" -> out = Path.of(args[++i]);
                case "--keys" -> keys = List.of(args[++i].split(","));
                case "--suites" -> suites = List.of(args[++i].split(","));
                case "--checks" -> only = List.of(args[++i].split(","));
                case "--side" -> {
                    side = args[++i];
                    if (!List.of("server", "client", "both").contains(side)) {
                        throw new IllegalArgumentException("--side server, client or both: " + side);
                    }
                }
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        quietLogs();
        List<Check> checks = new ArrayList<>();
        for (Check c : allChecks()) {
            if (only.isEmpty() || only.stream().anyMatch(p -> c.name().contains(p))) {
                checks.add(c);
            }
        }
        Path dir = Files.createTempDirectory("acceljce-attack-");
        List<Row> rows = new ArrayList<>();
        for (String key : side.equals("client") ? List.<String>of() : keys) {
            for (String s : suites) {
                for (String stack : List.of("AccelJCE-TLS", "SunJSSE")) {
                    rows.addAll(runAll(new Target.Kind(stack, key, s), Keys.store(dir, key), checks));
                }
            }
        }
        String report = rows.isEmpty() ? "" : Report.markdown(rows);
        if (!side.equals("server")) {
            List<ClientProbes.Probe> probes = new ArrayList<>();
            for (ClientProbes.Probe p : ClientProbes.all()) {
                if (only.isEmpty() || only.stream().anyMatch(n -> p.name().contains(n))) {
                    probes.add(p);
                }
            }
            List<Row> clientRows = new ArrayList<>();
            for (String stack : probes.isEmpty() ? List.<String>of() : List.of("AccelJCE-TLS", "SunJSSE")) {
                clientRows.addAll(ClientRun.runAll(
                        new Target.Kind(stack, "rsa2048", "client"), Keys.store(dir, "rsa2048"), probes));
            }
            report += clientRows.isEmpty() ? "" : "\n" + Report.markdown(clientRows, "client");
            rows.addAll(clientRows);
        }
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, report, StandardCharsets.UTF_8);
        System.out.println(report);
        System.out.println("written to " + out);
        List<String> problems = Report.problems(rows);
        problems.forEach(p -> System.out.println("PROBLEM: " + p));
        System.exit(problems.isEmpty() ? 0 : 1);
    }

    public static List<Check> allChecks() {
        List<Check> all = new ArrayList<>(AttackChecks.all());
        all.addAll(WorkflowProbes.all());
        return all;
    }

    /** TLS-Attacker logs every record at INFO; warnings and errors are enough here. */
    public static void quietLogs() {
        Configurator.setRootLevel(Level.ERROR);
        Configurator.setAllLevels("de.rub.nds", Level.ERROR);
    }

    /** Starts one target, runs every check against it, stops it (also on failure). */
    public static List<Row> runAll(Target.Kind kind, Path store, List<Check> checks) throws IOException {
        List<Row> rows = new ArrayList<>();
        try (Target t = Target.start(kind, store)) {
            for (Check c : checks) {
                long start = System.nanoTime();
                Check.Outcome o;
                try {
                    o = c.run().apply(t);
                } catch (Throwable e) {
                    o = new Check.Outcome(
                            null,
                            "the tool failed: " + e.getClass().getSimpleName() + ": "
                                    + Objects.toString(e.getMessage(), "")
                                            .lines()
                                            .findFirst()
                                            .orElse(""));
                }
                long millis = (System.nanoTime() - start) / 1_000_000;
                Map<String, String> server = null;
                try {
                    server = t.alive() ? t.stats() : null;
                } catch (IOException e) {
                    server = new LinkedHashMap<>(Map.of("failures", "no answer: " + e.getMessage()));
                }
                Row r = new Row(c, kind, o, millis, server, t.alive());
                System.err.printf(
                        "%-28s %-60s %-15s %6d ms  server: %s%n", kind, c.name(), o.verdict(), millis, server);
                rows.add(r);
            }
        }
        return rows;
    }
}
