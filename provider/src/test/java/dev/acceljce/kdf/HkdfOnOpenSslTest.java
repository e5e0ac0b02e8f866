package dev.acceljce.kdf;

import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.testing.EngineChoice;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Every check of {@link HkdfTest} (Wycheproof's HKDF-SHA256/384/512 files, the differential
 * against SunJCE, the JDK's exceptions, concurrency, long info) with HKDF on the OpenSSL engine
 * ({@code acceljce.engine.kdf=openssl}).
 */
class HkdfOnOpenSslTest extends HkdfTest {
    @BeforeEach
    void engine() {
        EngineChoice.use(Family.KDF, Engine.OPENSSL, NativeHkdf.ENGINES);
    }

    @AfterEach
    void defaultEngine() {
        EngineChoice.reset(Family.KDF);
    }
}
