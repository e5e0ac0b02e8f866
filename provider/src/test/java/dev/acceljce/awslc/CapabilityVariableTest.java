package dev.acceljce.awslc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * OpenSSL's CPU capability variable keeps AWS-LC unloaded unless it can only clear bits: AWS-LC
 * reads the same variable in its own layout and aborts the process on a bit the CPU lacks (seen
 * under emulation with {@code OPENSSL_armcap=0x118fd}). The emulated aarch64 run's Neoverse V1
 * pass (scripts/test-aarch64.sh) runs a whole JVM with that value.
 */
class CapabilityVariableTest {
    @Test
    void thisJvmLoadedAwsLcOnlyWithoutAConflict() {
        String conflict = AwsLc.capabilityVariableConflict(System.getProperty("os.arch"), System.getenv());
        if (conflict != null) {
            // this JVM is alive: AWS-LC was not loaded, and says why
            assertFalse(AwsLc.isAvailable());
            assertTrue(AwsLc.unavailableReason().contains(conflict), AwsLc.unavailableReason());
        }
    }

    @Test
    void aValueThatSetsBitsKeepsAwsLcUnloaded() {
        String reason = AwsLc.capabilityVariableConflict("aarch64", Map.of("OPENSSL_armcap", "0x118fd"));
        assertNotNull(reason);
        assertTrue(reason.contains("OPENSSL_armcap=0x118fd"), reason);
        assertNotNull(AwsLc.capabilityVariableConflict("aarch64", Map.of("OPENSSL_armcap", "0x1")));
        assertNotNull(AwsLc.capabilityVariableConflict("aarch64", Map.of("OPENSSL_armcap", "|0x80")));
        assertNotNull(AwsLc.capabilityVariableConflict("amd64", Map.of("OPENSSL_ia32cap", "0x0:0x20")));
        // each part counts: a mask first and a value after it can still set bits
        assertNotNull(AwsLc.capabilityVariableConflict("amd64", Map.of("OPENSSL_ia32cap", "~0x200000000000000:0x20")));
    }

    @Test
    void masksAndOtherArchitecturesVariablesAreSafe() {
        assertNull(AwsLc.capabilityVariableConflict("aarch64", Map.of()));
        assertNull(AwsLc.capabilityVariableConflict("aarch64", Map.of("OPENSSL_armcap", "~0x20")));
        assertNull(AwsLc.capabilityVariableConflict("aarch64", Map.of("OPENSSL_armcap", " ")));
        assertNull(AwsLc.capabilityVariableConflict("amd64", Map.of("OPENSSL_ia32cap", "~0x200000000000000:~0x20")));
        assertNull(AwsLc.capabilityVariableConflict("amd64", Map.of("OPENSSL_ia32cap", "~0x200000000000000:")));
        // each architecture reads its own variable
        assertNull(AwsLc.capabilityVariableConflict("amd64", Map.of("OPENSSL_armcap", "0x118fd")));
        assertNull(AwsLc.capabilityVariableConflict("aarch64", Map.of("OPENSSL_ia32cap", "0x0:0x20")));
        assertNull(AwsLc.capabilityVariableConflict("riscv64", Map.of("OPENSSL_armcap", "0x118fd")));
    }
}
