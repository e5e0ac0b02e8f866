import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Arrays;

/**
 * Reproducer: an FFM downcall into legacy-SSE native code runs several times slower when the
 * caller's compiled code just used AVX-512/AVX2 registers (here: C2 zeroing a new array), because
 * the downcall stub does not execute VZEROUPPER before calling the target. The same native code
 * called through JNI right after the same allocation runs at full speed.
 *
 * Run: ./run.sh (builds libkernel.so and libkerneljni.so, then runs this with and without
 * -XX:UseAVX=2). Output: nanoseconds per call, the median of several rounds, for each case.
 */
public class FfmVzeroupper {
    static final long N = 50; // 50 x 6 SSE instructions per call
    static final int CALLS = 1_000_000;
    static final int ROUNDS = 7;

    static native void jniKernel(long n);

    static MethodHandle KERNEL, DIRTY, CLEAN;
    static byte[] sink = new byte[48];

    interface Op {
        void run() throws Throwable;
    }

    public static void main(String[] args) throws Throwable {
        String dir = args.length > 0 ? args[0] : ".";
        System.load(java.nio.file.Path.of(dir, "libkerneljni.so").toAbsolutePath().toString());
        SymbolLookup lib = SymbolLookup.libraryLookup(java.nio.file.Path.of(dir, "libkernel.so"), Arena.global());
        Linker linker = Linker.nativeLinker();
        KERNEL = linker.downcallHandle(lib.find("sse_kernel").orElseThrow(), FunctionDescriptor.ofVoid(ValueLayout.JAVA_LONG), Linker.Option.critical(false));
        DIRTY = linker.downcallHandle(lib.find("dirty_upper").orElseThrow(), FunctionDescriptor.ofVoid(), Linker.Option.critical(false));
        CLEAN = linker.downcallHandle(lib.find("clean_upper").orElseThrow(), FunctionDescriptor.ofVoid(), Linker.Option.critical(false));

        String[] names = {
            "FFM  kernel alone",
            "FFM  new byte[48], kernel",
            "FFM  new byte[48], vzeroupper, kernel",
            "FFM  dirty ymm (native), kernel",
            "JNI  kernel alone",
            "JNI  new byte[48], kernel",
        };
        Op[] ops = {
            () -> { KERNEL.invokeExact(N); },
            () -> { sink = new byte[48]; KERNEL.invokeExact(N); },
            () -> { sink = new byte[48]; CLEAN.invokeExact(); KERNEL.invokeExact(N); },
            () -> { DIRTY.invokeExact(); KERNEL.invokeExact(N); },
            () -> { jniKernel(N); },
            () -> { sink = new byte[48]; jniKernel(N); },
        };
        double[][] ns = new double[ops.length][ROUNDS];
        for (int r = 0; r < ROUNDS; r++) {
            for (int i = 0; i < ops.length; i++) {
                long t0 = System.nanoTime();
                for (int k = 0; k < CALLS; k++) {
                    ops[i].run();
                }
                ns[i][r] = (System.nanoTime() - t0) / (double) CALLS;
            }
        }
        System.out.println("java " + System.getProperty("java.vm.version") + ", "
                + java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments());
        for (int i = 0; i < ops.length; i++) {
            double[] s = ns[i].clone();
            Arrays.sort(s);
            // the first round includes JIT compilation: medians of all rounds, min and max shown
            System.out.printf("  %-40s median %7.1f ns/call  (min %.1f, max %.1f)%n", names[i], s[ROUNDS / 2], s[0], s[ROUNDS - 1]);
        }
    }
}
