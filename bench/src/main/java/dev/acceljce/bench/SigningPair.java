package dev.acceljce.bench;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.SignatureException;

/**
 * What the signature benchmarks measure: a signer and a verifier from the chosen provider on one
 * key pair, a random message and its signature, made once per trial. {@link #sign} and
 * {@link #verify} are the measured calls (update with the message, then sign or verify).
 */
final class SigningPair {
    private final Signature signer;
    private final Signature verifier;
    private final byte[] message;
    private final byte[] signature;

    private SigningPair(Signature signer, Signature verifier, byte[] message, byte[] signature) {
        this.signer = signer;
        this.verifier = verifier;
        this.message = message;
        this.signature = signature;
    }

    /** {@code algorithm}'s signer and verifier from {@code provider}, over a random message of {@code size} bytes. */
    static SigningPair of(String provider, String algorithm, KeyPair keys, int size) throws GeneralSecurityException {
        Signature signer = BenchmarkProviders.engine(provider, "Signature", algorithm, Signature::getInstance);
        signer.initSign(keys.getPrivate());
        Signature verifier = BenchmarkProviders.engine(provider, "Signature", algorithm, Signature::getInstance);
        verifier.initVerify(keys.getPublic());
        byte[] message = new byte[size];
        new SecureRandom().nextBytes(message);
        signer.update(message);
        return new SigningPair(signer, verifier, message, signer.sign());
    }

    byte[] sign() throws SignatureException {
        signer.update(message);
        return signer.sign();
    }

    boolean verify() throws SignatureException {
        verifier.update(message);
        return verifier.verify(signature);
    }
}
