package dev.acceljce.agreement;

import dev.acceljce.control.Engine;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.KeyHolder;
import java.security.InvalidKeyException;

/**
 * ECDH or XDH on one private key, on one native library: what {@link NativeKeyAgreement} forwards
 * its native work to once it has applied SunEC's rules (which keys, which peers, the scalar's
 * range, the state between calls). One implementation per library ({@link OpenSslAgreement},
 * {@link AwsLcAgreement}); a library is chosen per object at creation ({@code
 * control/Dispatch.engine}), and keys it does not serve (X448 on AWS-LC) go to OpenSSL's.
 */
interface AgreementEngine {
    /** The library, for the counters and {@code info}. */
    Engine library();

    /** Whether this library computes with {@code key}, a native key the object's algorithm takes. */
    boolean serves(AccelKey key);

    /**
     * Takes {@code key} for the next agreements; {@code holder} is the object to tell the key
     * about, if this library keeps native objects for it ({@link AccelKey#heldBy}). Throws before
     * anything changes, so the previous key still works after a refusal.
     */
    void init(AccelKey key, KeyHolder holder) throws InvalidKeyException;

    /**
     * The shared secret of {@code key} (the one of the last init) with {@code peer}, a native
     * public key of the same curve. InvalidKeyException when the library refuses the peer or the
     * result (a point off the curve, a small-order point), or {@code key} was destroyed.
     */
    byte[] agree(AccelKey key, AccelKey peer) throws InvalidKeyException;

    /** {@code key} was destroyed: whatever is held for it goes now. Never throws. */
    void keyDestroyed(AccelKey key);
}
