package dev.acceljce.bench;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.SecureRandom;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
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
 * The other ciphers AccelJCE serves, one message per operation as {@link AesGcmBenchmark} does:
 * {@code init} with a new IV (a counter after a random prefix), then {@code doFinal(payload)}.
 * AES-CBC and AES-CTR without padding (every size here is a multiple of the block, as in
 * {@code openssl speed}), AES-128 unless {@code keyBits} says otherwise; ChaCha20-Poly1305 with its 256-bit key and 12-byte nonce.
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
public class CipherModesBenchmark {
    private static final VarHandle IV_COUNTER =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    @Param({BenchmarkProviders.ACCELJCE, BenchmarkProviders.JDK})
    public String provider;

    @Param({"AES/CBC/NoPadding", "AES/CTR/NoPadding", "ChaCha20-Poly1305"})
    public String algorithm;

    /** AES key size (128, 192 or 256); ChaCha20-Poly1305 always uses its 256-bit key. */
    @Param({"128"})
    public int keyBits;

    /** Plaintext bytes per message. */
    @Param({"32", "128", "512", "1024", "16384"})
    public int size;

    private Cipher cipher;
    private SecretKeySpec key;
    private byte[] payload;
    private byte[] iv;
    private long messages;

    @Setup(Level.Trial)
    public void setUp() {
        cipher = BenchmarkProviders.engine(provider, "Cipher", algorithm, Cipher::getInstance);
        boolean chacha = algorithm.startsWith("ChaCha20");
        key = new SecretKeySpec(SharedKeys.bytes(chacha ? 32 : keyBits / 8), chacha ? "ChaCha20" : "AES");
        iv = new byte[chacha ? 12 : 16];
        payload = new byte[size];
        SecureRandom random = new SecureRandom();
        random.nextBytes(payload);
        random.nextBytes(iv);
        try {
            setUpDecryption();
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A message encrypted once per trial, and the object that decrypts it each operation. */
    private byte[] received;

    private IvParameterSpec receivedIv;
    private Cipher decryptor;

    private void setUpDecryption() throws java.security.GeneralSecurityException {
        decryptor = BenchmarkProviders.engine(provider, "Cipher", algorithm, Cipher::getInstance);
        byte[] n = new byte[iv.length];
        new SecureRandom().nextBytes(n);
        receivedIv = new IvParameterSpec(n);
        decryptor.init(Cipher.ENCRYPT_MODE, key, receivedIv);
        received = decryptor.doFinal(payload);
    }

    /** {@code init} with the message's IV, then {@code doFinal} (for an AEAD: ciphertext and tag, checked). */
    @Benchmark
    public byte[] decrypt() throws Exception {
        decryptor.init(Cipher.DECRYPT_MODE, key, receivedIv);
        return decryptor.doFinal(received);
    }

    @Benchmark
    public byte[] encrypt() throws Exception {
        // the last 8 bytes count messages: a nonce is never reused with the key within a trial
        IV_COUNTER.set(iv, iv.length - 8, ++messages);
        cipher.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(iv));
        return cipher.doFinal(payload);
    }
}
