package dev.acceljce.libssl;

import java.util.concurrent.TimeUnit;

/** For tests in other packages: moves the clock that ages session ticket keys ({@link TicketKeys#testClock}). */
public final class TicketKeysClock {
    private TicketKeysClock() {}

    /** From now on the ticket keys see time {@code hours} later than it is; close to go back. */
    public static AutoCloseable aheadBy(long hours) {
        long offset = TimeUnit.HOURS.toNanos(hours);
        TicketKeys.testClock = () -> System.nanoTime() + offset;
        return () -> TicketKeys.testClock = null;
    }
}
