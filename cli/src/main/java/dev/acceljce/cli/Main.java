package dev.acceljce.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * The {@code acceljce} command: {@code info}, {@code demo}, {@code bench}, {@code report},
 * {@code calibrate}, {@code stats}, {@code advise}, {@code workload}, {@code load}, {@code churn}.
 * Started by the {@code ./acceljce} launcher at the repository root, which sets
 * {@code ACCELJCE_HOME} to the repository and puts the benchmarks jar on the class path.
 */
public final class Main {
    /**
     * The subcommands, in the order {@code --help} lists them. A new one implements
     * {@link Command} and joins this list.
     */
    static final List<Command> COMMANDS = List.of(
            new InfoCommand(),
            new DemoCommand(),
            new BenchCommand(),
            new ReportCommand(),
            new CalibrateCommand(),
            new StatsCommand(),
            new AdviseCommand(),
            new WorkloadCommand(),
            LoadCommand.hold(),
            LoadCommand.churn());

    private Main() {}

    public static void main(String[] argv) {
        System.exit(run(List.of(argv), System.out, System.err));
    }

    /** Runs one command line; returns the exit status (0 ok, 1 failed, 2 bad usage). */
    static int run(List<String> argv, PrintStream out, PrintStream err) {
        if (argv.isEmpty()) {
            err.print(usage());
            return 2;
        }
        String name = argv.getFirst();
        if (name.equals("--help") || name.equals("-h") || name.equals("help")) {
            if (argv.size() > 1 && find(argv.get(1)) != null) {
                out.print(find(argv.get(1)).usage());
            } else {
                out.print(usage());
            }
            return 0;
        }
        Command command = find(name);
        if (command == null) {
            err.println("acceljce: unknown command '" + name + "'\n");
            err.print(usage());
            return 2;
        }
        List<String> rest = argv.subList(1, argv.size());
        if (rest.contains("--help") || rest.contains("-h")) {
            out.print(command.usage());
            return 0;
        }
        try {
            Args args = Args.parse(rest, command.flags(), command.options(), command.maxOperands());
            return command.run(args, out);
        } catch (Args.UsageException e) {
            err.println("acceljce " + name + ": " + e.getMessage() + "\n");
            err.print(command.usage());
            return 2;
        } catch (Command.Failure e) {
            err.println("acceljce " + name + ": " + e.getMessage());
            return 1;
        } catch (Exception e) {
            err.println("acceljce " + name + ": " + e);
            return 1;
        }
    }

    static Command find(String name) {
        return COMMANDS.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
    }

    static String usage() {
        StringBuilder b = new StringBuilder("""
                Usage: ./acceljce [-Dname=value ...] COMMAND [OPTIONS]

                AccelJCE: a JCA/JCE provider over OpenSSL 3.5 and AWS-LC (java.lang.foreign), and AccelJCE-TLS.

                Commands:
                """);
        for (Command c : COMMANDS) {
            b.append(String.format("  %-8s %s%n", c.name(), c.summary()));
        }
        b.append("""

                ./acceljce COMMAND --help shows a command's options. -Dname=value before the command
                sets an AccelJCE switch (e.g. -Dacceljce.native=false, -Dacceljce.openssl.lib=PATH)
                for this process and the benchmark JVMs it starts.
                """);
        return b.toString();
    }

    /** The repository root (from the launcher), where target/ output goes; else the current directory. */
    static Path home() {
        String home = System.getenv("ACCELJCE_HOME");
        return Path.of(home != null && !home.isBlank() ? home : ".");
    }
}
