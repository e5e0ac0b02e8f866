package dev.acceljce.workload.bank;

import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Thread dumps of the bank taken at a fixed interval over the measured window, counting the
 * threads that wait for a lock another thread holds: BLOCKED on a monitor (what JFR's
 * {@code jdk.JavaMonitorEnter} also records) and parked on a {@code java.util.concurrent} lock
 * (ReentrantLock, ReentrantReadWriteLock, ...: JFR's monitor events miss these). A thread
 * waiting for work (a Condition, a queue, a socket) is not counted. Each lock is named with the
 * first frame above the locking machinery, so a count reads as "threads queued here, per dump".
 */
final class ThreadDumpSampler {
    /** Stack frames kept per thread: enough to climb out of the lock classes to their caller. */
    private static final int DEPTH = 24;

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final Map<String, Long> waiting = new HashMap<>();
    private final long intervalMillis;
    private ScheduledExecutorService timer;
    private int dumps;

    ThreadDumpSampler(long intervalMillis) {
        this.intervalMillis = intervalMillis;
    }

    /** Starts a new count (a sampler still running is stopped first, outside the lock its dumps take). */
    void start() {
        stop();
        synchronized (this) {
            waiting.clear();
            dumps = 0;
            timer = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "thread-dump-sampler");
                t.setDaemon(true);
                return t;
            });
            timer.scheduleAtFixedRate(this::sample, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
        }
    }

    /** Stops sampling; idempotent. */
    void stop() {
        ScheduledExecutorService t;
        synchronized (this) {
            t = timer;
            timer = null;
        }
        if (t != null) {
            t.shutdownNow();
            try {
                t.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The dumps taken and the most waited-for locks: {dumps, locks: [{lock, threadSamples}]}. */
    synchronized Map<String, Object> summary(int limit) {
        List<Map<String, Object>> top = new ArrayList<>();
        waiting.entrySet().stream()
                .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
                .limit(limit)
                .forEach(e -> {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("lock", e.getKey());
                    m.put("threadSamples", e.getValue());
                    top.add(m);
                });
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("dumps", dumps);
        out.put("intervalMs", intervalMillis);
        out.put("locks", top);
        return out;
    }

    private void sample() {
        ThreadInfo[] infos = threads.dumpAllThreads(false, false, DEPTH);
        synchronized (this) {
            dumps++;
            for (ThreadInfo info : infos) {
                String lock = waitedLock(info);
                if (lock != null) {
                    waiting.merge(lock, 1L, Long::sum);
                }
            }
        }
    }

    /** "lock class in caller" when {@code info}'s thread waits for a held lock, else null. */
    static String waitedLock(ThreadInfo info) {
        LockInfo lock = info.getLockInfo();
        if (lock == null) {
            return null;
        }
        String kind = lock.getClassName();
        boolean queued = switch (info.getThreadState()) {
            case BLOCKED -> true;
            // parked in a lock's acquire: the blocker is the lock's Sync (a Condition's
            // await parks on a ConditionObject, which is waiting for work, not a lock)
            case WAITING, TIMED_WAITING ->
                kind.startsWith("java.util.concurrent.locks.Reentrant") && kind.endsWith("Sync");
            default -> false;
        };
        return queued ? kind + " in " + caller(info.getStackTrace()) : null;
    }

    /** The first frame outside the lock machinery (park, AQS, the lock classes). */
    private static String caller(StackTraceElement[] stack) {
        for (StackTraceElement f : stack) {
            String c = f.getClassName();
            if (!c.startsWith("java.util.concurrent.locks.")
                    && !c.startsWith("jdk.internal.misc.")
                    && !c.equals("java.lang.Object")) {
                return c + "." + f.getMethodName();
            }
        }
        return stack.length > 0 ? stack[0].getClassName() + "." + stack[0].getMethodName() : "?";
    }
}
