package dev.acceljce.hardening;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.testing.Providers;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.EdDSAParameterSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A verify that throws ends the message, as Signature.verify's contract says ("resets this
 * signature object to the state it was in when previously initialized for verification"): the
 * next message does not start with the old one's bytes. SunEC's ECDSA and EdDSA throw for a
 * malformed signature before they consume the message and keep it; AccelJCE follows the
 * contract on its native path and restarts the JDK's object when it hands a key to the JDK. Fuzz
 * findings 19 and 21 were this difference, seen from the fuzzer's side.
 */
class ThrowingVerifyEndsMessageTest {
    private record Case(
            String signature,
            String keyAlgorithm,
            AlgorithmParameterSpec keySpec,
            AlgorithmParameterSpec params,
            byte[] malformed) {}

    private static final List<Case> CASES = List.of(
            // native: a DER SEQUENCE whose length runs past the end
            new Case("SHA384withECDSA", "EC", new ECGenParameterSpec("secp384r1"), null, new byte[] {0x30, 0x05, 2, 1}),
            new Case("SHA256withECDSAinP1363Format", "EC", new ECGenParameterSpec("secp256r1"), null, new byte[64 + 1]),
            new Case("Ed25519", "Ed25519", null, null, new byte[10]),
            // a context: the JDK's EdDSA serves it, behind AccelJCE
            new Case(
                    "Ed25519",
                    "Ed25519",
                    null,
                    new EdDSAParameterSpec(false, "ctx".getBytes(StandardCharsets.UTF_8)),
                    new byte[10]));

    @Test
    void theNextMessageStartsEmpty() throws Exception {
        byte[] first = "a message whose verification threw".getBytes(StandardCharsets.UTF_8);
        byte[] second = "the next message".getBytes(StandardCharsets.UTF_8);
        for (Case c : CASES) {
            KeyPairGenerator g = KeyPairGenerator.getInstance(c.keyAlgorithm(), Providers.ACCEL);
            if (c.keySpec() != null) {
                g.initialize(c.keySpec());
            }
            KeyPair kp = g.generateKeyPair();
            Provider jdk = Providers.jdk("Signature", c.signature());
            Signature signer = Signature.getInstance(c.signature(), jdk);
            if (c.params() != null) {
                signer.setParameter(c.params());
            }
            signer.initSign(kp.getPrivate());
            signer.update(second);
            byte[] sig = signer.sign();

            Signature s = Signature.getInstance(c.signature(), Providers.ACCEL);
            if (c.params() != null) {
                s.setParameter(c.params());
            }
            s.initVerify(kp.getPublic());
            s.update(first);
            boolean threw = false;
            try {
                s.verify(c.malformed());
            } catch (SignatureException expected) {
                threw = true;
            }
            s.update(second);
            assertTrue(
                    s.verify(sig),
                    c.signature() + " " + c.params() + " (threw: " + threw
                            + "): verified over the second message alone");
            assertThrows(SignatureException.class, () -> {
                s.update(second);
                if (!s.verify(c.malformed())) {
                    throw new SignatureException("returned false"); // either ends the message
                }
            });
        }
    }
}
