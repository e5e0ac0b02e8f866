package dev.acceljce.jdk;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.DecapsulateException;
import javax.crypto.KEM;
import javax.crypto.KEMSpi;
import javax.crypto.SecretKey;

/**
 * The JDK path of a KEM service: every encapsulator and decapsulator is the JDK provider's own,
 * forwarded (one operation counted per encapsulation or decapsulation).
 */
public final class JdkKem implements KEMSpi, Counted {
    private final KEM kem;
    private Counters.Tally tally = Counters.Tally.NONE;

    public JdkKem(String algorithm) throws NoSuchAlgorithmException {
        this.kem = KEM.getInstance(algorithm, JdkProviders.forService("KEM", algorithm));
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    @Override
    public EncapsulatorSpi engineNewEncapsulator(
            PublicKey publicKey, AlgorithmParameterSpec spec, SecureRandom secureRandom)
            throws InvalidAlgorithmParameterException, InvalidKeyException {
        return new Encapsulator(kem.newEncapsulator(publicKey, spec, secureRandom), () -> tally);
    }

    @Override
    public DecapsulatorSpi engineNewDecapsulator(PrivateKey privateKey, AlgorithmParameterSpec spec)
            throws InvalidAlgorithmParameterException, InvalidKeyException {
        return new Decapsulator(kem.newDecapsulator(privateKey, spec), () -> tally);
    }

    /** Where a forwarder finds the tally to count on (it may be attached after the forwarder exists). */
    @FunctionalInterface
    public interface TallySource {
        Counters.Tally tally();
    }

    /** A JDK encapsulator behind the SPI interface. */
    public record Encapsulator(KEM.Encapsulator jdk, TallySource counter) implements KEMSpi.EncapsulatorSpi {
        @Override
        public KEM.Encapsulated engineEncapsulate(int from, int to, String algorithm) {
            KEM.Encapsulated e = jdk.encapsulate(from, to, algorithm);
            counter.tally().count(0);
            return e;
        }

        @Override
        public int engineSecretSize() {
            return jdk.secretSize();
        }

        @Override
        public int engineEncapsulationSize() {
            return jdk.encapsulationSize();
        }
    }

    /** A JDK decapsulator behind the SPI interface. */
    public record Decapsulator(KEM.Decapsulator jdk, TallySource counter) implements KEMSpi.DecapsulatorSpi {
        @Override
        public SecretKey engineDecapsulate(byte[] encapsulation, int from, int to, String algorithm)
                throws DecapsulateException {
            SecretKey k = jdk.decapsulate(encapsulation, from, to, algorithm);
            counter.tally().count(encapsulation.length);
            return k;
        }

        @Override
        public int engineSecretSize() {
            return jdk.secretSize();
        }

        @Override
        public int engineEncapsulationSize() {
            return jdk.encapsulationSize();
        }
    }
}
