package dev.acceljce.bench;

import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.KeyPair;
import java.util.concurrent.TimeUnit;
import javax.crypto.KeyAgreement;
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
 * One key agreement per operation, as a TLS handshake does it once per side: {@code doPhase}
 * with the peer's public key (validated each time, as both providers do) and
 * {@code generateSecret}, on an object initialised once with the private key. Groups: X25519 and
 * ECDH on P-256 (the TLS 1.3 defaults); P-384 runs with {@code -p group=secp384r1}.
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
public class KeyAgreementBenchmark {
    @Param({BenchmarkProviders.ACCELJCE, BenchmarkProviders.JDK})
    public String provider;

    @Param({"X25519", "secp256r1"})
    public String group;

    private KeyAgreement agreement;
    private KeyPair peer;

    @Setup(Level.Trial)
    public void setUp() throws GeneralSecurityException {
        boolean ec = group.startsWith("secp");
        // one shared pair on both sides: the same work as two, and the same keys for every provider
        KeyPair mine = SharedKeys.keyPair(provider, ec ? "EC:" + group : group);
        peer = mine;
        agreement = BenchmarkProviders.engine(provider, "KeyAgreement", ec ? "ECDH" : "XDH", KeyAgreement::getInstance);
        agreement.init(mine.getPrivate());
    }

    @Benchmark
    public byte[] agree() throws InvalidKeyException {
        agreement.doPhase(peer.getPublic(), true);
        return agreement.generateSecret();
    }
}
