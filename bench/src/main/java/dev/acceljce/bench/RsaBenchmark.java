package dev.acceljce.bench;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.SignatureException;
import java.util.concurrent.TimeUnit;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
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
 * RSA at the key sizes of the WebSphere study (2048 and 4096 bits): SHA256withRSA signing and
 * verification of a 128-byte message, and decryption of a 32-byte secret (a wrapped AES key) with
 * OAEP (SHA-256, MGF1-SHA-1 as SunJCE's name gives) or PKCS#1 v1.5 ({@code -p decryption=...}).
 * The private-key operations are where a TLS server with an RSA certificate spends its time.
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
public class RsaBenchmark {
    @Param({BenchmarkProviders.ACCELJCE, BenchmarkProviders.JDK})
    public String provider;

    @Param({"2048", "4096"})
    public int keyBits;

    @Param({"SHA256withRSA"})
    public String algorithm;

    @Param({"RSA/ECB/OAEPWithSHA-256AndMGF1Padding"})
    public String decryption;

    private SigningPair pair;
    private Cipher decryptor;
    private byte[] ciphertext;
    private BenchmarkProviders.NotOffered decryptionNotOffered;

    @Setup(Level.Trial)
    public void setUp() throws GeneralSecurityException {
        KeyPair keys = SharedKeys.keyPair(provider, "RSA:" + keyBits);
        pair = SigningPair.of(provider, algorithm, keys, 128);
        try {
            Cipher encryptor = BenchmarkProviders.engine(provider, "Cipher", decryption, Cipher::getInstance);
            encryptor.init(Cipher.ENCRYPT_MODE, keys.getPublic());
            ciphertext = encryptor.doFinal(SharedKeys.bytes(32));
            decryptor = BenchmarkProviders.engine(provider, "Cipher", decryption, Cipher::getInstance);
            decryptor.init(Cipher.DECRYPT_MODE, keys.getPrivate());
        } catch (BenchmarkProviders.NotOffered e) {
            // sign and verify are still measured; decrypt reports this
            decryptionNotOffered = e;
        }
    }

    @Benchmark
    public byte[] sign() throws SignatureException {
        return pair.sign();
    }

    @Benchmark
    public boolean verify() throws SignatureException {
        return pair.verify();
    }

    @Benchmark
    public byte[] decrypt() throws IllegalBlockSizeException, BadPaddingException {
        if (decryptionNotOffered != null) {
            throw decryptionNotOffered;
        }
        return decryptor.doFinal(ciphertext);
    }
}
