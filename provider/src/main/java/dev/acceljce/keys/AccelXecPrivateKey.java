package dev.acceljce.keys;

import dev.acceljce.openssl.EvpPkey;
import java.io.Serial;
import java.security.interfaces.XECPrivateKey;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Optional;

/**
 * An X25519 or X448 private key, held natively: as an OpenSSL EVP_PKEY, or (a key AWS-LC
 * generated) as its raw scalar, with the EVP_PKEY made only when OpenSSL is asked to use it.
 */
public final class AccelXecPrivateKey extends AccelPrivateKey implements XECPrivateKey {
    @Serial
    private static final long serialVersionUID = 1L;

    AccelXecPrivateKey(KeyKind kind, EvpPkey.Key key) {
        super(kind, key);
    }

    /** A key another library generated: its RFC 7748 scalar, which the key owns and wipes at destroy. */
    AccelXecPrivateKey(KeyKind kind, byte[] scalar) {
        super(kind, null);
        startWithRawForm(scalar); // the raw form of XDH keys: the scalar itself
    }

    @Override
    EvpPkey.Key makeNative() {
        return EvpPkey.Key.fromRawPrivate(kind().opensslType(), rawFormNow());
    }

    @Override
    public Optional<byte[]> getScalar() {
        return Optional.ofNullable(octets("priv"));
    }

    @Override
    public AlgorithmParameterSpec getParams() {
        return kind().named();
    }
}
