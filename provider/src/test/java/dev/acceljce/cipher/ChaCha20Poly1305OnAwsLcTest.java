package dev.acceljce.cipher;

import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Every check of {@link ChaCha20Poly1305Test} (Wycheproof with strict exceptions, the
 * differential against SunJCE, the JCA contract) with ChaCha20-Poly1305 on the AWS-LC
 * engine ({@code acceljce.engine.chacha20=awslc}).
 */
class ChaCha20Poly1305OnAwsLcTest extends ChaCha20Poly1305Test {
    @BeforeEach
    void engine() {
        AeadTesting.useEngine(Family.CHACHA20, Engine.AWSLC);
    }

    @AfterEach
    void defaultEngine() {
        AeadTesting.defaultEngine(Family.CHACHA20);
    }
}
