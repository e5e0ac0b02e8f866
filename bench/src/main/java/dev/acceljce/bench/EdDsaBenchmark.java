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
 * Ed25519 signing and verification (the TLS 1.3 ed25519 scheme), one per operation, over the
 * same payload sizes as the ECDSA benchmark. Ed448 runs with {@code -p algorithm=Ed448}.
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
public class EdDsaBenchmark {
    @Param({BenchmarkProviders.ACCELJCE, BenchmarkProviders.JDK})
    public String provider;

    @Param({"Ed25519"})
    public String algorithm;

    /** Bytes signed per operation. */
    @Param({"32", "128", "512"})
    public int size;

    private SigningPair pair;

    @Setup(Level.Trial)
    public void setUp() throws GeneralSecurityException {
        KeyPair keys = SharedKeys.keyPair(provider, algorithm);
        pair = SigningPair.of(provider, algorithm, keys, size);
    }

    @Benchmark
    public byte[] sign() throws SignatureException {
        return pair.sign();
    }

    @Benchmark
    public boolean verify() throws SignatureException {
        return pair.verify();
    }
}
