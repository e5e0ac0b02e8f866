package dev.acceljce.kdf;

import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.testing.EngineChoice;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Every check of {@link HkdfTest} (Wycheproof's HKDF-SHA256/384/512 files, the differential
 * against SunJCE, the JDK's exceptions, concurrency, long info) with HKDF on the AWS-LC engine
 * ({@code acceljce.engine.kdf=awslc}).
 */
class HkdfOnAwsLcTest extends HkdfTest {
    @BeforeEach
    void engine() {
        EngineChoice.use(Family.KDF, Engine.AWSLC, NativeHkdf.ENGINES);
    }

    @AfterEach
    void defaultEngine() {
        EngineChoice.reset(Family.KDF);
    }
}
