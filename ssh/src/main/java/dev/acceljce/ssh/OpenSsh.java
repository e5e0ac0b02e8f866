package dev.acceljce.ssh;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.common.config.keys.AuthorizedKeyEntry;
import org.apache.sshd.common.config.keys.PublicKeyEntryResolver;
import org.apache.sshd.common.keyprovider.FileKeyPairProvider;

/**
 * The OpenSSH programs of Debian's {@code openssh-client} and {@code openssh-server} packages:
 * where they are, installing them when missing (as root, with apt-get), key files, and running
 * a client command.
 */
public final class OpenSsh {
    public static final Path SSH = Path.of("/usr/bin/ssh");
    public static final Path SFTP = Path.of("/usr/bin/sftp");
    public static final Path SCP = Path.of("/usr/bin/scp");
    public static final Path SSH_KEYGEN = Path.of("/usr/bin/ssh-keygen");
    public static final Path SSHD = Path.of("/usr/sbin/sshd");

    private OpenSsh() {}

    /**
     * Installs the two packages if a program is missing and this process may (root, apt-get
     * present). Returns why OpenSSH cannot be used, or empty when it can.
     */
    public static synchronized Optional<String> ensureInstalled() {
        if (present()) {
            return Optional.empty();
        }
        if (!"root".equals(System.getProperty("user.name"))) {
            return Optional.of("OpenSSH is not installed and this is not root: run "
                    + "'apt-get install -y openssh-server openssh-client'");
        }
        if (!Files.isExecutable(Path.of("/usr/bin/apt-get"))) {
            return Optional.of("OpenSSH is not installed and there is no apt-get to install it");
        }
        String log = "";
        for (List<String> cmd : List.of(
                List.of("apt-get", "install", "-y", "-q", "openssh-server", "openssh-client"),
                List.of("apt-get", "update", "-q"),
                List.of("apt-get", "install", "-y", "-q", "openssh-server", "openssh-client"))) {
            if (present()) {
                break;
            }
            try {
                log = run(cmd, 600);
            } catch (IOException e) {
                log = e.getMessage();
            }
        }
        return present() ? Optional.empty() : Optional.of("apt-get could not install OpenSSH: " + tail(log));
    }

    /** Whether every OpenSSH program used here is installed. */
    public static boolean present() {
        return List.of(SSH, SFTP, SCP, SSH_KEYGEN, SSHD).stream().allMatch(Files::isExecutable);
    }

    /** The version line of {@code ssh -V}. */
    public static String version() throws IOException {
        return run(List.of(SSH.toString(), "-V"), 10).strip();
    }

    /** Writes a new key pair without passphrase: {@code file} and {@code file.pub}. type: ed25519, ecdsa, rsa. */
    public static Path keygen(Path file, String type, int bits) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                SSH_KEYGEN.toString(), "-q", "-t", type, "-N", "", "-C", "acceljce-test", "-f", file.toString()));
        if (bits > 0) {
            cmd.addAll(List.of("-b", Integer.toString(bits)));
        }
        run(cmd, 60);
        return file;
    }

    /** The public key of {@code file.pub}, in the form authorized_keys and known_hosts use. */
    public static String publicKeyLine(Path privateKeyFile) throws IOException {
        return Files.readString(Path.of(privateKeyFile + ".pub")).strip();
    }

    public static PublicKey publicKey(Path privateKeyFile) throws IOException, GeneralSecurityException {
        return AuthorizedKeyEntry.parseAuthorizedKeyEntry(publicKeyLine(privateKeyFile))
                .resolvePublicKey(null, PublicKeyEntryResolver.FAILING);
    }

    public static KeyPair keyPair(Path privateKeyFile) {
        return new FileKeyPairProvider(privateKeyFile).loadKeys(null).iterator().next();
    }

    /** Runs a command to its end, stdin empty; returns stdout and stderr; throws on a non-zero exit or timeout. */
    public static String run(List<String> cmd, int timeoutSeconds) throws IOException {
        return run(cmd, null, timeoutSeconds);
    }

    /** As {@link #run(List, int)}, with {@code stdin} as the command's input. */
    public static String run(List<String> cmd, String stdin, int timeoutSeconds) throws IOException {
        // output to a file: a pipe read only at the end would block a chatty command (apt-get)
        Path output = Files.createTempFile("acceljce-ssh-", ".out");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(output.toFile());
        pb.environment().put("DEBIAN_FRONTEND", "noninteractive");
        Process p = pb.start();
        try {
            if (stdin != null) {
                p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
            }
            p.getOutputStream().close();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", cmd) + ": no end after " + timeoutSeconds + " s");
            }
            String out = new String(Files.readAllBytes(output), StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw new IOException(String.join(" ", cmd) + " exited with " + p.exitValue() + ": " + tail(out));
            }
            return out;
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } finally {
            Files.deleteIfExists(output);
        }
    }

    private static String tail(String s) {
        return s.length() <= 2000 ? s : "..." + s.substring(s.length() - 2000);
    }

    /**
     * The options every OpenSSH client run here takes: no user or system configuration, this key
     * only, and the given known_hosts file with strict checking (the host key must be the one
     * expected).
     */
    public static List<String> clientOptions(Path identity, Path knownHosts) {
        return List.of(
                "-F",
                "/dev/null",
                "-i",
                identity.toString(),
                "-o",
                "IdentitiesOnly=yes",
                "-o",
                "BatchMode=yes",
                "-o",
                "UserKnownHostsFile=" + knownHosts,
                "-o",
                "GlobalKnownHostsFile=/dev/null",
                "-o",
                "StrictHostKeyChecking=yes",
                "-o",
                "LogLevel=ERROR");
    }
}
