package dev.acceljce.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** /proc/cpuinfo parsing against fixture texts of each architecture, and a live smoke test. */
class CpuFeaturesTest {
    /** Two processors of this project's build machine (an AMD EPYC VM whose kernel hides RDSEED), flags trimmed. */
    private static final String X86_64 = """
            processor\t: 0
            vendor_id\t: AuthenticAMD
            model name\t: AMD EPYC
            flags\t\t: fpu vme sse2 ht syscall nx pclmulqdq ssse3 fma cx16 sse4_1 sse4_2 movbe popcnt aes xsave avx \
            f16c rdrand hypervisor lahf_lm bmi1 avx2 smep bmi2 erms invpcid avx512f avx512dq adx smap avx512ifma \
            clflushopt clwb avx512cd sha_ni avx512bw avx512vl xsaveopt avx512vbmi umip pku avx512_vbmi2 gfni vaes \
            vpclmulqdq avx512_vnni avx512_bitalg avx512_vpopcntdq

            processor\t: 1
            vendor_id\t: AuthenticAMD
            model name\t: AMD EPYC
            flags\t\t: fpu vme sse2 ht syscall nx pclmulqdq ssse3 fma cx16 sse4_1 sse4_2 movbe popcnt aes xsave avx \
            f16c rdrand hypervisor lahf_lm bmi1 avx2 smep bmi2 erms invpcid avx512f avx512dq adx smap avx512ifma \
            clflushopt clwb avx512cd sha_ni avx512bw avx512vl xsaveopt avx512vbmi umip pku avx512_vbmi2 gfni vaes \
            vpclmulqdq avx512_vnni avx512_bitalg avx512_vpopcntdq
            """;

    @Test
    void x86FlagsOfThisMachine() {
        CpuFeatures cpu = CpuFeatures.parse(X86_64, "x86_64");
        assertEquals("AMD EPYC", cpu.model());
        assertEquals(2, cpu.logicalCpus());
        assertEquals(CpuFeatures.X86_64, List.copyOf(cpu.features().keySet()));
        for (String f : List.of(
                "aes",
                "vaes",
                "pclmulqdq",
                "vpclmulqdq",
                "sha_ni",
                "avx",
                "avx2",
                "avx512f",
                "avx512vl",
                "avx512bw",
                "avx512ifma",
                "adx",
                "bmi2",
                "rdrand")) {
            assertTrue(cpu.has(f), f);
        }
        assertFalse(cpu.has("rdseed"));
        assertFalse(cpu.present().contains("rdseed"));
    }

    @Test
    void olderX86WithoutAvx512() {
        CpuFeatures cpu = CpuFeatures.parse("""
                processor\t: 0
                model name\t: Intel(R) Xeon(R) CPU E5-2686 v4 @ 2.30GHz
                flags\t\t: fpu sse2 pclmulqdq aes avx rdrand avx2 bmi2 adx rdseed
                """, "x86_64");
        assertEquals(1, cpu.logicalCpus());
        assertTrue(cpu.has("aes") && cpu.has("rdseed") && cpu.has("adx"));
        assertFalse(cpu.has("sha_ni") || cpu.has("vaes") || cpu.has("avx512f"));
    }

    @Test
    void aarch64Features() {
        CpuFeatures cpu = CpuFeatures.parse("""
                processor\t: 0
                BogoMIPS\t: 243.75
                Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm \
                lrcpc dcpop sha3 sm3 sm4 asimddp sha512 asimdfhm dit uscat ilrcpc flagm ssbs paca pacg dcpodp \
                svei8mm svebf16 i8mm bf16 dgh rng
                CPU implementer\t: 0x41

                processor\t: 1
                Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics
                """, "aarch64");
        assertEquals(2, cpu.logicalCpus());
        assertEquals(CpuFeatures.AARCH64, List.copyOf(cpu.present()));
    }

    @Test
    void aarch64FeaturesComeFromAtHwcapWhenTheKernelGivesIt() {
        String text = """
                processor\t: 0
                Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32
                CPU implementer\t: 0x41
                CPU part\t: 0xd40
                """;
        // AT_HWCAP of a Neoverse V1: FP, ASIMD, AES, PMULL, SHA1, SHA2, ..., SHA3 (17), SHA512 (21)
        long hwcap = (1L << 0) | (1L << 1) | (1L << 3) | (1L << 4) | (1L << 5) | (1L << 6) | (1L << 17) | (1L << 21);
        CpuFeatures cpu = CpuFeatures.parse(text, "aarch64", hwcap);
        assertEquals(CpuFeatures.AARCH64, List.copyOf(cpu.present()));
        assertEquals("Arm Neoverse V1 (0x41/0xd40)", cpu.model());
        // without the auxiliary vector, the Features line counts
        assertEquals(
                Set.of("aes", "pmull", "sha1", "sha2"),
                CpuFeatures.parse(text, "aarch64", -1).present());
        assertEquals(
                "Ampere part 0xac3 (0xc0/0xac3)",
                CpuFeatures.parse("CPU implementer\t: 0xc0\nCPU part\t: 0xac3\n", "aarch64")
                        .model());
    }

