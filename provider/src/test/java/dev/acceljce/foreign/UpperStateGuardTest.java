package dev.acceljce.foreign;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import org.junit.jupiter.api.Test;

/**
 * The vzeroupper guard: when it goes on, and that library calls through guarded handles give the
 * library's results. (Its speed effect is a benchmark's business: repro/ffm-vzeroupper and
 * docs/history/2026-11-26-intel-aes-gcm-upper-vector-state.md.)
 */
class UpperStateGuardTest {
    @Test
    void onForIntelWithAvxOffElsewhereUnlessForced() {
        assertNull(UpperStateGuard.whyOff("auto", "amd64", "GenuineIntel", true));
        assertNull(UpperStateGuard.whyOff(null, "amd64", "GenuineIntel", true));
        assertTrue(UpperStateGuard.whyOff("auto", "amd64", "AuthenticAMD", true).startsWith("not an Intel CPU"));
        assertNull(UpperStateGuard.whyOff("true", "amd64", "AuthenticAMD", true));
        // no AVX: the instruction would fault, whatever the setting says
        assertEquals("the CPU has no AVX", UpperStateGuard.whyOff("true", "amd64", "GenuineIntel", false));
        assertEquals("not x86-64", UpperStateGuard.whyOff("true", "aarch64", "", false));
        assertEquals(
                "acceljce.x86.clearUpperState=false", UpperStateGuard.whyOff("false", "amd64", "GenuineIntel", true));
        assertThrows(
                IllegalArgumentException.class, () -> UpperStateGuard.whyOff("yes", "amd64", "GenuineIntel", true));
    }

    @Test
    void thisMachineMatchesTheRule() throws Exception {
        String cpuinfo = Files.isReadable(Path.of("/proc/cpuinfo")) ? Files.readString(Path.of("/proc/cpuinfo")) : "";
        boolean intelAvx = cpuinfo.contains("GenuineIntel")
                && cpuinfo.matches("(?s).*flags\\s*:.* avx .*")
                && System.getProperty("os.arch").equals("amd64")
                && !"false".equals(System.getProperty("acceljce.x86.clearUpperState"));
        assertEquals(intelAvx, UpperStateGuard.active(), UpperStateGuard.description());
        assertTrue(UpperStateGuard.description().startsWith(intelAvx ? "on" : "off"), UpperStateGuard.description());
    }

    @Test
    void guardedCallsReturnTheLibrarysAnswer() throws Exception {
        // SHA-512("abc") through the provider's guarded downcalls, against the JDK's
        byte[] abc = "abc".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] ours = MessageDigest.getInstance("SHA-512", new dev.acceljce.AccelJceProvider())
                .digest(abc);
        byte[] jdk = MessageDigest.getInstance("SHA-512", "SUN").digest(abc);
        assertArrayEquals(jdk, ours);
    }
}
