package dev.acceljce.foreign;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.io.IOException;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Leaves the upper halves of the vector registers clean (x86 {@code VZEROUPPER}) before each call
 * into a native library (OpenSSL, AWS-LC), on Intel CPUs with AVX.
 *
 * <p>Why: HotSpot's compiled code uses 256- and 512-bit registers (zeroing a new array with
 * AVX-512 stores, vectorised loops) and leaves their upper halves "dirty". A call into a JNI method
 * clears them; an FFM downcall stub does not (JDK 25: {@code downcallLinker_x86_64.cpp} calls the
 * target without a {@code vzeroupper}). Intel cores then run every legacy-SSE-encoded instruction
 * of the library (OpenSSL's AES-NI, GHASH and SHA-NI short-message code is legacy SSE) with a false
 * dependency on the dirty upper state: measured 3-5x slower there, and AES-128-GCM at 32 B at
 * 2.1 instead of 6 M messages/s, depending on what the JIT compiled around the call
 * (docs/history/2026-11-26-intel-aes-gcm-upper-vector-state.md, "AES-GCM at half speed on Intel AVX-512", and repro/ffm-vzeroupper/).
 *
 * <p>How: the instruction comes from four bytes of machine code, {@code vzeroupper; ret}, written
 * into a page of our own that is then made read-and-execute (never writable and executable at
 * once, as the JIT's own code is), and called as a critical downcall folded in front of every
 * downcall handle of both bindings. No cryptographic code runs there; the cost is one short downcall per library
 * call. AMD cores have no such penalty, so the guard is off there unless asked for.
 *
 * <p>Setting (system property, read once): {@code acceljce.x86.clearUpperState} = {@code auto}
 * (default: on for Intel with AVX), {@code true} (any x86-64 CPU with AVX) or {@code false}.
 */
public final class UpperStateGuard {
    private static final String SETTING = "acceljce.x86.clearUpperState";

    /** {@code vzeroupper} (VEX.128.0F.WIG 77) then {@code ret}. */
    private static final byte[] CODE = {(byte) 0xC5, (byte) 0xF8, (byte) 0x77, (byte) 0xC3};

    private static final int PROT_READ = 1, PROT_WRITE = 2, PROT_EXEC = 4;
    private static final int MAP_PRIVATE = 2, MAP_ANONYMOUS = 0x20;
    private static final long PAGE = 4096;

    private record State(MethodHandle clear, String description) {}

    private static final State STATE = create();

    private UpperStateGuard() {}

    /** {@code downcall} preceded by the clearing call when the guard is on, else {@code downcall} itself. */
    public static MethodHandle guard(MethodHandle downcall) {
        MethodHandle clear = STATE.clear;
        return clear == null ? downcall : MethodHandles.foldArguments(downcall, clear);
    }

    /** Whether library calls are preceded by {@code vzeroupper} in this JVM. */
    public static boolean active() {
        return STATE.clear != null;
    }

    /** One line for {@code info}: on or off, and why. */
    public static String description() {
        return STATE.description;
    }

    private static State create() {
        String setting = System.getProperty(SETTING, "auto");
        String vendor = "";
        boolean avx = false;
        if (System.getProperty("os.arch").equals("amd64")
                && System.getProperty("os.name").equals("Linux")) {
            try {
                String cpuinfo = Files.readString(Path.of("/proc/cpuinfo"));
                vendor = field(cpuinfo, "vendor_id");
                // VZEROUPPER exists only with AVX (and the OS saving its state, which Linux lists as avx)
                avx = (" " + field(cpuinfo, "flags") + " ").contains(" avx ");
            } catch (IOException | RuntimeException e) {
                return new State(null, "off (cannot read /proc/cpuinfo: " + e.getMessage() + ")");
            }
        }
        String off;
        try {
            off = whyOff(setting, System.getProperty("os.arch"), vendor, avx);
        } catch (IllegalArgumentException e) {
            return new State(null, "off (" + e.getMessage() + ")"); // never break loading over it
        }
        if (off != null) {
            return new State(null, "off (" + off + ")");
        }
        try {
            return new State(clearingCall(), "on: vzeroupper before each library call (Intel AVX-to-SSE penalty)");
        } catch (Throwable t) {
            // e.g. a kernel policy that forbids executable anonymous pages: run without the guard
            return new State(null, "off (could not map the 4-byte vzeroupper routine: " + t + ")");
        }
    }

    /**
     * Why the guard stays off for {@code setting} on a CPU of {@code arch} from {@code vendor}
     * ({@code /proc/cpuinfo}'s vendor_id) with or without AVX, or null when it goes on.
     */
    static String whyOff(String setting, String arch, String vendor, boolean avx) {
        String s = setting == null ? "auto" : setting.trim().toLowerCase(Locale.ROOT);
        if (!s.equals("auto") && !s.equals("true") && !s.equals("false")) {
            throw new IllegalArgumentException(SETTING + "=" + setting + ": auto, true or false");
        }
        if (s.equals("false")) {
            return SETTING + "=false";
        }
        if (!arch.equals("amd64")) {
            return "not x86-64";
        }
        if (!avx) {
            return "the CPU has no AVX";
        }
        if (!vendor.equals("GenuineIntel") && !s.equals("true")) {
            return "not an Intel CPU: no AVX-to-SSE penalty to avoid; " + SETTING + "=true forces it";
        }
        return null;
    }

    private static MethodHandle clearingCall() throws Throwable {
        Linker linker = Linker.nativeLinker();
        var libc = linker.defaultLookup();
        MethodHandle mmap = linker.downcallHandle(
                libc.find("mmap").orElseThrow(),
                FunctionDescriptor.of(ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_LONG));
        MethodHandle mprotect = linker.downcallHandle(
                libc.find("mprotect").orElseThrow(), FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT));
        MemorySegment page = (MemorySegment)
                mmap.invokeExact(MemorySegment.NULL, PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0L);
        if (page.address() == -1L || page.address() == 0L) {
            throw new IllegalStateException("mmap failed");
        }
        page = page.reinterpret(PAGE);
        MemorySegment.copy(CODE, 0, page, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, CODE.length);
        int rc = (int) mprotect.invokeExact(page, PAGE, PROT_READ | PROT_EXEC);
        if (rc != 0) {
            throw new IllegalStateException("mprotect(PROT_READ|PROT_EXEC) failed");
        }
        // the page lives as long as the process: one per copy of the provider, never unmapped
        MethodHandle clear = linker.downcallHandle(page, FunctionDescriptor.ofVoid(), Linker.Option.critical(false));
        clear.invokeExact(); // fails here, not in a crypto call, if anything is wrong
        return clear;
    }

    private static String field(String cpuinfo, String name) {
        for (String line : cpuinfo.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equals(name)) {
                return line.substring(colon + 1).trim();
            }
        }
        return "";
    }
}
