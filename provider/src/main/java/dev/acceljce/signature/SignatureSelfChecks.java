package dev.acceljce.signature;

import java.security.PrivateKey;
import java.security.PublicKey;

/** A check the signature families' self-tests share, run through the SPI object as the JCA calls it. */
final class SignatureSelfChecks {
    private SignatureSelfChecks() {}

    /**
     * The {@code published} signature of {@code message} verifies under {@code publicKey} and not
     * for the message one byte shorter; a new signature by {@code privateKey} verifies under
     * {@code publicKey} too (a randomised scheme's signature cannot be compared byte for byte).
     * Null when all holds, else what did not; {@code what} names the published signature.
     */
    static String publishedThenFresh(
            PkeySignature spi,
            PublicKey publicKey,
            PrivateKey privateKey,
            byte[] message,
            byte[] published,
            String what)
            throws Exception {
        spi.engineInitVerify(publicKey);
        spi.engineUpdate(message, 0, message.length);
        if (!spi.engineVerify(published)) {
            return what + " did not verify";
        }
        spi.engineInitVerify(publicKey);
        spi.engineUpdate(message, 0, message.length - 1);
        if (spi.engineVerify(published)) {
            return what + " verified for another message";
        }
        spi.engineInitSign(privateKey);
        spi.engineUpdate(message, 0, message.length);
        byte[] fresh = spi.engineSign();
        spi.engineInitVerify(publicKey);
        spi.engineUpdate(message, 0, message.length);
        return spi.engineVerify(fresh) ? null : "a new signature did not verify under the published key";
    }
}
