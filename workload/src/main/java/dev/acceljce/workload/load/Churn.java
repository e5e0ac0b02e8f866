package dev.acceljce.workload.load;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The client side of {@code churn}: workers that connect, handshake, echo 1 KiB and close, until
 * the time is up. Connection i resumes when i is even, makes a full handshake when odd; two in
 * twenty (one full, one resumed) end abruptly, in turn: the TCP connection closed under TLS (no
 * close_notify), a reset (SO_LINGER 0) with the request in flight, and a peer that sends its
 * ClientHello, reads the server's first bytes and resets.
 */
final class Churn {
    enum Ending {
        CLOSE_NOTIFY,
        NO_CLOSE_NOTIFY,
        RESET_IN_EXCHANGE,
        VANISH_MID_HANDSHAKE
    }

    private static final Ending[] ABRUPT = {
        Ending.NO_CLOSE_NOTIFY, Ending.RESET_IN_EXCHANGE, Ending.VANISH_MID_HANDSHAKE
    };

    private final LoadClient client;
    private final long deadline;
    private final int workers;
    private final AtomicLong next = new AtomicLong();
    private final AtomicLong abrupt = new AtomicLong();
    private final Map<Ending, LongAdder> ended = new ConcurrentHashMap<>();
    private final LongAdder resumedTried = new LongAdder();
    private final LongAdder fullTried = new LongAdder();
    private final Map<String, LongAdder> failures = new ConcurrentHashMap<>();
    private final LongAdder failed = new LongAdder();

    Churn(LoadClient client, double seconds, int workers) {
        this.client = client;
        this.deadline = System.nanoTime() + (long) (seconds * 1e9);
        this.workers = workers;
        for (Ending e : Ending.values()) {
            ended.put(e, new LongAdder());
        }
    }

    Map<String, Object> run() throws InterruptedException {
        long start = System.nanoTime();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            threads.add(Thread.ofVirtual().start(this::work));
        }
        for (Thread t : threads) {
            t.join();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long total = next.get();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("connections", total);
        m.put("seconds", seconds);
        m.put("connectionsPerSecond", total / seconds);
        Map<String, Long> e = new LinkedHashMap<>();
        ended.forEach((k, v) -> e.put(k.name(), v.sum()));
        m.put("ended", e);
        m.put("resumingAttempts", resumedTried.sum());
        m.put("fullAttempts", fullTried.sum());
        m.put("failed", failed.sum());
        m.put("failures", LoadClient.top(failures));
        return m;
    }

    private void work() {
        while (System.nanoTime() < deadline) {
            long i = next.getAndIncrement();
            boolean resume = i % 2 == 0;
            Ending ending = (i % 20 == 3 || i % 20 == 14)
                    ? ABRUPT[(int) (abrupt.getAndIncrement() % ABRUPT.length)]
                    : Ending.CLOSE_NOTIFY;
            try {
                if (ending == Ending.VANISH_MID_HANDSHAKE) {
                    client.vanishMidHandshake();
                } else {
                    (resume ? resumedTried : fullTried).increment();
                    ClientConnection c = resume ? client.connectResuming() : client.connectFull();
                    switch (ending) {
                        case NO_CLOSE_NOTIFY -> {
                            c.echo(LoadClient.kib());
                            c.dropWithoutCloseNotify();
                        }
                        case RESET_IN_EXCHANGE -> {
                            c.send(LoadClient.kib());
                            c.reset();
                        }
                        default -> {
                            c.echo(LoadClient.kib());
                            c.close();
                        }
                    }
                }
                ended.get(ending).increment();
            } catch (Throwable t) {
                failed.increment();
                failures.computeIfAbsent(ending + " " + t, k -> new LongAdder()).increment();
            }
        }
    }
}
