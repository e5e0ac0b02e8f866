package dev.acceljce.workload.run;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/**
 * The charts in the seeds' style: sessions within QoS per configuration (EEJS Fig. 4-5) and the
 * bank's CPU per page, both normalized to the JDK-software baseline of the same TLS setting
 * (DayTrader's normalization), one series per TLS setting.
 */
final class Charts {
    private Charts() {}

    static void write(RunSpec spec, List<WorkloadMain.Result> results) throws IOException {
        chart(spec, results, "sessions-within-qos", "Simultaneous sessions within QoS, relative to jdk-software", r ->
                (double) r.outcome().sessionsWithinQos());
        chart(
                spec,
                results,
                "cpu-per-page",
                "Bank CPU time per page at the first load point, relative to jdk-software",
                r -> r.outcome().first() == null
                        ? Double.NaN
                        : r.outcome().first().path("serverCpuMsPerPage").asDouble());
    }

    private static void chart(
            RunSpec spec,
            List<WorkloadMain.Result> results,
            String file,
            String title,
            java.util.function.ToDoubleFunction<WorkloadMain.Result> metric)
            throws IOException {
        CategoryChart chart = new CategoryChartBuilder()
                .width(1000)
                .height(520)
                .title(title + " (" + spec.mode() + " run; see the report for the machine and its load)")
                .xAxisTitle("configuration")
                .yAxisTitle("ratio to jdk-software (1.0 = baseline)")
                .build();
        chart.getStyler().setXAxisLabelRotation(20);
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNW);
        boolean any = false;
        for (var tls : spec.tlsSettings()) {
            WorkloadMain.Result base = results.stream()
                    .filter(r -> r.tls() == tls
                            && r.error() == null
                            && r.configuration().id.equals("jdk-software"))
                    .findFirst()
                    .orElse(null);
            double baseValue = base == null ? Double.NaN : metric.applyAsDouble(base);
            List<String> names = new ArrayList<>();
            List<Double> values = new ArrayList<>();
            for (WorkloadMain.Result r : results) {
                if (r.tls() != tls || r.error() == null && Double.isNaN(metric.applyAsDouble(r))) {
                    continue;
                }
                names.add(r.configuration().id);
                double v = r.error() != null ? 0 : metric.applyAsDouble(r);
                values.add(baseValue > 0 ? v / baseValue : v);
            }
            if (!names.isEmpty()) {
                chart.addSeries(tls.id, names, values);
                any = true;
            }
        }
        if (any) {
            BitmapEncoder.saveBitmap(
                    chart, spec.out().resolve(file + ".png").toString(), BitmapEncoder.BitmapFormat.PNG);
        }
    }
}