    @Test
    void anEmulatorShowsTheHostsCpuinfoWhichSaysNothingOfTheAarch64Cpu() {
        // qemu-user passes the x86-64 host's /proc/cpuinfo through, and emulates AT_HWCAP
        String host = """
                processor\t: 0
                model name\t: AMD EPYC 9R14 96-Core Processor
                flags\t\t: fpu sse2 aes pclmulqdq avx2 sha_ni
                """;
        CpuFeatures fromLine = CpuFeatures.parse(host, "aarch64");
        assertTrue(fromLine.model().startsWith("unknown (/proc/cpuinfo describes the host"), fromLine.model());
        assertEquals(Set.of(), fromLine.present()); // x86's "aes" flag is not ARM's AES
        CpuFeatures fromHwcap = CpuFeatures.parse(host, "aarch64", (1L << 3) | (1L << 4));
        assertEquals(Set.of("aes", "pmull"), fromHwcap.present());
    }

    @Test
    void s390xFeatures() {
        CpuFeatures cpu = CpuFeatures.parse("""
                vendor_id       : IBM/S390
                # processors    : 2
                bogomips per cpu: 3241.00
                features\t: esan3 zarch stfle msa ldisp eimm dfp edat etf3eh highgprs te vx vxd vxe gs sie
                processor 0: version = FF,  identification = 0133E8,  machine = 3906
                processor 1: version = FF,  identification = 0133E8,  machine = 3906
                """, "s390x");
        assertEquals(2, cpu.logicalCpus());
        assertTrue(cpu.has("msa"));
        assertTrue(cpu.has("vx"));
    }

    @Test
    void ppc64leVectorCryptoComesFromTheAuxiliaryVector() {
        String text = """
                processor\t: 0
                cpu\t\t: POWER9 (architected), altivec supported
                """;
        ByteBuffer auxv = ByteBuffer.allocate(48).order(ByteOrder.LITTLE_ENDIAN);
        auxv.putLong(16).putLong(0xdc0065c2L); // AT_HWCAP
        auxv.putLong(26).putLong(0x2ef60000L); // AT_HWCAP2 of a POWER9, VEC_CRYPTO (0x02000000) set
        auxv.putLong(0).putLong(0); // AT_NULL
        long hwcap2 = CpuFeatures.auxvValue(auxv.array(), 26);
        assertEquals(0x2ef60000L, hwcap2);
        CpuFeatures cpu = CpuFeatures.parse(text, "ppc64le", hwcap2);
        assertEquals("POWER9 (architected), altivec supported", cpu.model());
        assertTrue(cpu.has("vcrypto"));
        assertFalse(CpuFeatures.parse(text, "ppc64le", 0x0c000000L).has("vcrypto"));
        assertFalse(CpuFeatures.parse(text, "ppc64le", -1).has("vcrypto"));
    }

    @Test
    void architectureNamesAreNormalised() {
        assertEquals("x86_64", CpuFeatures.normalise("amd64"));
        assertEquals("aarch64", CpuFeatures.normalise("aarch64"));
        assertEquals("ppc64le", CpuFeatures.normalise("ppc64le"));
        assertEquals("s390x", CpuFeatures.normalise("s390x"));
        assertEquals(List.of(), CpuFeatures.featureNames("riscv64"));
    }

    @Test
    void thisMachine() {
        CpuFeatures cpu = CpuFeatures.ofThisMachine();
        assertEquals(CpuFeatures.normalise(System.getProperty("os.arch")), cpu.arch());
        assertTrue(cpu.logicalCpus() >= 1);
        assertEquals(
                CpuFeatures.featureNames(cpu.arch()), List.copyOf(cpu.features().keySet()));
        if (cpu.arch().equals("x86_64")) {
            // every x86_64 server CPU of the last decade has AES-NI and PCLMULQDQ
            assertTrue(cpu.has("aes") && cpu.has("pclmulqdq"), cpu.toString());
        }
    }
}
