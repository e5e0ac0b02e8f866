package dev.acceljce.bench;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.SecureRandom;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
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
 * AES-GCM encryption of one message per operation, as the seed measures it: {@code init} with a
 * new IV, then {@code doFinal(payload)} (ciphertext and 128-bit tag). {@link #decrypt} is the
 * receiving side: {@code init} with the message's IV, then {@code doFinal(ciphertext and tag)},
 * which checks the tag, on one message made once per trial.
 *
 * <p>The seed swaps two IV bytes per message, which alternates between two IVs under one key. Here
 * the last 8 bytes of the 12-byte IV are a message counter after a random 4-byte prefix, so an IV
 * is never reused with a key within a trial (the prefix is new each trial; the key is the same fixed
 * bytes for every provider, {@link SharedKeys}). Every provider pays the same few nanoseconds.
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
public class AesGcmBenchmark {
    private static final VarHandle IV_COUNTER =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    @Param({BenchmarkProviders.ACCELJCE, BenchmarkProviders.JDK})
    public String provider;

    /** The transformation; GCMParameterSpec below makes only GCM meaningful here. */
    @Param({"AES/GCM/NoPadding"})
    public String algorithm;

    @Param({"128"})
    public int keyBits;

    /** Plaintext bytes per message. */
    @Param({"32", "128", "512", "1024", "16384"})
    public int size;

    private Cipher cipher;
    private SecretKeySpec key;
    private byte[] payload;
    private final byte[] iv = new byte[12];
    private long messages;
    private byte[] received;
    private GCMParameterSpec receivedIv;
    private Cipher decryptor;

    @Setup(Level.Trial)
    public void setUp() throws java.security.GeneralSecurityException {
        cipher = BenchmarkProviders.engine(provider, "Cipher", algorithm, Cipher::getInstance);
        key = new SecretKeySpec(SharedKeys.bytes(keyBits / 8), "AES");
        payload = new byte[size];
        SecureRandom random = new SecureRandom();
        random.nextBytes(payload);
        random.nextBytes(iv);
        decryptor = BenchmarkProviders.engine(provider, "Cipher", algorithm, Cipher::getInstance);
        byte[] receivedIvBytes = new byte[12];
        random.nextBytes(receivedIvBytes);
        receivedIv = new GCMParameterSpec(128, receivedIvBytes);
        decryptor.init(Cipher.ENCRYPT_MODE, key, receivedIv);
        received = decryptor.doFinal(payload);
    }

    @Benchmark
    public byte[] encrypt() throws Exception {
        IV_COUNTER.set(iv, 4, ++messages);
        cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv));
        return cipher.doFinal(payload);
    }

    @Benchmark
    public byte[] decrypt() throws Exception {
        decryptor.init(Cipher.DECRYPT_MODE, key, receivedIv);
        return decryptor.doFinal(received);
    }
}
