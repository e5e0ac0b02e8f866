package dev.acceljce.attack;

/**
 * One check against one target: a name for the table, what it does, and how it runs.
 *
 * @param name the row's name (the TLS-Attacker command, or the probe's)
 * @param what what is sent and what would be a finding
 * @param run runs the check against a started target
 */
public record Check(String name, String what, Probe run) {
    /** A check's body; may throw (recorded as the outcome's note, the verdict then unknown). */
    @FunctionalInterface
    public interface Probe {
        Outcome apply(Target target) throws Exception;
    }

    /**
     * @param vulnerable true: the finding the check looks for; false: not found; null: could not tell
     * @param note what was seen (the server's answer, what was negotiated), for the table
     */
    public record Outcome(Boolean vulnerable, String note) {
        static Outcome of(Boolean vulnerable) {
            return new Outcome(vulnerable, "");
        }

        public String verdict() {
            return vulnerable == null ? "unknown" : vulnerable ? "VULNERABLE" : "not vulnerable";
        }
    }
}
