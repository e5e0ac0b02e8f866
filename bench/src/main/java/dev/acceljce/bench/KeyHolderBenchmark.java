package dev.acceljce.bench;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.KeyHolder;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What telling engines about a destroyed key costs while nothing is destroyed: each engine that
 * makes a native context for an AccelJCE private key registers with it once
 * ({@code AccelKey.heldBy}: a synchronized add to a WeakHashMap, which also expunges engines the
 * GC cleared). The pattern where that happens most is a TLS server's: a new Signature per
 * handshake with one long-lived key. {@code registerOneEngine} times the registration alone (a
 * new holder each time, so the map churns as in that pattern); {@code freshSignerPerSignature}
 * the whole thing it is part of (getInstance, initSign, sign with ECDSA P-256), in the same run.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(
        value = 2,
        jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms1g", "-Xmx1g"})
public class KeyHolderBenchmark {
    private final Provider provider = new AccelJceProvider();
    private KeyPair keys;
    private final byte[] message = new byte[32];

    @Setup
    public void setUp() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC", provider);
        g.initialize(new ECGenParameterSpec("secp256r1"));
        keys = g.generateKeyPair();
    }

    @Benchmark
    public KeyHolder registerOneEngine() {
        KeyHolder holder = new KeyHolder() { // a new object each time (a lambda would be one)
                    @Override
                    public void keyDestroyed(AccelKey key) {}
                };
        ((AccelKey) keys.getPrivate()).heldBy(holder);
        return holder;
    }

    @Benchmark
    public byte[] freshSignerPerSignature() throws Exception {
        Signature s = Signature.getInstance("SHA256withECDSA", provider);
        s.initSign(keys.getPrivate());
        s.update(message);
        return s.sign();
    }
}
