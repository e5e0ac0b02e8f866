package dev.acceljce.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.openssl.LibCrypto;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The built-in crossovers follow the kind of CPU they run on: the class read from the CPU (and
 * what OpenSSL enabled on it), the table the jar has for that class, and its precedence over the
 * generic table.
 */
class CpuClassTest {
    private static final Set<String> ZEN3 = Set.of(
            "aes", "vaes", "pclmulqdq", "vpclmulqdq", "sha_ni", "avx", "avx2", "adx", "bmi2", "rdrand", "rdseed");
    private static final Set<String> ZEN4 = union(ZEN3, Set.of("avx512f", "avx512vl", "avx512bw", "avx512ifma"));
    private static final Set<String> SKYLAKE = Set.of("aes", "pclmulqdq", "avx", "avx2", "adx", "bmi2");

    @AfterEach
    void clear() {
        Settings.set("acceljce.cpuClass", null);
        Crossovers.reload();
    }

    @Test
    void classesFollowVendorAndTheWidestAesCodePath() {
        assertEquals("amd-avx2-vaes", CpuClass.of("x86_64", "AMD Ryzen 9 5950X 16-Core Processor", ZEN3));
        assertEquals("amd-avx2-vaes", CpuClass.of("x86_64", "AMD EPYC 7R13 Processor", ZEN3));
        assertEquals("amd-avx512", CpuClass.of("x86_64", "AMD EPYC 9R14 96-Core Processor", ZEN4));
        assertEquals("intel-avx512", CpuClass.of("x86_64", "Intel(R) Xeon(R) Platinum 8488C", ZEN4));
        assertEquals("intel-aesni", CpuClass.of("x86_64", "Intel(R) Core(TM) i7-6700 CPU @ 3.40GHz", SKYLAKE));
        assertEquals("x86-portable", CpuClass.of("x86_64", "QEMU Virtual CPU version 2.5+", Set.of("avx")));
        assertEquals("arm-crypto", CpuClass.of("aarch64", "Arm Neoverse V1", Set.of("aes", "pmull", "sha1", "sha2")));
        assertEquals("arm-portable", CpuClass.of("aarch64", "Arm Cortex-A72", Set.of()));
        assertEquals("s390x", CpuClass.of("s390x", "unknown", Set.of("msa")));
    }

    @Test
    void everyClassBelongsToTheArchitectureWhoseGenericTableItExtends() {
        assertEquals("x86_64", CpuClass.architecture("amd-avx512"));
        assertEquals("x86_64", CpuClass.architecture("x86-portable"));
        assertEquals("aarch64", CpuClass.architecture("arm-crypto"));
        assertEquals("s390x", CpuClass.architecture("s390x"));
        assertEquals("crossovers-x86_64-amd-avx512.properties", Crossovers.classDefaults("amd-avx512"));
        assertEquals("crossovers-aarch64.properties", Crossovers.architectureDefaults("arm-crypto"));
    }

    @Test
    void theArmTableSaysItWasNotMeasuredOnHardwareAndLeavesGcmNative() {
        assertTrue(LibCrypto.isAvailable(), LibCrypto.unavailableReason());
        Settings.set("acceljce.cpuClass", "arm-crypto");
        Crossovers.reload();
        assertTrue(
                Crossovers.cpuClassInForce().startsWith("arm-crypto (no table of its own"),
                Crossovers.cpuClassInForce());
        assertTrue(Crossovers.cpuClassInForce().contains("NOT MEASURED ON HARDWARE"), Crossovers.cpuClassInForce());
        assertTrue(
                Crossovers.describe().keySet().stream().noneMatch(k -> k.startsWith("table.")),
                Crossovers.describe()::toString);
        Crossovers.Crossover gcm = Crossovers.lookup(Family.GCM, "AES/GCM/NoPadding");
        assertEquals(Path.NATIVE, gcm.pathFor(32), gcm.toString());
        assertEquals(Path.NATIVE, gcm.pathFor(16384), gcm.toString());
        if (Crossovers.opensslLine().equals("3.5")) {
            assertEquals(
                    new Crossovers.Crossover(Path.JDK, 0, Path.JDK, "built-in defaults"),
                    Crossovers.lookup(Family.DIGEST, "SHA-256"));
        }
        // x86-64's measured tables do not speak for ARM: its class tables are not read
        Crossovers.Crossover cbc = Crossovers.lookup(Family.AES, "AES/CBC/NoPadding");
        assertEquals("no entry", cbc.source(), cbc.toString());
        // and x86 classes do not say they are unmeasured
        Settings.set("acceljce.cpuClass", "amd-avx512");
        Crossovers.reload();
        assertFalse(Crossovers.cpuClassInForce().contains("NOT MEASURED"), Crossovers.cpuClassInForce());
    }

