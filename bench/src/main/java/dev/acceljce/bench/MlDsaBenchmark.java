package dev.acceljce.bench;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
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
 * ML-DSA: key generation, signing and verifying a message of {@code size} bytes with a key set
 * once (hedged signing, as both providers do by default). AccelJCE needs OpenSSL 3.5 (the bundled
 * library). Other parameter sets with {@code -p algorithm=ML-DSA-87}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 2,
        jvmArgsAppend = {
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow",
            "-Xms1g",
            "-Xmx1g"
        })
public class MlDsaBenchmark {
    @Param({BenchmarkProviders.ACCELJCE, BenchmarkProviders.JDK})
    public String provider;

    @Param({"ML-DSA-65"})
    public String algorithm;

    /** Bytes signed per operation (a TLS CertificateVerify signs ~130 bytes). */
    @Param({"128"})
    public int size;

    private KeyPairGenerator generator;
    private SigningPair signing;

    @Setup(Level.Trial)
    public void setUp() throws GeneralSecurityException {
        generator = BenchmarkProviders.engine(provider, "KeyPairGenerator", algorithm, KeyPairGenerator::getInstance);
        KeyPair pair = SharedKeys.keyPair(provider, algorithm);
        signing = SigningPair.of(provider, algorithm, pair, size);
    }

    @Benchmark
    public KeyPair keyGeneration() {
        return generator.generateKeyPair();
    }

    @Benchmark
    public byte[] sign() throws SignatureException {
        return signing.sign();
    }

    @Benchmark
    public boolean verify() throws SignatureException {
        return signing.verify();
    }
}
