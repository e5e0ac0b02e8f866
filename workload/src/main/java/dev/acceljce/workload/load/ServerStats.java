package dev.acceljce.workload.load;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the server saw: connections open and accepted, handshakes full and resumed (a session
 * older than its connection's handshake start is a resumption), and how connections ended.
 */
final class ServerStats {
    final AtomicLong open = new AtomicLong();
    final LongAdder accepted = new LongAdder();
    final LongAdder full = new LongAdder();
    final LongAdder resumed = new LongAdder();
    final LongAdder closedCleanly = new LongAdder();
    final LongAdder echoes = new LongAdder();
    private final Map<String, LongAdder> failures = new ConcurrentHashMap<>();

    void handshake(long startedMillis, long sessionCreatedMillis) {
        if (sessionCreatedMillis < startedMillis) {
            resumed.increment();
        } else {
            full.increment();
        }
    }

    /** A connection that ended with an exception: counted by class and (shortened) message. */
    void failed(Throwable t) {
        String msg = t.getMessage() == null ? "" : t.getMessage();
        if (msg.length() > 60) {
            msg = msg.substring(0, 60);
        }
        failures.computeIfAbsent(t.getClass().getSimpleName() + ": " + msg, k -> new LongAdder())
                .increment();
    }

    Map<String, Object> snapshot() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("open", open.get());
        m.put("accepted", accepted.sum());
        m.put("fullHandshakes", full.sum());
        m.put("resumedHandshakes", resumed.sum());
        m.put("closedCleanly", closedCleanly.sum());
        m.put("echoes", echoes.sum());
        Map<String, Long> f = new TreeMap<>();
        failures.forEach((k, v) -> f.put(k, v.sum()));
        m.put("endedWithException", f);
        return m;
    }
}
