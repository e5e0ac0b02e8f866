package dev.acceljce.workload.load;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

/** Where and when a run ran: date, commit, CPU model, CPUs, JDK, load average at the start. */
final class Environment {
    private Environment() {}

    static ObjectNode describe() {
        ObjectNode m = JsonNodeFactory.instance.objectNode();
        m.put("date", Instant.now().toString());
        m.put("commit", commit());
        m.put("cpu", cpuModel());
        m.put("cpus", Runtime.getRuntime().availableProcessors());
        m.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        try {
            m.put("loadAverage", Files.readString(Path.of("/proc/loadavg")).trim());
        } catch (Exception e) {
            // not Linux
        }
        return m;
    }

    static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (Exception e) {
            // not Linux
        }
        return System.getProperty("os.arch");
    }

    static String commit() {
        try {
            Path dir = Path.of(System.getProperty("acceljce.home", "."));
            Process p = new ProcessBuilder("git", "-C", dir.toString(), "rev-parse", "--short=10", "HEAD")
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            if (p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0) {
                Process d = new ProcessBuilder(
                                "git", "-C", dir.toString(), "status", "--porcelain", "--untracked-files=no")
                        .redirectErrorStream(true)
                        .start();
                String dirty = new String(d.getInputStream().readAllBytes()).trim();
                d.waitFor(10, TimeUnit.SECONDS);
                return dirty.isEmpty() ? out : out + " (with uncommitted changes)";
            }
        } catch (Exception e) {
            // no git
        }
        return "unknown";
    }
}
