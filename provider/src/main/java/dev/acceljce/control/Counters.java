package dev.acceljce.control;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Live per-algorithm counters — the {@code icastats} of AccelJCE: operations and bytes served on
 * the native path and on the JDK path, per service ("Cipher.AES/GCM/NoPadding"); native work is
 * split by the library that did it (OpenSSL, AWS-LC: {@link Tally#on}).
 *
 * <p>Counting sits on the hottest path (a 32-byte AES-GCM operation takes ~150 ns), so it is done
 * without atomic instructions: counts go to a {@link Cell} per service, lane (path and library) and thread, written
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

    /**
     * Where counts go, per service: one lane per path, with the native path split by library. Lane
     * 0 is the native path on OpenSSL (every native object starts there), 1 the JDK path, then one
     * lane per further {@link Engine}.
     */
    static final int LANES = 1 + Engine.values().length;

    private static final int JDK_LANE = 1;

    static int lane(Path path, Engine engine) {
        return path == Path.JDK ? JDK_LANE : engine == Engine.OPENSSL ? 0 : 1 + engine.ordinal();
    }

    private static Path pathOf(int lane) {
        return lane == JDK_LANE ? Path.JDK : Path.NATIVE;
    }

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
        /** The current thread's cell, per lane. */
        @SuppressWarnings("unchecked")
        private final ThreadLocal<Cell>[] local = new ThreadLocal[LANES];

        {
            for (int i = 0; i < LANES; i++) {
                local[i] = new ThreadLocal<>();
            }
        }

        private final ReentrantLock pruning = new ReentrantLock();
        /** Cells on the stack; a prune is due when they reach {@link #pruneAt}. */
        private final AtomicInteger linked = new AtomicInteger();

        private volatile int pruneAt = 1024;
        final LongAdder[] retiredOps = adders();
        final LongAdder[] retiredBytes = adders();
        final LongAdder[] retiredCreated = adders();
        /**
         * The cell used last, per lane: a hint that saves the thread-local lookup when one thread
         * makes many objects (racy on purpose: a cell read here is used only by its own thread).
         */
        private final Cell[] recent = new Cell[LANES];

        private static LongAdder[] adders() {
            LongAdder[] a = new LongAdder[LANES];
            for (int i = 0; i < LANES; i++) {
                a[i] = new LongAdder();
            }
            return a;
        }

        Service(String name) {
            this.name = name;
        }

        /** The current thread's cell for {@code lane}, linked at its first use. */
        Cell cell(int lane) {
            Cell c = recent[lane];
            if (c != null && c.threadId == Thread.currentThread().threadId()) {
                return c;
            }
            ThreadLocal<Cell> l = local[lane];
            c = l.get();
            if (c == null) {
                c = new Cell(Thread.currentThread(), lane);
                l.set(c);
                push(c);
            }
            recent[lane] = c;
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
                    while (n != null && n.ended()) {
                        n.retired = true; // first, so a reader never counts it twice
                        retiredOps[n.lane].add(n.ops());
                        retiredBytes[n.lane].add(n.bytesCounted());
                        retiredCreated[n.lane].add(n.createdCounted());
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

        /** Sums the linked cells into {@code ops} and {@code bytes} (indexed by lane). */
        void addLive(long[] ops, long[] bytes, long[] created) {
            for (Cell c = head; c != null; c = c.next) {
                if (!c.retired) {
                    ops[c.lane] += c.ops();
                    bytes[c.lane] += c.bytesCounted();
                    created[c.lane] += c.createdCounted();
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

    /** What one thread counted for one service on one lane. Written only by {@link #thread}. */
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

        /**
         * The thread that writes this cell, by id (ids are never reused) and weakly: a cell must not
         * keep its thread reachable. A virtual thread that ended still references its task, and
         * with it whatever the task held (a server's connection, its socket and buffers); cells of
         * ended threads wait for the next prune, up to thousands of them per service.
         */
        final long threadId;

        private final WeakReference<Thread> thread;
        final int lane;
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

        Cell(Thread thread, int lane) {
            this.threadId = thread.threadId();
            this.thread = new WeakReference<>(thread);
            this.lane = lane;
        }

        /**
         * Whether the thread ended: seen ended ({@code isAlive} false, which makes its last writes
         * visible), or collected, which it can be only once it ended.
         */
        boolean ended() {
            Thread t = thread.get();
            return t == null || !t.isAlive();
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
        public static final Tally NONE = new Tally(null, 0, null, null);

        private final Path path;
        private final int lane;
        /** The service this tally counts for; null for {@link #NONE}. */
        private final Service service;
        /**
         * The cell of the thread that counted last (at first, the one that counted the object's
         * creation): an object made and dropped unused (JCA's delayed provider selection makes
         * such probes) costs its creation count and nothing else. Read once per count; a stale
         * value is only ever replaced.
         */
        private Cell cell;

        /** The same service's tallies on other libraries' lanes (by engine), made at the first {@link #on}. */
        private Tally[] onEngine;

        private Tally(Path path, int lane, Service service, Cell cell) {
            this.path = path;
            this.lane = lane;
            this.service = service;
            this.cell = cell;
        }

        private Cell cell() {
            Cell c = cell;
            if (c == null || c.threadId != Thread.currentThread().threadId()) {
                c = service.cell(lane);
                cell = c;
            }
            return c;
        }

        /**
         * The tally for the work this native object runs on {@code engine}: itself for OpenSSL,
         * else the same service's lane of that library (made once per object and kept: call it
         * where the object picks its library, and count on the result). The object is counted as
         * created once, on the lane it was registered on. The JDK path and {@link #NONE} return
         * themselves.
         */
        public Tally on(Engine engine) {
            if (path != Path.NATIVE || engine == Engine.OPENSSL) {
                return this;
            }
            Tally[] all = onEngine;
            if (all == null) {
                onEngine = all = new Tally[Engine.values().length];
            }
            Tally t = all[engine.ordinal()];
            if (t == null) {
                all[engine.ordinal()] = t = new Tally(path, lane(Path.NATIVE, engine), service, null);
            }
            return t;
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
                service.cell(lane).add(1, n);
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
        int lane = lane(path, Engine.OPENSSL);
        Cell c = s.cell(lane);
        c.addCreated();
        if (!enabled) {
            return Tally.NONE;
        }
        return new Tally(path, lane, s, c);
    }

    /** Turns counting on or off for objects created from now on. */
    public static void setEnabled(boolean on) {
        enabled = on;
    }

    public static boolean isEnabled() {
        return enabled;
    }

    /**
     * One row of the table: a service's counts on both paths. The native counts are every
     * library's; {@code awslcOps} and {@code awslcBytes} are the part AWS-LC did (the rest ran in
     * OpenSSL).
     */
    public record Row(
            String service,
            long nativeOps,
            long nativeBytes,
            long jdkOps,
            long jdkBytes,
            long nativeObjects,
            long jdkObjects,
            long awslcOps,
            long awslcBytes) {
        /** A row with no work on AWS-LC. */
        public Row(
                String service,
                long nativeOps,
                long nativeBytes,
                long jdkOps,
                long jdkBytes,
                long nativeObjects,
                long jdkObjects) {
            this(service, nativeOps, nativeBytes, jdkOps, jdkBytes, nativeObjects, jdkObjects, 0, 0);
        }

        public long totalOps() {
            return nativeOps + jdkOps;
        }

        /** The native operations OpenSSL did. */
        public long opensslOps() {
            return nativeOps - awslcOps;
        }
    }

    /** The sum of {@code rows}, as one row named "total". */
    public static Row total(Iterable<Row> rows) {
        long[] sum = new long[8];
        for (Row r : rows) {
            sum[0] += r.nativeOps();
            sum[1] += r.nativeBytes();
            sum[2] += r.jdkOps();
            sum[3] += r.jdkBytes();
            sum[4] += r.nativeObjects();
            sum[5] += r.jdkObjects();
            sum[6] += r.awslcOps();
            sum[7] += r.awslcBytes();
        }
        return new Row("total", sum[0], sum[1], sum[2], sum[3], sum[4], sum[5], sum[6], sum[7]);
    }

    /** The counts of every service that was used, sorted by name. */
    public static Map<String, Row> snapshot() {
        Map<String, Row> out = new TreeMap<>();
        SERVICES.forEach((name, s) -> {
            long[] ops = new long[LANES];
            long[] bytes = new long[LANES];
            long[] created = new long[LANES];
            for (int i = 0; i < LANES; i++) {
                ops[i] = s.retiredOps[i].sum();
                bytes[i] = s.retiredBytes[i].sum();
                created[i] = s.retiredCreated[i].sum();
            }
            s.addLive(ops, bytes, created);
            int aws = lane(Path.NATIVE, Engine.AWSLC);
            long[] nativeSum = new long[3];
            for (int i = 0; i < LANES; i++) {
                if (pathOf(i) == Path.NATIVE) {
                    nativeSum[0] += ops[i];
                    nativeSum[1] += bytes[i];
                    nativeSum[2] += created[i];
                }
            }
            out.put(
                    name,
                    new Row(
                            name,
                            nativeSum[0],
                            nativeSum[1],
                            ops[JDK_LANE],
                            bytes[JDK_LANE],
                            nativeSum[2],
                            created[JDK_LANE],
                            ops[aws],
                            bytes[aws]));
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
            for (int i = 0; i < LANES; i++) {
                s.retiredOps[i].reset();
                s.retiredBytes[i].reset();
                s.retiredCreated[i].reset();
            }
            s.zeroLive();
        });
    }
}
