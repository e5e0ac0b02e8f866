package dev.acceljce.bench;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.control.Fips;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What FIPS mode costs: the main families through AccelJCE on OpenSSL's FIPS provider
 * ({@link FipsCostFipsBenchmark}, a JVM with {@code acceljce.fips=true}) and on OpenSSL's default
 * provider ({@link FipsCostDefaultBenchmark}, policy native, so both measure OpenSSL), the same
 * operations, run in one JMH invocation (docs/fips.md: {@code scripts/fips-cost.sh}). FIPS mode
 * is chosen once per JVM, so the two sides are two classes whose forks differ by that flag only.
 * Each operation is one complete JCA call sequence as an application makes it.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class FipsCostBenchmark {
    private static final byte[] MESSAGE_1K = new byte[1024];
    private static final byte[] MESSAGE_16K = new byte[16384];

    private Cipher gcm;
    private SecretKeySpec aesKey;
    private final byte[] iv = new byte[12];
    private long ivCounter;
    private MessageDigest sha256;
    private Mac hmac;
    private Signature ecdsaSign;
    private Signature ecdsaVerify;
    private byte[] ecdsaSignature;
    private Signature rsaSign;
    private Signature rsaVerify;
    private byte[] rsaSignature;
    private KeyAgreement ecdh;
    private KeyPair ecPair;
    private KeyPair ecPeer;

    /** Whether this class's forks run in FIPS mode; checked against the JVM at set-up. */
    abstract boolean fips();

    @Setup(Level.Trial)
    public void setUp() throws GeneralSecurityException {
        if (Fips.on() != fips() || fips() && !Fips.report().active()) {
            throw new IllegalStateException(
                    "this JVM is not in the mode " + getClass().getSimpleName() + " measures: " + Fips.report());
        }
        Provider p = new AccelJceProvider();
        gcm = Cipher.getInstance("AES/GCM/NoPadding", p);
        aesKey = new SecretKeySpec(SharedKeys.bytes(16), "AES");
        sha256 = MessageDigest.getInstance("SHA-256", p);
        hmac = Mac.getInstance("HmacSHA256", p);
        hmac.init(new SecretKeySpec(SharedKeys.bytes(32), "HmacSHA256"));
        KeyPairGenerator ec = KeyPairGenerator.getInstance("EC", p);
        ec.initialize(new ECGenParameterSpec("secp256r1"));
        ecPair = ec.generateKeyPair();
        ecPeer = ec.generateKeyPair();
        ecdsaSign = Signature.getInstance("SHA256withECDSA", p);
        ecdsaSign.initSign(ecPair.getPrivate());
        ecdsaVerify = Signature.getInstance("SHA256withECDSA", p);
        ecdsaVerify.initVerify(ecPair.getPublic());
        ecdsaSignature = ecdsaP256Sign();
        KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA", p);
        rsa.initialize(2048);
        KeyPair rsaPair = rsa.generateKeyPair();
        rsaSign = Signature.getInstance("SHA256withRSA", p);
        rsaSign.initSign(rsaPair.getPrivate());
        rsaVerify = Signature.getInstance("SHA256withRSA", p);
        rsaVerify.initVerify(rsaPair.getPublic());
        rsaSignature = rsa2048Sign();
        ecdh = KeyAgreement.getInstance("ECDH", p);
    }

    private byte[] gcmEncrypt(byte[] message) throws GeneralSecurityException {
        long n = ++ivCounter;
        for (int i = 0; i < 8; i++) {
            iv[4 + i] = (byte) (n >>> (56 - 8 * i));
        }
        gcm.init(Cipher.ENCRYPT_MODE, aesKey, new GCMParameterSpec(128, iv));
        return gcm.doFinal(message);
    }

    @Benchmark
    public byte[] aesGcm128Encrypt1KiB() throws GeneralSecurityException {
        return gcmEncrypt(MESSAGE_1K);
    }

    @Benchmark
    public byte[] aesGcm128Encrypt16KiB() throws GeneralSecurityException {
        return gcmEncrypt(MESSAGE_16K);
    }

    @Benchmark
    public byte[] sha256Of1KiB() {
        return sha256.digest(MESSAGE_1K);
    }

    @Benchmark
    public byte[] hmacSha256Of1KiB() {
        return hmac.doFinal(MESSAGE_1K);
    }

    @Benchmark
    public byte[] ecdsaP256Sign() throws GeneralSecurityException {
        ecdsaSign.update(MESSAGE_1K, 0, 32);
        return ecdsaSign.sign();
    }

    @Benchmark
    public boolean ecdsaP256Verify() throws GeneralSecurityException {
        ecdsaVerify.update(MESSAGE_1K, 0, 32);
        return ecdsaVerify.verify(ecdsaSignature);
    }

    @Benchmark
    public byte[] rsa2048Sign() throws GeneralSecurityException {
        rsaSign.update(MESSAGE_1K, 0, 32);
        return rsaSign.sign();
    }

    @Benchmark
    public boolean rsa2048Verify() throws GeneralSecurityException {
        rsaVerify.update(MESSAGE_1K, 0, 32);
        return rsaVerify.verify(rsaSignature);
    }

    @Benchmark
    public byte[] ecdhP256() throws GeneralSecurityException {
        ecdh.init(ecPair.getPrivate());
        ecdh.doPhase(ecPeer.getPublic(), true);
        return ecdh.generateSecret();
    }
}
