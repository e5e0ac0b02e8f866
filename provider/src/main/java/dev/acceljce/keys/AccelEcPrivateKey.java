package dev.acceljce.keys;

import dev.acceljce.openssl.EvpPkey;
import java.io.Serial;
import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.interfaces.ECPrivateKey;
import java.security.spec.ECParameterSpec;

/**
 * An EC private key on a named curve, held natively. Its PKCS#8 encoding is the JDK's: the
 * SEC 1 structure without the optional public key and parameters.
 */
public final class AccelEcPrivateKey extends AccelPrivateKey implements ECPrivateKey {
    @Serial
    private static final long serialVersionUID = 1L;

    private final Curves curve;

    AccelEcPrivateKey(EvpPkey.Key key, Curves curve) {
        super(KeyKind.EC, key);
        this.curve = curve;
        // encode as the JDK does (no public key inside the SEC 1 structure). Set here, once, not
        // when encoding: EVP_PKEY_set_params writes the shared EVP_PKEY, which engines on other
        // threads may be using by then
        key.setIntParam("include-public", 0);
    }

    public Curves curve() {
        return curve;
    }

    /**
     * The private scalar, big-endian and as long as the order, for another library (AWS-LC): read
     * once from the EVP_PKEY and kept on the key ({@link #rawForm}), wiped by {@link #destroy()}.
     * The array is shared: callers only read it.
     *
     * @throws InvalidKeyException when the key was destroyed
     */
    public byte[] cachedScalar() throws InvalidKeyException {
        return rawForm(() -> bnOctets("priv", curve.orderBytes()));
    }

    @Override
    public BigInteger getS() {
        return component("priv");
    }

    @Override
    public ECParameterSpec getParams() {
        return curve.params();
    }
}
