package dev.acceljce.bench;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
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
 * One key pair per operation: an EC P-256 or X25519 pair is what each side of an ECDHE handshake
 * makes, an RSA-2048 pair what a certificate authority or a key-rotation job makes (slow and
 * variable by nature: prime search).
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
public class KeyPairGeneratorBenchmark {
    @Param({BenchmarkProviders.ACCELJCE, BenchmarkProviders.JDK})
    public String provider;

    /** "EC" (P-256), "RSA" (2048 bits) or "X25519". */
    @Param({"EC", "RSA", "X25519"})
    public String algorithm;

    private KeyPairGenerator generator;

    @Setup(Level.Trial)
    public void setUp() throws GeneralSecurityException {
        generator = BenchmarkProviders.engine(provider, "KeyPairGenerator", algorithm, KeyPairGenerator::getInstance);
        switch (algorithm) {
            case "EC" -> generator.initialize(new ECGenParameterSpec("secp256r1"));
            case "RSA" -> generator.initialize(2048);
            default -> {} // X25519 has one curve
        }
    }

    @Benchmark
    public KeyPair generate() {
        return generator.generateKeyPair();
    }
}
