package dev.acceljce.keys;

import dev.acceljce.jdk.JdkProviders;
import dev.acceljce.openssl.EvpPkey;
import java.io.ObjectStreamException;
import java.io.Serial;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyRep;
import java.security.Provider;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;

/**
 * A public key held as an EVP_PKEY plus its X.509 encoding. Components ({@code getW()},
 * {@code getModulus()}, ...) come from the JDK's own key parsed from the same encoding, made
 * once on first use, so they are exactly what SunEC/SunRsaSign report; without the JDK's provider of
 * the family, from the encoding and the native key. Equality and hash code are
 * those of the JDK's X509Key: by encoding.
 */
abstract sealed class AccelPublicKey implements PublicKey, AccelKey
        permits AccelEcPublicKey, AccelRsaPublicKey, AccelEdEcPublicKey, AccelXecPublicKey, AccelMlPublicKey {
    @Serial
    private static final long serialVersionUID = 1L;

    private final KeyKind kind;
    /**
     * The X.509 encoding; null until first needed for a key made without it ({@link #encode}): a
     * generated key pair's public half may never be encoded (a job that keeps only the private key).
     */
    private volatile byte[] encoded;
    /**
     * The native key; null until first needed for a key made by {@link Keys#publicHalf}, whose
     * holder may never use it natively (an ephemeral TLS key share is only encoded and sent).
     */
    private transient volatile EvpPkey.Key key;

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
        EvpPkey.Key k = key;
        return k != null ? k : imported();
    }

    private synchronized EvpPkey.Key imported() {
        if (key == null) {
            EvpPkey.Key k = importPublic();
            if (k == null) {
                throw new IllegalStateException("OpenSSL refused a " + kind + " public key it generated");
            }
            key = k;
        }
        return key;
    }

    /**
     * The native key of this key's material, for a key made without one: from the encoding by
     * default; kinds with cheaper raw forms (EC points, EdDSA and XDH keys) override it.
     */
    EvpPkey.Key importPublic() {
        return EvpPkey.Key.fromPublicDer(encodedView());
    }

    /** The X.509 encoding of a key made without one; kinds that make such keys override it. */
    byte[] encode() {
        throw new IllegalStateException("a " + kind + " public key made without its encoding");
    }

    @Override
    public final EvpPkey.Key share() {
        return nativeKey().share();
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
        return encodedView().clone();
    }

    /**
     * The JDK's key for the same encoding: the source of the components; null when no JDK
     * provider has a KeyFactory for it (the subclass then reads the encoding or the native key).
     */
    final PublicKey view() {
        PublicKey v = view;
        if (v == null) {
            Provider jdk = JdkProviders.find("KeyFactory", kind.jdkFactory());
            if (jdk == null) {
                return null;
            }
            try {
                KeyFactory kf = KeyFactory.getInstance(kind.jdkFactory(), jdk);
                view = v = kf.generatePublic(new X509EncodedKeySpec(encodedView()));
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("the JDK cannot parse a key OpenSSL encoded", e);
            }
        }
        return v;
    }

    /** The encoding itself, not a copy: for reading inside this package only. */
    final byte[] encodedView() {
        byte[] e = encoded;
        return e != null ? e : encoded();
    }

    private synchronized byte[] encoded() {
        if (encoded == null) {
            encoded = encode();
        }
        return encoded;
    }

    /**
     * The last {@code length} bytes of the encoding: the end of the subjectPublicKey BIT STRING,
     * which holds the raw public key (an EC point, an EdDSA or XDH public key) for every kind but
     * RSA.
     */
    final byte[] rawPublic(int length) {
        byte[] encoded = encodedView();
        return Arrays.copyOfRange(encoded, encoded.length - length, encoded.length);
    }

    @Override
    public final boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        return o instanceof Key k && "X.509".equals(k.getFormat()) && Arrays.equals(encodedView(), k.getEncoded());
    }

    @Override
    public final int hashCode() {
        return Arrays.hashCode(encodedView());
    }

    @Override
    public String toString() {
        PublicKey v = view();
        return "AccelJCE "
                + (v != null
                        ? v
                        : kind.jdkFactory() + " public key, X.509 encoded, " + encodedView().length + " bytes");
    }

    /** Serialized as the JDK's keys are: a KeyRep of the encoding, resolved by any KeyFactory. */
    @Serial
    final Object writeReplace() throws ObjectStreamException {
        return new KeyRep(KeyRep.Type.PUBLIC, getAlgorithm(), getFormat(), getEncoded());
    }
}
