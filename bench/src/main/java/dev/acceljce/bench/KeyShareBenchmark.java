package dev.acceljce.bench;

import java.security.GeneralSecurityException;
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
 * An ECDHE key share: a new key pair and its public key's X.509 encoding, which is what a TLS
 * client or server sends. {@link KeyPairGeneratorBenchmark} measures the pair alone, where a
 * provider that encodes a public key on first need (AccelJCE on AWS-LC, ACCP) skips exporting the
 * point, a field inversion; here every provider pays it.
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
public class KeyShareBenchmark {
    @Param({BenchmarkProviders.ACCELJCE, BenchmarkProviders.JDK})
    public String provider;

    /** A TLS 1.3 named group: "secp256r1", "secp384r1" or "x25519". */
    @Param({"secp256r1", "secp384r1", "x25519"})
    public String group;

    private KeyPairGenerator generator;

    @Setup(Level.Trial)
    public void setUp() throws GeneralSecurityException {
        String algorithm = group.equals("x25519") ? "X25519" : "EC";
        generator = BenchmarkProviders.engine(provider, "KeyPairGenerator", algorithm, KeyPairGenerator::getInstance);
        if (algorithm.equals("EC")) {
            generator.initialize(new ECGenParameterSpec(group));
        }
    }

    @Benchmark
    public byte[] share() {
        return generator.generateKeyPair().getPublic().getEncoded();
    }
}
