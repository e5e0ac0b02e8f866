package dev.acceljce.control;

import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.openssl.OpenSslInfo;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The CPU features the loaded OpenSSL will use, which can be fewer than the CPU has: OpenSSL drops
 * AVX/AVX-512 when the operating system does not enable their register state, and the
 * {@code OPENSSL_ia32cap} environment variable can mask any bit.
 *
 * <p>On x86_64 this is decoded from {@code OpenSSL_version(OPENSSL_CPU_INFO)}, which every OpenSSL
 * 3 has ("CPUINFO: OPENSSL_ia32cap=LV0:LV1[:LV2:LV3:LV4][ env:...]"). Bit positions follow the
 * OPENSSL_ia32cap(3) manual page: LV0 is CPUID.1 EDX (low half) and ECX (high half), LV1 is
 * CPUID.(EAX=7,ECX=0) EBX (low) and ECX (high). (The capability array {@code OPENSSL_ia32cap_P}
 * itself is not exported by OpenSSL 3's libcrypto, so the string is the only public view.)
 *
 * <p>On aarch64 the string is "CPUINFO: OPENSSL_armcap=0x...[ env:...]", one word whose bits are
 * OpenSSL's {@code crypto/arm_arch.h} ({@code ARMV8_AES} 1&lt;&lt;2, {@code ARMV8_SHA1} 1&lt;&lt;3, ...),
 * set from the kernel's {@code AT_HWCAP} and maskable by the {@code OPENSSL_armcap} variable.
 * Other architectures' capability words are shown as OpenSSL prints them but not decoded.
 *
 * @param raw     what OpenSSL printed, or null when no library is loaded
 * @param vectors the capability words as printed (x86: the logical vectors LV0..; aarch64: the
 *                one armcap word), else empty
 * @param envMask the {@code OPENSSL_ia32cap} or {@code OPENSSL_armcap} value OpenSSL applied, or
 *                null when none
 * @param enabled per feature name (as {@link CpuFeatures#X86_64} or {@link CpuFeatures#AARCH64}
 *                name them), whether OpenSSL uses it; empty when not decoded
 */
public record OpenSslCpu(String raw, List<Long> vectors, String envMask, Map<String, Boolean> enabled) {
    /** Feature name to bit position in the concatenated logical vectors (LV0 bits 0..63, LV1 64..127). */
    private static final Map<String, Integer> X86_BITS = bits();
    /** Feature name to bit of OPENSSL_armcap_P (crypto/arm_arch.h: ARMV8_AES, ..., ARMV8_SHA3). */
    private static final Map<String, Integer> ARM_BITS =
            Map.of("aes", 2, "sha1", 3, "sha2", 4, "pmull", 5, "sha512", 6, "sha3", 11);
    /** The capability variable's name in the CPUINFO string, the features it decodes to, and their bits. */
    private record Word(String marker, List<String> features, Map<String, Integer> bits) {}

    private static final List<Word> WORDS = List.of(
            new Word("OPENSSL_ia32cap=", CpuFeatures.X86_64, X86_BITS),
            new Word("OPENSSL_armcap=", CpuFeatures.AARCH64, ARM_BITS));

    private static Map<String, Integer> bits() {
        Map<String, Integer> m = new LinkedHashMap<>();
        m.put("aes", 57);
        m.put("vaes", 64 + 41);
        m.put("pclmulqdq", 33);
        m.put("vpclmulqdq", 64 + 42);
        m.put("sha_ni", 64 + 29);
        m.put("avx", 60);
        m.put("avx2", 64 + 5);
        m.put("avx512f", 64 + 16);
        m.put("avx512vl", 64 + 31);
        m.put("avx512bw", 64 + 30);
        m.put("avx512ifma", 64 + 21);
        m.put("adx", 64 + 19);
        m.put("bmi2", 64 + 8);
        m.put("rdrand", 62);
        m.put("rdseed", 64 + 18);
        return Collections.unmodifiableMap(m);
    }

    public OpenSslCpu {
        vectors = List.copyOf(vectors);
        enabled = Collections.unmodifiableMap(new LinkedHashMap<>(enabled));
    }

    /** Whether the capability vector was decoded (x86_64 or aarch64 with a CPUINFO string). */
    public boolean decoded() {
        return !enabled.isEmpty();
    }

    /** The environment variable that masks what OpenSSL uses: OPENSSL_armcap on aarch64, else OPENSSL_ia32cap. */
    public String envVariable() {
        return raw != null && raw.contains("OPENSSL_armcap=") ? "OPENSSL_armcap" : "OPENSSL_ia32cap";
    }

    /** The features OpenSSL uses on {@code cpu}: those it enabled, or the CPU's when nothing was decoded. */
    public Set<String> enabledOn(CpuFeatures cpu) {
        if (!decoded()) {
            return cpu.present();
        }
        Set<String> out = new LinkedHashSet<>();
        enabled.forEach((f, on) -> {
            if (on) {
                out.add(f);
            }
        });
        return out;
    }

    /** What the loaded library reports; an empty view when none is loaded. */
    public static OpenSslCpu ofLoadedLibrary() {
        return LibCrypto.isAvailable() ? decode(OpenSslInfo.cpuInfo()) : decode(null);
    }

    /** Decodes a CPUINFO string (null or "N/A": nothing decoded). */
    public static OpenSslCpu decode(String cpuInfo) {
        if (cpuInfo == null) {
            return new OpenSslCpu(null, List.of(), null, Map.of());
        }
        Word printed = null;
        int at = -1;
        for (Word w : WORDS) {
            at = cpuInfo.indexOf(w.marker);
            if (at >= 0) {
                printed = w;
                break;
            }
        }
        if (printed == null) {
            return new OpenSslCpu(cpuInfo, List.of(), null, Map.of());
        }
        String rest = cpuInfo.substring(at + printed.marker.length());
        int space = rest.indexOf(' ');
        String values = space < 0 ? rest : rest.substring(0, space);
        String env = null;
        int envAt = rest.indexOf("env:");
        if (envAt >= 0) {
            env = rest.substring(envAt + 4).trim();
        }
        List<Long> vectors = new ArrayList<>();
        try {
            for (String v : values.split(":")) {
                String hex = v.trim();
                if (hex.startsWith("0x") || hex.startsWith("0X")) {
                    hex = hex.substring(2);
                }
                vectors.add(Long.parseUnsignedLong(hex, 16));
            }
        } catch (NumberFormatException e) {
            return new OpenSslCpu(cpuInfo, List.of(), env, Map.of());
        }
        Map<String, Boolean> enabled = new LinkedHashMap<>();
        for (String f : printed.features) {
            int bit = printed.bits.get(f);
            int word = bit / 64;
            enabled.put(f, word < vectors.size() && (vectors.get(word) >>> (bit % 64) & 1) != 0);
        }
        return new OpenSslCpu(cpuInfo, vectors, env, enabled);
    }
}
