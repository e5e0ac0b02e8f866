package dev.acceljce.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.service.Capabilities;
import dev.acceljce.testing.Providers;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Decoding OpenSSL's CPUINFO string (OPENSSL_ia32cap(3) bit layout) from fixtures, and live. */
class OpenSslCpuTest {
    /** What OpenSSL 3.0.19 printed on this project's build machine (AMD EPYC with AVX-512). */
    private static final String OPENSSL_30 = "CPUINFO: OPENSSL_ia32cap=0xfffa3203078bffff:0x405fc6f1bf07ab";

    @Test
    void decodesTheTwoVectorsOfOpenSsl30() {
        OpenSslCpu c = OpenSslCpu.decode(OPENSSL_30);
        assertTrue(c.decoded());
        assertEquals(List.of(0xfffa3203078bffffL, 0x405fc6f1bf07abL), c.vectors());
        assertNull(c.envMask());
        assertEquals(CpuFeatures.X86_64, List.copyOf(c.enabled().keySet()));
        // every feature of the list is on, RDSEED included: CPUID reports it although this
        // machine's kernel hides it from /proc/cpuinfo (so OpenSSL may use what Linux says is absent)
        c.enabled().forEach((f, on) -> assertTrue(on, f));
    }

    @Test
    void singleBitsLandOnTheDocumentedFeatures() {
        // LV0 bit 57 = AES-NI, 33 = PCLMULQDQ, 60 = AVX, 62 = RDRAND
        assertEquals(Set.of("aes"), enabled("CPUINFO: OPENSSL_ia32cap=0x200000000000000:0x0"));
        assertEquals(Set.of("pclmulqdq"), enabled("CPUINFO: OPENSSL_ia32cap=0x200000000:0x0"));
        assertEquals(Set.of("avx"), enabled("CPUINFO: OPENSSL_ia32cap=0x1000000000000000:0x0"));
        assertEquals(Set.of("rdrand"), enabled("CPUINFO: OPENSSL_ia32cap=0x4000000000000000:0x0"));
        // LV1 bits 5 = AVX2, 8 = BMI2, 16 = AVX512F, 18 = RDSEED, 19 = ADX, 21 = AVX512IFMA,
        // 29 = SHA, 30 = AVX512BW, 31 = AVX512VL, 41 = VAES, 42 = VPCLMULQDQ
        assertEquals(Set.of("avx2"), enabled("CPUINFO: OPENSSL_ia32cap=0x0:0x20"));
        assertEquals(Set.of("bmi2"), enabled("CPUINFO: OPENSSL_ia32cap=0x0:0x100"));
        assertEquals(Set.of("avx512f"), enabled("CPUINFO: OPENSSL_ia32cap=0x0:0x10000"));
        assertEquals(Set.of("rdseed"), enabled("CPUINFO: OPENSSL_ia32cap=0x0:0x40000"));
        assertEquals(Set.of("adx"), enabled("CPUINFO: OPENSSL_ia32cap=0x0:0x80000"));
        assertEquals(Set.of("avx512ifma"), enabled("CPUINFO: OPENSSL_ia32cap=0x0:0x200000"));
        assertEquals(Set.of("sha_ni"), enabled("CPUINFO: OPENSSL_ia32cap=0x0:0x20000000"));
        assertEquals(Set.of("avx512bw"), enabled("CPUINFO: OPENSSL_ia32cap=0x0:0x40000000"));
        assertEquals(Set.of("avx512vl"), enabled("CPUINFO: OPENSSL_ia32cap=0x0:0x80000000"));
        assertEquals(Set.of("vaes"), enabled("CPUINFO: OPENSSL_ia32cap=0x0:0x20000000000"));
        assertEquals(Set.of("vpclmulqdq"), enabled("CPUINFO: OPENSSL_ia32cap=0x0:0x40000000000"));
    }

    @Test
    void fiveVectorsAndAnEnvironmentMaskAsOpenSsl35PrintsThem() {
        // OpenSSL 3.4+ prints five zero-padded vectors; " env:" follows when OPENSSL_ia32cap was set
        // (here masking AES-NI, LV0 bit 57, and every LV1 feature)
        OpenSslCpu c = OpenSslCpu.decode("CPUINFO: OPENSSL_ia32cap=0xfdfa3203078bffff:0x0000000000000000:"
                + "0x0000000000000000:0x0000000000000000:0x0000000000000000 env:~0x200000000000000:0");
        assertEquals(5, c.vectors().size());
        assertEquals("~0x200000000000000:0", c.envMask());
        assertFalse(c.enabled().get("aes"));
        assertTrue(c.enabled().get("pclmulqdq"));
        assertFalse(c.enabled().get("avx2"));
    }

