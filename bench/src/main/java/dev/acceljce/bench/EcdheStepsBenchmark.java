package dev.acceljce.bench;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
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
 * One side of an ECDHE key exchange on P-256, step by step, as SunJSSE does it per handshake
 * (TLS 1.3 secp256r1, TLS 1.2 ECDHE): a new key pair whose point goes on the wire
 * ({@code ECPublicKey.getW()}), the peer's point imported through {@code KeyFactory} from an
 * {@code ECPublicKeySpec}, and a new {@code KeyAgreement} that derives the secret with it. The
 * steady-state benchmarks reuse one peer key object; these do not, so a provider that re-imports
 * or re-validates per new key object pays for it here, as in a handshake.
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
public class EcdheStepsBenchmark {
    @Param({BenchmarkProviders.ACCELJCE, BenchmarkProviders.JDK})
    public String provider;

    private Provider chosen;
    private ECParameterSpec params;
    private KeyPair mine;
    private ECPoint peerPoint;

    @Setup(Level.Trial)
    public void setUp() throws GeneralSecurityException {
        KeyPairGenerator g =
                BenchmarkProviders.engine(provider, "KeyPairGenerator", "EC", KeyPairGenerator::getInstance);
        chosen = g.getProvider();
        g.initialize(new ECGenParameterSpec("secp256r1"));
        mine = g.generateKeyPair();
        ECPublicKey peer = (ECPublicKey) g.generateKeyPair().getPublic();
        params = peer.getParams();
        peerPoint = peer.getW();
    }

    /** A new ephemeral key pair and its point, as SunJSSE puts it in the key share. */
    @Benchmark
    public ECPoint keyPairAndPoint() throws GeneralSecurityException {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC", chosen);
        g.initialize(new ECGenParameterSpec("secp256r1"));
        return ((ECPublicKey) g.generateKeyPair().getPublic()).getW();
    }

    /** The peer's point made a key object (SunJSSE decodes the point, then asks the KeyFactory). */
    @Benchmark
    public Object importPeer() throws GeneralSecurityException {
        return KeyFactory.getInstance("EC", chosen).generatePublic(new ECPublicKeySpec(peerPoint, params));
    }

    /** Import and derive: a new peer key object and a new KeyAgreement, as per handshake. */
    @Benchmark
    public byte[] importPeerAndDerive() throws GeneralSecurityException {
        var peer = KeyFactory.getInstance("EC", chosen).generatePublic(new ECPublicKeySpec(peerPoint, params));
        KeyAgreement a = KeyAgreement.getInstance("ECDH", chosen);
        a.init(mine.getPrivate());
        a.doPhase(peer, true);
        return a.generateSecret();
    }
}
