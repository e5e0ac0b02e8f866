package dev.acceljce.control;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Live per-algorithm counters — the {@code icastats} of AccelJCE: operations and bytes served on
 * the native path and on the JDK path, per service ("Cipher.AES/GCM/NoPadding").
 *
 * <p>Counting sits on the hottest path (a 32-byte AES-GCM operation takes ~150 ns), so it is done
 * without atomic instructions: counts go to a {@link Cell} per service, path and thread, written
 * only by its thread, with opaque stores so a reader in another thread sees progress and the JIT
 * cannot keep the count in a register across a loop. Each service object holds a {@link Tally}
 * that remembers the cell of the thread it last counted on (one comparison with the current thread
 * per count; an object handed to another thread finds that thread's cell). A reader sums the
 * cells, and the totals folded in from cells of threads that ended.
 *
 * <p>Why per thread and not per object: a short-lived object (SunJSSE makes dozens per handshake)
 * would otherwise need its counts kept after it is collected, which cost a Cleaner registration
 * per object and, measured, more GC time than the object's whole work. Cells are per thread, so
 * a program with a thread per connection has a cell per connection and service: cells of ended
 * threads are folded into the totals and unlinked once they are as many as those linked after the
 * last prune (at least 1,024), by the thread that links a new cell.
 */
public final class Counters {
    private static final Map<String, Service> SERVICES = new ConcurrentHashMap<>();
    private static volatile boolean enabled = !"false".equalsIgnoreCase(System.getProperty("acceljce.counters"));

    private Counters() {}

    /** Per service: the cells that counted, as a lock-free stack, and what ended threads left behind. */
    private static final class Service {
        private static final VarHandle HEAD;

        static {
            try {
                HEAD = MethodHandles.lookup().findVarHandle(Service.class, "head", Cell.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final String name;

        @SuppressWarnings("unused")
        private volatile Cell head;
        /** The current thread's cell, per path (indexed by ordinal). */
        @SuppressWarnings("unchecked")
        private final ThreadLocal<Cell>[] local = new ThreadLocal[] {new ThreadLocal<Cell>(), new ThreadLocal<Cell>()};

        private final ReentrantLock pruning = new ReentrantLock();
        /** Cells on the stack; a prune is due when they reach {@link #pruneAt}. */
        private final AtomicInteger linked = new AtomicInteger();

        private volatile int pruneAt = 1024;
        final LongAdder[] retiredOps = {new LongAdder(), new LongAdder()};
        final LongAdder[] retiredBytes = {new LongAdder(), new LongAdder()};
        final LongAdder[] retiredCreated = {new LongAdder(), new LongAdder()};
        /**
         * The cell used last, per path: a hint that saves the thread-local lookup when one thread
         * makes many objects (racy on purpose: a cell read here is used only by its own thread).
         */
        private final Cell[] recent = new Cell[2];

        Service(String name) {
            this.name = name;
        }

        /** The current thread's cell for {@code path}, linked at its first use. */
        Cell cell(Path path) {
            Cell c = recent[path.ordinal()];
            if (c != null && c.thread == Thread.currentThread()) {
                return c;
            }
            ThreadLocal<Cell> l = local[path.ordinal()];
            c = l.get();
            if (c == null) {
                c = new Cell(Thread.currentThread(), path);
                l.set(c);
                push(c);
            }
            recent[path.ordinal()] = c;
            return c;
        }

        private void push(Cell c) {
            Cell h;
            do {
                h = head;
                c.next = h;
            } while (!HEAD.compareAndSet(this, h, c));
            if (linked.incrementAndGet() >= pruneAt) {
                prune();
            }
        }

        /**
         * Folds the cells of ended threads into the totals and unlinks them (the head stays, being
         * the newest: it goes in a later prune). A thread that ended writes no more, and seeing it
         * ended ({@code isAlive} false) makes its last writes visible here.
         */
        void prune() {
            if (!pruning.tryLock()) {
                return;
            }
            try {
                int unlinked = 0;
                Cell prev = head;
                while (prev != null) {
                    Cell n = prev.next;
                    while (n != null && !n.thread.isAlive()) {
                        n.retired = true; // first, so a reader never counts it twice
                        retiredOps[n.path.ordinal()].add(n.ops());
                        retiredBytes[n.path.ordinal()].add(n.bytesCounted());
                        retiredCreated[n.path.ordinal()].add(n.createdCounted());
                        n = n.next;
                        unlinked++;
                    }
                    prev.next = n;
                    prev = n;
                }
                int left = linked.addAndGet(-unlinked);
                pruneAt = Math.max(1024, 2 * left);
            } finally {
                pruning.unlock();
            }
        }

        /** Sums the linked cells into {@code ops} and {@code bytes} (indexed by path). */
        void addLive(long[] ops, long[] bytes, long[] created) {
            for (Cell c = head; c != null; c = c.next) {
                if (!c.retired) {
                    ops[c.path.ordinal()] += c.ops();
                    bytes[c.path.ordinal()] += c.bytesCounted();
                    created[c.path.ordinal()] += c.createdCounted();
                }
            }
        }

        int linked() {
            int n = 0;
            for (Cell c = head; c != null; c = c.next) {
                n++;
            }
            return n;
        }

        void zeroLive() {
            for (Cell c = head; c != null; c = c.next) {
                c.zero();
            }
        }
    }

    /** What one thread counted for one service on one path. Written only by {@link #thread}. */
    static final class Cell {
        private static final VarHandle OPS;
        private static final VarHandle BYTES;
        private static final VarHandle CREATED;

        static {
            try {
                MethodHandles.Lookup l = MethodHandles.lookup();
                OPS = l.findVarHandle(Cell.class, "ops", long.class);
                BYTES = l.findVarHandle(Cell.class, "bytes", long.class);
                CREATED = l.findVarHandle(Cell.class, "created", long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final Thread thread;
        final Path path;
        /** The next cell of the service's stack. */
        Cell next;
        /** Set when the thread ended and the counts were folded into the service's totals. */
        volatile boolean retired;

        @SuppressWarnings("unused")
        private long ops;

        @SuppressWarnings("unused")
        private long bytes;
        /** Objects of the service made on this path by this thread. */
        @SuppressWarnings("unused")
        private long created;

        Cell(Thread thread, Path path) {
            this.thread = thread;
            this.path = path;
        }

        void add(long operations, long n) {
            OPS.setOpaque(this, (long) OPS.getOpaque(this) + operations);
            BYTES.setOpaque(this, (long) BYTES.getOpaque(this) + n);
        }

        void addCreated() {
            CREATED.setOpaque(this, (long) CREATED.getOpaque(this) + 1);
        }

        long ops() {
            return (long) OPS.getOpaque(this);
        }

        long bytesCounted() {
            return (long) BYTES.getOpaque(this);
        }

        long createdCounted() {
            return (long) CREATED.getOpaque(this);
        }

        void zero() {
            OPS.setOpaque(this, 0L);
            BYTES.setOpaque(this, 0L);
            CREATED.setOpaque(this, 0L);
        }
    }

    /**
     * The counts of one service object: where they go. Methods are called by the thread using the
     * object; an object used by several threads in turn counts on each one's cell.
     */
    public static final class Tally {
        /** A tally that counts nothing (counters switched off, or objects outside the provider). */
        public static final Tally NONE = new Tally(null, null, null);

        private final Path path;
        /** The service this tally counts for; null for {@link #NONE}. */
        private final Service service;
        /**
         * The cell of the thread that counted last (at first, the one that counted the object's
         * creation): an object made and dropped unused (JCA's delayed provider selection makes
         * such probes) costs its creation count and nothing else. Read once per count; a stale
         * value is only ever replaced.
         */
        private Cell cell;

        private Tally(Path path, Service service, Cell cell) {
            this.path = path;
            this.service = service;
            this.cell = cell;
        }

        private Cell cell() {
            Cell c = cell;
            if (c == null || c.thread != Thread.currentThread()) {
                c = service.cell(path);
                cell = c;
            }
            return c;
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
                cell().add(1, n);
            }
        }

        /**
         * As {@link #count}, for objects several threads may use at once (a thread-safe
         * SecureRandom): each thread finds its own cell, without the cached one.
         */
        public void countShared(long n) {
            if (path != null) {
                service.cell(path).add(1, n);
            }
        }

        /** Bytes that belong to the operation in progress (an update), counted when it ends. */
        public void bytes(long n) {
            if (path != null) {
                cell().add(0, n);
            }
        }
    }

    /**
     * A tally for a new service object {@code owner} of {@code type.algorithm} on {@code path}.
     * Its counts are kept after the owner is collected (they live in the thread's cell; the tally
     * does not keep {@code owner}, which names the object the counts are for).
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
        Cell c = s.cell(path);
        c.addCreated();
        if (!enabled) {
            return Tally.NONE;
        }
        return new Tally(path, s, c);
    }

    /** Turns counting on or off for objects created from now on. */
    public static void setEnabled(boolean on) {
        enabled = on;
    }

    public static boolean isEnabled() {
        return enabled;
    }

    /** One row of the table: a service's counts on both paths. */
    public record Row(
            String service,
            long nativeOps,
            long nativeBytes,
            long jdkOps,
            long jdkBytes,
            long nativeObjects,
            long jdkObjects) {
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
            long[] created = {s.retiredCreated[0].sum(), s.retiredCreated[1].sum()};
            s.addLive(ops, bytes, created);
            out.put(name, new Row(name, ops[0], bytes[0], ops[1], bytes[1], created[0], created[1]));
        });
        return out;
    }

    /** The counts of one service ("Cipher.AES/GCM/NoPadding"), zero when unused. */
    public static Row of(String service) {
        Row r = snapshot().get(service);
        return r != null ? r : new Row(service, 0, 0, 0, 0, 0, 0);
    }

    /** How many cells of {@code service} are linked (one per thread that counted, until pruned): for tests. */
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
                s.retiredCreated[i].reset();
            }
            s.zeroLive();
        });
    }
}
