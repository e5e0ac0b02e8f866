package dev.acceljce.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The CPU as Linux describes it in {@code /proc/cpuinfo}: model name, logical CPUs, and the
 * instruction-set flags OpenSSL's and HotSpot's crypto code paths depend on.
 */
public record CpuInfo(String model, int logicalCpus, Map<String, Boolean> cryptoFlags) {
    /** The flags that decide which assembler path OpenSSL (and HotSpot's intrinsics) can take. */
    public static final List<String> CRYPTO_FLAGS = List.of("aes", "vaes", "vpclmulqdq", "pclmulqdq",
            "sha_ni", "avx2", "avx512f", "avx512ifma", "adx", "bmi2", "rdrand", "rdseed");

    /** Reads this machine's CPU; fields unknown when /proc/cpuinfo is missing (not Linux). */
    public static CpuInfo ofThisMachine() {
        try {
            return parse(Files.readString(Path.of("/proc/cpuinfo")));
        } catch (IOException e) {
            return new CpuInfo(System.getProperty("os.arch") + " (no /proc/cpuinfo)",
                    Runtime.getRuntime().availableProcessors(), Map.of());
        }
    }

    /** Parses the text of a /proc/cpuinfo file (the first processor's model and flags). */
    public static CpuInfo parse(String cpuinfo) {
        String model = null;
        Set<String> flags = Set.of();
        int processors = 0;
        for (String line : cpuinfo.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String key = line.substring(0, colon).trim();
            String value = line.substring(colon + 1).trim();
            switch (key) {
                case "processor" -> processors++;
                case "model name" -> model = model == null ? value : model;
                case "flags" -> flags = flags.isEmpty() ? Set.of(value.split("\\s+")) : flags;
                default -> { }
            }
        }
        Map<String, Boolean> crypto = new LinkedHashMap<>();
        for (String f : CRYPTO_FLAGS) {
            crypto.put(f, flags.contains(f));
        }
        return new CpuInfo(model == null ? "unknown" : model,
                processors > 0 ? processors : Runtime.getRuntime().availableProcessors(), crypto);
    }
}
