package dev.acceljce.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The arguments of one subcommand, checked against what it accepts: flags ({@code --json}),
 * options with a value ({@code --include REGEX} or {@code --include=REGEX}, repeatable), and
 * positional operands. Anything else is a {@link UsageException}, so a typo is never ignored.
 */
public final class Args {
    /** A wrong command line; its message is shown with the subcommand's usage. */
    public static final class UsageException extends Exception {
        public UsageException(String message) {
            super(message);
        }
    }

    private final Set<String> flags;
    private final Map<String, List<String>> options;
    private final List<String> operands;

    private Args(Set<String> flags, Map<String, List<String>> options, List<String> operands) {
        this.flags = flags;
        this.options = options;
        this.operands = operands;
    }

    /**
     * Parses {@code args}.
     *
     * @param knownFlags   names (with "--") that take no value
     * @param knownOptions names (with "--") that take one value
     * @param maxOperands  how many positional operands are allowed
     */
    public static Args parse(List<String> args, Set<String> knownFlags, Set<String> knownOptions, int maxOperands)
            throws UsageException {
        Set<String> flags = new HashSet<>();
        Map<String, List<String>> options = new LinkedHashMap<>();
        List<String> operands = new ArrayList<>();
        boolean onlyOperands = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (onlyOperands || !a.startsWith("--")) {
                operands.add(a);
                continue;
            }
            if (a.equals("--")) {
                onlyOperands = true;
                continue;
            }
            int eq = a.indexOf('=');
            String name = eq < 0 ? a : a.substring(0, eq);
            if (knownFlags.contains(name)) {
                if (eq >= 0) {
                    throw new UsageException(name + " takes no value");
                }
                flags.add(name);
            } else if (knownOptions.contains(name)) {
                String value;
                if (eq >= 0) {
                    value = a.substring(eq + 1);
                } else if (i + 1 < args.size()) {
                    value = args.get(++i);
                } else {
                    throw new UsageException(name + " needs a value");
                }
                options.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
            } else {
                throw new UsageException("unknown option " + name);
            }
        }
        if (operands.size() > maxOperands) {
            throw new UsageException(
                    maxOperands == 0
                            ? "unexpected argument " + operands.getFirst()
                            : "too many arguments: " + String.join(" ", operands));
        }
        return new Args(Set.copyOf(flags), new HashMap<>(options), List.copyOf(operands));
    }

    public boolean flag(String name) {
        return flags.contains(name);
    }

    /** The last value given for {@code name}, or {@code fallback}. */
    public String option(String name, String fallback) {
        List<String> values = options.get(name);
        return values == null ? fallback : values.getLast();
    }

    /** Every value given for a repeatable option, in order. */
    public List<String> options(String name) {
        return options.getOrDefault(name, List.of());
    }

    public List<String> operands() {
        return operands;
    }
}
