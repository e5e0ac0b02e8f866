package dev.acceljce.control;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The crypto instruction-set features of this machine's CPU, as Linux reports them: the flags
 * OpenSSL's assembler paths (and HotSpot's intrinsics) depend on, named as {@code /proc/cpuinfo}
 * names them ({@code aes}, {@code sha_ni}, {@code avx512ifma}, ...).
 *
 * <p>Which features are listed depends on the architecture: x86_64 ({@code flags} line), aarch64
 * (the kernel's {@code AT_HWCAP} word from {@code /proc/self/auxv}, the bits OpenSSL reads with
 * {@code getauxval}, else the {@code Features} line: {@code aes pmull sha1 sha2 sha3 sha512}), s390x ({@code features}: CPACF's
 * message-security assist {@code msa}, and {@code vx}), ppc64le (no flag line in /proc/cpuinfo: the vector
 * crypto bit of {@code AT_HWCAP2}, read from {@code /proc/self/auxv}).
 *
 * @param arch        the normalised architecture ("x86_64", "aarch64", "s390x", "ppc64le", or
 *                    {@code os.arch} for others)
 * @param model       the CPU model as the kernel names it, or "unknown"
 * @param logicalCpus processors listed (or the JVM's count when none are)
 * @param features    every feature this architecture's list names, in that order, with whether
 *                    the CPU has it (empty when nothing could be read)
 */
public record CpuFeatures(String arch, String model, int logicalCpus, Map<String, Boolean> features) {
    /** x86_64: the flags OpenSSL's AES, GHASH, SHA, ChaCha20/Poly1305, RSA, P-256 and X25519 code selects on. */
    public static final List<String> X86_64 = List.of(
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
            "rdrand",
            "rdseed");
    /** aarch64: the ARMv8 crypto extensions. */
    public static final List<String> AARCH64 = List.of("aes", "pmull", "sha1", "sha2", "sha3", "sha512");
    /**
     * s390x: CPACF (the message-security assist, whose extension levels the kernel does not list
     * separately) and the vector facility OpenSSL's ChaCha20 uses.
     */
    public static final List<String> S390X = List.of("msa", "vx");
    /** ppc64le: the POWER8+ vector crypto facility (PPC_FEATURE2_VEC_CRYPTO). */
    public static final List<String> PPC64LE = List.of("vcrypto");

    private static final long AT_HWCAP = 16;
    private static final long AT_HWCAP2 = 26;
    private static final long PPC_FEATURE2_VEC_CRYPTO = 0x02000000L;
    /** aarch64 AT_HWCAP bits (Linux arch/arm64/include/uapi/asm/hwcap.h), in {@link #AARCH64}'s order. */
    private static final Map<String, Long> AARCH64_HWCAP = Map.of(
            "aes", 1L << 3, "pmull", 1L << 4, "sha1", 1L << 5, "sha2", 1L << 6, "sha3", 1L << 17, "sha512", 1L << 21);
    /** aarch64 CPU implementer codes (MIDR_EL1) as /proc/cpuinfo prints them, and whose they are. */
    private static final Map<String, String> ARM_IMPLEMENTERS =
            Map.of("0x41", "Arm", "0x61", "Apple", "0xc0", "Ampere", "0x6d", "Microsoft", "0x48", "HiSilicon");
    /** Arm Ltd. CPU part numbers of the server cores most Java runs on (Graviton, Axion, Cobalt, Altra). */
    private static final Map<String, String> ARM_PARTS = Map.of(
            "0xd0c",
            "Neoverse N1",
            "0xd40",
            "Neoverse V1",
            "0xd49",
            "Neoverse N2",
            "0xd4f",
            "Neoverse V2",
            "0xd84",
            "Neoverse V3",
            "0xd8e",
            "Neoverse N3",
            "0xd08",
            "Cortex-A72",
            "0xd0b",
            "Cortex-A76");

    public CpuFeatures {
        features = Collections.unmodifiableMap(new LinkedHashMap<>(features));
    }

    /** Whether the CPU has {@code feature} (a name from this architecture's list). */
    public boolean has(String feature) {
        return features.getOrDefault(feature, false);
    }

    /** The features this CPU has, in list order. */
    public Set<String> present() {
        Set<String> out = new LinkedHashSet<>();
        features.forEach((f, has) -> {
            if (has) {
                out.add(f);
            }
        });
        return out;
    }

    /** The feature names reported for {@code arch} (empty for architectures not listed). */
    public static List<String> featureNames(String arch) {
        return switch (arch) {
            case "x86_64" -> X86_64;
            case "aarch64" -> AARCH64;
            case "s390x" -> S390X;
            case "ppc64le" -> PPC64LE;
            default -> List.of();
        };
    }

    /** {@code os.arch} as the rest of this class names architectures. */
    public static String normalise(String osArch) {
        String a = osArch.toLowerCase(Locale.ROOT);
        return switch (a) {
            case "amd64", "x86_64", "x86-64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            case "ppc64le", "powerpc64le" -> "ppc64le";
            default -> a;
        };
    }

    /** Reads this machine's CPU; the feature map is empty when /proc/cpuinfo is missing (not Linux). */
    public static CpuFeatures ofThisMachine() {
        String arch = normalise(System.getProperty("os.arch"));
        String text;
        try {
            text = Files.readString(Path.of("/proc/cpuinfo"));
        } catch (IOException e) {
            return new CpuFeatures(
                    arch,
                    System.getProperty("os.arch") + " (no /proc/cpuinfo)",
                    Runtime.getRuntime().availableProcessors(),
                    Map.of());
        }
        long auxWord = 0;
        if (arch.equals("ppc64le") || arch.equals("aarch64")) {
            try {
                auxWord = auxvValue(
                        Files.readAllBytes(Path.of("/proc/self/auxv")), arch.equals("ppc64le") ? AT_HWCAP2 : AT_HWCAP);
            } catch (IOException e) {
                auxWord = -1;
            }
        }
        return parse(text, arch, auxWord);
    }

    /** Parses the text of a /proc/cpuinfo file of an {@code arch} machine. */
    public static CpuFeatures parse(String cpuinfo, String arch) {
        return parse(cpuinfo, arch, 0);
    }

    /**
     * As {@link #parse(String, String)}, with the auxiliary-vector word the architecture's features
     * come from: ppc64le's {@code AT_HWCAP2} (-1: unknown, then its features are reported as
     * absent), aarch64's {@code AT_HWCAP} (0 or -1: not read, then the {@code Features} line counts).
     */
    public static CpuFeatures parse(String cpuinfo, String arch, long auxWord) {
        String model = null;
        Set<String> flags = null;
        String implementer = null;
        String part = null;
        boolean x86Flags = false;
        int processors = 0;
        for (String line : cpuinfo.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String key = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).trim();
            switch (key) {
                // x86 numbers processors with "processor : N"; s390x has "processor N: ..." lines
                case "processor" -> processors++;
                // x86 "model name", s390x "machine" is not a model; POWER says "cpu : POWER9 ..."
                case "model name", "cpu" -> model = model == null ? value : model;
                // x86 "flags", aarch64 "Features", s390x "features": the first processor's list
                case "flags", "features" -> {
                    flags = flags == null ? Set.of(value.split("\\s+")) : flags;
                    x86Flags |= key.equals("flags");
                }
                // aarch64 names no model: the implementer and part numbers of MIDR_EL1
                case "cpu implementer" -> implementer = implementer == null ? value : implementer;
                case "cpu part" -> part = part == null ? value : part;
                default -> {
                    if (key.startsWith("processor ")) {
                        processors++;
                    }
                }
            }
        }
        if (arch.equals("aarch64")) {
            if (x86Flags) {
                // qemu-user shows the host's /proc/cpuinfo: its model and flags are not this CPU's
                model = "unknown (/proc/cpuinfo describes the host of an emulator, not this aarch64 CPU)";
                flags = null;
            } else if (implementer != null) {
                model = armModel(
                        implementer.toLowerCase(Locale.ROOT), part == null ? "?" : part.toLowerCase(Locale.ROOT));
            }
        }
        boolean fromHwcap = arch.equals("aarch64") && auxWord > 0;
        Map<String, Boolean> features = new LinkedHashMap<>();
        for (String f : featureNames(arch)) {
            boolean has = arch.equals("ppc64le")
                    ? auxWord > 0 && (auxWord & PPC_FEATURE2_VEC_CRYPTO) != 0
                    : fromHwcap ? (auxWord & AARCH64_HWCAP.get(f)) != 0 : flags != null && flags.contains(f);
            features.put(f, has);
        }
        return new CpuFeatures(
                arch,
                model == null ? "unknown" : model,
                processors > 0 ? processors : Runtime.getRuntime().availableProcessors(),
                features);
    }

    /** "Arm Neoverse V1 (0x41/0xd40)", or the codes alone for a CPU the tables do not name. */
    private static String armModel(String implementer, String part) {
        String vendor = ARM_IMPLEMENTERS.getOrDefault(implementer, "implementer " + implementer);
        String core = implementer.equals("0x41") ? ARM_PARTS.get(part) : null;
        return vendor + (core == null ? " part " + part : " " + core) + " (" + implementer + "/" + part + ")";
    }

    /** The value of {@code type} in a 64-bit little-endian auxiliary vector, or 0 when absent. */
    static long auxvValue(byte[] auxv, long type) {
        ByteBuffer b = ByteBuffer.wrap(auxv).order(ByteOrder.LITTLE_ENDIAN);
        while (b.remaining() >= 16) {
            long t = b.getLong();
            long v = b.getLong();
            if (t == type) {
                return v;
            }
            if (t == 0) {
                break;
            }
        }
        return 0;
    }
}
