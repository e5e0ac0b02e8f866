package dev.acceljce.ssh.throughput;

import dev.acceljce.ssh.OpenSsh;
import dev.acceljce.ssh.OpenSshServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The reference: OpenSSH's own client (sftp, or scp with the original SCP protocol) copying to
 * OpenSSH's sshd on loopback. CPU seconds are the client's plus sshd's (with the connection
 * processes it forked), read from /proc.
 */
public final class OpenSshCopier implements AutoCloseable {
    public static final String ENGINE = "OpenSSH";

    private final Path out;
    private final Path userKey;
    private final Path knownHosts;
    private final List<String> launcher;
    private final OpenSshServer sshd;

    /** @param launcher prefix for sshd and every client (e.g. {@code taskset -c 1}), may be empty */
    public OpenSshCopier(Path dir, List<String> launcher) throws IOException {
        this.launcher = List.copyOf(launcher);
        dir = Files.createTempDirectory(
                dir, "openssh-"); // fresh keys per instance (ssh-keygen asks before overwriting)
        Path keys = Files.createDirectories(dir.resolve("keys"));
        Path host = OpenSsh.keygen(keys.resolve("host_ecdsa"), "ecdsa", 256);
        userKey = OpenSsh.keygen(keys.resolve("user_ecdsa"), "ecdsa", 256);
        Path authorized = Files.writeString(keys.resolve("authorized_keys"), OpenSsh.publicKeyLine(userKey) + "\n");
        sshd = new OpenSshServer(
                Files.createDirectories(dir.resolve("sshd")), List.of(host), authorized, List.of(), launcher);
        knownHosts = Files.writeString(
                keys.resolve("known_hosts"), "[127.0.0.1]:" + sshd.port() + " " + OpenSsh.publicKeyLine(host) + "\n");
        out = Files.createDirectories(dir.resolve("out"));
    }

    public CopyResult copy(CopyCase c, Path source) throws IOException, InterruptedException {
        Path target = out.resolve("copy.bin");
        List<String> cmd = new ArrayList<>(launcher);
        String stdin = null;
        if (c.protocol() == CopyCase.Protocol.SCP) {
            cmd.addAll(List.of(OpenSsh.SCP.toString(), "-O", "-q", "-P", Integer.toString(sshd.port())));
            cmd.addAll(OpenSsh.clientOptions(userKey, knownHosts));
            cmd.addAll(c.suite().openSshOptions());
            cmd.addAll(List.of(source.toString(), System.getProperty("user.name") + "@127.0.0.1:" + target));
        } else {
            cmd.addAll(List.of(OpenSsh.SFTP.toString(), "-q", "-b", "-", "-P", Integer.toString(sshd.port())));
            cmd.addAll(OpenSsh.clientOptions(userKey, knownHosts));
            cmd.addAll(c.suite().openSshOptions());
            cmd.add(System.getProperty("user.name") + "@127.0.0.1");
            stdin = "put " + source + " " + target + "\n";
        }
        double server0 = CpuTime.ofProcessTree(sshd.pid());
        double client0 = CpuTime.ofWaitedChildren();
        long t0 = System.nanoTime();
        OpenSsh.run(cmd, stdin, 600);
        double seconds = (System.nanoTime() - t0) / 1e9;
        // sshd's connection processes end just after the client; their CPU reaches the listener
        // when it has waited for them
        Thread.sleep(300);
        double cpu = CpuTime.ofWaitedChildren() - client0 + CpuTime.ofProcessTree(sshd.pid()) - server0;
        long size = Files.size(source);
        if (Files.size(target) != size) {
            throw new IOException("the copy has " + Files.size(target) + " bytes, not " + size);
        }
        Files.delete(target);
        return new CopyResult(ENGINE, c.protocol(), c.cipher(), c.mac(), size, seconds, cpu, "");
    }

    @Override
    public void close() {
        sshd.close();
    }
}
