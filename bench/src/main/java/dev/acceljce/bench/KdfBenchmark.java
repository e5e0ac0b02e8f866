package dev.acceljce.bench;

import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.concurrent.TimeUnit;
import javax.crypto.KDF;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.PBEKeySpec;
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
 * Key derivation and random bytes: HKDF-SHA256 extract-then-expand of a 32-byte key (what TLS 1.3
 * does a dozen times per handshake), PBKDF2WithHmacSHA256 at {@code iterations} (a password check)
 * and {@code size} bytes from the DRBG {@code SecureRandom} (nonces, IVs). Each method looks up
 * only its own engine: a provider without one of them is "not offered" for that method only.
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
public class KdfBenchmark {
    @Param({BenchmarkProviders.ACCELJCE, BenchmarkProviders.JDK})
    public String provider;

    /** PBKDF2 iterations per derivation. */
    @Param({"1000"})
    public int iterations;

    /** Random bytes per DRBG call. */
    @Param({"32"})
    public int size;

    private byte[] inputKey;
    private byte[] salt;
    private byte[] randomBytes;

    @Setup(Level.Trial)
    public void setUp() {
        inputKey = SharedKeys.bytes(32);
        salt = new byte[16];
        new SecureRandom().nextBytes(salt);
        randomBytes = new byte[size];
    }

    /** Per-method engines, created on first use so a missing one fails only its own method. */
    @State(Scope.Thread)
    public static class Engines {
        KDF hkdf;
        SecretKeyFactory pbkdf2;
        SecureRandom drbg;
    }

    @Benchmark
    public SecretKey hkdfSha256(Engines e) throws GeneralSecurityException {
        if (e.hkdf == null) {
            e.hkdf = BenchmarkProviders.engine(provider, "KDF", "HKDF-SHA256", KDF::getInstance);
        }
        return e.hkdf.deriveKey(
                "AES",
                HKDFParameterSpec.ofExtract().addIKM(inputKey).addSalt(salt).thenExpand(salt, 32));
    }

    @Benchmark
    public SecretKey pbkdf2Sha256(Engines e) throws GeneralSecurityException {
        if (e.pbkdf2 == null) {
            e.pbkdf2 = BenchmarkProviders.engine(
                    provider, "SecretKeyFactory", "PBKDF2WithHmacSHA256", SecretKeyFactory::getInstance);
        }
        return e.pbkdf2.generateSecret(new PBEKeySpec("correct horse battery".toCharArray(), salt, iterations, 256));
    }

    @Benchmark
    public byte[] drbg(Engines e) {
        if (e.drbg == null) {
            e.drbg = BenchmarkProviders.engine(provider, "SecureRandom", "DRBG", SecureRandom::getInstance);
        }
        e.drbg.nextBytes(randomBytes);
        return randomBytes;
    }
}
