package dev.acceljce.bench;

import java.security.GeneralSecurityException;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.modes.GCMSIVBlockCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
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
 * The services the JDK lacks (docs/beyond-jdk.md), one operation with the key set once: AES-CMAC
 * ({@code update + doFinal}), and AES-CCM, AES-GCM-SIV, AES-XTS encryption of one message (init
 * with the IV, AAD of 13 bytes for the AEADs as a TLS record's, doFinal). The peers that have them:
 * Bouncy Castle (pure Java) for CMAC and CCM through its JCA services, for GCM-SIV through its
 * lightweight GCMSIVBlockCipher (BC registers no JCA GCM-SIV; the same work, no JCA layer). BC has
 * no IEEE 1619 XTS: "not offered". The JDK, ACCP and Conscrypt have none of them.
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
public class BeyondJdkBenchmark {
    @Param({BenchmarkProviders.ACCELJCE, BenchmarkProviders.BC})
    public String provider;

    @Param({"AESCMAC", "AES/CCM/NoPadding", "AES/GCM-SIV/NoPadding", "AES/XTS/NoPadding"})
    public String algorithm;

    /** Bytes per operation (XTS: at least one block). */
    @Param({"32", "128", "512", "1024", "16384"})
    public int size;

    /** One operation on {@link #payload}. */
    @FunctionalInterface
    private interface Operation {
        byte[] run() throws GeneralSecurityException, InvalidCipherTextException;
    }

    private Operation operation;
    private byte[] payload;

    @Setup(Level.Trial)
    public void setUp() throws GeneralSecurityException {
        payload = SharedKeys.bytes(Math.max(size, algorithm.contains("XTS") ? 16 : 0));
        byte[] aad = SharedKeys.bytes(13);
        byte[] nonce = SharedKeys.bytes(12);
        boolean xts = algorithm.contains("XTS");
        byte[] keyBytes = SharedKeys.bytes(xts ? 32 : 16);
        keyBytes[31 % keyBytes.length] ^= 1; // XTS: the halves must differ
        SecretKeySpec key = new SecretKeySpec(keyBytes, "AES");
        if (algorithm.equals("AESCMAC")) {
            Mac mac = BenchmarkProviders.engine(provider, "Mac", algorithm, Mac::getInstance);
            mac.init(key);
            operation = () -> {
                mac.update(payload);
                return mac.doFinal();
            };
            return;
        }
        if (algorithm.contains("GCM-SIV") && provider.equals(BenchmarkProviders.BC)) {
            GCMSIVBlockCipher bc = new GCMSIVBlockCipher(AESEngine.newInstance());
            AEADParameters params = new AEADParameters(new KeyParameter(keyBytes), 128, nonce, aad);
            byte[] out = new byte[payload.length + 16];
            operation = () -> {
                bc.init(true, params);
                int n = bc.processBytes(payload, 0, payload.length, out, 0);
                bc.doFinal(out, n);
                return out;
            };
            return;
        }
        Cipher cipher = BenchmarkProviders.engine(provider, "Cipher", algorithm, Cipher::getInstance);
        byte[] out = new byte[payload.length + 16];
        if (xts) {
            IvParameterSpec tweak = new IvParameterSpec(SharedKeys.bytes(16));
            operation = () -> {
                cipher.init(Cipher.ENCRYPT_MODE, key, tweak);
                cipher.doFinal(payload, 0, payload.length, out, 0);
                return out;
            };
            return;
        }
        // CCM and GCM-SIV: a fresh nonce per message is what a caller does; here the nonce's
        // last byte changes, as in TLS (CCM refuses to encrypt twice with one nonce)
        operation = () -> {
            nonce[11]++;
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, nonce));
            cipher.updateAAD(aad);
            cipher.doFinal(payload, 0, payload.length, out, 0);
            return out;
        };
    }

    @Benchmark
    public byte[] encrypt() throws GeneralSecurityException, InvalidCipherTextException {
        return operation.run();
    }
}
