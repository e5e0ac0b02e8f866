package dev.acceljce.workload.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.acceljce.workload.site.Page;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The results of a run: the summary table (printed and in Markdown), the per-page response
 * times, the lock contention, one JSON document with every load point, and the charts.
 */
final class Report {
    private final RunSpec spec;
    private final List<WorkloadMain.Result> results;
    private final String command;

    Report(RunSpec spec, List<WorkloadMain.Result> results, String command) {
        this.spec = spec;
        this.results = results;
        this.command = command;
    }

    void write() throws IOException {
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("command", "./acceljce workload " + command);
        doc.put("machine", Machine.describe());
        doc.put("spec", spec);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (WorkloadMain.Result r : results) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("configuration", r.configuration().id);
            m.put("description", r.configuration().description);
            m.put("tls", r.tls().id);
            if (r.error() != null) {
                m.put("error", r.error());
            } else {
                m.put("sessionsWithinQos", r.outcome().sessionsWithinQos());
                m.put("rejected", r.outcome().rejected());
                m.put("searchCapped", r.outcome().capped());
                m.put("points", r.outcome().points());
            }
            if (r.tokenProof() != null) {
                m.put("tokenLog", r.tokenProof());
            }
            rows.add(m);
        }
        doc.put("results", rows);
        json.writeValue(spec.out().resolve("workload.json").toFile(), doc);
        Files.writeString(spec.out().resolve("workload.md"), markdown());
        Charts.write(spec, results);
    }

    /** The summary table, one row per configuration and TLS setting. */
    String table() {
        StringBuilder b = new StringBuilder();
        b.append("| TLS | configuration | sessions within QoS | vs jdk-software | pages/s | avg ms | p95 ms | p99 ms "
                        + "| bank CPU ms/page @")
                .append(spec.startUsers())
                .append(" | bank CPU ms/page @max | bank handshakes per page: front full / resumed, BeSim full "
                        + "| AccelJCE ops native/JDK | note |\n");
        b.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |\n");
        for (WorkloadMain.Result r : results) {
            b.append("| ")
                    .append(r.tls().id)
                    .append(" | ")
                    .append(r.configuration().id)
                    .append(" | ");
            if (r.error() != null) {
                b.append("failed | | | | | | | | | | ")
                        .append(r.error().lines().findFirst().orElse(""))
                        .append(" |\n");
                continue;
            }
            QosSearch.Outcome o = r.outcome();
            JsonNode best = o.best();
            JsonNode first = o.first();
            b.append(o.sessionsWithinQos()).append(o.capped() ? "+" : "").append(" | ");
            b.append(ratio(r)).append(" | ");
            if (best == null) {
                b.append(" | | | | ");
            } else {
                b.append(f1(best.path("pagesPerSecond").asDouble()))
                        .append(" | ")
                        .append(f1(best.path("all").path("avgMs").asDouble()))
                        .append(" | ")
                        .append(f1(best.path("all").path("p95Ms").asDouble()))
                        .append(" | ")
                        .append(f1(best.path("all").path("p99Ms").asDouble()))
                        .append(" | ");
            }
            b.append(first == null ? "" : f2(first.path("serverCpuMsPerPage").asDouble()))
                    .append(" | ");
            b.append(best == null ? "" : f2(best.path("serverCpuMsPerPage").asDouble()))
                    .append(" | ");
            JsonNode h = best != null ? best : first;
            if (h != null && h.path("pageCount").asLong() > 0) {
                double pages = h.path("pageCount").asDouble();
                b.append(f2(h.path("bank").path("fullHandshakes").asDouble() / pages))
                        .append(" / ")
                        .append(f2(h.path("bank").path("resumedHandshakes").asDouble() / pages))
                        .append(" / ")
                        .append(f2(h.path("bank").path("besimConnections").asDouble() / pages));
            }
            b.append(" | ")
                    .append(h == null ? "" : counters(h.path("bank").path("acceljceCounters")))
                    .append(" | ");
            if (o.rejected() != null) {
                b.append("a lower bound: a higher load was rejected (")
                        .append(o.rejected())
                        .append(")");
            } else if (o.capped()) {
                b.append("search hit --max-users");
            }
            b.append(" |\n");
        }
        return b.toString();
    }

    private String ratio(WorkloadMain.Result r) {
        for (WorkloadMain.Result base : results) {
            if (base.tls() == r.tls()
                    && base.configuration().id.equals("jdk-software")
                    && base.error() == null
                    && base.outcome().sessionsWithinQos() > 0) {
                return f2((double) r.outcome().sessionsWithinQos()
                        / base.outcome().sessionsWithinQos());
            }
        }
        return "";
    }

    /** The token's own log of the runs with the key in a token ({@link TokenProof}). */
    private void tokenLog(StringBuilder b) {
        List<WorkloadMain.Result> token =
                results.stream().filter(r -> r.configuration().tokenKey()).toList();
        if (token.isEmpty()) {
            return;
        }
        b.append("\n## The token's own log (pkcs11-token, acceljce-tls-token)\n\n");
        b.append(
                "Before each run with the key in the token, a JVM set up as its bank (SunJSSE or AccelJCE-TLS) ran full handshakes with the key in the\n"
                        + "token while OpenSC's pkcs11-spy, between SunPKCS11 and SoftHSM2, logged every PKCS#11 call the\n"
                        + "token received: one private-key call per handshake (C_Sign/C_SignFinal, or C_Decrypt with RSA key\n"
                        + "exchange) says the token did the server's key operation; AccelJCE's operations there are the\n"
                        + "client's verifications (or RSA encryptions).\n\n");
        b.append(
                "| configuration | TLS | full handshakes | token C_Sign + C_SignFinal | token C_Decrypt | AccelJCE signature / Cipher.RSA ops | |\n");
        b.append("| --- | --- | ---: | ---: | ---: | ---: | --- |\n");
        for (WorkloadMain.Result r : token) {
            TokenProof.Account a = r.tokenProof();
            if (a == null) {
                b.append("| ")
                        .append(r.configuration().id)
                        .append(" | ")
                        .append(r.tls().id)
                        .append(" | | | | | not run: ")
                        .append(
                                r.error() != null
                                        ? "the configuration failed"
                                        : "OpenSC's pkcs11-spy is missing (apt-get install -y opensc-pkcs11)")
                        .append(" |\n");
                continue;
            }
            b.append("| ")
                    .append(r.configuration().id)
                    .append(" | ")
                    .append(r.tls().id)
                    .append(" | ")
                    .append(a.handshakes())
                    .append(" | ")
                    .append(a.tokenSigns())
                    .append(" | ")
                    .append(a.tokenDecrypts())
                    .append(" | ")
                    .append(a.acceljceOps())
                    .append(" | ")
                    .append(a.tokenDidEveryHandshake() ? "the token did every handshake's key operation" : "MISMATCH")
                    .append(" |\n");
        }
    }

    private static String counters(JsonNode rows) {
        if (!rows.isArray()) {
            return "-";
        }
        long nat = 0;
        long jdk = 0;
        for (JsonNode row : rows) {
            nat += row.path("nativeOps").asLong();
            jdk += row.path("jdkOps").asLong();
        }
        return nat + " / " + jdk;
    }

    String markdown() {
        StringBuilder b =
                new StringBuilder("# Workload results (").append(spec.mode()).append(")\n\n");
        b.append("Command: `./acceljce workload ").append(command).append("`  \n");
        b.append("Machine: ").append(Machine.describe()).append("  \n");
        b.append(String.format(
                Locale.ROOT,
                "Think time: exponential, mean %.1f s (%s); each bank JVM first serves %.0f s of full handshakes (16 clients, JIT warm-up); warm-up %.0f s, measured %.0f s per load point; BeSim: %s.%n%n",
                spec.thinkMeanSeconds(),
                spec.thinkMeanSeconds() == 10.0 ? "faithful" : "compressed",
                spec.jitWarmupSeconds(),
                spec.warmupSeconds(),
                spec.measureSeconds(),
                spec.besimMode()));
        b.append(table()).append('\n');
        b.append("## Response time per page type at the highest load within QoS (avg / p95 / p99 ms)\n\n| page |");
        List<WorkloadMain.Result> ok = results.stream()
                .filter(r -> r.error() == null && r.outcome().best() != null)
                .toList();
        for (WorkloadMain.Result r : ok) {
            b.append(' ')
                    .append(r.configuration().id)
                    .append(" (")
                    .append(r.tls().id)
                    .append(") |");
        }
        b.append("\n| ---").append(" | ---".repeat(ok.size())).append(" |\n");
        for (Page p : Page.values()) {
            b.append("| ").append(p.path).append(" |");
            for (WorkloadMain.Result r : ok) {
                JsonNode row = r.outcome().best().path("pages").path(p.path);
                b.append(' ')
                        .append(f1(row.path("avgMs").asDouble()))
                        .append(" / ")
                        .append(f1(row.path("p95Ms").asDouble()))
                        .append(" / ")
                        .append(f1(row.path("p99Ms").asDouble()))
                        .append(" |");
            }
            b.append('\n');
        }
        b.append("\n## Who did what: AccelJCE's counters against the bank's handshakes (first load point)\n\n");
        b.append("Every BeSim call is a full handshake with the bank as client (it verifies BeSim's signature, or for\n"
                + "RSA key exchange encrypts a premaster secret); every full front handshake is one server signature\n"
                + "(or one premaster decryption). So AccelJCE's signature (or Cipher.RSA) operations equal BeSim\n"
                + "calls + front full handshakes when AccelJCE signs, and BeSim calls alone when the token signs.\n\n");
        b.append(
                "| configuration | TLS | front full | front resumed | BeSim calls | AccelJCE signature / Cipher.RSA ops | key agreement ops | AccelJCE native ops | JDK-path ops |\n");
        b.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (WorkloadMain.Result r : results) {
            if (r.error() != null
                    || r.outcome().first() == null
                    || !r.configuration().usesAccelJce()) {
                continue;
            }
            JsonNode bank = r.outcome().first().path("bank");
            long sig = 0;
            long agree = 0;
            long nat = 0;
            long jdk = 0;
            for (JsonNode row : bank.path("acceljceCounters")) {
                String service = row.path("service").asText();
                long ops = row.path("nativeOps").asLong() + row.path("jdkOps").asLong();
                if (service.startsWith("Signature.") || service.equals("Cipher.RSA")) {
                    sig += ops;
                } else if (service.startsWith("KeyAgreement.")) {
                    agree += ops;
                }
                nat += row.path("nativeOps").asLong();
                jdk += row.path("jdkOps").asLong();
            }
            b.append("| ")
                    .append(r.configuration().id)
                    .append(" | ")
                    .append(r.tls().id)
                    .append(" | ")
                    .append(bank.path("fullHandshakes").asLong())
                    .append(" | ")
                    .append(bank.path("resumedHandshakes").asLong())
                    .append(" | ")
                    .append(bank.path("besimConnections").asLong())
                    .append(" | ")
                    .append(sig)
                    .append(" | ")
                    .append(agree)
                    .append(" | ")
                    .append(nat)
                    .append(" | ")
                    .append(jdk)
                    .append(" |\n");
        }
        tokenLog(b);
        b.append(
                "\n## Lock contention (JFR jdk.JavaMonitorEnter >= 1 ms, and thread dumps, in the bank, at the highest load point run)\n\n");
        for (WorkloadMain.Result r : results) {
            if (r.error() != null || r.outcome().points().isEmpty()) {
                continue;
            }
            JsonNode last = r.outcome().points().getLast();
            b.append("- ")
                    .append(r.configuration().id)
                    .append(" (")
                    .append(r.tls().id)
                    .append(", ")
                    .append(last.path("users").asInt())
                    .append(" sessions): ");
            JsonNode locks = last.path("locks");
            List<String> parts = new ArrayList<>();
            for (JsonNode l : locks) {
                parts.add(String.format(
                        Locale.ROOT,
                        "`%s` %d events, %.0f ms",
                        l.path("monitor").asText(),
                        l.path("events").asLong(),
                        l.path("blockedMs").asDouble()));
                if (parts.size() == 3) {
                    break;
                }
            }
            b.append(parts.isEmpty() ? "none recorded" : String.join("; ", parts))
                    .append(threadDumps(last.path("threadDumps")))
                    .append('\n');
        }
        return b.toString();
    }

    /** The thread dumps' part of a lock line: the locks most threads were queued on. */
    static String threadDumps(JsonNode dumps) {
        if (dumps.isMissingNode() || dumps.isNull()) {
            return ""; // a run from before the sampler
        }
        List<String> parts = new ArrayList<>();
        for (JsonNode l : dumps.path("locks")) {
            parts.add(String.format(
                    Locale.ROOT,
                    "`%s` %d",
                    l.path("lock").asText(),
                    l.path("threadSamples").asLong()));
            if (parts.size() == 3) {
                break;
            }
        }
        return String.format(
                Locale.ROOT,
                "; thread dumps (%d, every %d ms), threads queued per lock summed over them: %s",
                dumps.path("dumps").asInt(),
                dumps.path("intervalMs").asLong(),
                parts.isEmpty() ? "none" : String.join("; ", parts));
    }

    static String f1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    static String f2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
