package dev.acceljce.workload.driver;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/** What the users of one load point share: the measured window, the statistics, the stop flag. */
final class Driver {
    private final PageStats stats = new PageStats();
    private final Histogram lag = new ConcurrentHistogram(TimeUnit.MINUTES.toNanos(10), 2);
    private final LongAdder fullHandshakes = new LongAdder();
    private final LongAdder resumedHandshakes = new LongAdder();
    private final AtomicReference<String> firstError = new AtomicReference<>();
    private final LongAdder errors = new LongAdder();
    private volatile long windowStart = Long.MAX_VALUE;
    private volatile long windowEnd = Long.MAX_VALUE;
    private volatile boolean stopping;

    void window(long start, long end) {
        windowStart = start;
        windowEnd = end;
    }

    boolean inWindow(long scheduledNanos) {
        return scheduledNanos >= windowStart && scheduledNanos < windowEnd;
    }

    boolean stopping() {
        return stopping;
    }

    void stop() {
        stopping = true;
    }

    PageStats stats() {
        return stats;
    }

    /** How late a user started a page after its scheduled start: the driver's own health. */
    void lag(long nanos) {
        lag.recordValue(Math.max(0, Math.min(nanos, TimeUnit.MINUTES.toNanos(10))));
    }

    Histogram lag() {
        return lag;
    }

    void handshake(boolean resumed) {
        (resumed ? resumedHandshakes : fullHandshakes).increment();
    }

    long fullHandshakes() {
        return fullHandshakes.sum();
    }

    long resumedHandshakes() {
        return resumedHandshakes.sum();
    }

    void error(Exception e) {
        errors.increment();
        firstError.compareAndSet(null, e.toString());
    }

    long errors() {
        return errors.sum();
    }

    String firstError() {
        return firstError.get();
    }
}
