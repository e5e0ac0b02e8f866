package dev.acceljce.agreement;

import dev.acceljce.awslc.Curve25519;
import dev.acceljce.awslc.EcKey;
import dev.acceljce.control.Engine;
import dev.acceljce.keys.AccelEcPrivateKey;
import dev.acceljce.keys.AccelEcPublicKey;
import dev.acceljce.keys.AccelKey;
import dev.acceljce.keys.AccelXecPrivateKey;
import dev.acceljce.keys.KeyHolder;
import dev.acceljce.keys.KeyKind;
import java.security.InvalidKeyException;
import java.util.Arrays;

/**
 * ECDH (P-256, P-384, P-521) and X25519 on AWS-LC, one critical downcall per agreement. Nothing
 * native is made here: an EC key's {@code EC_KEY} belongs to the key ({@code
 * AccelEcPrivateKey.awsLcKey}, made once per key and freed when it is destroyed), an X25519 key's
 * raw scalar is its cached raw form (wiped when it is destroyed). X448 is not in AWS-LC.
 */
final class AwsLcAgreement implements AgreementEngine {
    /** The key of the last init; {@link #ecKey} or {@link #scalar} is its AWS-LC form. */
    private volatile AccelKey key;
    /** ECDH: the key's EC_KEY; null for X25519, and once the key was destroyed. */
    private volatile EcKey ecKey;
    /** X25519: the key's raw scalar (shared with the key, which wipes it); null for ECDH. */
    private volatile byte[] scalar;

    @Override
    public Engine library() {
        return Engine.AWSLC;
    }

    @Override
    public boolean serves(AccelKey key) {
        return key instanceof AccelEcPrivateKey || key.kind() == KeyKind.X25519;
    }

    @Override
    public void init(AccelKey key, KeyHolder holder) throws InvalidKeyException {
        if (key instanceof AccelEcPrivateKey ec) {
            EcKey k = ec.awsLcKey();
            scalar = null;
            ecKey = k;
        } else {
            // raw bytes made once per key; no OpenSSL context for this key
            byte[] s = ((AccelXecPrivateKey) key).cachedFromRaw(byte[]::clone);
            ecKey = null;
            scalar = s;
        }
        this.key = key;
    }

    @Override
    public byte[] agree(AccelKey key, AccelKey peer) throws InvalidKeyException {
        return key instanceof AccelEcPrivateKey ? ecdh(key, (AccelEcPublicKey) peer) : x25519(key, peer);
    }

    /**
     * The peer's EC_KEY, which the peer key made once (its point checked on the curve by AWS-LC,
     * or by OpenSSL before when the key was imported there), then ECDH_compute_key.
     */
    private byte[] ecdh(AccelKey key, AccelEcPublicKey peer) throws InvalidKeyException {
        EcKey mine = ecKey; // read once: the key's destroy (keyDestroyed) clears the field
        if (mine == null) {
            throw new InvalidKeyException("the key was destroyed");
        }
        EcKey theirs;
        try {
            theirs = peer.awsLcKey();
        } catch (InvalidKeyException refused) {
            throw new InvalidKeyException("Invalid EC public key", refused);
        }
        byte[] s = new byte[mine.group().fieldBytes()];
        try {
            mine.agree(theirs, s);
        } catch (IllegalStateException e) {
            key.requireLive(); // destroyed on another thread meanwhile: InvalidKeyException
            throw e;
        }
        return liveOrWiped(key, s);
    }

    /** The peer's raw 32 bytes (the end of its encoding) with the key's scalar. */
    private byte[] x25519(AccelKey key, AccelKey peer) throws InvalidKeyException {
        byte[] spki = peer.getEncoded();
        byte[] u = Arrays.copyOfRange(spki, spki.length - Curve25519.X25519_KEY, spki.length);
        byte[] s = new byte[Curve25519.X25519_KEY];
        byte[] mine = scalar; // read once
        if (mine == null) {
            throw new InvalidKeyException("the key was destroyed");
        }
        boolean ok = Curve25519.x25519(s, mine, u);
        liveOrWiped(key, s); // destroyed meanwhile (its raw form wiped): InvalidKeyException
        if (!ok) {
            Arrays.fill(s, (byte) 0);
            throw new InvalidKeyException("Point has small order");
        }
        return s;
    }

    /** {@code secret}, unless {@code key} was destroyed during the computation: then wiped, and refused. */
    private static byte[] liveOrWiped(AccelKey key, byte[] secret) throws InvalidKeyException {
        try {
            key.requireLive();
        } catch (InvalidKeyException destroyed) {
            Arrays.fill(secret, (byte) 0);
            throw destroyed;
        }
        return secret;
    }

    @Override
    public void keyDestroyed(AccelKey destroyed) {
        if (destroyed == key) {
            ecKey = null; // the key released it
            scalar = null; // the key wiped it
        }
    }
}
