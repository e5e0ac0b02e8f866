package dev.acceljce.attack;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
    private final TargetProcess process;

    private Target(Kind kind, TargetProcess process) throws IOException {
        this.kind = kind;
        this.process = process;
        String portLine = process.reply("PORT ");
        this.port = Integer.parseInt(portLine.substring(5).trim());
        this.enabledSuites =
                List.of(process.reply("SUITES ").substring(7).trim().split(","));
    }

    /** Starts a server of {@code kind} with the key in {@code store} (a PKCS#12 file). */
    public static Target start(Kind kind, Path store) throws IOException {
        TargetProcess p = TargetProcess.start(
                kind + " server",
                TargetServer.class,
                kind.stack(),
                store.toString(),
                new String(Keys.PASSWORD),
                kind.suites());
        try {
            return new Target(kind, p);
        } catch (IOException | RuntimeException e) {
            p.kill();
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
        return process.alive();
    }

    /**
     * The server's account of the connections since the last call, once they have ended (see
     * {@link TargetServer}): keys accepted, handshakes, open, liveSsl, liveBio, callbacks,
     * bouncyCastleVisible, failures, negotiated.
     */
    public synchronized Map<String, String> stats() throws IOException {
        return process.stats();
    }

    public String stderr() {
        return process.stderr();
    }

    @Override
    public void close() {
        process.close();
    }
}
