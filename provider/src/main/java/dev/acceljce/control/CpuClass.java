package dev.acceljce.control;

import java.util.Locale;
import java.util.Set;

/**
 * The kind of CPU the built-in crossovers are chosen by. Whether OpenSSL or the JDK's intrinsics
 * win at a payload size depends on which vector code each side runs here, and that follows the
 * vendor and the widest AES/GHASH code path both can use, not the exact model: on x86-64,
 * {@code <vendor>-avx512} (VAES + VPCLMULQDQ with AVX-512: AMD Zen 4, Intel Ice Lake and later),
 * {@code <vendor>-avx2-vaes} (VAES + VPCLMULQDQ on 256-bit registers only: AMD Zen 3, Intel Alder
 * Lake), {@code <vendor>-aesni} (AES-NI + PCLMULQDQ) or {@code <vendor>-portable}, with vendor
 * {@code amd}, {@code intel} or {@code x86}. On aarch64, {@code arm-crypto} (the ARMv8 crypto
 * extensions OpenSSL's AES, GCM and SHA-256 code runs on: AES, PMULL, SHA-2; every Graviton,
 * Ampere Altra, Cobalt and Axion has them) or {@code arm-portable}; no ARM class has been measured
 * on hardware (see {@code crossovers-aarch64.properties}). Other architectures are {@code <arch>}.
 *
 * <p>The features are the ones OpenSSL enabled (an {@code OPENSSL_ia32cap} mask that turns
 * AVX-512 off moves the machine down a class), else the CPU's. {@code acceljce.cpuClass} names a
 * class explicitly (for a CPU this reads wrongly, or to try another class's table).
 */
public final class CpuClass {
    private static volatile String detected;

    private CpuClass() {}

    /** The class in force: {@code acceljce.cpuClass} if set, else this machine's (read once). */
    public static String current() {
        String set = Settings.get("acceljce.cpuClass");
        if (set != null && !set.isBlank()) {
            return set.trim().toLowerCase(Locale.ROOT);
        }
        String d = detected;
        if (d == null) {
            CpuFeatures cpu = CpuFeatures.ofThisMachine();
            detected =
                    d = of(cpu.arch(), cpu.model(), OpenSslCpu.ofLoadedLibrary().enabledOn(cpu));
        }
        return d;
    }

    /** The class of a CPU of {@code arch} named {@code model} whose enabled features are {@code features}. */
    public static String of(String arch, String model, Set<String> features) {
        if (arch.equals("aarch64")) {
            return features.containsAll(Set.of("aes", "pmull", "sha2")) ? "arm-crypto" : "arm-portable";
        }
        if (!arch.equals("x86_64")) {
            return arch;
        }
        String m = model == null ? "" : model.toLowerCase(Locale.ROOT);
        String vendor = m.contains("amd") ? "amd" : m.contains("intel") ? "intel" : "x86";
        boolean vectorAes = features.contains("vaes") && features.contains("vpclmulqdq");
        String level;
        if (vectorAes && features.contains("avx512f") && features.contains("avx512vl")) {
            level = "avx512";
        } else if (vectorAes && features.contains("avx2")) {
            level = "avx2-vaes";
        } else if (features.contains("aes") && features.contains("pclmulqdq")) {
            level = "aesni";
        } else {
            level = "portable";
        }
        return vendor + "-" + level;
    }

    /** The architecture a class belongs to, whose generic crossover table it extends. */
    public static String architecture(String cpuClass) {
        if (cpuClass.startsWith("arm-")) {
            return "aarch64";
        }
        if (cpuClass.matches("(amd|intel|x86)-.*")) {
            return "x86_64";
        }
        return cpuClass; // the classes of other architectures are the architecture's name
    }
}
