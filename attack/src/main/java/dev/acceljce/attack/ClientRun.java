package dev.acceljce.attack;

import dev.acceljce.attack.AttackMain.Row;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs {@link ClientProbes} against one client JVM ({@link ClientTarget}), started once and stopped
 * at the end (also on failure); each row carries the client's account after the probe (alive,
 * AccelJCE's native objects after a GC), read by {@link Report} as a server's would be.
 */
public final class ClientRun {
    private ClientRun() {}

    public static List<Row> runAll(Target.Kind kind, Path store, List<ClientProbes.Probe> probes) throws IOException {
        List<Row> rows = new ArrayList<>();
        try (ClientTarget client = ClientTarget.start(kind, store)) {
            for (ClientProbes.Probe p : probes) {
                long start = System.nanoTime();
                Check.Outcome o;
                try {
                    o = ClientProbes.run(p, client, store);
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
                Map<String, String> seen;
                try {
                    seen = client.alive() ? client.stats() : null;
                } catch (IOException e) {
                    seen = new LinkedHashMap<>(Map.of("failures", "no answer: " + e.getMessage()));
                }
                Row r = new Row(ClientProbes.asCheck(p), kind, o, millis, seen, client.alive());
                System.err.printf(
                        "%-28s %-40s %-15s %6d ms  %s  client: %s%n",
                        kind, p.name(), o.verdict(), millis, o.note(), seen);
                rows.add(r);
            }
        }
        return rows;
    }
}
