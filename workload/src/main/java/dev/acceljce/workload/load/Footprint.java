package dev.acceljce.workload.load;

import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.invoke.MethodHandle;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.management.ObjectName;

/**
 * The server JVM's own footprint, read from inside it: RSS and descriptors from {@code /proc/self},
 * the JVM's native memory from NMT ({@code -XX:NativeMemoryTracking=summary}; the VM.native_memory
 * diagnostic command), every {@code malloc} of the process (libssl's and BoringSSL's included,
 * which NMT does not see) from glibc's {@code mallinfo2}, and the heap: used after the last GC
 * (cheap, for samples) or a class histogram (a full GC; used heap and {@code byte[]} bytes).
 */
final class Footprint {
    private static final ObjectName DIAGNOSTIC;
    private static final MethodHandle MALLINFO2;
    private static final MethodHandle MALLOC_TRIM;
    private static final StructLayout MALLINFO2_LAYOUT = MemoryLayout.structLayout(
            JAVA_LONG.withName("arena"),
            JAVA_LONG.withName("ordblks"),
            JAVA_LONG.withName("smblks"),
            JAVA_LONG.withName("hblks"),
            JAVA_LONG.withName("hblkhd"),
            JAVA_LONG.withName("usmblks"),
            JAVA_LONG.withName("fsmblks"),
            JAVA_LONG.withName("uordblks"),
            JAVA_LONG.withName("fordblks"),
            JAVA_LONG.withName("keepcost"));

    static {
        try {
            DIAGNOSTIC = new ObjectName("com.sun.management:type=DiagnosticCommand");
        } catch (Exception e) {
            throw new ExceptionInInitializerError(e);
        }
        Linker linker = Linker.nativeLinker();
        // glibc only (2.33+); elsewhere the malloc figures are left out
        MALLINFO2 = linker.defaultLookup()
                .find("mallinfo2")
                .map(a -> linker.downcallHandle(a, FunctionDescriptor.of(MALLINFO2_LAYOUT)))
                .orElse(null);
        MALLOC_TRIM = linker.defaultLookup()
                .find("malloc_trim")
                .map(a -> linker.downcallHandle(
                        a, FunctionDescriptor.of(java.lang.foreign.ValueLayout.JAVA_INT, JAVA_LONG)))
                .orElse(null);
    }

    private Footprint() {}

