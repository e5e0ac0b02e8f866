package dev.acceljce.keys;

import dev.acceljce.openssl.EvpPkey;
import java.io.Serial;
import java.security.interfaces.EdECPrivateKey;
import java.security.spec.NamedParameterSpec;
import java.util.Optional;

/**
 * An Ed25519 or Ed448 private key, held natively: as an OpenSSL EVP_PKEY, or (a key AWS-LC
 * generated) as AWS-LC's 64-byte form (seed || public key), with the EVP_PKEY made from the seed
 * only when OpenSSL is asked to use it.
 */
public final class AccelEdEcPrivateKey extends AccelPrivateKey implements EdECPrivateKey {
    @Serial
    private static final long serialVersionUID = 1L;

    AccelEdEcPrivateKey(KeyKind kind, EvpPkey.Key key) {
        super(kind, key);
    }

    /** An Ed25519 key AWS-LC generated: its 64-byte private key, which the key owns and wipes at destroy. */
    AccelEdEcPrivateKey(byte[] awsLcForm) {
        super(KeyKind.ED25519, null);
        startWithRawForm(awsLcForm); // the raw form of Ed25519 keys: AWS-LC's expanded key
    }

    @Override
    EvpPkey.Key makeNative() {
        byte[] seed = java.util.Arrays.copyOf(rawFormNow(), 32); // RFC 8032's private key
        try {
            return EvpPkey.Key.fromRawPrivate(kind().opensslType(), seed);
        } finally {
            java.util.Arrays.fill(seed, (byte) 0);
        }
    }

    @Override
    public Optional<byte[]> getBytes() {
        return Optional.ofNullable(octets("priv"));
    }

    @Override
    public NamedParameterSpec getParams() {
        return kind().named();
    }
}
