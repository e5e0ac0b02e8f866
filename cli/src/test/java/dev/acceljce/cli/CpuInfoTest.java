package dev.acceljce.cli;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuInfoTest {
    @Test
    void readsModelProcessorCountAndCryptoFlags() {
        String text = """
                processor\t: 0
                vendor_id\t: GenuineIntel
                model name\t: Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz
                flags\t\t: fpu sse2 aes pclmulqdq avx2 sha_ni adx bmi2
                
                processor\t: 1
                model name\t: Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz
                flags\t\t: fpu sse2 aes pclmulqdq avx2 sha_ni adx bmi2
                """;
        CpuInfo cpu = CpuInfo.parse(text);
        assertEquals("Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz", cpu.model());
        assertEquals(2, cpu.logicalCpus());
        assertTrue(cpu.cryptoFlags().get("aes"));
        assertTrue(cpu.cryptoFlags().get("sha_ni"));
        assertFalse(cpu.cryptoFlags().get("vaes"));
        assertFalse(cpu.cryptoFlags().get("avx512ifma"));
        assertEquals(CpuInfo.CRYPTO_FLAGS, cpu.cryptoFlags().keySet().stream().toList());
    }
}
