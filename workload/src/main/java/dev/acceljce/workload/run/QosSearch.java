package dev.acceljce.workload.run;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The search for the highest number of simultaneous sessions that meets SPECweb2005's QoS (95% of
 * pages within TIME_GOOD = 2 s, 99% within TIME_TOLERABLE = 4 s): double the users from the start
 * until a point fails, then bisect between the last passing and the first failing point. A point
 * where the driver's core was the bottleneck, or where other processes took the bank's core, ends
 * the doubling and is reported as rejected; the bisection goes on below it, so the figure is the
 * highest load the bank was measured to sustain, a lower bound when a point was rejected.
 */
final class QosSearch {
    /** What the search found for one configuration and TLS setting. */
    record Outcome(
            int sessionsWithinQos,
            JsonNode best,
            JsonNode first,
            List<JsonNode> points,
            String rejected,
            boolean capped) {}

    private QosSearch() {}

    static Outcome run(RunSpec spec, Servers servers, PrintStream progress) throws Exception {
        // the JVMs are new: handshakes at full speed until the JIT has compiled the handshake code,
        // then one unreported point at the first load (caches, pools)
        JitWarmup.run(spec, servers, progress);
        progress.printf(
                Locale.ROOT,
                "  %-16s %-18s warming up at %d sessions for %.0f s%n",
                servers.configuration().id,
                servers.tls().id,
                spec.startUsers(),
                3 * spec.warmupSeconds());
        LoadPoint.run(servers, spec.startUsers(), 2 * spec.warmupSeconds(), spec.warmupSeconds());
        return search(spec, users -> point(spec, servers, users, progress));
    }

    /** One measured load point: its JSON, with {@code qosMet} and, when rejected, {@code rejected}. */
    @FunctionalInterface
    interface Measure {
        JsonNode at(int users) throws Exception;
    }

    /** The search itself, over any way of measuring a load point. */
    static Outcome search(RunSpec spec, Measure measure) throws Exception {
        List<JsonNode> points = new ArrayList<>();
        JsonNode best = null;
        JsonNode first = null;
        int pass = 0;
        int fail = -1;
        String rejected = null;
        for (int n = spec.startUsers(); n <= spec.maxUsers(); n *= 2) {
            JsonNode p = measure.at(n);
            points.add(p);
            if (first == null) {
                first = p;
            }
            if (p.has("rejected")) {
                rejected = p.path("rejected").asText();
                fail = n;
                break;
            }
            if (p.path("qosMet").asBoolean()) {
                pass = n;
                best = p;
            } else {
                fail = n;
                break;
            }
        }
        // Bisect below the first failing point. A rejected point (the driver's core, not the bank,
        // was the limit) bounds the search like a failing one: the loads between the last pass and
        // it may still be measurable, and measuring them narrows the lower bound it leaves.
        for (int step = 0; fail > 0 && step < spec.refineSteps() && fail - pass > 1; step++) {
            int mid = pass == 0 ? fail / 2 : (pass + fail) / 2;
            if (mid <= 0) {
                break;
            }
            JsonNode p = measure.at(mid);
            points.add(p);
            if (p.has("rejected")) {
                rejected = p.path("rejected").asText();
                fail = mid;
            } else if (p.path("qosMet").asBoolean()) {
                pass = mid;
                best = p;
            } else {
                fail = mid;
            }
        }
        return new Outcome(pass, best, first, points, rejected, fail < 0);
    }

    private static JsonNode point(RunSpec spec, Servers servers, int users, PrintStream progress) throws Exception {
        progress.printf(
                Locale.ROOT, "  %-16s %-18s %5d sessions ... ", servers.configuration().id, servers.tls().id, users);
        progress.flush();
        JsonNode p = LoadPoint.run(servers, users, spec.warmupSeconds(), spec.measureSeconds());
        progress.printf(
                Locale.ROOT,
                "%7.1f pages/s, %5.1f%% <2s, %5.1f%% <4s, p99 %6.0f ms, bank CPU %3.0f%% (%.2f ms/page), driver core %3.0f%%%s%s%n",
                p.path("pagesPerSecond").asDouble(),
                100 * p.path("withinGood").asDouble(),
                100 * p.path("withinTolerable").asDouble(),
                p.path("all").path("p99Ms").asDouble(),
                100 * p.path("serverCoreBusy").asDouble(),
                p.path("serverCpuMsPerPage").asDouble(),
                100 * p.path("driverCoreBusy").asDouble(),
                p.path("qosMet").asBoolean() ? "  QoS met" : "  QoS missed",
                p.has("rejected") ? "  REJECTED: " + p.path("rejected").asText() : "");
        if (p.path("errors").asLong() > 0) {
            progress.println("    errors: " + p.path("errors").asLong() + ", first: "
                    + p.path("firstError").asText());
        }
        return p;
    }
}
