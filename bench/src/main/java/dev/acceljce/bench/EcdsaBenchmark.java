package dev.acceljce.bench;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.SignatureException;
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
 * ECDSA as the seeds measure it (OpenJCEPlus' provider comparison): SHA256withECDSA on P-256 over
 * 32, 128 and 512 bytes, one signature or one verification per operation, with the same key pair
 * for every provider ({@link SharedKeys}). Other curves and digests run with {@code -p curve=secp384r1
 * -p algorithm=SHA384withECDSA}.
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
public class EcdsaBenchmark {
    @Param({BenchmarkProviders.ACCELJCE, BenchmarkProviders.JDK})
    public String provider;

    @Param({"SHA256withECDSA"})
    public String algorithm;

    @Param({"secp256r1", "secp384r1"})
    public String curve;

    /** Bytes signed per operation. */
    @Param({"32", "128", "512"})
    public int size;

    private SigningPair pair;

    @Setup(Level.Trial)
    public void setUp() throws GeneralSecurityException {
        KeyPair keys = SharedKeys.keyPair(provider, "EC:" + curve);
        pair = SigningPair.of(provider, algorithm, keys, size);
    }

    @Benchmark
    public byte[] signEcDsa() throws SignatureException {
        return pair.sign();
    }

    @Benchmark
    public boolean verifyEcDsa() throws SignatureException {
        return pair.verify();
    }
}
