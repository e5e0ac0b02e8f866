package dev.acceljce.keys;

import dev.acceljce.openssl.EvpPkey;
import java.io.Serial;
import java.security.InvalidKeyException;
import java.security.interfaces.EdECPrivateKey;
import java.security.spec.NamedParameterSpec;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.UnaryOperator;

/** An Ed25519 or Ed448 private key, held natively. */
public final class AccelEdEcPrivateKey extends AccelPrivateKey implements EdECPrivateKey {
    @Serial
    private static final long serialVersionUID = 1L;

    AccelEdEcPrivateKey(KeyKind kind, EvpPkey.Key key) {
        super(kind, key);
    }

    @Override
    public Optional<byte[]> getBytes() {
        return Optional.ofNullable(octets("priv"));
    }

    /**
     * This key in another library's raw form, made once from its RFC 8032 seed by
     * {@code fromSeed} (which must not keep the seed: it is wiped afterwards) and cached on the
     * key until {@code destroy()}. The array is shared: callers only read it.
     *
     * @throws InvalidKeyException when the key was destroyed
     */
    public byte[] cachedFromSeed(UnaryOperator<byte[]> fromSeed) throws InvalidKeyException {
        return rawForm(() -> {
            byte[] seed = octets("priv");
            try {
                return fromSeed.apply(seed);
            } finally {
                Arrays.fill(seed, (byte) 0);
            }
        });
    }

    @Override
    public NamedParameterSpec getParams() {
        return kind().named();
    }
}
