package dev.acceljce.bench;

import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.concurrent.TimeUnit;
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
 * One message digest per operation, as the seed measures it: {@code update(payload)} then
 * {@code digest()} on a MessageDigest created once per trial. Other digests run with
 * {@code -p algorithm=SHA-512} (any JCA name both providers serve).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
// JMH 1.37 still uses sun.misc.Unsafe: allow it quietly on JDK 25.
@Fork(
        value = 2,
        jvmArgsAppend = {
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow",
            "-Xms1g",
            "-Xmx1g"
        })
public class DigestBenchmark {
    @Param({BenchmarkProviders.ACCELJCE, BenchmarkProviders.JDK})
    public String provider;

    @Param({"SHA-256"})
    public String algorithm;

    /** Bytes hashed per operation. */
    @Param({"32", "128", "512", "1024", "16384"})
    public int size;

    private MessageDigest digest;
    private byte[] payload;

    @Setup(Level.Trial)
    public void setUp() {
        digest = BenchmarkProviders.engine(provider, "MessageDigest", algorithm, MessageDigest::getInstance);
        payload = new byte[size];
        new SecureRandom().nextBytes(payload);
    }

    @Benchmark
    public byte[] digest() {
        digest.update(payload);
        return digest.digest();
    }
}
