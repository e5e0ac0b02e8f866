package dev.acceljce.cli;

import java.io.PrintStream;
import java.util.Set;

/** One subcommand of {@code acceljce}: its name, what it accepts, and what it does. */
interface Command {
    /** The command could not do its work; Main prints the message alone and exits with 1. */
    final class Failure extends Exception {
        Failure(String message) {
            super(message);
        }
    }

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
