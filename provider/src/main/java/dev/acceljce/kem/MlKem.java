package dev.acceljce.kem;

import dev.acceljce.control.CallerRandom;
import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import dev.acceljce.jdk.JdkKem;
import dev.acceljce.jdk.JdkProviders;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.KeyHolder;
import dev.acceljce.keys.KeyKind;
import dev.acceljce.keys.Keys;
import dev.acceljce.keys.MlParameterSet;
import dev.acceljce.openssl.EvpKem;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.openssl.OpenSslException;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import java.util.Set;
import javax.crypto.DecapsulateException;
import javax.crypto.KEM;
import javax.crypto.KEMSpi;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * ML-KEM (FIPS 203) through OpenSSL 3.5's EVP_PKEY_encapsulate / EVP_PKEY_decapsulate, for
 * "ML-KEM" (any parameter set, taken from the key) and the fixed "ML-KEM-512/768/1024".
 *
 * <p>Behaviour is SunJCE's (JDK 25 {@code NamedKEM}): no parameters (a non-null spec is an
 * {@link InvalidAlgorithmParameterException}), a 32-byte secret, a ciphertext of the parameter
 * set's size or {@link DecapsulateException}, the secret cut by {@code SecretKeySpec(secret, from,
 * to - from, algorithm)} after the operation (so bad ranges give the same exceptions). A key the
 * native side cannot take (another provider's key OpenSSL refuses, a key of another parameter set
 * or algorithm) is handed to SunJCE's KEM, which accepts or refuses it exactly as it would alone.
 *
 * <p>OpenSSL draws the encapsulation randomness from its own DRBG: a SecureRandom given to
 * {@code newEncapsulator} that is not one like it ({@link CallerRandom}) sends the encapsulator to
 * SunJCE's KEM, which draws from it. Decapsulation draws no randomness.
 */
public final class MlKem implements KEMSpi, Counted {
    private final String algorithm;
    private final Set<KeyKind> kinds;
    private Counters.Tally tally = Counters.Tally.NONE;
    /** Where encapsulators and decapsulators the JDK serves count: the JDK path of this service. */
    private Counters.Tally jdkTally;

