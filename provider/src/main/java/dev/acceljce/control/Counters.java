package dev.acceljce.control;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.Cleaner;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Live per-algorithm counters — the {@code icastats} of AccelJCE: operations and bytes served on
 * the native path and on the JDK path, per service ("Cipher.AES/GCM/NoPadding").
 *
 * <p>Counting sits on the hottest path (a 32-byte AES-GCM operation takes ~150 ns), so it is done
 * without atomic instructions: every service object owns a {@link Tally} that only its own thread
 * writes (JCA objects are not shared between threads while in use), with opaque stores so a
 * reader in another thread sees progress and the JIT cannot keep the count in a register across a
 * loop. A reader sums the tallies of live objects and the totals folded in from collected ones.
 */
public final class Counters {
    private static final Cleaner CLEANER = Cleaner.create(r -> {
        Thread t = new Thread(r, "AccelJCE-counter-cleaner");
        t.setDaemon(true);
        return t;
    });
    private static final Map<String, Service> SERVICES = new ConcurrentHashMap<>();
    private static volatile boolean enabled = !"false".equalsIgnoreCase(System.getProperty("acceljce.counters"));

    private Counters() {}

    /**
     * Per service: the tallies of live objects that have counted, and what collected objects left
     * behind. The live tallies form a lock-free stack (a push is one CAS on {@link #head}, where a
     * concurrent set cost a hash insertion and a removal per object); a collected object's tally
     * is marked retired, and once as many are retired as half the stack (at least 1,024) the
     * cleaner thread unlinks them ({@link #prune}, one thread at a time, changing only links
     * behind the head): off the threads that count, and in time proportional to what it frees.
     */
    private static final class Service {
        private static final VarHandle HEAD;

