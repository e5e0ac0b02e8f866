package dev.acceljce.cli;

import java.io.PrintStream;
import java.util.Set;

/** One subcommand of {@code acceljce}: its name, what it accepts, and what it does. */
interface Command {
    String name();

    /** One line for the command list of {@code --help}. */
    String summary();

    /** The full usage text of {@code acceljce NAME --help}. */
    String usage();

    default Set<String> flags() {
        return Set.of();
    }

    default Set<String> options() {
        return Set.of();
    }

    default int maxOperands() {
        return 0;
    }

    /** Runs with parsed arguments; returns the process exit status. */
    int run(Args args, PrintStream out) throws Exception;
}
