package dev.acceljce.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.acceljce.testing.AutoProfile;
import java.nio.file.Path;
import java.util.EnumSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The native library per family comes from the crossover tables ({@code engine.<family>}): a
 * calibrate profile first, then the built-in tables; without an entry, OpenSSL.
 */
class EngineTablesTest {
    private static final EnumSet<Engine> BOTH = EnumSet.of(Engine.OPENSSL, Engine.AWSLC);

    @TempDir
    Path dir;

    @AfterEach
    void noProfile() {
        AutoProfile.remove();
    }

    @Test
    void theBuiltInTablesNameTheLibraryPerFamilyAndCpuClass() throws Exception {
        AutoProfile.install(dir, "# empty\n");
        try {
            // the generic x86-64 table: the public-key families on AWS-LC
            Settings.set("acceljce.cpuClass", "amd-avx512");
            Crossovers.reload();
            assertEquals(Engine.AWSLC, Engines.preferred(Family.EDDSA));
            assertEquals(Engine.AWSLC, Engines.preferred(Family.XDH));
            assertEquals(Engine.AWSLC, Engines.preferred(Family.EC));
            assertEquals(Engine.OPENSSL, Engines.preferred(Family.GCM));
            assertNull(Crossovers.engine(Family.RSA));
            assertEquals(Engine.OPENSSL, Engines.preferred(Family.RSA));
            // the Intel class table adds the AEADs it measured, ChaCha20-Poly1305 per size
            Settings.set("acceljce.cpuClass", "intel-avx512");
            Crossovers.reload();
            assertEquals(Engine.AWSLC, Engines.preferred(Family.GCM));
            assertEquals(new Engines.Choice(Engine.AWSLC, 1024, Engine.OPENSSL), Engines.choice(Family.CHACHA20));
            // and RSASSA-PKCS1-v1_5 on AWS-LC; services only OpenSSL offers in the family stay there
            assertEquals(Engine.AWSLC, Engines.preferred(Family.RSA));
            assertEquals(Engine.OPENSSL, Dispatch.engine(Family.RSA, EnumSet.of(Engine.OPENSSL)));
            if (Crossovers.opensslLine().equals("3.5")) {
                // its races of 2026-11-27 (15:16-15:42 UTC): AES-GCM native at every size
                assertEquals(
                        "native",
                        Crossovers.lookup(Family.GCM, "AES/GCM/NoPadding").toProperty());
            }
            assertEquals(Engine.AWSLC, Engines.preferred(Family.EDDSA));
            // aarch64: no AWS-LC choice was measured on ARM hardware, so every family stays on
            // OpenSSL in both ARM classes (AWS-LC runs there only when asked for)
            for (String armClass : new String[] {"arm-crypto", "arm-portable"}) {
                Settings.set("acceljce.cpuClass", armClass);
                Crossovers.reload();
                for (Family f : Family.values()) {
                    assertNull(Crossovers.engine(f), armClass + " " + f);
                    assertEquals(Engine.OPENSSL, Engines.preferred(f), armClass + " " + f);
                }
            }
        } finally {
            Settings.set("acceljce.cpuClass", null);
            Crossovers.reload();
        }
    }

    @Test
    void aProfileChoosesTheLibrary() throws Exception {
        AutoProfile.install(dir, "engine.eddsa = openssl\nengine.xdh = AWSLC\nengine.gcm = awslc:4096:openssl\n");
        assertEquals(new Engines.Choice(Engine.AWSLC, 4096, Engine.OPENSSL), Engines.choice(Family.GCM));
        assertEquals("awslc:4096:openssl", Engines.choice(Family.GCM).toProperty());
        assertEquals(Engine.OPENSSL, Engines.preferred(Family.EDDSA));
        assertEquals(Engine.OPENSSL, Dispatch.engine(Family.EDDSA, BOTH));
        assertEquals(Engine.AWSLC, Engines.preferred(Family.XDH));
        if (Engine.AWSLC.available()) {
            assertEquals(Engine.AWSLC, Dispatch.engine(Family.XDH, BOTH));
        }
        // a library named in settings still wins over the tables
        Settings.set("acceljce.engine.eddsa", "awslc");
        try {
            assertEquals(Engine.AWSLC.available() ? Engine.AWSLC : Engine.OPENSSL, Dispatch.engine(Family.EDDSA, BOTH));
        } finally {
            Settings.set("acceljce.engine.eddsa", null);
        }
    }

    @Test
    void aNameThatIsNoLibraryIsRefusedWithTheKey() throws Exception {
        AutoProfile.install(dir, "engine.eddsa = boringssl\n");
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Crossovers.engine(Family.EDDSA));
        assertEquals(
                "engine.eddsa = 'boringssl' is not <library> or <library>:<bytes>:<library> (library: openssl or awslc)",
                e.getMessage());
    }
}