        static {
            try {
                HEAD = MethodHandles.lookup().findVarHandle(Service.class, "head", Tally.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final String name;
        @SuppressWarnings("unused") private volatile Tally head;
        private final java.util.concurrent.locks.ReentrantLock pruning = new java.util.concurrent.locks.ReentrantLock();
        /** Tallies on the stack, and those of them retired since the last prune. */
        private final java.util.concurrent.atomic.AtomicInteger linked = new java.util.concurrent.atomic.AtomicInteger();
        private final java.util.concurrent.atomic.AtomicInteger retiredLinked = new java.util.concurrent.atomic.AtomicInteger();
        final LongAdder[] retiredOps = {new LongAdder(), new LongAdder()};
        final LongAdder[] retiredBytes = {new LongAdder(), new LongAdder()};
        final LongAdder[] created = {new LongAdder(), new LongAdder()};

        Service(String name) {
            this.name = name;
        }

        void push(Tally t) {
            Tally h;
            do {
                h = head;
                t.next = h;
            } while (!HEAD.compareAndSet(this, h, t));
            linked.incrementAndGet();
        }

        /** A tally's owner was collected (on the cleaner thread): its counts join the totals. */
        void retire(Tally t) {
            t.retired = true;
            retiredOps[t.path.ordinal()].add(t.ops());
            retiredBytes[t.path.ordinal()].add(t.bytesCounted());
            if (retiredLinked.incrementAndGet() >= Math.max(1024, linked.get() / 2)) {
                prune();
            }
        }

        /** Unlinks retired tallies behind the head (the head itself goes when it is not the head). */
        void prune() {
            if (!pruning.tryLock()) {
                return;
            }
            try {
                int unlinked = 0;
                Tally prev = head;
                while (prev != null) {
                    Tally n = prev.next;
                    while (n != null && n.retired) {
                        n = n.next;
                        unlinked++;
                    }
                    prev.next = n;
                    prev = n;
                }
                linked.addAndGet(-unlinked);
                retiredLinked.addAndGet(-unlinked);
            } finally {
                pruning.unlock();
            }
        }

        /** Sums the live tallies into {@code ops} and {@code bytes} (indexed by path). */
        void addLive(long[] ops, long[] bytes) {
            for (Tally t = head; t != null; t = t.next) {
                if (!t.retired) {
                    ops[t.path.ordinal()] += t.ops();
                    bytes[t.path.ordinal()] += t.bytesCounted();
                }
            }
        }

        int linked() {
            int n = 0;
            for (Tally t = head; t != null; t = t.next) {
                n++;
            }
            return n;
        }

        void zeroLive() {
            for (Tally t = head; t != null; t = t.next) {
                t.zero();
            }
        }
    }

    /** The counts of one service object. Methods are called only by the thread using the object. */
    public static final class Tally {
        private static final VarHandle OPS;
        private static final VarHandle BYTES;

        static {
            try {
                MethodHandles.Lookup l = MethodHandles.lookup();
                OPS = l.findVarHandle(Tally.class, "ops", long.class);
                BYTES = l.findVarHandle(Tally.class, "bytes", long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        /** A tally that counts nothing (counters switched off, or objects outside the provider). */
        public static final Tally NONE = new Tally(null, null, null);

        private final Path path;
        /** The service this tally counts for; null for {@link #NONE}. */
        private final Service service;
        /**
         * The object counted, until its first count: only then is the tally made visible to
         * readers and tied to the object's collection ({@link #enlist}), so an object that is made
         * and dropped unused (JCA's delayed provider selection makes such probes) costs no more
         * than its creation count.
         */
        private Object owner;
        /** The next tally of the service's live stack. */
        Tally next;
        /** Set when the owner was collected and the counts were folded into the service's totals. */
        volatile boolean retired;
        @SuppressWarnings("unused") private long ops;
        @SuppressWarnings("unused") private long bytes;

        private Tally(Path path, Service service, Object owner) {
            this.path = path;
            this.service = service;
            this.owner = owner;
        }

        /** Makes this tally visible to readers and retires it when its owner is collected. */
        private void enlist() {
            Object o = owner;
            owner = null;
            Service s = service;
            Tally t = this;
            s.push(t);
            CLEANER.register(o, () -> s.retire(t));
        }

        /**
         * The tally for the work that {@code owner}, a native-path object, hands to the JDK's
         * provider internally (a mode, IV length, info length or key that OpenSSL does not take):
         * the same service on the JDK path, so the counters say what really ran in OpenSSL.
         * Registers that tally (one more JDK-path object of the service) on each call: call once
         * per owner and keep it. When this tally already counts the JDK path (an object the
         * decision point created there) it is returned itself; {@link #NONE} gives NONE.
         */
        public Tally handedToJdk(Object owner) {
            if (path == null || path == Path.JDK) {
                return this;
            }
            return register(owner, service.name, Path.JDK);
        }

        /** One operation (a digest, a doFinal, a signature, a derivation) over {@code n} bytes. */
        public void count(long n) {
            if (path != null) {
                if (owner != null) {
                    enlist();
                }
                OPS.setOpaque(this, (long) OPS.getOpaque(this) + 1);
                BYTES.setOpaque(this, (long) BYTES.getOpaque(this) + n);
            }
        }

        /**
         * As {@link #count}, for objects several threads may use at once (a thread-safe
         * SecureRandom): atomic, so slower, and not for per-operation hot paths of other families.
         */
        public void countShared(long n) {
            if (path != null) {
                synchronized (this) {
                    if (owner != null) {
                        enlist();
                    }
                }
                OPS.getAndAdd(this, 1L);
                BYTES.getAndAdd(this, n);
            }
        }

        /** Bytes that belong to the operation in progress (an update), counted when it ends. */
        public void bytes(long n) {
            if (path != null) {
                if (owner != null) {
                    enlist();
                }
                BYTES.setOpaque(this, (long) BYTES.getOpaque(this) + n);
            }
        }

        long ops() {
            return (long) OPS.getOpaque(this);
        }

        long bytesCounted() {
            return (long) BYTES.getOpaque(this);
        }

        void zero() {
            OPS.setOpaque(this, 0L);
            BYTES.setOpaque(this, 0L);
        }
    }

    /**
     * A tally for a new service object {@code owner} of {@code type.algorithm} on {@code path}.
     * Its counts are kept after the owner is collected.
     */
    public static Tally register(Object owner, String type, String algorithm, Path path) {
        return register(owner, type + "." + algorithm, path);
    }

    /** {@link #register(Object, String, String, Path)} with the name "type.algorithm" built once by the caller. */
    public static Tally register(Object owner, String service, Path path) {
        Service s = SERVICES.get(service);
        if (s == null) {
            s = SERVICES.computeIfAbsent(service, Service::new);
        }
        s.created[path.ordinal()].increment();
        if (!enabled) {
            return Tally.NONE;
        }
        return new Tally(path, s, owner); // enlisted at its first count
    }

    /** Turns counting on or off for objects created from now on. */
    public static void setEnabled(boolean on) {
        enabled = on;
    }

    public static boolean isEnabled() {
        return enabled;
    }

    /** One row of the table: a service's counts on both paths. */
    public record Row(String service, long nativeOps, long nativeBytes, long jdkOps, long jdkBytes,
                      long nativeObjects, long jdkObjects) {
        public long totalOps() {
            return nativeOps + jdkOps;
        }
    }

    /** The sum of {@code rows}, as one row named "total". */
    public static Row total(Iterable<Row> rows) {
        long[] sum = new long[6];
        for (Row r : rows) {
            sum[0] += r.nativeOps();
            sum[1] += r.nativeBytes();
            sum[2] += r.jdkOps();
            sum[3] += r.jdkBytes();
            sum[4] += r.nativeObjects();
            sum[5] += r.jdkObjects();
        }
        return new Row("total", sum[0], sum[1], sum[2], sum[3], sum[4], sum[5]);
    }

    /** The counts of every service that was used, sorted by name. */
    public static Map<String, Row> snapshot() {
        Map<String, Row> out = new TreeMap<>();
        SERVICES.forEach((name, s) -> {
            long[] ops = {s.retiredOps[0].sum(), s.retiredOps[1].sum()};
            long[] bytes = {s.retiredBytes[0].sum(), s.retiredBytes[1].sum()};
            s.addLive(ops, bytes);
            out.put(name, new Row(name, ops[0], bytes[0], ops[1], bytes[1],
                    s.created[0].sum(), s.created[1].sum()));
        });
        return out;
    }

    /** The counts of one service ("Cipher.AES/GCM/NoPadding"), zero when unused. */
    public static Row of(String service) {
        Row r = snapshot().get(service);
        return r != null ? r : new Row(service, 0, 0, 0, 0, 0, 0);
    }

    /** How many tallies of {@code service} are linked (live, or retired and not yet unlinked): for tests. */
    static int linkedTallies(String service) {
        Service s = SERVICES.get(service);
        return s == null ? 0 : s.linked();
    }

    /** Sets every count to zero (as {@code icastats --reset}). Not atomic with concurrent work. */
    public static void reset() {
        SERVICES.values().forEach(s -> {
            for (int i = 0; i < 2; i++) {
                s.retiredOps[i].reset();
                s.retiredBytes[i].reset();
                s.created[i].reset();
            }
            s.zeroLive();
        });
    }
}
