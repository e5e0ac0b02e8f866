package dev.acceljce.cli.report;

import java.util.Locale;

/**
 * One provider against another in the same run: the ratio of their scores (ops/s, above 1 the
 * first is faster) with its relative error, JMH's two 99.9% half-widths combined in quadrature,
 * and the verdict of the project's tie rule (as scripts/peers-vs-native.py applies it): a tie
 * when 1 lies within the ratio's error, else faster or slower. A tie whose interval is wider
 * than {@link #EVEN_WITHIN} either way is not called even: such a run cannot tell (a busy
 * machine gives those), and the verdict says so.
 */
public record Comparison(double ratio, double relativeError) {
    /** The widest relative error of the ratio at which a tie is still called "even". */
    public static final double EVEN_WITHIN = 0.10;

    public enum Verdict {
        FASTER("faster"),
        EVEN("even"),
        SLOWER("slower"),
        /** A tie with too wide an interval, or no error at all (JMH had too few samples). */
        UNDECIDED("undecided");

        private final String word;

        Verdict(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }
    }

    /** {@code mine} against {@code theirs}, both from one run. */
    public static Comparison of(BenchmarkResult mine, BenchmarkResult theirs) {
        double r = mine.opsPerSecond() / theirs.opsPerSecond();
        double e = Math.hypot(mine.error() / mine.opsPerSecond(), theirs.error() / theirs.opsPerSecond());
        return new Comparison(r, e);
    }

    /** The error of the ratio in its own unit (± this many ×). */
    public double error() {
        return ratio * relativeError;
    }

    public Verdict verdict() {
        if (Double.isNaN(relativeError)) {
            return Verdict.UNDECIDED;
        }
        if (Math.abs(ratio - 1) <= error()) {
            return relativeError <= EVEN_WITHIN ? Verdict.EVEN : Verdict.UNDECIDED;
        }
        return ratio > 1 ? Verdict.FASTER : Verdict.SLOWER;
    }

    /** "2.41× ± 0.12", or "2.41×" without an error. */
    public String text() {
        return Double.isNaN(relativeError)
                ? String.format(Locale.ROOT, "%.2f×", ratio)
                : String.format(Locale.ROOT, "%.2f× ± %.2f", ratio, error());
    }
}
