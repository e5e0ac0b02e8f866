package dev.acceljce.ssh.advise;

import dev.acceljce.ssh.OpenSsh;
import dev.acceljce.ssh.SshSuite;
import dev.acceljce.ssh.throughput.CopyCase;
import dev.acceljce.ssh.throughput.CopyResult;
import dev.acceljce.ssh.throughput.MinaCopier;
import dev.acceljce.ssh.throughput.OpenSshCopier;
import dev.acceljce.ssh.throughput.RandomFile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * {@code acceljce advise ssh}: measures, here, the SFTP upload speed of every cipher and MAC that
 * is both safe and offered by OpenSSH and MINA SSHD, and writes {@code Ciphers} and {@code MACs}
 * lines fastest first for ssh_config/sshd_config (from OpenSSH's own speed) and for MINA SSHD on
 * AccelJCE (from MINA's speed in this JVM).
 *
 * <p>Only {@link #CIPHERS} and {@link #MACS} are ever measured or written: no CBC, no SHA-1 or
 * MD5 MAC, no 3DES, arcfour, blowfish or cast128, whatever their speed. The MACs are measured with
 * aes128-ctr (AEAD ciphers use none); the CTR ciphers with the fastest MAC.
 */
public final class SshAdvice {
    /** The ciphers the advice may name: AEAD and CTR modes only. */
    public static final List<String> CIPHERS = List.of(
            "aes128-gcm@openssh.com",
            "aes256-gcm@openssh.com",
            "chacha20-poly1305@openssh.com",
            "aes128-ctr",
            "aes192-ctr",
            "aes256-ctr");
    /** The MACs the advice may name: SHA-2 HMACs, encrypt-then-MAC and plain. */
    public static final List<String> MACS =
            List.of("hmac-sha2-256-etm@openssh.com", "hmac-sha2-512-etm@openssh.com", "hmac-sha2-256", "hmac-sha2-512");

    /** One algorithm and its measured speed (median of the runs), MB/s. */
    public record Speed(String algorithm, double mbPerSecond) {}

    /** What one engine measured, fastest first. */
    public record Ranking(String engine, List<Speed> ciphers, List<Speed> macs) {
        public String ciphersLine() {
            return String.join(",", ciphers.stream().map(Speed::algorithm).toList());
        }

        public String macsLine() {
            return String.join(",", macs.stream().map(Speed::algorithm).toList());
        }
    }

    private final long size;
    private final int runs;
    private final PrintStream progress;

    /**
     * @param size     bytes per copy
     * @param runs     copies per algorithm (the median counts)
     * @param progress where each measurement is reported as it ends
     */
    public SshAdvice(long size, int runs, PrintStream progress) {
        this.size = size;
        this.runs = runs;
        this.progress = progress;
    }

    /** MINA SSHD on AccelJCE, both ends in this JVM (which then keeps MINA on AccelJCE). */
    public Ranking measureMina(Path work) throws Exception {
        Path source = source(work);
        try (MinaCopier copier = new MinaCopier(work, true)) {
            // warm-up, unreported: every cipher and MAC once, so the JIT has compiled their paths
            for (String cipher : CIPHERS) {
                copier.copy(new CopyCase(CopyCase.Protocol.SFTP, cipher, MACS.getFirst()), source);
            }
            for (String mac : MACS.subList(1, MACS.size())) {
                copier.copy(new CopyCase(CopyCase.Protocol.SFTP, "aes128-ctr", mac), source);
            }
            return rank(copier.engine(), c -> copier.copy(c, source));
        }
    }

    /** OpenSSH's sftp to OpenSSH's sshd on loopback; empty when OpenSSH is not installed. */
    public java.util.Optional<Ranking> measureOpenSsh(Path work) throws Exception {
        if (!OpenSsh.present()) {
            progress.println("OpenSSH is not installed (apt-get install openssh-client openssh-server): "
                    + "no ssh_config/sshd_config measurement");
            return java.util.Optional.empty();
        }
        Path source = source(work);
        try (OpenSshCopier copier = new OpenSshCopier(work, List.of())) {
            return java.util.Optional.of(rank(OpenSshCopier.ENGINE, c -> copier.copy(c, source)));
        }
    }

    private interface Copier {
        CopyResult copy(CopyCase c) throws Exception;
    }

    private Ranking rank(String engine, Copier copier) throws Exception {
        List<Speed> macs = interleaved(
                engine,
                copier,
                MACS.stream()
                        .map(m -> new CopyCase(CopyCase.Protocol.SFTP, "aes128-ctr", m))
                        .toList(),
                CopyCase::mac);
        String bestMac = macs.getFirst().algorithm();
        List<Speed> ciphers = new ArrayList<>(interleaved(
                engine,
                copier,
                CIPHERS.stream()
                        .filter(c -> !c.equals("aes128-ctr")) // measured above, with each MAC
                        .map(c -> new CopyCase(CopyCase.Protocol.SFTP, c, bestMac))
                        .toList(),
                CopyCase::cipher));
        ciphers.add(new Speed("aes128-ctr", macs.getFirst().mbPerSecond()));
        ciphers.sort(Comparator.comparingDouble(Speed::mbPerSecond).reversed());
        return new Ranking(engine, List.copyOf(ciphers), List.copyOf(macs));
    }

    /**
     * Copies with every case once per round, {@code runs} rounds (a load that drifts weighs on
     * every case alike); returns each case's median, fastest first.
     */
    private List<Speed> interleaved(
            String engine, Copier copier, List<CopyCase> cases, java.util.function.Function<CopyCase, String> name)
            throws Exception {
        double[][] mbps = new double[cases.size()][runs];
        for (int r = 0; r < runs; r++) {
            for (int i = 0; i < cases.size(); i++) {
                CopyCase c = cases.get(i);
                mbps[i][r] = copier.copy(c).mbPerSecond();
                progress.printf(
                        Locale.ROOT,
                        "  %-13s run %d/%d  %-45s %7.1f MB/s%n",
                        engine,
                        r + 1,
                        runs,
                        SshSuite.isAead(c.cipher()) ? c.cipher() : c.cipher() + " + " + c.mac(),
                        mbps[i][r]);
            }
        }
        List<Speed> out = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            java.util.Arrays.sort(mbps[i]);
            out.add(new Speed(name.apply(cases.get(i)), mbps[i][runs / 2]));
        }
        out.sort(Comparator.comparingDouble(Speed::mbPerSecond).reversed());
        return out;
    }

    private Path source(Path work) throws IOException {
        Path file = work.resolve("advise-source.bin");
        if (!Files.exists(file) || Files.size(file) != size) {
            RandomFile.write(file, size);
        }
        return file;
    }

    /** The configuration lines, numbers as comments. */
    public static List<String> lines(java.util.Optional<Ranking> openSsh, Ranking mina) {
        List<String> out = new ArrayList<>();
        openSsh.ifPresent(r -> {
            section(
                    out,
                    r,
                    "# OpenSSH: ssh_config (client) and sshd_config (server), fastest first;",
                    "# MB/s of an SFTP upload over loopback with OpenSSH at both ends:");
            out.add("");
        });
        section(
                out,
                mina,
                "# Apache MINA SSHD on AccelJCE (dev.acceljce.ssh.MinaOnAccelJce.install() before the first",
                "# client or server), fastest first; MB/s of an SFTP upload over loopback, MINA at both ends:");
        out.add("# in Java, for an SshServer or SshClient:");
        out.add("#   SshConfigFileReader.configureCiphers(sshd, \"" + mina.ciphersLine() + "\", true, true);");
        out.add("#   SshConfigFileReader.configureMacs(sshd, \"" + mina.macsLine() + "\", true, true);");
        return out;
    }

    private static void section(List<String> out, Ranking r, String... heading) {
        out.addAll(List.of(heading));
        Stream.concat(
                        r.ciphers().stream().map(s -> "#   cipher " + pad(s.algorithm()) + fmt(s)),
                        r.macs().stream().map(s -> "#   MAC    " + pad(s.algorithm()) + fmt(s) + "  (with aes128-ctr)"))
                .forEach(out::add);
        out.add("Ciphers " + r.ciphersLine());
        out.add("MACs " + r.macsLine());
    }

    private static String pad(String s) {
        return String.format("%-31s", s);
    }

    private static String fmt(Speed s) {
        return String.format(Locale.ROOT, "%8.1f MB/s", s.mbPerSecond());
    }
}
