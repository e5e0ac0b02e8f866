package dev.acceljce.attack;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A target JVM ({@link TargetServer} or {@link TargetClient}) and the line protocol both speak:
 * commands on its standard input, replies on its standard output (each starting with a word in
 * capitals), its standard error kept (the first 20,000 characters) for failure messages.
 */
final class TargetProcess implements AutoCloseable {
    private final String what;
    private final Process process;
    private final PrintWriter commands;
    private final BufferedReader replies;
    private final StringBuilder errors = new StringBuilder();

    private TargetProcess(String what, Process process) {
        this.what = what;
        this.process = process;
        this.commands = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
        this.replies = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture.runAsync(() -> {
            try (BufferedReader err = process.errorReader(StandardCharsets.UTF_8)) {
                String l;
                while ((l = err.readLine()) != null) {
                    synchronized (errors) {
                        if (errors.length() < 20_000) {
                            errors.append(l).append('\n');
                        }
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
        });
    }

    /**
     * Starts {@code main} in a JVM of its own with {@link Target#serverClassPath()} (AccelJCE's
     * provider and this module's classes, no BouncyCastle); {@code what} names it in errors.
     */
    static TargetProcess start(String what, Class<?> main, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-Xmx256m",
                "-cp",
                Target.serverClassPath(),
                main.getName()));
        cmd.addAll(List.of(args));
        return new TargetProcess(what, new ProcessBuilder(cmd).start());
    }

    void send(String command) {
        commands.println(command);
    }

    /** The next reply starting with {@code prefix}, other lines skipped; an exception if the JVM ended. */
    String reply(String prefix) throws IOException {
        String line;
        while ((line = replies.readLine()) != null) {
            if (line.startsWith(prefix)) {
                return line;
            }
        }
        throw new IOException("the " + what + " ended (exit " + exitValue() + "): " + stderr());
    }

    /** Asks for the target's counts ("stats") and gives its {@code key=value;...} reply as a map. */
    Map<String, String> stats() throws IOException {
        send("stats");
        String line = reply("STATS ");
        Map<String, String> m = new LinkedHashMap<>();
        for (String kv : line.substring(6).split(";")) {
            int eq = kv.indexOf('=');
            m.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        return m;
    }

    private String exitValue() {
        try {
            return process.waitFor(5, TimeUnit.SECONDS) ? Integer.toString(process.exitValue()) : "none";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "?";
        }
    }

    boolean alive() {
        return process.isAlive();
    }

    String stderr() {
        synchronized (errors) {
            return errors.toString();
        }
    }

    /** Destroys the JVM at once (when its first reply could not be read). */
    void kill() {
        process.destroyForcibly();
    }

    /** "quit", then up to 5 s for the JVM to end before it is destroyed. */
    @Override
    public void close() {
        try {
            send("quit");
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
