package dev.acceljce.control;

/**
 * A service object that counts its operations. The decision point attaches the object's
 * {@link Counters.Tally} right after creating it; until then (and when counting is off) the
 * object holds {@link Counters.Tally#NONE}.
 */
public interface Counted {
    void attach(Counters.Tally tally);
}
