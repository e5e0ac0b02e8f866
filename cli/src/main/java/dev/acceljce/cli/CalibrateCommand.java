package dev.acceljce.cli;

import dev.acceljce.control.Crossovers;
import dev.acceljce.openssl.LibCrypto;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** {@code acceljce calibrate}: measures both paths here and writes the auto policy's profile. */
final class CalibrateCommand implements Command {
    @Override
    public String name() {
        return "calibrate";
    }

    @Override
    public String summary() {
        return "measure native vs JDK per family and size here; write the auto policy's profile";
    }

    @Override
    public String usage() {
        return """
                Usage: acceljce calibrate [--quick] [--include REGEX] [--out FILE] [--dry-run]

                Times one operation of each family on AccelJCE's native path and on its JDK path
                (alternating short windows, median of several rounds) at payload sizes 16 B..16 KiB,
                and derives per family and algorithm which path is faster below and above which
                size. The auto policy (default) serves each message or object by that table.

                This is a policy input measured in seconds, not a performance claim: the JMH suite
                (./acceljce bench) is what docs/performance.md reports.

                Options:
                  --quick          shorter windows and fewer rounds (about 4x faster, noisier)
                  --include REGEX  only algorithms matching REGEX (e.g. 'SHA|Hmac')
                  --out FILE       where to write the profile (default: the acceljce.profile
                                   setting, else ~/.config/acceljce/profile.properties)
                  --dry-run        measure and print, write nothing
                """;
    }

    @Override
    public Set<String> flags() {
        return Set.of("--quick", "--dry-run");
    }

    @Override
    public Set<String> options() {
        return Set.of("--include", "--out");
    }

    @Override
    public int run(Args args, PrintStream out) throws Exception {
        if (!LibCrypto.isAvailable()) {
            out.println("libcrypto is not loaded (" + LibCrypto.unavailableReason() + "): nothing to calibrate");
            return 1;
        }
        boolean quick = args.flag("--quick");
        Calibrator calibrator = quick ? new Calibrator(40, 3) : new Calibrator(150, 5);
        Pattern include = Pattern.compile(args.option("--include", ".*"));
        out.println("Calibrating against " + LibCrypto.version() + " (" + LibCrypto.path() + "), " + Runtime.version()
                + (quick ? ", quick" : ""));
        List<String> lines = new ArrayList<>();
        for (Calibrator.Probe probe : Calibrator.probes()) {
            if (!include.matcher(probe.algorithm()).find()) {
                continue;
            }
            out.println(probe.family().property() + " / " + probe.algorithm() + ":");
            Calibrator.Result r = calibrator.measure(probe);
            r.engines().forEach(t -> out.println("  " + Calibrator.describe(t)));
            r.points().forEach(p -> out.println("  " + Calibrator.describe(p)));
            if (r.skipped() != null) {
                out.println("  skipped: " + r.skipped());
                continue;
            }
            String engine = Calibrator.engineLine(r);
            if (engine != null) {
                out.println("  => native library " + r.engine().property());
                lines.add(engine);
            }
            out.println("  => " + r.crossover());
            lines.add(Calibrator.profileLine(r));
        }
        if (args.flag("--dry-run")) {
            lines.forEach(out::println);
            return 0;
        }
        Path file = Path.of(args.option("--out", Crossovers.profilePath().toString()));
        writeProfile(file, lines);
        Crossovers.reload();
        out.println("Wrote " + lines.size() + " crossovers to " + file);
        return 0;
    }

    /** Merges new lines into the profile: entries for other libraries or families are kept. */
    private static void writeProfile(Path file, List<String> lines) throws Exception {
        List<String> kept = new ArrayList<>();
        if (Files.exists(file)) {
            Set<String> replaced = new java.util.HashSet<>();
            lines.forEach(l -> replaced.add(l.substring(0, l.indexOf('=')).trim()));
            for (String l : Files.readAllLines(file)) {
                int eq = l.indexOf('=');
                boolean comment = l.startsWith("#");
                if (!comment && (eq < 0 || !replaced.contains(l.substring(0, eq).trim()))) {
                    kept.add(l);
                }
            }
        }
        List<String> text = new ArrayList<>();
        text.add("# AccelJCE auto-policy crossovers, written by `acceljce calibrate` on " + ZonedDateTime.now());
        text.add("# " + LibCrypto.version() + " at " + LibCrypto.path() + "; " + Runtime.version() + "; "
                + dev.acceljce.control.CpuFeatures.ofThisMachine().model());
        text.add("# <openssl line>.<family>.<algorithm> = <path below>:<bytes>:<path from there on> | <path>");
        text.addAll(kept);
        text.addAll(lines);
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        Files.write(file, text);
    }
}
