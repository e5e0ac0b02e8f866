package dev.acceljce.attack;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * A {@link TargetClient} in a JVM of its own (the same class path as {@link Target}'s servers:
 * AccelJCE's provider and this module's classes, no BouncyCastle), told to connect to a port on
 * 127.0.0.1 where TLS-Attacker's server waits; stopped by {@link #close()}.
 */
public final class ClientTarget implements AutoCloseable {
    public final Target.Kind kind;
    private final TargetProcess process;

    private ClientTarget(Target.Kind kind, TargetProcess process) throws IOException {
        this.kind = kind;
        this.process = process;
        process.reply("READY");
    }

    /** Starts a client of {@code kind} trusting the certificate in {@code store}. */
    public static ClientTarget start(Target.Kind kind, Path store) throws IOException {
        TargetProcess p = TargetProcess.start(
                kind + " client", TargetClient.class, kind.stack(), store.toString(), new String(Keys.PASSWORD));
        try {
            return new ClientTarget(kind, p);
        } catch (IOException | RuntimeException e) {
            p.kill();
            throw e;
        }
    }

    /** Tells the client to connect to {@code port}; {@link #result()} gives what happened. */
    public synchronized void connect(int port) {
        process.send("connect " + port);
    }

    /**
     * The client's account of the last connection, read once TLS-Attacker's workflow has ended (the
     * client's connect and reads time out after 5 s each, so this wait is bounded).
     */
    public synchronized String result() throws IOException {
        return process.reply("RESULT ").substring(7);
    }

    public boolean alive() {
        return process.alive();
    }

    /** As {@link Target#stats()}: connections since the last call and AccelJCE's live native objects. */
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