    @Test
    void zen4SendsCbcAndCtrToTheJdkAndKeepsTheGenericLinesForTheRest() {
        assertTrue(LibCrypto.isAvailable(), LibCrypto.unavailableReason());
        Settings.set("acceljce.cpuClass", "amd-avx512");
        Crossovers.reload();
        if (!Crossovers.opensslLine().equals("3.5")) {
            return; // the class tables are for the bundled 3.5
        }
        for (String mode : new String[] {"AES/CBC/NoPadding", "AES/CBC/PKCS5Padding", "AES/CTR/NoPadding"}) {
            Crossovers.Crossover c = Crossovers.lookup(Family.AES, mode);
            assertEquals(Path.JDK, c.below(), mode);
            assertEquals("built-in defaults for amd-avx512", c.source(), mode);
        }
        // GCM and SHA-256 have no line of their own here: the generic table decides (measured on a
        // Zen 4): SHA-256 to the JDK, GCM without an entry, so native
        assertEquals(
                "built-in defaults", Crossovers.lookup(Family.DIGEST, "SHA-256").source());
        Crossovers.Crossover gcm = Crossovers.lookup(Family.GCM, "AES/GCM/NoPadding");
        assertEquals(Path.NATIVE, gcm.pathFor(32), gcm.toString());
        assertEquals(Path.NATIVE, gcm.pathFor(16384), gcm.toString());
    }

    @Test
    void anOpenSslMaskThatDropsAvx512MovesTheMachineDownAClass() {
        // OPENSSL_ia32cap can switch AVX-512 off: what OpenSSL runs is what counts
        Set<String> masked = Set.copyOf(ZEN3);
        assertEquals("amd-avx2-vaes", CpuClass.of("x86_64", "AMD EPYC 9R14 96-Core Processor", masked));
    }

    @Test
    void theSettingNamesAClassAndItsTableTakesPrecedenceOverTheGenericOne() {
        assertTrue(LibCrypto.isAvailable(), LibCrypto.unavailableReason());
        Settings.set("acceljce.cpuClass", "amd-avx2-vaes");
        Crossovers.reload();
        assertEquals("amd-avx2-vaes", CpuClass.current());
        Crossovers.Crossover gcm = Crossovers.lookup(Family.GCM, "AES/GCM/NoPadding");
        Crossovers.Crossover sha = Crossovers.lookup(Family.DIGEST, "SHA-256");
        if (Crossovers.opensslLine().equals("3.5")) {
            // Zen 3 (the 2026-11-25 calibrate run): GCM to the JDK below 256 B, SHA-256 below 4 KiB
            assertEquals(
                    new Crossovers.Crossover(Path.JDK, 256, Path.NATIVE, "built-in defaults for amd-avx2-vaes"), gcm);
            assertEquals(
                    new Crossovers.Crossover(Path.JDK, 4096, Path.NATIVE, "built-in defaults for amd-avx2-vaes"), sha);
        } else {
            // the class tables are for the bundled 3.5; on 3.0 the generic table still decides
            assertEquals("built-in defaults", gcm.source());
        }
        // a class without a table of its own falls back to the generic defaults
        Settings.set("acceljce.cpuClass", "x86-portable");
        Crossovers.reload();
        assertTrue(Crossovers.cpuClassInForce().contains("no table of its own"), Crossovers.cpuClassInForce());
        assertEquals(
                "built-in defaults", Crossovers.lookup(Family.DIGEST, "SHA-256").source());
    }

    @Test
    void thisMachineHasAClass() {
        String c = CpuClass.current();
        assertTrue(c.matches("(amd|intel|x86)-(avx512|avx2-vaes|aesni|portable)|arm-(crypto|portable)|[a-z0-9_]+"), c);
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        java.util.Set<String> u = new java.util.HashSet<>(a);
        u.addAll(b);
        return Set.copyOf(u);
    }
}
