package dev.acceljce.bench;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;
import javax.crypto.Mac;
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
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * What a server pays per connection rather than per byte: {@code getInstance} + {@code init} +
 * one operation on {@code size} bytes, for each engine SunJSSE creates per handshake or record
 * layer (a new Cipher, Mac, MessageDigest, Signature and KeyAgreement each time). The gap between
 * these and the steady-state benchmarks is the cost of object creation and key set-up, where a
 * native provider pays for its context allocation and key import. Also a new key pair with its
 * public encoding (EC P-256, X25519), and a certificate-style check (X.509 key import through the
 * KeyFactory, then one ECDSA verification).
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
public class LifecycleBenchmark {
    @Param({BenchmarkProviders.ACCELJCE, BenchmarkProviders.JDK})
    public String provider;

    /** Bytes per operation (a TLS handshake message or a short record). */
    @Param({"32"})
    public int size;

    private Provider chosen;
    private byte[] payload;
    private SecretKeySpec aesKey;
    private SecretKeySpec macKey;
    private KeyPair ecKeys;
    private KeyPair xKeys;
    private final byte[] iv = new byte[12];
    /** For certificateCheck: a P-256 public key's X.509 encoding and a signature by its private key. */
    private byte[] spki;

    private byte[] signature;
    private long messages;

    /** Sets up only what the measured method uses: a provider lacking another engine does not fail it. */
    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) throws GeneralSecurityException {
        payload = new byte[size];
        new SecureRandom().nextBytes(payload);
        new SecureRandom().nextBytes(iv);
        String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
        chosen = switch (method) {
            case "aesGcm" -> {
                aesKey = new SecretKeySpec(SharedKeys.bytes(16), "AES");
                yield BenchmarkProviders.engine(provider, "Cipher", "AES/GCM/NoPadding", Cipher::getInstance)
                        .getProvider();
            }
            case "sha256" ->
                BenchmarkProviders.engine(provider, "MessageDigest", "SHA-256", MessageDigest::getInstance)
                        .getProvider();
            case "hmacSha256" -> {
                macKey = new SecretKeySpec(SharedKeys.bytes(32), "HmacSHA256");
                yield BenchmarkProviders.engine(provider, "Mac", "HmacSHA256", Mac::getInstance)
                        .getProvider();
            }
            case "ecdsaP256Sign" -> {
                ecKeys = SharedKeys.keyPair(provider, "EC:secp256r1");
                yield BenchmarkProviders.engine(provider, "Signature", "SHA256withECDSA", Signature::getInstance)
                        .getProvider();
            }
            case "x25519" -> {
                xKeys = SharedKeys.keyPair(provider, "X25519");
                yield BenchmarkProviders.engine(provider, "KeyAgreement", "X25519", KeyAgreement::getInstance)
                        .getProvider();
            }
            case "ecKeyPairEncoded", "x25519KeyPairEncoded" -> {
                String algorithm = method.startsWith("ec") ? "EC" : "X25519";
                yield BenchmarkProviders.engine(provider, "KeyPairGenerator", algorithm, KeyPairGenerator::getInstance)
                        .getProvider();
            }
            case "certificateCheck" -> {
                ecKeys = SharedKeys.keyPair(BenchmarkProviders.JDK, "EC:secp256r1");
                spki = ecKeys.getPublic().getEncoded();
                Signature jdkSigner = Signature.getInstance(
                        "SHA256withECDSA",
                        BenchmarkProviders.provider(BenchmarkProviders.JDK, "Signature", "SHA256withECDSA"));
                jdkSigner.initSign(ecKeys.getPrivate());
                jdkSigner.update(payload);
                signature = jdkSigner.sign();
                BenchmarkProviders.engine(provider, "KeyFactory", "EC", KeyFactory::getInstance);
                yield BenchmarkProviders.engine(provider, "Signature", "SHA256withECDSA", Signature::getInstance)
                        .getProvider();
            }
            default -> throw new IllegalStateException("no set-up for " + method);
        };
    }

    @Benchmark
    public byte[] aesGcm() throws GeneralSecurityException {
        Cipher c = Cipher.getInstance("AES/GCM/NoPadding", chosen);
        java.nio.ByteBuffer.wrap(iv).putLong(4, ++messages); // a new IV per message, as AesGcmBenchmark
        c.init(Cipher.ENCRYPT_MODE, aesKey, new GCMParameterSpec(128, iv));
        return c.doFinal(payload);
    }

    @Benchmark
    public byte[] sha256() throws GeneralSecurityException {
        MessageDigest d = MessageDigest.getInstance("SHA-256", chosen);
        return d.digest(payload);
    }

    @Benchmark
    public byte[] hmacSha256() throws GeneralSecurityException {
        Mac m = Mac.getInstance("HmacSHA256", chosen);
        m.init(macKey);
        return m.doFinal(payload);
    }

    @Benchmark
    public byte[] ecdsaP256Sign() throws GeneralSecurityException {
        Signature s = Signature.getInstance("SHA256withECDSA", chosen);
        s.initSign(ecKeys.getPrivate());
        s.update(payload);
        return s.sign();
    }

    /** A new P-256 key pair and its public key's encoding (a key share, a CSR). */
    @Benchmark
    public byte[] ecKeyPairEncoded() throws GeneralSecurityException {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC", chosen);
        g.initialize(new ECGenParameterSpec("secp256r1"));
        return g.generateKeyPair().getPublic().getEncoded();
    }

    /** A new X25519 key pair and its public key's encoding. */
    @Benchmark
    public byte[] x25519KeyPairEncoded() throws GeneralSecurityException {
        return KeyPairGenerator.getInstance("X25519", chosen)
                .generateKeyPair()
                .getPublic()
                .getEncoded();
    }

    /**
     * What checking a certificate's signature costs: an X.509 public key imported through the
     * KeyFactory, then one SHA256withECDSA verification with a new Signature.
     */
    @Benchmark
    public boolean certificateCheck() throws GeneralSecurityException {
        var key = KeyFactory.getInstance("EC", chosen).generatePublic(new X509EncodedKeySpec(spki));
        Signature v = Signature.getInstance("SHA256withECDSA", chosen);
        v.initVerify(key);
        v.update(payload);
        return v.verify(signature);
    }

    @Benchmark
    public byte[] x25519() throws GeneralSecurityException {
        KeyAgreement a = KeyAgreement.getInstance("X25519", chosen);
        a.init(xKeys.getPrivate());
        a.doPhase(xKeys.getPublic(), true);
        return a.generateSecret();
    }
}