    @Test
    void armcapOfANeoverseV1() {
        // NEON, AES, SHA1, SHA256, PMULL, SHA512, CPUID, SHA3, UNROLL8_EOR3, UNROLL12_EOR3
        OpenSslCpu c = OpenSslCpu.decode("CPUINFO: OPENSSL_armcap=0x118fd");
        assertTrue(c.decoded());
        assertEquals(List.of(0x118fdL), c.vectors());
        assertEquals(CpuFeatures.AARCH64, List.copyOf(c.enabled().keySet()));
        assertTrue(c.enabled().values().stream().allMatch(on -> on), c.enabled()::toString);
        assertEquals("OPENSSL_armcap", c.envVariable());
        assertEquals(null, c.envMask());
    }

    @Test
    void armcapMaskedByTheEnvironment() {
        // OPENSSL_armcap=0x1 leaves NEON only: no crypto extension is used
        OpenSslCpu c = OpenSslCpu.decode("CPUINFO: OPENSSL_armcap=0x1 env:0x1");
        assertEquals("0x1", c.envMask());
        assertTrue(c.decoded());
        assertTrue(c.enabled().values().stream().noneMatch(on -> on), c.enabled()::toString);
        CpuFeatures cpu = CpuFeatures.parse("Features\t: fp asimd aes pmull sha1 sha2\n", "aarch64");
        assertEquals(Set.of(), c.enabledOn(cpu));
    }

    @Test
    void nothingToDecode() {
        assertFalse(OpenSslCpu.decode(null).decoded());
        OpenSslCpu na = OpenSslCpu.decode("CPUINFO: N/A");
        assertFalse(na.decoded());
        assertEquals("CPUINFO: N/A", na.raw());
        assertFalse(OpenSslCpu.decode("CPUINFO: OPENSSL_ia32cap=0xzz:0x1").decoded());
    }

    @Test
    void theLoadedLibraryReportsWhatItUses() {
        Providers.requireNative();
        OpenSslCpu c = OpenSslCpu.ofLoadedLibrary();
        assertNotNull(c.raw(), "OpenSSL_version(OPENSSL_CPU_INFO) answered nothing (" + LibCrypto.version() + ")");
        assertTrue(c.raw().startsWith("CPUINFO: "), c.raw());
        CpuFeatures cpu = CpuFeatures.ofThisMachine();
        if (cpu.arch().equals("x86_64")) {
            assertTrue(c.decoded(), c.raw());
            if (System.getenv("OPENSSL_ia32cap") == null) {
                // nothing masks AES-NI: OpenSSL uses it exactly when the CPU has it
                assertEquals(cpu.has("aes"), c.enabled().get("aes"), c.raw());
                assertEquals(cpu.has("pclmulqdq"), c.enabled().get("pclmulqdq"), c.raw());
            }
        }
        if (cpu.arch().equals("aarch64")) {
            assertTrue(c.decoded(), c.raw());
            assertEquals("OPENSSL_armcap", c.envVariable());
            if (System.getenv("OPENSSL_armcap") == null) {
                // OpenSSL reads the same AT_HWCAP bits: it uses each extension exactly when the CPU has it,
                // except SHA-3 before OpenSSL 3.1: 3.0 has no bit for it (Debian 12's 3.0.22 reports
                // OPENSSL_armcap=0xfd under qemu, whose CPU has SHA-3)
                for (String f : CpuFeatures.AARCH64) {
                    if (f.equals("sha3") && !LibCrypto.atLeast(3, 1)) {
                        continue;
                    }
                    assertEquals(cpu.has(f), c.enabled().get(f), f + ": " + c.raw() + " vs " + cpu);
                }
                assertTrue(cpu.has("aes") && cpu.has("pmull"), "no ARMv8 crypto extensions here: " + cpu);
            }
        }
    }

    private static Set<String> enabled(String cpuInfo) {
        return Capabilities.enabledFeatures(CpuFeatures.parse("", "x86_64"), OpenSslCpu.decode(cpuInfo));
    }
}
