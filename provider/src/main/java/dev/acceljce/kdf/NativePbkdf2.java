package dev.acceljce.kdf;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import dev.acceljce.openssl.EvpKdf;
import java.security.InvalidKeyException;
import java.security.ProviderException;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.util.Arrays;
import javax.crypto.SecretKey;
import javax.crypto.SecretKeyFactorySpi;
import javax.crypto.interfaces.PBEKey;
import javax.crypto.spec.PBEKeySpec;

/**
 * A {@code PBKDF2WithHmacXxx} SecretKeyFactory served by OpenSSL's EVP_KDF "PBKDF2". Accepts and
 * returns what SunJCE's PBKDF2 factories do ({@link PBEKeySpec} in, {@link PBEKey} out), with the
 * same checks, exceptions and messages.
 */
public final class NativePbkdf2 extends SecretKeyFactorySpi implements Counted {
    private Counters.Tally tally = Counters.Tally.NONE;

    private final Pbkdf2Variant variant;
    private final EvpKdf.Algorithm pbkdf2;

    NativePbkdf2(Pbkdf2Variant variant) {
        this.variant = variant;
        this.pbkdf2 = EvpKdf.fetch("PBKDF2").orElseThrow(() -> new ProviderException("no PBKDF2 in libcrypto"));
    }

    @Override
    public void attach(Counters.Tally tally) {
        this.tally = tally;
    }

    @Override
    protected SecretKey engineGenerateSecret(KeySpec keySpec) throws InvalidKeySpecException {
        if (keySpec instanceof PBEKeySpec spec) {
            Pbkdf2Key key = new Pbkdf2Key(spec, variant, pbkdf2);
            tally.count(spec.getKeyLength() / 8);
            return key;
        }
        throw new InvalidKeySpecException("Only PBEKeySpec is accepted");
    }

    @Override
    protected KeySpec engineGetKeySpec(SecretKey key, Class<?> keySpec) throws InvalidKeySpecException {
        if (!(key instanceof PBEKey pbeKey)) {
            throw new InvalidKeySpecException("Only PBEKey is accepted");
        }
        if (keySpec == null || !keySpec.isAssignableFrom(PBEKeySpec.class)) {
            throw new InvalidKeySpecException("Only PBEKeySpec is accepted");
        }
        char[] password = pbeKey.getPassword();
        byte[] encoded = pbeKey.getEncoded();
        try {
            return new PBEKeySpec(password, pbeKey.getSalt(), pbeKey.getIterationCount(), encoded.length * 8);
        } finally {
            if (password != null) {
                Arrays.fill(password, '\0');
            }
            Arrays.fill(encoded, (byte) 0);
        }
    }

    @Override
    protected SecretKey engineTranslateKey(SecretKey key) throws InvalidKeyException {
        if (key != null
                && key.getAlgorithm().equalsIgnoreCase(variant.jcaName())
                && key.getFormat().equalsIgnoreCase("RAW")) {
            if (key instanceof Pbkdf2Key) {
                return key;
            }
            if (!(key instanceof PBEKey pbeKey)) {
                throw new InvalidKeyException("Only PBEKey is accepted");
            }
            char[] password = pbeKey.getPassword();
            byte[] encoded = pbeKey.getEncoded();
            // an empty key (a key length under 8 bits) as 1 bit, which derives no bytes again:
            // PBEKeySpec refuses a key length of 0 with IllegalArgumentException
            PBEKeySpec spec = new PBEKeySpec(
                    password, pbeKey.getSalt(), pbeKey.getIterationCount(), Math.max(1, encoded.length * 8));
            try {
                return new Pbkdf2Key(spec, variant, pbkdf2);
            } catch (InvalidKeySpecException e) {
                throw new InvalidKeyException("Invalid key component(s)", e);
            } finally {
                if (password != null) {
                    Arrays.fill(password, '\0');
                    spec.clearPassword();
                }
                Arrays.fill(encoded, (byte) 0);
            }
        }
        throw new InvalidKeyException("Only " + variant.jcaName() + " key with RAW format is accepted");
    }
}
