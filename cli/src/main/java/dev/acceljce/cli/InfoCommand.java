package dev.acceljce.cli;

import java.io.PrintStream;
import java.util.Set;

/** {@code acceljce info}: what AccelJCE serves on this machine, as text or JSON. */
final class InfoCommand implements Command {
    @Override
    public String name() {
        return "info";
    }

    @Override
    public String summary() {
        return "what AccelJCE serves here: OpenSSL, CPU crypto features, self-tests, every service";
    }

    @Override
    public String usage() {
        return """
                Usage: acceljce info [--json]

                Shows the libcrypto AccelJCE loaded (version, file, how it was chosen), the CPU's
                crypto features next to the ones OpenSSL enabled (the OPENSSL_ia32cap environment
                variable can mask some), the self-test results, the switches in force, and every
                registered service: whether OpenSSL offers it natively (or why not), the
                instructions OpenSSL's code for it runs on here, whether the JDK can take over,
                and which path serves it now.

                  --json   print the same as one JSON document
                """;
    }

    @Override
    public Set<String> flags() {
        return Set.of("--json");
    }

    @Override
    public int run(Args args, PrintStream out) {
        Info info = Info.collect();
        out.print(args.flag("--json") ? info.json() : info.text());
        return 0;
    }
}
