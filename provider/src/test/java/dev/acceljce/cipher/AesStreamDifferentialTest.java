package dev.acceljce.cipher;

import dev.acceljce.testing.Providers;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * AES in CTR, CFB, CFB8 and OFB against SunJCE, as {@link AesDifferentialTest} does for ECB and
 * CBC: each transformation of its own gets Differential.cases() cases, the mode spellings of the
 * general "AES" service and the key-size-bound names a quarter. CFB8 runs AES once per byte in
 * both providers: a quarter of its cases cover the whole 0..64 KiB range, the rest stop at 4 KiB.
 */
class AesStreamDifferentialTest {
    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    static Stream<Arguments> transformations() {
        Stream.Builder<Arguments> b = Stream.builder();
        for (String t : List.of("AES/CTR/NoPadding", "AES/CFB/NoPadding", "AES/CFB8/NoPadding", "AES/OFB/NoPadding")) {
            b.add(Arguments.of(t, t, 1.0));
        }
        b.add(Arguments.of("AES/CFB128/NoPadding", "AES/CFB128/NoPadding", 0.25));
        b.add(Arguments.of("AES/OFB128/NoPadding", "AES/OFB128/NoPadding", 0.25));
        for (int bits : new int[] {128, 192, 256}) {
            for (String mode : List.of("OFB", "CFB")) {
                String t = "AES_" + bits + "/" + mode + "/NoPadding";
                b.add(Arguments.of(t, t, 0.25));
            }
        }
        return b.build();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("transformations")
    void matchesSunJce(String ours, String theirs, double share) throws Exception {
        AesDifferentialTest.compare(ours, theirs, share);
    }
}
