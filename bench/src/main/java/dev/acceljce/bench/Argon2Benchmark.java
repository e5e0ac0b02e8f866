package dev.acceljce.bench;

import dev.acceljce.spec.Argon2ParameterSpec;
import java.security.GeneralSecurityException;
import java.util.concurrent.TimeUnit;
import javax.crypto.KDF;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;
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
 * One Argon2id password hash (RFC 9106) at OWASP's minimum recommendation (m = 19 MiB, t = 2,
 * p = 1, 32-byte tag) unless {@code -p memoryKiB=...}: AccelJCE's KDF "Argon2id" (OpenSSL, one
 * thread) against Bouncy Castle's Argon2BytesGenerator (BC has no JCA Argon2 service). Neither the
 * JDK, ACCP nor Conscrypt has Argon2.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
// JMH 1.37 still uses sun.misc.Unsafe: allow it quietly on JDK 25.
@Fork(
        value = 2,
        jvmArgsAppend = {
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow",
            "-Xms1g",
            "-Xmx1g"
        })
public class Argon2Benchmark {
    @Param({BenchmarkProviders.ACCELJCE, BenchmarkProviders.BC})
    public String provider;

    @Param({"19456"})
    public int memoryKiB;

    @Param({"2"})
    public int iterations;

    private KDF kdf;
    private Argon2ParameterSpec spec;
    private Argon2Parameters bcParams;
    private byte[] password;

    @Setup(Level.Trial)
    public void setUp() {
        password = SharedKeys.bytes(16);
        byte[] salt = SharedKeys.bytes(16);
        if (provider.equals(BenchmarkProviders.BC)) {
            bcParams = new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
                    .withVersion(0x13)
                    .withSalt(salt)
                    .withIterations(iterations)
                    .withMemoryAsKB(memoryKiB)
                    .withParallelism(1)
                    .build();
            return;
        }
        kdf = BenchmarkProviders.engine(provider, "KDF", "Argon2id", (a, p) -> KDF.getInstance(a, p));
        spec = Argon2ParameterSpec.builder()
                .password(password)
                .salt(salt)
                .iterations(iterations)
                .memoryKiB(memoryKiB)
                .lanes(1)
                .outputLength(32)
                .build();
    }

    @Benchmark
    public byte[] hash() throws GeneralSecurityException {
        if (kdf != null) {
            return kdf.deriveData(spec);
        }
        Argon2BytesGenerator g = new Argon2BytesGenerator();
        g.init(bcParams);
        byte[] out = new byte[32];
        g.generateBytes(password, out);
        return out;
    }
}
