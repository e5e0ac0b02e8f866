package dev.acceljce.keys;

import java.io.ObjectStreamException;
import java.io.Serial;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyRep;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;

import dev.acceljce.jdk.JdkProviders;
import dev.acceljce.openssl.EvpPkey;

/**
 * A public key held as an EVP_PKEY plus its X.509 encoding. Components ({@code getW()},
 * {@code getModulus()}, ...) come from the JDK's own key parsed from the same encoding, made
 * once on first use, so they are exactly what SunEC/SunRsaSign report. Equality and hash code are
 * those of the JDK's X509Key: by encoding.
 */
abstract sealed class AccelPublicKey implements PublicKey, AccelKey
        permits AccelEcPublicKey, AccelRsaPublicKey, AccelEdEcPublicKey, AccelXecPublicKey {
    @Serial
    private static final long serialVersionUID = 1L;

    private final KeyKind kind;
    private final byte[] encoded;
    private final transient EvpPkey.Key key;
    private transient volatile PublicKey view;

    AccelPublicKey(KeyKind kind, EvpPkey.Key key, byte[] encoded) {
        this.kind = kind;
        this.key = key;
        this.encoded = encoded;
    }

    @Override
    public final KeyKind kind() {
        return kind;
    }

    @Override
    public final EvpPkey.Key nativeKey() {
        return key;
    }

    @Override
    public final EvpPkey.Key share() {
        return key.share();
    }

    @Override
    public final String getAlgorithm() {
        return kind.algorithm();
    }

    @Override
    public final String getFormat() {
        return "X.509";
    }

    @Override
    public final byte[] getEncoded() {
        return encoded.clone();
    }

    /** The JDK's key for the same encoding: the source of the components. */
    final PublicKey view() {
        PublicKey v = view;
        if (v == null) {
            try {
                KeyFactory kf = KeyFactory.getInstance(kind.jdkFactory(),
                        JdkProviders.forService("KeyFactory", kind.jdkFactory()));
                view = v = kf.generatePublic(new X509EncodedKeySpec(encoded));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("the JDK cannot parse a key OpenSSL encoded", e);
            }
        }
        return v;
    }

    @Override
    public final boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        return o instanceof Key k && "X.509".equals(k.getFormat()) && Arrays.equals(encoded, k.getEncoded());
    }

    @Override
    public final int hashCode() {
        return Arrays.hashCode(encoded);
    }

    @Override
    public String toString() {
        return "AccelJCE " + view();
    }

    /** Serialized as the JDK's keys are: a KeyRep of the encoding, resolved by any KeyFactory. */
    @Serial
    final Object writeReplace() throws ObjectStreamException {
        return new KeyRep(KeyRep.Type.PUBLIC, getAlgorithm(), getFormat(), getEncoded());
    }
}
