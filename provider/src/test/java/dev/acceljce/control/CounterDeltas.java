package dev.acceljce.control;

/** What a service's counters gained since a reading: the tests' measure of which path served. */
final class CounterDeltas {
    private CounterDeltas() {}

    /** The counts of {@code before}'s service now, minus {@code before}. */
    static Counters.Row since(Counters.Row before) {
        Counters.Row now = Counters.of(before.service());
        return new Counters.Row(
                before.service(),
                now.nativeOps() - before.nativeOps(),
                now.nativeBytes() - before.nativeBytes(),
                now.jdkOps() - before.jdkOps(),
                now.jdkBytes() - before.jdkBytes(),
                now.nativeObjects() - before.nativeObjects(),
                now.jdkObjects() - before.jdkObjects(),
                now.awslcOps() - before.awslcOps(),
                now.awslcBytes() - before.awslcBytes());
    }
}
