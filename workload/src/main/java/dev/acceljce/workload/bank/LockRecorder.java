package dev.acceljce.workload.bank;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

/**
 * Lock contention in the bank under load, after seed 004's hunt for hot locks: a JFR recording
 * of {@code jdk.JavaMonitorEnter} (threshold 1 ms) over the measured window, summed per monitor
 * class and the method that blocked; and thread dumps every half second over the same window
 * ({@link ThreadDumpSampler}), which also see threads queued on java.util.concurrent locks.
 */
final class LockRecorder {
    private final Path dir;
    private final ThreadDumpSampler dumps = new ThreadDumpSampler(500);
    private Recording recording;

    LockRecorder(Path dir) {
        this.dir = dir;
    }

    synchronized void start() {
        stopQuietly();
        recording = new Recording();
        recording
                .enable("jdk.JavaMonitorEnter")
                .withThreshold(Duration.ofMillis(1))
                .withStackTrace();
        recording.setToDisk(true);
        recording.start();
        dumps.start();
    }

    /**
     * Stops recording: {@code locks}, the hottest monitors by total blocked time, and
     * {@code threadDumps}, the locks most threads waited for in the dumps.
     */
    synchronized Map<String, Object> stop() throws IOException {
        dumps.stop();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("locks", monitors());
        out.put("threadDumps", dumps.summary(8));
        return out;
    }

    private List<Map<String, Object>> monitors() throws IOException {
        if (recording == null) {
            return List.of();
        }
        Path file = Files.createTempFile(dir, "locks", ".jfr");
        recording.stop();
        recording.dump(file);
        recording.close();
        recording = null;
        Map<String, long[]> sums = new HashMap<>(); // key -> {count, total ns}
        for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
            RecordedClass monitor = e.getClass("monitorClass");
            String site = "?";
            if (e.getStackTrace() != null) {
                for (RecordedFrame f : e.getStackTrace().getFrames()) {
                    if (f.isJavaFrame()) {
                        site = f.getMethod().getType().getName() + "."
                                + f.getMethod().getName();
                        break;
                    }
                }
            }
            String key = (monitor != null ? monitor.getName() : "?") + " in " + site;
            long[] s = sums.computeIfAbsent(key, k -> new long[2]);
            s[0]++;
            s[1] += e.getDuration().toNanos();
        }
        Files.deleteIfExists(file);
        List<Map<String, Object>> out = new ArrayList<>();
        sums.entrySet().stream()
                .sorted((a, b) -> Long.compare(b.getValue()[1], a.getValue()[1]))
                .limit(8)
                .forEach(en -> {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("monitor", en.getKey());
                    m.put("events", en.getValue()[0]);
                    m.put("blockedMs", en.getValue()[1] / 1e6);
                    out.add(m);
                });
        return out;
    }

    synchronized void stopQuietly() {
        dumps.stop();
        if (recording != null) {
            recording.close();
            recording = null;
        }
    }
}