    /** A sample without a GC: what a monitoring agent would see. */
    static Map<String, Object> sample() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("rssKiB", procStatus("VmRSS"));
        m.put("rssAnonKiB", procStatus("RssAnon"));
        m.put("fds", fds());
        m.put("threads", procStatus("Threads"));
        m.putAll(malloc());
        m.putAll(nmt(false));
        m.put("heapCommittedKiB", heapCommitted() / 1024);
        m.put("heapUsedAfterLastGcKiB", heapAfterLastGc() / 1024);
        libraryMalloc(m);
        m.putAll(NativeLeaks.state());
        return m;
    }

    /**
     * Everything, after a full GC (the class histogram runs one): used heap and {@code byte[]}
     * bytes, NMT by category, malloc, RSS, descriptors.
     */
    static Map<String, Object> full() {
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Long> top = new LinkedHashMap<>();
        long[] histogram = histogram(top); // a full GC first
        m.put("heapUsedKiB", histogram[0] / 1024);
        m.put("byteArrayKiB", histogram[1] / 1024);
        m.put("byteArrays", histogram[2]);
        m.put("heapCommittedKiB", heapCommitted() / 1024);
        m.put("rssKiB", procStatus("VmRSS"));
        m.put("rssAnonKiB", procStatus("RssAnon"));
        m.put("fds", fds());
        m.put("threads", procStatus("Threads"));
        m.putAll(malloc());
        m.putAll(nmt(true));
        libraryMalloc(m);
        m.putAll(NativeLeaks.state());
        m.put("topClassesKiB", top);
        m.put("fdKinds", fdKinds());
        return m;
    }

    /**
     * The malloc of the native libraries (libssl, libcrypto, Conscrypt's BoringSSL, glibc's own):
     * all malloc in use minus what NMT says the JVM itself malloc'ed (its JIT compiler's arenas
     * come and go by tens of MiB).
     */
    private static void libraryMalloc(Map<String, Object> m) {
        if (m.get("mallocInUseKiB") instanceof Long all && m.get("nmtMallocKiB") instanceof Long jvm) {
            m.put("libraryMallocKiB", all - jvm);
        }
    }

    /** glibc's {@code malloc_trim(0)}: gives free arena memory back to the kernel; whether it did. */
    static boolean mallocTrim() {
        if (MALLOC_TRIM == null) {
            return false;
        }
        try {
            return (int) MALLOC_TRIM.invokeExact(0L) != 0;
        } catch (Throwable t) {
            return false;
        }
    }

    /** glibc's view of every malloc of the process, summed over all arenas (KiB). */
    static Map<String, Object> malloc() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (MALLINFO2 == null) {
            return m;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = (MemorySegment) MALLINFO2.invokeExact((java.lang.foreign.SegmentAllocator) arena);
            long heapBytes =
                    s.get(JAVA_LONG, MALLINFO2_LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("arena")));
            long mmapped =
                    s.get(JAVA_LONG, MALLINFO2_LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("hblkhd")));
            long inUse =
                    s.get(JAVA_LONG, MALLINFO2_LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("uordblks")));
            long free =
                    s.get(JAVA_LONG, MALLINFO2_LAYOUT.byteOffset(MemoryLayout.PathElement.groupElement("fordblks")));
            // in use by the program: small blocks in use plus mmapped blocks (always in use)
            m.put("mallocInUseKiB", (inUse + mmapped) / 1024);
            // held by malloc from the kernel: arenas (in use and free) plus mmapped blocks
            m.put("mallocHeldKiB", (heapBytes + mmapped) / 1024);
            m.put("mallocFreeKiB", free / 1024);
        } catch (Throwable t) {
            m.put("mallocError", t.toString());
        }
        return m;
    }

    private static final Pattern NMT_TOTAL = Pattern.compile("Total: reserved=(\\d+)KB, committed=(\\d+)KB");
    private static final Pattern NMT_MALLOC = Pattern.compile("^\\s+malloc: (\\d+)KB", Pattern.MULTILINE);
    private static final Pattern NMT_CATEGORY =
            Pattern.compile("^-\\s+(.+?) \\(reserved=(\\d+)KB, committed=(\\d+)KB\\)", Pattern.MULTILINE);

    /** NMT's summary: total committed, its malloc part, and (detailed) committed per category (KiB). */
    static Map<String, Object> nmt(boolean byCategory) {
        Map<String, Object> m = new LinkedHashMap<>();
        String text = diagnostic("vmNativeMemory", "summary");
        Matcher t = NMT_TOTAL.matcher(text);
        if (!t.find()) {
            return m; // NMT off
        }
        m.put("nmtCommittedKiB", Long.parseLong(t.group(2)));
        Matcher mm = NMT_MALLOC.matcher(text);
        if (mm.find(t.end())) {
            m.put("nmtMallocKiB", Long.parseLong(mm.group(1)));
        }
        if (byCategory) {
            Map<String, Long> categories = new LinkedHashMap<>();
            Matcher c = NMT_CATEGORY.matcher(text);
            while (c.find()) {
                categories.put(c.group(1).trim(), Long.parseLong(c.group(3)));
            }
            m.put("nmtCommittedByCategoryKiB", categories);
            // the JVM's native memory apart from the Java heap's reservation, which NMT counts too
            m.put("nmtNonHeapKiB", Long.parseLong(t.group(2)) - categories.getOrDefault("Java Heap", 0L));
        }
        return m;
    }

    /**
     * {used heap bytes, byte[] bytes, byte[] count} from GC.class_histogram (after a full GC); the
     * twelve classes with the most bytes go into {@code top} (KiB).
     */
    static long[] histogram(Map<String, Long> top) {
        String text = diagnostic("gcClassHistogram");
        long total = 0, arrays = 0, count = 0;
        for (String line : text.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 3 && f[0].equals("Total")) {
                total = Long.parseLong(f[2]);
            } else if (f.length >= 4 && f[0].endsWith(":")) {
                if (top.size() < 12) {
                    top.put(f[3], Long.parseLong(f[2]) / 1024);
                }
                if (f[3].equals("[B")) {
                    count = Long.parseLong(f[1]);
                    arrays = Long.parseLong(f[2]);
                }
            }
        }
        return new long[] {total, arrays, count};
    }

    static String diagnostic(String operation, String... args) {
        try {
            return (String) ManagementFactory.getPlatformMBeanServer()
                    .invoke(DIAGNOSTIC, operation, new Object[] {args}, new String[] {String[].class.getName()});
        } catch (Exception e) {
            return "";
        }
    }

    static long heapCommitted() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getCommitted();
    }

    /** Heap in use after the last collection of each pool, summed: a GC-free estimate of live data. */
    static long heapAfterLastGc() {
        long sum = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP && p.getCollectionUsage() != null) {
                sum += p.getCollectionUsage().getUsed();
            }
        }
        return sum;
    }

    /** A numeric field of /proc/self/status (kB for sizes), or -1. */
    static long procStatus(String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith(field + ":")) {
                    return Long.parseLong(
                            line.substring(field.length() + 1).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux
        }
        return -1;
    }

    static long fds() {
        try (Stream<Path> s = Files.list(Path.of("/proc/self/fd"))) {
            return s.count();
        } catch (IOException e) {
            return -1;
        }
    }

    /** Open descriptors by what they are: socket, pipe, anon_inode:[eventpoll], or a file's path. */
    static Map<String, Long> fdKinds() {
        Map<String, Long> kinds = new java.util.TreeMap<>();
        try (Stream<Path> s = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : s.toList()) {
                String target;
                try {
                    target = Files.readSymbolicLink(fd).toString();
                } catch (IOException e) {
                    continue; // closed meanwhile (the listing's own descriptor)
                }
                int bracket = target.indexOf(":[");
                String kind = bracket > 0 && !target.startsWith("anon_inode") ? target.substring(0, bracket) : target;
                kinds.merge(kind, 1L, Long::sum);
            }
        } catch (IOException e) {
            // not Linux
        }
        return kinds;
    }

    /** The soft limit on open descriptors of this process, or -1. */
    static long fdLimit() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/limits"))) {
                if (line.startsWith("Max open files")) {
                    return Long.parseLong(line.substring(26).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux
        }
        return -1;
    }
}