    /**
     * @param algorithm the service name ("ML-KEM" or a parameter set)
     * @param kinds     the parameter sets it takes
     */
    public MlKem(String algorithm, Set<KeyKind> kinds) {
        this.algorithm = algorithm;
        this.kinds = kinds;
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    private synchronized Counters.Tally jdkTally() {
        if (jdkTally == null) {
            jdkTally = tally.handedToJdk(this);
        }
        return jdkTally;
    }

    private KEM jdk() throws InvalidKeyException {
        try {
            return KEM.getInstance(algorithm, JdkProviders.forService("KEM", algorithm));
        } catch (NoSuchAlgorithmException e) {
            throw new InvalidKeyException("the JDK cannot take over " + algorithm, e);
        }
    }

    private static void noParameters(AlgorithmParameterSpec spec) throws InvalidAlgorithmParameterException {
        if (spec != null) {
            throw new InvalidAlgorithmParameterException("The ML-KEM algorithm does not take any parameters");
        }
    }

    /** The native form of {@code key} when it is one of our parameter sets, else null. */
    private AccelKey servable(java.security.Key key) throws InvalidKeyException {
        if (key == null) {
            throw new InvalidKeyException("Key must not be null");
        }
        AccelKey a = Keys.toNative(key);
        return a != null && kinds.contains(a.kind()) ? a : null;
    }

    @Override
    public EncapsulatorSpi engineNewEncapsulator(
            PublicKey publicKey, AlgorithmParameterSpec spec, SecureRandom secureRandom)
            throws InvalidAlgorithmParameterException, InvalidKeyException {
        noParameters(spec);
        AccelKey key = servable(publicKey);
        if (key == null
                || !(key instanceof PublicKey)
                || CallerRandom.handToJdk(
                        secureRandom, "KEM", algorithm, () -> JdkProviders.find("KEM", algorithm) != null)) {
            // a key OpenSSL does not serve here, or a source of randomness it does not draw from:
            // the JDK's work is counted on the JDK path
            return new JdkKem.Encapsulator(jdk().newEncapsulator(publicKey, spec, secureRandom), this::jdkTally);
        }
        return new Encapsulator(MlParameterSet.of(key.kind()), key.share());
    }

    @Override
    public DecapsulatorSpi engineNewDecapsulator(PrivateKey privateKey, AlgorithmParameterSpec spec)
            throws InvalidAlgorithmParameterException, InvalidKeyException {
        noParameters(spec);
        AccelKey key = servable(privateKey);
        if (key == null || !(key instanceof PrivateKey)) {
            return new JdkKem.Decapsulator(jdk().newDecapsulator(privateKey, spec), this::jdkTally);
        }
        Decapsulator d = new Decapsulator(MlParameterSet.of(key.kind()), key.share());
        key.heldBy(d);
        return d;
    }

    /**
     * Holds its own reference to the EVP_PKEY (freed by its Cleaner when the encapsulator goes),
     * so destroying the caller's key object does not pull the key from under it.
     */
    private final class Encapsulator implements EncapsulatorSpi {
        private final MlParameterSet set;
        private final EvpPkey.Key key;

        Encapsulator(MlParameterSet set, EvpPkey.Key key) {
            this.set = set;
            this.key = key;
        }

        @Override
        public KEM.Encapsulated engineEncapsulate(int from, int to, String algorithm) {
            EvpKem.Encapsulated e;
            try {
                e = EvpKem.encapsulate(key, set.outputSize(), MlParameterSet.SHARED_SECRET_SIZE, null);
            } catch (OpenSslException x) {
                throw new java.security.ProviderException(set.standardName() + " encapsulation failed", x);
            }
            try {
                KEM.Encapsulated out = new KEM.Encapsulated(
                        new SecretKeySpec(e.secret(), from, to - from, algorithm), e.ciphertext(), null);
                tally.count(0);
                return out;
            } finally {
                Arrays.fill(e.secret(), (byte) 0);
            }
        }

        @Override
        public int engineSecretSize() {
            return MlParameterSet.SHARED_SECRET_SIZE;
        }

        @Override
        public int engineEncapsulationSize() {
            return set.outputSize();
        }
    }

    /**
     * Holds its own reference to the EVP_PKEY, freed by its Cleaner when the decapsulator goes or
     * at once when the caller destroys the key (then decapsulation is refused).
     */
    private final class Decapsulator implements DecapsulatorSpi, KeyHolder {
        private final MlParameterSet set;
        private final EvpPkey.Key key;
        /** Set when the caller's key was destroyed: the reference may still be in use then. */
        private volatile boolean destroyed;

        Decapsulator(MlParameterSet set, EvpPkey.Key key) {
            this.set = set;
            this.key = key;
        }

        @Override
        public SecretKey engineDecapsulate(byte[] encapsulation, int from, int to, String algorithm)
                throws DecapsulateException {
            if (encapsulation.length != set.outputSize()) {
                throw new DecapsulateException("Invalid key encapsulation message length");
            }
            if (destroyed) {
                key.release(); // again: threads that were using it when the key went may be done
                throw new DecapsulateException("the private key was destroyed");
            }
            byte[] secret;
            try {
                secret = EvpKem.decapsulate(key, encapsulation, MlParameterSet.SHARED_SECRET_SIZE);
            } catch (OpenSslException x) {
                throw new DecapsulateException(set.standardName() + " decapsulation failed", x);
            } catch (IllegalStateException x) {
                if (destroyed) {
                    throw new DecapsulateException("the private key was destroyed during decapsulation", x);
                }
                throw x;
            }
            try {
                SecretKey out = new SecretKeySpec(secret, from, to - from, algorithm);
                tally.count(encapsulation.length);
                return out;
            } finally {
                Arrays.fill(secret, (byte) 0);
            }
        }

        @Override
        public int engineSecretSize() {
            return MlParameterSet.SHARED_SECRET_SIZE;
        }

        @Override
        public int engineEncapsulationSize() {
            return set.outputSize();
        }

        @Override
        public void keyDestroyed(AccelKey k) {
            destroyed = true;
            key.release(); // left to the next call or the Cleaner while other threads use it
        }
    }
}
