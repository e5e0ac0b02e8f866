package dev.acceljce.keys;

import dev.acceljce.jdk.JdkKeyFactory;
import dev.acceljce.jdk.JdkProviders;
import dev.acceljce.openssl.EvpPkey;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyFactorySpi;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.KeySpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Set;

/**
 * The KeyFactory of ML-KEM and ML-DSA ("ML-KEM", "ML-KEM-768", "ML-DSA", ...). Unlike
 * {@link AccelKeyFactory}, OpenSSL parses X.509 and PKCS#8 encodings first: it reads every
 * PKCS#8 form of the IETF LAMPS drafts (seed only, expanded key only, both), where JDK 25 reads
 * only the expanded key, so keys written by OpenSSL ({@code openssl genpkey}) import here. Anything
 * OpenSSL refuses or that is of another parameter set, and every other spec type (the JDK's RAW
 * encoded specs), goes to the JDK's KeyFactory, whose result or exception is the answer; a key the
 * JDK accepts but OpenSSL does not (a key of the wrong length, which the JDK only refuses when it
 * is used) is returned as the JDK made it.
 */
public final class MlKeyFactory extends KeyFactorySpi {
    /** The JDK's KeyFactory, or null when no JDK provider has one: then OpenSSL's answer is final. */
    private final KeyFactory jdk;

    private final Set<KeyKind> kinds;

    public MlKeyFactory(String algorithm, Set<KeyKind> kinds) throws NoSuchAlgorithmException {
        java.security.Provider p = JdkProviders.find("KeyFactory", algorithm);
        this.jdk = p == null ? null : KeyFactory.getInstance(algorithm, p);
        this.kinds = kinds;
    }

    @Override
    protected PublicKey engineGeneratePublic(KeySpec keySpec) throws InvalidKeySpecException {
        if (keySpec instanceof X509EncodedKeySpec x) {
            EvpPkey.Key k = EvpPkey.Key.fromPublicDer(x.getEncoded());
            AccelPublicKey ours = k == null ? null : Keys.wrapPublic(k);
            if (ours != null && kinds.contains(ours.kind())) {
                return ours;
            }
        }
        return (PublicKey) adopt(jdk().generatePublic(keySpec));
    }

    @Override
    protected PrivateKey engineGeneratePrivate(KeySpec keySpec) throws InvalidKeySpecException {
        if (keySpec instanceof PKCS8EncodedKeySpec p) {
            byte[] der = p.getEncoded();
            try {
                EvpPkey.Key k = EvpPkey.Key.fromPrivateDer(der);
                AccelPrivateKey ours = k == null ? null : Keys.wrapPrivate(k);
                if (ours != null && kinds.contains(ours.kind())) {
                    return ours;
                }
                if (ours != null) {
                    ours.destroyNow();
                }
            } finally {
                Arrays.fill(der, (byte) 0);
            }
        }
        return (PrivateKey) adopt(jdk().generatePrivate(keySpec));
    }

    /**
     * For the JDK path of this KeyFactory: a PKCS#8 encoding the JDK's KeyFactory refused, as the
     * JDK 25 form (expanded key only), when OpenSSL reads it as a key of {@code kinds}; else null.
     * Seed-only and seed-and-expanded keys, the IETF LAMPS forms JDK 25 cannot parse, thus import
     * on the JDK path exactly as on the native path, and the JDK's implementation uses them. The
     * seed is expanded by OpenSSL (FIPS 203/204 key generation from the seed), never here.
     */
    public static JdkKeyFactory.Rewrite jdkReadable(Set<KeyKind> kinds) {
        return refused -> {
            if (!(refused instanceof PKCS8EncodedKeySpec p)) {
                return null;
            }
            byte[] der = p.getEncoded();
            try {
                EvpPkey.Key k = EvpPkey.Key.fromPrivateDer(der);
                AccelPrivateKey ours = k == null ? null : Keys.wrapPrivate(k);
                if (ours == null) {
                    return null;
                }
                try {
                    if (!kinds.contains(ours.kind())) {
                        return null;
                    }
                    byte[] expanded = ours.getEncoded();
                    try {
                        return new PKCS8EncodedKeySpec(expanded);
                    } finally {
                        Arrays.fill(expanded, (byte) 0);
                    }
                } finally {
                    ours.destroyNow();
                }
            } finally {
                Arrays.fill(der, (byte) 0);
            }
        };
    }

    private static Key adopt(Key jdkKey) throws InvalidKeySpecException {
        try {
            return Keys.adopt(jdkKey);
        } catch (InvalidKeyException e) {
            throw new InvalidKeySpecException(e);
        }
    }

    @Override
    protected <T extends KeySpec> T engineGetKeySpec(Key key, Class<T> keySpec) throws InvalidKeySpecException {
        if (key instanceof AccelPrivateKey p && p.isDestroyed()) {
            throw new InvalidKeySpecException("the key was destroyed");
        }
        if (jdk == null) {
            AccelKey a;
            try {
                a = (AccelKey) engineTranslateKey(key);
            } catch (InvalidKeyException e) {
                throw new InvalidKeySpecException(e);
            }
            if (key instanceof PublicKey
                    ? keySpec.isAssignableFrom(X509EncodedKeySpec.class)
                    : keySpec.isAssignableFrom(PKCS8EncodedKeySpec.class)) {
                byte[] encoded = ((Key) a).getEncoded();
                return keySpec.cast(
                        key instanceof PublicKey ? new X509EncodedKeySpec(encoded) : new PKCS8EncodedKeySpec(encoded));
            }
            throw new InvalidKeySpecException("without the JDK's KeyFactory only X509EncodedKeySpec and"
                    + " PKCS8EncodedKeySpec are supported, not " + keySpec.getName());
        }
        try {
            // the JDK's view of our key (through its encoding, which it reads) answers as SUN/SunJCE
            Key jdkKey = key instanceof AccelKey ? jdk.translateKey(key) : key;
            return jdk.getKeySpec(jdkKey, keySpec);
        } catch (InvalidKeyException e) {
            throw new InvalidKeySpecException(e);
        }
    }

    @Override
    protected Key engineTranslateKey(Key key) throws InvalidKeyException {
        if (key == null) {
            throw new InvalidKeyException("Key must not be null");
        }
        AccelKey a = key instanceof AccelKey mine ? mine : null;
        if (a == null && ("X.509".equalsIgnoreCase(key.getFormat()) || "PKCS#8".equalsIgnoreCase(key.getFormat()))) {
            a = Keys.toNative(key); // other providers' keys in any form OpenSSL reads
        }
        if (a != null && kinds.contains(a.kind())) {
            a.requireLive(); // refuses a destroyed key
            return a;
        }
        if (jdk == null) {
            throw new InvalidKeyException("cannot translate " + key.getAlgorithm() + " key (" + key.getFormat()
                    + ") without the JDK's KeyFactory");
        }
        return Keys.adopt(jdk.translateKey(key));
    }

    /** The JDK's KeyFactory, for what OpenSSL did not take; refused when there is none. */
    private KeyFactory jdk() throws InvalidKeySpecException {
        if (jdk == null) {
            throw new InvalidKeySpecException("not an encoding OpenSSL accepts for " + kinds
                    + " (and no JDK KeyFactory is installed for other specs)");
        }
        return jdk;
    }
}
