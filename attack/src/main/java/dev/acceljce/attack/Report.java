package dev.acceljce.attack;

import dev.acceljce.attack.AttackMain.Row;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The run's table (one line per check and configuration, AccelJCE-TLS beside SunJSSE) and the
 * list of problems: a finding on AccelJCE-TLS that SunJSSE does not show, a server that died, an
 * AccelJCE native object left after a check, a server that could see BouncyCastle.
 */
public final class Report {
    private Report() {}

    public static String markdown(List<Row> rows) {
        return markdown(rows, "server");
    }

    /** The table; {@code peer} names what the stacks were ("server", or "client" for ClientProbes). */
    public static String markdown(List<Row> rows, String peer) {
        Map<String, Row[]> pairs = pairs(rows);
        StringBuilder sb = new StringBuilder();
        sb.append("| Certificate, suites | Check | AccelJCE-TLS | SunJSSE | AccelJCE-TLS " + peer + " saw | SunJSSE "
                + peer + " saw |\n");
        sb.append("|---|---|---|---|---|---|\n");
        for (Row[] p : pairs.values()) {
            Row any = p[0] != null ? p[0] : p[1];
            sb.append("| ")
                    .append(any.kind().key())
                    .append(", ")
                    .append(any.kind().suites());
            sb.append(" | ").append(any.check().name());
            sb.append(" | ").append(cell(p[0])).append(" | ").append(cell(p[1]));
            sb.append(" | ").append(saw(p[0])).append(" | ").append(saw(p[1])).append(" |\n");
        }
        return sb.toString();
    }

    /** Rows keyed by key kind, suites and check, [AccelJCE-TLS, SunJSSE]. */
    static Map<String, Row[]> pairs(List<Row> rows) {
        Map<String, Row[]> pairs = new LinkedHashMap<>();
        for (Row r : rows) {
            Row[] p = pairs.computeIfAbsent(
                    r.kind().key() + "|" + r.kind().suites() + "|" + r.check().name(), k -> new Row[2]);
            p[r.kind().ours() ? 0 : 1] = r;
        }
        return pairs;
    }

    private static String cell(Row r) {
        if (r == null) {
            return "not run";
        }
        String v = r.outcome().verdict();
        String note = r.outcome().note();
        return (r.outcome().vulnerable() == Boolean.TRUE ? "**" + v + "**" : v)
                + (note.isEmpty() ? "" : ": " + escape(note));
    }

    private static String saw(Row r) {
        if (r == null || r.server() == null) {
            return r == null ? "" : "**server gone**";
        }
        Map<String, String> s = r.server();
        StringBuilder sb = new StringBuilder();
        sb.append(s.get("accepted"))
                .append(" conn., ")
                .append(s.get("handshakes"))
                .append(" handshakes");
        if (!s.getOrDefault("failures", "").isEmpty()) {
            sb.append("; ").append(s.get("failures"));
        }
        if (!r.alive()) {
            sb.append("; **server died**");
        }
        if (r.kind().ours() && !r.nothingLeaked()) {
            sb.append("; **left after the check: SSL ")
                    .append(s.get("liveSsl"))
                    .append(", BIO ")
                    .append(s.get("liveBio"))
                    .append(", callbacks ")
                    .append(s.get("callbacks"))
                    .append(", open ")
                    .append(s.get("open"))
                    .append("**");
        }
        return escape(sb.toString());
    }

    private static String escape(String s) {
        return s.replace("|", "/").replace("\n", " ");
    }

    /** What must not happen; empty when the run is clean. */
    public static List<String> problems(List<Row> rows) {
        List<String> problems = new ArrayList<>();
        for (Row[] p : pairs(rows).values()) {
            Row ours = p[0];
            Row theirs = p[1];
            if (ours == null) {
                continue;
            }
            String where = ours.kind() + " / " + ours.check().name();
            if (ours.outcome().vulnerable() == Boolean.TRUE
                    && (theirs == null || !Objects.equals(theirs.outcome().vulnerable(), Boolean.TRUE))) {
                problems.add(where + ": vulnerable on AccelJCE-TLS, not on SunJSSE ("
                        + ours.outcome().note() + ")");
            }
            if (!ours.alive()) {
                problems.add(where + ": the AccelJCE-TLS server died");
            } else if (!ours.nothingLeaked()) {
                problems.add(where + ": native objects or connections left: " + ours.server());
            }
            for (Row r : p) {
                if (r != null && r.server() != null && "true".equals(r.server().get("bouncyCastleVisible"))) {
                    problems.add(where + ": the server could see BouncyCastle");
                }
            }
        }
        return problems;
    }
}
