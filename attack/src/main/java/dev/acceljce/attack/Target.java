package dev.acceljce.attack;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A {@link TargetServer} in a JVM of its own, started from this (attacking) JVM and stopped by
 * {@link #close()}: asked to quit, then destroyed if it has not within 5 s. Its class path is this
 * JVM's, less everything but AccelJCE's provider, its native bundle and this module's classes, so
 * TLS-Attacker's BouncyCastle and JAXB never reach it (the server reports whether it can see
 * BouncyCastle, and the checks require that it cannot).
 */
public final class Target implements AutoCloseable {
    /** One target: the stack, the key kind, the suites (defaults or legacy). */
    public record Kind(String stack, String key, String suites) {
        public boolean ours() {
            return !"SunJSSE".equals(stack);
        }

        @Override
        public String toString() {
            return stack + " " + key + " " + suites;
        }
    }

    public final Kind kind;
    public final int port;
    public final List<String> enabledSuites;
    private final Process process;
    private final PrintWriter commands;
    private final BufferedReader replies;
    private final StringBuilder errors = new StringBuilder();

    private Target(Kind kind, Process process) throws IOException {
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
        String portLine = reply("PORT ");
        this.port = Integer.parseInt(portLine.substring(5).trim());
        this.enabledSuites = List.of(reply("SUITES ").substring(7).trim().split(","));
    }

    /** Starts a server of {@code kind} with the key in {@code store} (a PKCS#12 file). */
    public static Target start(Kind kind, Path store) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-Xmx256m",
                "-cp",
                serverClassPath(),
                TargetServer.class.getName(),
                kind.stack(),
                store.toString(),
                new String(Keys.PASSWORD),
                kind.suites()));
        Process p = new ProcessBuilder(cmd).start();
        try {
            return new Target(kind, p);
        } catch (IOException | RuntimeException e) {
            p.destroyForcibly();
            throw e;
        }
    }

    /** This JVM's class path less everything but AccelJCE and this module's own classes. */
    static String serverClassPath() {
        List<String> kept = new ArrayList<>();
        try {
            kept.add(Path.of(TargetServer.class
                            .getProtectionDomain()
                            .getCodeSource()
                            .getLocation()
                            .toURI())
                    .toString());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String name = Path.of(entry).getFileName().toString();
            String normalized = entry.replace(File.separatorChar, '/');
            if (name.startsWith("acceljce-provider")
                    || name.startsWith("acceljce-openssl-")
                    || normalized.endsWith("provider/target/classes")
                    || normalized.endsWith("openssl-bundle/target/classes")) {
                kept.add(entry);
            }
        }
        if (kept.size() < 2) {
            throw new IllegalStateException(
                    "AccelJCE's provider is not on this class path: " + System.getProperty("java.class.path"));
        }
        return String.join(File.pathSeparator, kept);
    }

    public boolean alive() {
        return process.isAlive();
    }

    /**
     * The server's account of the connections since the last call, once they have ended (see
     * {@link TargetServer}): keys accepted, handshakes, open, liveSsl, liveBio, callbacks,
     * bouncyCastleVisible, failures, negotiated.
     */
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
        throw new IOException("the " + kind + " server ended (exit " + exitValue() + "): " + stderr());
    }

    private String exitValue() {
        try {
            return process.waitFor(5, TimeUnit.SECONDS) ? Integer.toString(process.exitValue()) : "none";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "?";
        }
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
