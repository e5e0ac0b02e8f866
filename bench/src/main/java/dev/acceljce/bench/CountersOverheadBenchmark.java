package dev.acceljce.bench;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.control.Counters;
import dev.acceljce.control.Path;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.SecureRandom;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What AccelJCE's live counters cost: a 32-byte AES-GCM encryption (init with a new IV +
 * doFinal) on the native path, with counting on and off. The budget is 2%. Each setting runs in
 * its own forks; compare the two rows of one run ({@code scripts/counters-overhead.sh} pairs forks
 * in alternating rounds, because forks of one setting differ by more than 2% on a shared machine).
 *
 * <p>{@code countOneOperation} times the only work counting adds to each operation, the
 * {@code Tally.count} a native object calls when an operation completes (with counting off its
 * tally is {@code Tally.NONE}, which returns at once): nanoseconds against the ~200 ns of the
 * operation, measured with far less spread than the whole operation.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(
        value = 2,
        jvmArgsAppend = {
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow",
            "-Xms1g",
            "-Xmx1g"
        })
public class CountersOverheadBenchmark {
    private static final VarHandle IV_COUNTER =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    @Param({"on", "off"})
    public String counters;

    @Param({"32"})
    public int size;

    private Cipher cipher;
    private SecretKeySpec key;
    private byte[] payload;
    private final byte[] iv = new byte[12];
    private long messages;
    private Counters.Tally tally;
    private final Object counted = new Object();

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        // counting is decided when an object is created: switch first, then create the cipher
        Counters.setEnabled(counters.equals("on"));
        cipher = Cipher.getInstance("AES/GCM/NoPadding", AccelJceProvider.pathView(Path.NATIVE));
        // what the decision point gives a new native object: a live tally, or NONE when off
        tally = Counters.register(counted, "Cipher", "AES/GCM/NoPadding", Path.NATIVE);
        SecureRandom random = new SecureRandom();
        byte[] keyBytes = new byte[16];
        random.nextBytes(keyBytes);
        key = new SecretKeySpec(keyBytes, "AES");
        payload = new byte[size];
        random.nextBytes(payload);
        random.nextBytes(iv);
    }

    @Benchmark
    public byte[] encrypt() throws Exception {
        IV_COUNTER.set(iv, 4, ++messages);
        cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv));
        return cipher.doFinal(payload);
    }

    @Benchmark
    public Counters.Tally countOneOperation() {
        tally.count(size);
        return tally;
    }
}
