package dev.acceljce.hardening;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Runs one action from several threads at once for a while and tallies how each call ended:
 * "ok" or the exception's class (with "concurrent use" marked). Errors other than exceptions
 * (a VM error) are rethrown.
 */
final class Hammer {
    /** What the threads saw: outcome to count. */
    final Map<String, LongAdder> outcomes = new ConcurrentHashMap<>();

    @FunctionalInterface
    interface Action {
        void run(int thread, long iteration) throws Exception;
    }

    static Hammer run(int threads, long millis, Action action) throws InterruptedException {
        Hammer h = new Hammer();
        long deadline = System.nanoTime() + millis * 1_000_000L;
        CountDownLatch start = new CountDownLatch(1);
        AtomicLong errors = new AtomicLong();
        List<Thread> workers = new ArrayList<>();
        List<Throwable> fatal = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            Thread w = new Thread(
                    () -> {
                        try {
                            start.await();
                        } catch (InterruptedException e) {
                            return;
                        }
                        for (long i = 0; System.nanoTime() < deadline; i++) {
                            String outcome;
                            try {
                                action.run(id, i);
                                outcome = "ok";
                            } catch (IllegalStateException e) {
                                outcome =
                                        e.getMessage() != null && e.getMessage().startsWith("concurrent use")
                                                ? "IllegalStateException(concurrent use)"
                                                : "IllegalStateException";
                            } catch (Exception e) {
                                outcome = e.getClass().getName();
                                errors.incrementAndGet();
                            } catch (Error e) {
                                synchronized (fatal) {
                                    fatal.add(e);
                                }
                                return;
                            }
                            h.outcomes
                                    .computeIfAbsent(outcome, k -> new LongAdder())
                                    .increment();
                        }
                    },
                    "hammer-" + t);
            workers.add(w);
            w.start();
        }
        start.countDown();
        for (Thread w : workers) {
            w.join();
        }
        if (!fatal.isEmpty()) {
            throw new AssertionError("a hammer thread died with an Error", fatal.getFirst());
        }
        return h;
    }

    long count(String outcome) {
        LongAdder a = outcomes.get(outcome);
        return a == null ? 0 : a.sum();
    }

    long refusals() {
        return count("IllegalStateException(concurrent use)");
    }

    @Override
    public String toString() {
        Map<String, Long> m = new TreeMap<>();
        outcomes.forEach((k, v) -> m.put(k, v.sum()));
        return m.toString();
    }
}
