package dev.acceljce.ssh;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * OpenSSH's {@code sshd} on 127.0.0.1 (a free port), run in the foreground ({@code -D -e}) with its
 * own configuration, host keys and authorized_keys in a directory of ours: nothing of the system's
 * configuration is read or touched. {@link #close()} stops it.
 *
 * <p>As root, sshd needs its privilege separation directory {@code /run/sshd} (the Debian
 * service creates it at boot); it is created when missing. Run as another user, sshd can only
 * log that user in, which is all the tests need.
 */
public final class OpenSshServer implements AutoCloseable {
    private final Process process;
    private final int port;
    private final Path log;

    /**
     * @param dir            where sshd_config, the pid file and the log go
     * @param hostKeys       private host key files (ssh-keygen's format)
     * @param authorizedKeys the authorized_keys file for every user
     * @param extraConfig    more sshd_config lines (e.g. "Ciphers ..."), may be empty
     */
    public OpenSshServer(Path dir, List<Path> hostKeys, Path authorizedKeys, List<String> extraConfig)
            throws IOException {
        this(dir, hostKeys, authorizedKeys, extraConfig, List.of());
    }

    /** As above, started through {@code launcher} (e.g. {@code taskset -c 1}), which must exec sshd. */
    public OpenSshServer(
            Path dir, List<Path> hostKeys, Path authorizedKeys, List<String> extraConfig, List<String> launcher)
            throws IOException {
        try {
            Files.createDirectories(Path.of("/run/sshd"));
        } catch (IOException notRoot) {
            // only root's sshd needs it; were it needed, sshd's own error says so below
        }
        IOException last = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            int candidate = freePort();
            Path config = dir.resolve("sshd_config");
            List<String> lines = new ArrayList<>(List.of(
                    "ListenAddress 127.0.0.1",
                    "Port " + candidate,
                    "PidFile " + dir.resolve("sshd.pid"),
                    "AuthorizedKeysFile " + authorizedKeys,
                    "StrictModes no",
                    "UsePAM no",
                    "PubkeyAuthentication yes",
                    "PasswordAuthentication no",
                    "KbdInteractiveAuthentication no",
                    "PermitRootLogin prohibit-password",
                    "Subsystem sftp internal-sftp",
                    "PrintMotd no",
                    "LogLevel ERROR"));
            hostKeys.forEach(k -> lines.add("HostKey " + k));
            lines.addAll(extraConfig);
            Files.write(config, lines);
            Path logFile = dir.resolve("sshd.log");
            List<String> cmd = new ArrayList<>(launcher);
            cmd.addAll(List.of(OpenSsh.SSHD.toString(), "-f", config.toString(), "-D", "-e"));
            Process p = new ProcessBuilder(cmd)
                    .redirectErrorStream(true)
                    .redirectOutput(logFile.toFile())
                    .start();
            if (waitForPort(p, candidate)) {
                process = p;
                port = candidate;
                log = logFile;
                return;
            }
            p.destroyForcibly();
            last = new IOException("sshd did not listen on " + candidate + ": " + Files.readString(logFile));
        }
        throw last;
    }

    /** The listening sshd's process id (its connections are its children). */
    public long pid() {
        return process.pid();
    }

    public int port() {
        return port;
    }

    /** What sshd wrote (errors only, LogLevel ERROR). */
    public String log() throws IOException {
        return Files.readString(log);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static boolean waitForPort(Process p, int port) {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (System.nanoTime() < end && p.isAlive()) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 500);
                return true;
            } catch (IOException notYet) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        return false;
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
