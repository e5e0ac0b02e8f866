package dev.acceljce.workload.load;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

/** The churn's samples over time: memory (MiB) in one chart, descriptors and connections in another. */
final class LoadCharts {
    private LoadCharts() {}

    static void churn(JsonNode run, Path outDir) throws IOException {
        JsonNode samples = run.path("samples");
        if (samples.size() < 2) {
            return;
        }
        String what = run.path("stack").asText() + ", " + run.path("server").asText() + " server";
        XYChart memory = new XYChartBuilder()
                .width(1000)
                .height(520)
                .title("Server memory under churn (" + what + ")")
                .xAxisTitle("seconds")
                .yAxisTitle("MiB")
                .build();
        memory.getStyler().setLegendPosition(Styler.LegendPosition.InsideSE);
        series(memory, samples, "RSS", "rssKiB", 1024);
        series(memory, samples, "NMT committed (JVM)", "nmtCommittedKiB", 1024);
        series(memory, samples, "malloc in use (glibc, all libraries)", "mallocInUseKiB", 1024);
        series(memory, samples, "malloc held from the kernel", "mallocHeldKiB", 1024);
        series(memory, samples, "malloc of the native libraries (in use, less the JVM's)", "libraryMallocKiB", 1024);
        BitmapEncoder.saveBitmap(memory, outDir.resolve("churn-memory.png").toString(), BitmapEncoder.BitmapFormat.PNG);

        XYChart fds = new XYChartBuilder()
                .width(1000)
                .height(420)
                .title("Server descriptors and live libssl objects under churn (" + what + ")")
                .xAxisTitle("seconds")
                .yAxisTitle("count")
                .build();
        fds.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
        series(fds, samples, "open descriptors", "fds", 1);
        series(fds, samples, "live SSL objects", "liveSsl", 1);
        series(fds, samples, "threads", "threads", 1);
        BitmapEncoder.saveBitmap(
                fds, outDir.resolve("churn-descriptors.png").toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    private static void series(XYChart chart, JsonNode samples, String name, String field, double divisor) {
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (JsonNode s : samples) {
            if (s.has(field)) {
                x.add(s.path("t").asDouble());
                y.add(s.path(field).asDouble() / divisor);
            }
        }
        if (!x.isEmpty()) {
            chart.addSeries(name, x, y);
        }
    }
}
