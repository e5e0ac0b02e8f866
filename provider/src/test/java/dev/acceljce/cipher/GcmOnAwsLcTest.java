package dev.acceljce.cipher;

import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Every check of {@link GcmTest} (Wycheproof with strict exceptions, the differential against
 * SunJCE, the JCA contract) with AES-GCM on the AWS-LC engine
 * ({@code acceljce.engine.gcm=awslc}).
 */
class GcmOnAwsLcTest extends GcmTest {
    @BeforeEach
    void engine() {
        AeadTesting.useEngine(Family.GCM, Engine.AWSLC);
    }

    @AfterEach
    void defaultEngine() {
        AeadTesting.defaultEngine(Family.GCM);
    }
}
