package dev.acceljce.ssh.throughput;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * The results as the seed's Table 2 (one row per cipher and MAC, per protocol) with one column
 * per engine, and as a bar chart. A cell is the median of the runs, with their range.
 */
public final class ThroughputTable {
    private final List<CopyResult> results;
    private final List<String> engines;

    public ThroughputTable(List<CopyResult> results, List<String> engines) {
        this.results = List.copyOf(results);
        this.engines = List.copyOf(engines);
    }

    /**
     * Median, lowest and highest MB/s of the runs of one engine, protocol and algorithm choice; the
     * median run's CPU seconds; and the median of MB per CPU second, which a loaded machine
     * disturbs less than MB/s (time spent waiting for the CPU is not in it).
     */
    record Cell(double mbps, double low, double high, double cpuSeconds, double mbPerCpuSecond, String servedBy) {}

    Cell cell(String engine, CopyCase.Protocol p, String algorithms) {
        List<CopyResult> runs = results.stream()
                .filter(r -> r.engine().equals(engine)
                        && r.protocol() == p
                        && r.algorithms().equals(algorithms))
                .sorted(Comparator.comparingDouble(CopyResult::mbPerSecond))
                .toList();
        if (runs.isEmpty()) {
            return null;
        }
        CopyResult median = runs.get(runs.size() / 2);
        double[] perCpu = runs.stream()
                .mapToDouble(r -> r.bytes() / 1e6 / r.cpuSeconds())
                .sorted()
                .toArray();
        return new Cell(
                median.mbPerSecond(),
                runs.getFirst().mbPerSecond(),
                runs.getLast().mbPerSecond(),
                median.cpuSeconds(),
                perCpu[perCpu.length / 2],
                median.servedBy());
    }

    /** The rows of one protocol, slowest first on the last engine (as the seed sorts). */
    List<String> rows(CopyCase.Protocol p) {
        String last = engines.getLast();
        return results.stream()
                .filter(r -> r.protocol() == p)
                .map(CopyResult::algorithms)
                .distinct()
                .sorted(Comparator.comparingDouble(a -> {
                    Cell c = cell(last, p, a);
                    return c == null ? 0 : c.mbps();
                }))
                .toList();
    }

    public String markdown() {
        StringBuilder b = new StringBuilder();
        for (CopyCase.Protocol p : protocols()) {
            b.append("\n")
                    .append(p)
                    .append(": MB/s (median of the runs, lowest-highest), CPU seconds of both ends")
                    .append(" (median run), MB per CPU second (median)\n\n");
            b.append("| Cipher (+ MAC) |");
            engines.forEach(e -> b.append(' ').append(e).append(" MB/s | CPU s | MB/CPU s |"));
            if (engines.contains(MinaCopier.ENGINE_JDK) && engines.contains(MinaCopier.ENGINE_ACCELJCE)) {
                b.append(" AccelJCE / JDK, MB/s | AccelJCE / JDK, MB/CPU s |");
            }
            b.append("\n| --- |");
            engines.forEach(e -> b.append(" ---: | ---: | ---: |"));
            if (engines.contains(MinaCopier.ENGINE_JDK) && engines.contains(MinaCopier.ENGINE_ACCELJCE)) {
                b.append(" ---: | ---: |");
            }
            b.append('\n');
            for (String a : rows(p)) {
                b.append("| ").append(a).append(" |");
                for (String e : engines) {
                    Cell c = cell(e, p, a);
                    b.append(
                            c == null
                                    ? " - | - | - |"
                                    : String.format(
                                            Locale.ROOT,
                                            " %.0f (%.0f-%.0f) | %.2f | %.0f |",
                                            c.mbps(),
                                            c.low(),
                                            c.high(),
                                            c.cpuSeconds(),
                                            c.mbPerCpuSecond()));
                }
                Cell jdk = cell(MinaCopier.ENGINE_JDK, p, a);
                Cell acc = cell(MinaCopier.ENGINE_ACCELJCE, p, a);
                if (engines.contains(MinaCopier.ENGINE_JDK) && engines.contains(MinaCopier.ENGINE_ACCELJCE)) {
                    b.append(
                            jdk == null || acc == null
                                    ? " - | - |"
                                    : String.format(
                                            Locale.ROOT,
                                            " %.2f | %.2f |",
                                            acc.mbps() / jdk.mbps(),
                                            acc.mbPerCpuSecond() / jdk.mbPerCpuSecond()));
                }
                b.append('\n');
            }
        }
        Map<String, String> served = new LinkedHashMap<>();
        for (CopyResult r : results) {
            if (!r.servedBy().isEmpty()) {
                served.putIfAbsent(r.protocol() + " " + r.algorithms(), r.servedBy());
            }
        }
        if (!served.isEmpty()) {
            b.append("\nWhat served MINA+AccelJCE (AccelJCE's counters over one copy of each row):\n\n");
            b.append("| Copy | Cipher and MAC services |\n| --- | --- |\n");
            served.forEach(
                    (k, v) -> b.append("| ").append(k).append(" | ").append(v).append(" |\n"));
        }
        return b.toString();
    }

    private List<CopyCase.Protocol> protocols() {
        return results.stream().map(CopyResult::protocol).distinct().sorted().toList();
    }

    /**
     * Bar charts per protocol: MB/s ({@code prefix-sftp.png}, {@code prefix-scp.png}) and MB per
     * CPU second ({@code prefix-sftp-cpu.png}, ...); returns the files.
     */
    public List<Path> charts(Path dir, String prefix, String subtitle) throws IOException {
        List<Path> out = new ArrayList<>();
        for (CopyCase.Protocol p : protocols()) {
            out.add(chart(
                    dir.resolve(prefix + "-" + p.name().toLowerCase(Locale.ROOT) + ".png"),
                    p,
                    "MB/s (median)",
                    subtitle,
                    Cell::mbps));
            out.add(chart(
                    dir.resolve(prefix + "-" + p.name().toLowerCase(Locale.ROOT) + "-cpu.png"),
                    p,
                    "MB per CPU second of both ends (median)",
                    subtitle,
                    Cell::mbPerCpuSecond));
        }
        return out;
    }

    private Path chart(
            Path file,
            CopyCase.Protocol p,
            String metric,
            String subtitle,
            java.util.function.ToDoubleFunction<Cell> value)
            throws IOException {
        List<String> rows = rows(p);
        CategoryChart chart = new CategoryChartBuilder()
                .width(1100)
                .height(560)
                .title(p + " upload over loopback, " + metric + " - " + subtitle)
                .xAxisTitle("cipher (+ MAC)")
                .yAxisTitle(metric.replace(" (median)", ""))
                .build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setXAxisLabelRotation(20);
        chart.getStyler().setAvailableSpaceFill(0.8);
        for (String e : engines) {
            List<Double> ys = rows.stream()
                    .map(a -> {
                        Cell c = cell(e, p, a);
                        return c == null ? 0.0 : value.applyAsDouble(c);
                    })
                    .collect(Collectors.toList());
            chart.addSeries(e, rows.stream().map(ThroughputTable::shortName).toList(), ys);
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        return file;
    }

    private static String shortName(String algorithms) {
        return algorithms.replace("@openssh.com", "").replace("hmac-", "");
    }
}
