package dev.acceljce.workload.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The Debian packages some configurations need (SoftHSM2 and OpenSC's pkcs11-spy for pkcs11-token, NSS for nss, h2load
 * for the handshake check), installed before a run starts anything when a file of theirs is
 * missing and this process may (root, apt-get present): a fresh machine runs the whole workload
 * without a manual step. When it may not, the configuration fails later with the apt-get line.
 */
final class DebianPackages {
    /** What one need is: a name for messages, the files that prove it installed, its packages. */
    record Need(String what, List<Path> files, List<String> packages) {
        boolean present() {
            return files.stream().allMatch(Files::exists);
        }

        /** The line that installs it, for messages. */
        String installLine() {
            return "apt-get install -y " + String.join(" ", packages);
        }
    }

    /** SoftHSM2's tool that makes tokens. */
    static final Path SOFTHSM2_UTIL = Path.of("/usr/bin/softhsm2-util");

    static final Need SOFTHSM2 = new Need(
            "SoftHSM2",
            List.of(SOFTHSM2_UTIL, dev.acceljce.workload.config.Configuration.SOFTHSM_MODULE),
            List.of("softhsm2"));
    static final Need NSS = new Need(
            "NSS softokn",
            List.of(dev.acceljce.workload.config.Configuration.NSS_LIBRARY_DIR.resolve("libsoftokn3.so")),
            List.of("libnss3", "libnss3-tools"));
    /** OpenSC's PKCS#11 logging shim: the token's own log of who used the key ({@link TokenProof}). */
    static final Need PKCS11_SPY =
            new Need("OpenSC pkcs11-spy", List.of(TokenProof.SPY_MODULE), List.of("opensc-pkcs11"));

    static final Need H2LOAD = new Need("h2load", List.of(Path.of("/usr/bin/h2load")), List.of("nghttp2-client"));

    private DebianPackages() {}

    /** What a run of {@code spec} needs installed. */
    static List<Need> of(RunSpec spec) {
        List<Need> needs = new ArrayList<>();
        if (spec.mode().equals("handshakes")) {
            needs.add(H2LOAD);
        }
        if (spec.configurations().contains(dev.acceljce.workload.config.Configuration.NSS)) {
            needs.add(NSS);
        }
        if (spec.configurations().stream().anyMatch(dev.acceljce.workload.config.Configuration::tokenKey)) {
            needs.add(SOFTHSM2);
            needs.add(PKCS11_SPY);
        }
        return needs;
    }

    /** Installs what is missing of {@code needs}; returns one line per need that stays missing. */
    static List<String> ensure(List<Need> needs) {
        List<Need> missing = needs.stream().filter(n -> !n.present()).toList();
        if (missing.isEmpty()) {
            return List.of();
        }
        List<String> packages =
                missing.stream().flatMap(n -> n.packages().stream()).distinct().toList();
        Optional<String> refused = refusal();
        String log = refused.orElse("");
        if (refused.isEmpty()) {
            // the package lists may be stale on a fresh machine: try, update, try again
            for (List<String> cmd : List.of(install(packages), List.of("apt-get", "update", "-q"), install(packages))) {
                if (missing.stream().allMatch(Need::present)) {
                    break;
                }
                log = run(cmd);
            }
        }
        List<String> still = new ArrayList<>();
        for (Need n : missing) {
            if (!n.present()) {
                still.add(n.what() + " is missing and could not be installed (" + tail(log) + "): apt-get install -y "
                        + String.join(" ", n.packages()));
            }
        }
        return still;
    }

    private static Optional<String> refusal() {
        if (!"root".equals(System.getProperty("user.name"))) {
            return Optional.of("not root");
        }
        if (!Files.isExecutable(Path.of("/usr/bin/apt-get"))) {
            return Optional.of("no apt-get");
        }
        return Optional.empty();
    }

    private static List<String> install(List<String> packages) {
        List<String> cmd = new ArrayList<>(List.of("apt-get", "install", "-y", "-q"));
        cmd.addAll(packages);
        return cmd;
    }

    private static String run(List<String> cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(600, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "apt-get timed out";
            }
            return out;
        } catch (IOException e) {
            return e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    private static String tail(String log) {
        List<String> lines = log.lines().filter(l -> !l.isBlank()).toList();
        return lines.isEmpty() ? "no output" : lines.getLast().strip();
    }
}
