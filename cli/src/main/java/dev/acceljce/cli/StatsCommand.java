package dev.acceljce.cli;

import dev.acceljce.control.CountersMXBean;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.management.InstanceNotFoundException;

/**
 * {@code acceljce stats [PID]}: the {@code icastats} of AccelJCE. Reads the counters MBeans of a
 * running JVM (attaching to it), one per copy of AccelJCE in it, or lists the JVMs that have one.
 */
final class StatsCommand implements Command {
    @Override
    public String name() {
        return "stats";
    }

    @Override
    public String summary() {
        return "operation counters of a running JVM (native vs JDK path), like icastats";
    }

    @Override
    public String usage() {
        return """
                Usage: acceljce stats [PID] [--all] [--json] [--reset] [--watch SECONDS [--count N]]

                Reads the AccelJCE counters of the running JVM PID (the MBean
                %s), like icastats: per service, the operations and bytes
                served natively (OpenSSL, with AWS-LC's share) and by the JDK's providers, the
                objects created on each path, a total line, and the OpenSSL objects allocated now. A JVM where several class
                loaders carry the jar (web applications in one container) has a copy of AccelJCE
                each, counting its own work: one table per copy, each headed by its class loader
                (in JSON: the first copy's reading, the others under "otherCopies"). Attaches with
                the JDK's attach API (the JVM must run as the same user) and starts that JVM's local
                JMX agent if it is not running yet.

                Without PID: lists the running JVMs of this user that have the MBean.

                  --all             also show services with no operations (every registered one)
                  --json            print JSON (with --watch: one document per reading)
                  --reset           zero the counters (of every copy) after reading them; with --watch after every
                                    reading, so each table covers one interval
                  --watch SECONDS   read again every SECONDS (decimals allowed) until interrupted
                  --count N         with --watch: stop after N readings
                """.formatted(CountersMXBean.OBJECT_NAME + " and, per further copy, ...,loader=NAME");
    }

    @Override
    public Set<String> flags() {
        return Set.of("--all", "--json", "--reset");
    }

    @Override
    public Set<String> options() {
        return Set.of("--watch", "--count");
    }

    @Override
    public int maxOperands() {
        return 1;
    }

    @Override
    public int run(Args args, PrintStream out) throws Exception {
        boolean json = args.flag("--json");
        if (args.operands().isEmpty()) {
            for (String needsPid : List.of("--all", "--reset", "--watch", "--count")) {
                if (args.flag(needsPid) || args.option(needsPid, null) != null) {
                    throw new Args.UsageException(needsPid + " needs a PID");
                }
            }
            list(json, out);
            return 0;
        }
        long pid = parsePid(args.operands().getFirst());
        String watch = args.option("--watch", null);
        String count = args.option("--count", null);
        if (count != null && watch == null) {
            throw new Args.UsageException("--count needs --watch");
        }
        long intervalMillis = watch == null ? 0 : intervalMillis(watch);
        long readings = watch == null ? 1 : count == null ? Long.MAX_VALUE : positive("--count", count);
        boolean all = args.flag("--all");
        boolean reset = args.flag("--reset");
        try (AttachedJvm jvm = AttachedJvm.open(pid)) {
            for (long i = 0; i < readings; i++) {
                if (i > 0) {
                    Thread.sleep(intervalMillis);
                    if (!json) {
                        out.println();
                    }
                }
                List<CountersReport> reports = read(jvm, reset);
                if (json) {
                    Map<String, Object> doc = reports.getFirst().json(all);
                    doc.put(
                            "otherCopies",
                            reports.subList(1, reports.size()).stream()
                                    .map(r -> r.json(all))
                                    .toList());
                    doc.put("reset", reset);
                    out.print(Json.write(doc));
                } else {
                    if (reports.size() > 1) {
                        out.println("pid " + pid + " has " + reports.size() + " copies of AccelJCE (one per class"
                                + " loader that carries the jar); each counts its own work.\n");
                    }
                    for (int c = 0; c < reports.size(); c++) {
                        if (c > 0) {
                            out.println();
                        }
                        out.print(reports.get(c).text(all));
                    }
                    if (reset) {
                        out.println("Counters reset.");
                    }
                }
                out.flush();
            }
        }
        return 0;
    }

    /** One reading per copy (then each reset, if asked); fails when none is left. */
    private static List<CountersReport> read(AttachedJvm jvm, boolean reset) throws Failure {
        List<CountersReport> reports = new ArrayList<>();
        for (AttachedJvm.Copy copy : jvm.copies()) {
            try {
                reports.add(CountersReport.read(jvm.pid(), copy.objectName(), copy.counters()));
                if (reset) {
                    copy.counters().reset();
                }
            } catch (RuntimeException e) { // the proxy's wrapping of what went wrong over there
                if (rootCause(e) instanceof InstanceNotFoundException) {
                    continue; // that copy's application stopped since the names were read
                }
                throw new Failure("lost pid " + jvm.pid() + ": " + (e.getCause() != null ? e.getCause() : e));
            }
        }
        if (reports.isEmpty()) {
            throw new Failure("pid " + jvm.pid() + " has no AccelJCE MBean any more");
        }
        return reports;
    }

    private static Throwable rootCause(Throwable t) {
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }

    private static void list(boolean json, PrintStream out) throws InterruptedException {
        List<AttachedJvm.Candidate> found = AttachedJvm.withCounters();
        if (json) {
            List<Object> rows = new ArrayList<>();
            for (AttachedJvm.Candidate c : found) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("pid", c.pid());
                row.put("java", c.javaVersion());
                row.put("command", c.command());
                rows.add(row);
            }
            out.print(Json.write(rows));
            return;
        }
        if (found.isEmpty()) {
            out.println("No running JVM of this user has the AccelJCE MBean " + CountersMXBean.QUERY + ".");
            return;
        }
        MarkdownTable table = new MarkdownTable(">PID", "Java", "Command");
        for (AttachedJvm.Candidate c : found) {
            table.row(Long.toString(c.pid()), c.javaVersion(), c.command());
        }
        out.print(table.render());
        out.println("\n./acceljce stats PID shows one JVM's counters.");
    }

    private static long parsePid(String s) throws Args.UsageException {
        return positive("PID", s);
    }

    private static long positive(String what, String s) throws Args.UsageException {
        try {
            long v = Long.parseLong(s);
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new Args.UsageException(what + " must be a positive whole number, not '" + s + "'");
    }

    private static long intervalMillis(String s) throws Args.UsageException {
        try {
            double seconds = Double.parseDouble(s);
            if (seconds > 0 && seconds <= 86_400) {
                return Math.max(1, Math.round(seconds * 1000));
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new Args.UsageException("--watch takes seconds between 0 and 86400, not '" + s + "'");
    }
}
