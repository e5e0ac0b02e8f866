package dev.acceljce.cli.report;

import dev.acceljce.bench.BenchmarkProviders;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * The seeds' charts for a suite run, drawn with XChart: per family one PNG, payload sizes along
 * the x axis and one bar per provider, each bar the provider's speed relative to the JDK's at that
 * size on a log scale (1.00 = as fast as the JDK; the bar's label is the speed-up), and under the axis the seed
 * 000 summaries of AccelJCE against the JDK (and against JDK-sw, native off, where measured):
 * Method A, ratio of geomeans, and Method B, geomean of ratios. Absolute scores are in the
 * report's table; a relative scale lets 32 B and 16 KiB share one chart.
 */
public final class PeerCharts {
    /** One color per provider in every chart (a variant in a lighter shade of its provider's). */
    static final java.util.Map<String, Color> COLORS = java.util.Map.of(
            BenchmarkProviders.ACCELJCE,
            new Color(0x1f77b4),
            BenchmarkProviders.ACCELJCE_NATIVE,
            new Color(0x9ecae1),
            BenchmarkProviders.ACCELJCE_OPENSSL,
            new Color(0x6baed6),
            BenchmarkProviders.ACCELJCE_AWSLC,
            new Color(0x08519c),
            BenchmarkProviders.JDK,
            new Color(0xff7f0e),
            BenchmarkProviders.JDK_SW,
            new Color(0xfdd0a2),
            BenchmarkProviders.ACCP,
            new Color(0xd62728),
            BenchmarkProviders.CONSCRYPT,
            new Color(0x2ca02c),
            BenchmarkProviders.BC,
            new Color(0x9467bd));

    /** The log axis' usual floor, and a value far below any floor that stands for "no score" (no bar). */
    private static final double AXIS_MIN = 0.01;

    private static final double MISSING = 1e-9;

    private PeerCharts() {}

    /** Draws one chart per family into {@code directory}; returns the files written. */
    public static List<Path> draw(List<PeerReport.Group> groups, Path directory) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Files.createDirectories(directory);
        List<Path> written = new ArrayList<>();
        for (PeerReport.Group g : groups) {
            CategoryChart chart = chart(g);
            if (chart == null) {
                continue;
            }
            Path file = directory.resolve(g.slug() + ".png");
            BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
            written.add(file);
        }
        return written;
    }

    /** The chart of one family, or null when no provider has a score to draw. */
    static CategoryChart chart(PeerReport.Group g) {
        List<PerformanceReport.SizeKey> sizes = new ArrayList<>(g.rows.keySet());
        List<String> providers = g.providerOrder().stream()
                .filter(p -> sizes.stream().anyMatch(s -> !Double.isNaN(g.score(s, p))))
                .toList();
        if (providers.isEmpty()) {
            return null;
        }
        String baseline = providers.contains(BenchmarkProviders.JDK) ? BenchmarkProviders.JDK : providers.getFirst();
        CategoryChart chart = new CategoryChartBuilder()
                .width(1100)
                .height(540)
                .title(g.title() + ": speed relative to " + baseline + " (higher is better)")
                .xAxisTitle(xAxisTitle(g, sizes))
                .yAxisTitle("× " + baseline)
                .build();
        Styler.ChartTheme theme = Styler.ChartTheme.XChart;
        chart.getStyler().setTheme(theme.newInstance(theme));
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
        chart.getStyler().setLabelsFontColor(Color.DARK_GRAY);
        chart.getStyler().setLabelsFontColorAutomaticEnabled(false);
        chart.getStyler().setDecimalPattern("0.00");
        chart.getStyler().setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
        chart.getStyler().setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        // a log scale: one run's ratios span 0.01× to 100×, and a linear axis hides all but the largest
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisMin(axisMin(g, sizes, providers, baseline));
        chart.getStyler().setLabelsRotation(90);
        List<String> x = sizes.stream()
                .map(s -> s.bytes() < 0 ? s.label() : s.label() + " B")
                .toList();
        for (String p : providers) {
            List<Double> y = new ArrayList<>();
            for (PerformanceReport.SizeKey s : sizes) {
                double base = g.score(s, baseline);
                double v = g.score(s, p);
                // no bar where either score is missing ("not offered" or "failed": see the table)
                // XChart's log axis takes no null or zero: a missing score is a value below the axis
                y.add(Double.isNaN(v) || Double.isNaN(base) ? MISSING : v / base);
            }
            chart.addSeries(p, x, y).setFillColor(COLORS.getOrDefault(p, Color.GRAY));
        }
        return chart;
    }

    /** The log axis' floor: 0.01, or the power of ten below the smallest ratio when one is lower. */
    private static double axisMin(
            PeerReport.Group g, List<PerformanceReport.SizeKey> sizes, List<String> providers, String baseline) {
        double min = AXIS_MIN;
        for (PerformanceReport.SizeKey s : sizes) {
            for (String p : providers) {
                double r = g.score(s, p) / g.score(s, baseline);
                if (r > 0 && r < min) {
                    min = Math.pow(10, Math.floor(Math.log10(r)));
                }
            }
        }
        return min;
    }

    /** The x axis title: the sizes' unit and the seed's two summaries for AccelJCE. */
    private static String xAxisTitle(PeerReport.Group g, List<PerformanceReport.SizeKey> sizes) {
        StringBuilder t = new StringBuilder();
        for (String against : List.of(BenchmarkProviders.JDK, BenchmarkProviders.JDK_SW)) {
            PerformanceReport.Summary s = g.summary(BenchmarkProviders.ACCELJCE, against);
            if (s.sizes() > 0) {
                t.append(t.isEmpty() ? "" : "  ·  ")
                        .append(String.format(
                                Locale.ROOT,
                                "AccelJCE / %s: A %.2f×, B %.2f×",
                                against,
                                s.ratioOfGeomeans(),
                                s.geomeanOfRatios()));
            }
        }
        if (!t.isEmpty()) {
            t.append("   (A = ratio of geomeans, B = geomean of ratios, over the sizes)");
        }
        return t.toString();
    }
}
