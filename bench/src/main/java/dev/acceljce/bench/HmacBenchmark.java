package dev.acceljce.bench;

import java.security.InvalidKeyException;
import java.security.SecureRandom;
import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;
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
 * One MAC per operation with a key set once: {@code update(payload)} then {@code doFinal()}, the
 * pattern of a TLS record or a signed request. Other MACs run with {@code -p algorithm=HmacSHA512}.
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
public class HmacBenchmark {
    @Param({BenchmarkProviders.ACCELJCE, BenchmarkProviders.JDK})
    public String provider;

    @Param({"HmacSHA256"})
    public String algorithm;

    /** Bytes authenticated per operation. */
    @Param({"32", "128", "512", "1024", "16384"})
    public int size;

    private Mac mac;
    private byte[] payload;

    @Setup(Level.Trial)
    public void setUp() throws InvalidKeyException {
        mac = BenchmarkProviders.engine(provider, "Mac", algorithm, Mac::getInstance);
        mac.init(new SecretKeySpec(SharedKeys.bytes(32), algorithm));
        payload = new byte[size];
        new SecureRandom().nextBytes(payload);
    }

    @Benchmark
    public byte[] mac() {
        mac.update(payload);
        return mac.doFinal();
    }
}
