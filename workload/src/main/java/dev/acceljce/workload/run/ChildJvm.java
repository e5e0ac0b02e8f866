package dev.acceljce.workload.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A JVM of the run (bank, BeSim, driver), started from the workload jar, pinned to one CPU with
 * {@code taskset} when there is one. Its stdout lines are queued for the controller, its stderr
 * goes to a log file. Every child is stopped at the end of the run, on failure and on Ctrl-C
 * (a shutdown hook); if the controller is killed outright the child sees its stdin close and exits
 * ({@link ParentWatch}).
 */
public final class ChildJvm implements AutoCloseable {
    private static final Set<ChildJvm> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(ChildJvm::close), "stop-children"));
    }

    private final String name;
    private final Process process;
    private final Path log;
    private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();

    private ChildJvm(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
        Thread reader = new Thread(
                () -> {
                    try (BufferedReader r = new BufferedReader(
                            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                        for (String line = r.readLine(); line != null; line = r.readLine()) {
                            lines.add(line);
                        }
                    } catch (IOException e) {
                        // the process ended
                    }
                    lines.add("EXITED");
                },
                name + "-stdout");
        reader.setDaemon(true);
        reader.start();
    }

    /** Whether CPUs can be pinned (taskset present and at least 2 CPUs). */
    public static boolean canPin() {
        return Runtime.getRuntime().availableProcessors() >= 2
                && (Files.isExecutable(Path.of("/usr/bin/taskset")) || Files.isExecutable(Path.of("/bin/taskset")));
    }

    /** The command line of a JVM like this one (same java, class path) running {@code mainClass}. */
    static List<String> javaCommand(List<String> jvmOptions, String mainClass, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
        cmd.addAll(args);
        return cmd;
    }

    public static ChildJvm start(
            String name,
            int cpu,
            List<String> jvmOptions,
            String mainClass,
            List<String> args,
            Map<String, String> env,
            Path logDir)
            throws IOException {
        List<String> cmd = new ArrayList<>();
        if (cpu >= 0 && canPin()) {
            cmd.addAll(List.of("taskset", "-c", Integer.toString(cpu)));
        }
        cmd.addAll(javaCommand(jvmOptions, mainClass, args));
        Path log = logDir.resolve(name + ".log");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().putAll(env);
        Files.writeString(log, String.join(" ", cmd) + "\n");
        ChildJvm child = new ChildJvm(name, pb.start(), log);
        LIVE.add(child);
        return child;
    }

    /** The next stdout line starting with one of the prefixes, or an exception with the log's tail. */
    public String await(long timeoutSeconds, String... prefixes) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (true) {
            String line = lines.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null) {
                throw new IOException(name + " did not answer within " + timeoutSeconds + " s; its log: " + log);
            }
            for (String p : prefixes) {
                if (line.startsWith(p)) {
                    return line;
                }
            }
            if (line.equals("EXITED")) {
                throw new IOException(name + " ended early; last lines of " + log + ":\n" + tail());
            }
        }
    }

    /** Sends one line to the child's stdin (the driver's load points). */
    public void send(String line) throws IOException {
        var in = process.getOutputStream();
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    public long pid() {
        return process.pid();
    }

    public String name() {
        return name;
    }

    private String tail() {
        try {
            List<String> all = Files.readAllLines(log);
            return String.join("\n", all.subList(Math.max(0, all.size() - 15), all.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }

    @Override
    public void close() {
        LIVE.remove(this);
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(15, TimeUnit.SECONDS)) { // time for a JFR dump on exit
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** How many children are still running (the test checks that none is left). */
    public static int live() {
        return (int) LIVE.stream().filter(c -> c.process.isAlive()).count();
    }
}
