package dev.acceljce.bench;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.util.concurrent.TimeUnit;
import javax.crypto.DecapsulateException;
import javax.crypto.KEM;
import javax.crypto.SecretKey;
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
 * ML-KEM: key generation, encapsulation to a fixed public key and decapsulation of a fixed
 * ciphertext, the three steps of a TLS 1.3 hybrid key share. AccelJCE needs OpenSSL 3.5 (the
 * bundled library) for these; with 3.0 the AccelJCE runs fail with "does not serve". Other
 * parameter sets with {@code -p algorithm=ML-KEM-1024}.
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
public class MlKemBenchmark {
    @Param({BenchmarkProviders.ACCELJCE, BenchmarkProviders.JDK})
    public String provider;

    @Param({"ML-KEM-768"})
    public String algorithm;

    private KeyPairGenerator generator;
    private KEM.Encapsulator encapsulator;
    private KEM.Decapsulator decapsulator;
    private byte[] ciphertext;

    @Setup(Level.Trial)
    public void setUp() throws GeneralSecurityException {
        generator = BenchmarkProviders.engine(provider, "KeyPairGenerator", algorithm, KeyPairGenerator::getInstance);
        KeyPair pair = SharedKeys.keyPair(provider, algorithm);
        KEM kem = BenchmarkProviders.engine(provider, "KEM", algorithm, KEM::getInstance);
        encapsulator = kem.newEncapsulator(pair.getPublic());
        decapsulator = kem.newDecapsulator(pair.getPrivate());
        ciphertext = encapsulator.encapsulate().encapsulation();
    }

    @Benchmark
    public KeyPair keyGeneration() {
        return generator.generateKeyPair();
    }

    @Benchmark
    public KEM.Encapsulated encapsulate() {
        return encapsulator.encapsulate();
    }

    @Benchmark
    public SecretKey decapsulate() throws DecapsulateException {
        return decapsulator.decapsulate(ciphertext);
    }
}
