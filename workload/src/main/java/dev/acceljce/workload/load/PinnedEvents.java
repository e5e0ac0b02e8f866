package dev.acceljce.workload.load;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingStream;

/**
 * JFR's {@code jdk.VirtualThreadPinned} in the server JVM, every one (threshold zero), with its
 * stack: a virtual thread that parked while it could not unmount (a native frame below it: an
 * FFM upcall from libssl, a JNI call) kept its carrier, one of only as many as there are CPUs.
 */
final class PinnedEvents implements AutoCloseable {
    private static final int FRAMES = 14;

    private final RecordingStream stream = new RecordingStream();
    private final AtomicLong count = new AtomicLong();
    private final Map<String, LongAdder> stacks = new ConcurrentHashMap<>();

    PinnedEvents() {
        stream.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO).withStackTrace();
        stream.onEvent("jdk.VirtualThreadPinned", this::record);
        stream.startAsync();
    }

    private void record(RecordedEvent e) {
        count.incrementAndGet();
        StringBuilder b = new StringBuilder();
        if (e.getStackTrace() != null) {
            List<RecordedFrame> frames = e.getStackTrace().getFrames();
            for (int i = 0; i < Math.min(FRAMES, frames.size()); i++) {
                RecordedFrame f = frames.get(i);
                b.append(f.getMethod().getType().getName())
                        .append('.')
                        .append(f.getMethod().getName())
                        .append(':')
                        .append(f.getLineNumber())
                        .append('\n');
            }
        }
        stacks.computeIfAbsent(b.toString(), k -> new LongAdder()).increment();
    }

    /** Events so far and the distinct stacks (top frames first), most frequent first. */
    Map<String, Object> snapshot() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pinnedEvents", count.get());
        Map<String, Long> byStack = new LinkedHashMap<>();
        stacks.entrySet().stream()
                .sorted((a, b) -> Long.compare(b.getValue().sum(), a.getValue().sum()))
                .limit(10)
                .forEach(en -> byStack.put(en.getKey(), en.getValue().sum()));
        m.put("pinnedStacks", byStack);
        return m;
    }

    @Override
    public void close() {
        stream.close();
    }
}
