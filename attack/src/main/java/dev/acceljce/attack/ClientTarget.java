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
 * A {@link TargetClient} in a JVM of its own (the same class path as {@link Target}'s servers:
 * AccelJCE's provider and this module's classes, no BouncyCastle), told to connect to a port on
 * 127.0.0.1 where TLS-Attacker's server waits; stopped by {@link #close()}.
 */
public final class ClientTarget implements AutoCloseable {
    public final Target.Kind kind;
    private final Process process;
    private final PrintWriter commands;
    private final BufferedReader replies;
    private final StringBuilder errors = new StringBuilder();

    private ClientTarget(Target.Kind kind, Process process) throws IOException {
        this.kind = kind;
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
        reply("READY");
    }

    /** Starts a client of {@code kind} trusting the certificate in {@code store}. */
    public static ClientTarget start(Target.Kind kind, Path store) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-Xmx256m",
                "-cp",
                Target.serverClassPath(),
                TargetClient.class.getName(),
                kind.stack(),
                store.toString(),
                new String(Keys.PASSWORD)));
        Process p = new ProcessBuilder(cmd).start();
        try {
            return new ClientTarget(kind, p);
        } catch (IOException | RuntimeException e) {
            p.destroyForcibly();
            throw e;
        }
    }

    /** Tells the client to connect to {@code port}; {@link #result()} gives what happened. */
    public synchronized void connect(int port) {
        commands.println("connect " + port);
    }

    /**
     * The client's account of the last connection, read once TLS-Attacker's workflow has ended (the
     * client's connect and reads time out after 5 s each, so this wait is bounded).
     */
    public synchronized String result() throws IOException {
        return reply("RESULT ").substring(7);
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** As {@link Target#stats()}: connections since the last call and AccelJCE's live native objects. */
    public synchronized Map<String, String> stats() throws IOException {
        commands.println("stats");
        String line = reply("STATS ");
        Map<String, String> m = new LinkedHashMap<>();
        for (String kv : line.substring(6).split(";")) {
            int eq = kv.indexOf('=');
            m.put(kv.substring(0, eq), kv.substring(eq + 1));
        }
        return m;
    }

    private String reply(String prefix) throws IOException {
        String line;
        while ((line = replies.readLine()) != null) {
            if (line.startsWith(prefix)) {
                return line;
            }
        }
        throw new IOException("the " + kind + " client ended: " + stderr());
    }

    public String stderr() {
        synchronized (errors) {
            return errors.toString();
        }
    }

    @Override
    public void close() {
        try {
            commands.println("quit");
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
