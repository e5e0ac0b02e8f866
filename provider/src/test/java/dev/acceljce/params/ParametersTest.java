package dev.acceljce.params;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Decisions;
import dev.acceljce.control.Path;
import dev.acceljce.testing.Differential;
import dev.acceljce.testing.Providers;
import java.io.IOException;
import java.security.AlgorithmParameters;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** GCM, AES and ChaCha20-Poly1305 parameters against the JDK's: encodings, specs, errors, toString. */
class ParametersTest {
    static List<String> algorithms() {
        return List.of("GCM", "AES", "ChaCha20-Poly1305");
    }

    private static AlgorithmParameters ours(String alg) throws Exception {
        return AlgorithmParameters.getInstance(alg, Providers.ACCEL);
    }

    private static AlgorithmParameters jdk(String alg) throws Exception {
        return AlgorithmParameters.getInstance(alg, Providers.jdk("AlgorithmParameters", alg));
    }

    private static Class<? extends AlgorithmParameterSpec> specClass(String alg) {
        return alg.equals("GCM") ? GCMParameterSpec.class : IvParameterSpec.class;
    }

    /** A comparable description of a spec. */
    private static String describe(AlgorithmParameterSpec spec) {
        if (spec instanceof GCMParameterSpec g) {
            return "GCM " + g.getTLen() + " " + HexFormat.of().formatHex(g.getIV());
        }
        return "IV " + HexFormat.of().formatHex(((IvParameterSpec) spec).getIV());
    }

    /** What a call gave: its value, or the exception's type (with the message when asked). */
    private static String outcome(Callable<?> call, boolean withMessage) {
        try {
            Object o = call.call();
            return o instanceof byte[] b ? HexFormat.of().formatHex(b) : String.valueOf(o);
        } catch (Exception e) {
            return e.getClass().getName() + (withMessage ? ": " + e.getMessage() : "");
        }
    }

    private static AlgorithmParameterSpec randomSpec(String alg, SplittableRandom r) {
        byte[] iv = new byte[r.nextInt(4) == 0 ? r.nextInt(41) : alg.equals("AES") ? 16 : 12];
        r.nextBytes(iv);
        if (alg.equals("GCM")) {
            int tLen = r.nextInt(3) == 0 ? r.nextInt(0, 200) : 96 + 8 * r.nextInt(5);
            return new GCMParameterSpec(tLen, iv);
        }
        return new IvParameterSpec(iv);
    }

    @ParameterizedTest
    @MethodSource("algorithms")
    void servedByAccelJce(String alg) throws Exception {
        long before = Decisions.count("AlgorithmParameters", alg, Path.NATIVE);
        AlgorithmParameters p = ours(alg);
        assertEquals("AccelJCE", p.getProvider().getName());
        assertEquals(before + 1, Decisions.count("AlgorithmParameters", alg, Path.NATIVE));
    }

    /** Random specs: the same acceptance, encodings, decodings both ways, specs and toString as the JDK. */
    @ParameterizedTest
    @MethodSource("algorithms")
    void interoperateWithTheJdk(String alg) throws Exception {
        SplittableRandom r = new SplittableRandom(Differential.seed("parameters " + alg));
        int cases = Math.max(100, Differential.cases() / 5);
        for (int i = 0; i < cases; i++) {
            AlgorithmParameterSpec spec = randomSpec(alg, r);
            AlgorithmParameters ours = ours(alg);
            AlgorithmParameters jdk = jdk(alg);
            String ourInit = outcome(
                    () -> {
                        ours.init(spec);
                        return "ok";
                    },
                    true);
            String jdkInit = outcome(
                    () -> {
                        jdk.init(spec);
                        return "ok";
                    },
                    true);
            assertEquals(jdkInit, ourInit, alg + " " + describe(spec));
            if (!ourInit.equals("ok")) {
                continue;
            }
            byte[] encoded = ours.getEncoded();
            assertArrayEquals(jdk.getEncoded(), encoded, alg + " " + describe(spec));
            assertArrayEquals(jdk.getEncoded("ASN.1"), ours.getEncoded("ASN.1"));
            assertEquals(jdk.toString(), ours.toString());
            assertEquals(
                    describe(jdk.getParameterSpec(specClass(alg))), describe(ours.getParameterSpec(specClass(alg))));
            assertEquals(
                    describe(jdk.getParameterSpec(AlgorithmParameterSpec.class)),
                    describe(ours.getParameterSpec(AlgorithmParameterSpec.class)));
            // decode the encoding with each side (both may refuse it: the JDK's AES encodings of
            // key-wrap IVs do not decode)
            AlgorithmParameters ourDecoder = ours(alg);
            AlgorithmParameters jdkDecoder = jdk(alg);
            String ourDecode = outcome(
                    () -> {
                        ourDecoder.init(encoded);
                        return describe(ourDecoder.getParameterSpec(specClass(alg)));
                    },
                    false);
            String jdkDecode = outcome(
                    () -> {
                        jdkDecoder.init(encoded);
                        return describe(jdkDecoder.getParameterSpec(specClass(alg)));
                    },
                    false);
            assertEquals(jdkDecode, ourDecode, alg + " decode " + HexFormat.of().formatHex(encoded));
            if (!ourDecode.startsWith("java.")) {
                assertEquals(jdkDecoder.toString(), ourDecoder.toString());
                assertArrayEquals(encoded, ourDecoder.getEncoded());
            }
        }
    }

    /**
     * Mutated encodings: whatever we accept, the JDK accepts with the same meaning, and whatever
     * we refuse is an IOException (never another exception or a crash).
     */
    @ParameterizedTest
    @MethodSource("algorithms")
    void mutatedEncodingsAreRefusedWithIOException(String alg) throws Exception {
        SplittableRandom r = new SplittableRandom(Differential.seed("parameter mutations " + alg));
        int cases = Math.max(100, Differential.cases() / 5);
        int refused = 0;
        for (int i = 0; i < cases; i++) {
            AlgorithmParameters source = jdk(alg);
            AlgorithmParameterSpec spec;
            do {
                spec = randomSpec(alg, r);
            } while (!initialises(source, spec));
            byte[] enc = mutate(source.getEncoded(), r);
            AlgorithmParameters ours = ours(alg);
            try {
                ours.init(enc);
            } catch (IOException e) {
                refused++;
                continue;
            }
            AlgorithmParameters jdk = jdk(alg);
            jdk.init(enc);
            assertEquals(
                    describe(jdk.getParameterSpec(specClass(alg))),
                    describe(ours.getParameterSpec(specClass(alg))),
                    HexFormat.of().formatHex(enc));
        }
        assertTrue(refused > cases / 4, "only " + refused + " of " + cases + " mutations refused");
    }

    private static boolean initialises(AlgorithmParameters p, AlgorithmParameterSpec spec) {
        try {
            p.init(spec);
            return true;
        } catch (InvalidParameterSpecException e) {
            return false;
        }
    }

    private static byte[] mutate(byte[] enc, SplittableRandom r) {
        byte[] m;
        switch (r.nextInt(7)) {
            case 0 -> m = Arrays.copyOf(enc, r.nextInt(enc.length)); // truncated
            case 1 -> {
                m = Arrays.copyOf(enc, enc.length + 1 + r.nextInt(3)); // trailing data
                m[enc.length] = (byte) r.nextInt();
            }
            case 2 -> {
                m = enc.clone();
                m[0] = (byte) r.nextInt(); // tag
            }
            case 3 -> {
                m = enc.clone();
                m[1] = (byte) (m[1] + r.nextInt(-3, 4)); // outer length
            }
            case 4 -> {
                m = enc.clone();
                m[r.nextInt(m.length)] ^= (byte) (1 << r.nextInt(8));
            }
            case 5 -> {
                // the same contents with a non-minimal (long-form) outer length
                int len = enc[1] & 0xff;
                m = new byte[enc.length + 1];
                m[0] = enc[0];
                m[1] = (byte) 0x81;
                m[2] = (byte) len;
                System.arraycopy(enc, 2, m, 3, enc.length - 2);
            }
            default -> {
                m = enc.clone();
                m[1] = (byte) 0x80; // indefinite length
            }
        }
        return m;
    }

    @Test
    void badEncodingsAsTheJdk() throws Exception {
        String twelve = "000102030405060708090a0b";
        String sixteen = twelve + "0c0d0e0f";
        List<String> gcm = List.of(
                "",
                "30",
                "3000",
                "300f040c" + twelve,
                "310e040c" + twelve,
                "3011040c" + twelve + "020111" /* tag length 17 */,
                "3011040c" + twelve + "02010b",
                "3011040c" + twelve + "02010c00",
                "3014040c" + twelve + "02010c020110",
                "3011040c" + twelve + "040110",
                "300e040c" + twelve + "00",
                "0410" + sixteen);
        List<String> aes = List.of(
                "",
                "04",
                "0410",
                "0410" + sixteen + "00",
                "0411" + sixteen,
                "040c" + twelve,
                "0408" + twelve.substring(0, 16),
                "3012" + "0410" + sixteen,
                "2410" + sixteen);
        List<String> chacha = List.of(
                "",
                "04",
                "040c" + twelve + "00",
                "040d" + twelve,
                "0410" + sixteen,
                "300e040c" + twelve,
                "0c0c" + twelve);
        for (var entry : List.of(
                java.util.Map.entry("GCM", gcm),
                java.util.Map.entry("AES", aes),
                java.util.Map.entry("ChaCha20-Poly1305", chacha))) {
            for (String hex : entry.getValue()) {
                byte[] enc = HexFormat.of().parseHex(hex);
                assertThrows(IOException.class, () -> jdk(entry.getKey()).init(enc), entry.getKey() + " JDK " + hex);
                assertThrows(IOException.class, () -> ours(entry.getKey()).init(enc), entry.getKey() + " " + hex);
            }
            assertThrows(NullPointerException.class, () -> ours(entry.getKey()).init((byte[]) null));
        }
        // an explicit default tag length (not DER, but the JDK accepts it) decodes as 96 bits
        AlgorithmParameters p = ours("GCM");
        p.init(HexFormat.of().parseHex("3011040c" + twelve + "02010c"));
        assertEquals(96, p.getParameterSpec(GCMParameterSpec.class).getTLen());
        assertEquals("300e040c" + twelve, HexFormat.of().formatHex(p.getEncoded()));
    }

    @Test
    void formatsSpecsAndStateAsTheJdk() throws Exception {
        byte[] twelve = new byte[12];
        byte[] sixteen = new byte[16];
        for (String alg : algorithms()) {
            AlgorithmParameterSpec spec = alg.equals("GCM")
                    ? new GCMParameterSpec(128, twelve)
                    : new IvParameterSpec(alg.equals("AES") ? sixteen : twelve);
            byte[] enc = jdkEncoding(alg, spec);
            for (String format : new String[] {null, "ASN.1", "asn.1", "PEM"}) {
                assertEquals(
                        outcome(
                                () -> {
                                    AlgorithmParameters j = jdk(alg);
                                    j.init(enc, format);
                                    return j.getEncoded(format);
                                },
                                true),
                        outcome(
                                () -> {
                                    AlgorithmParameters o = ours(alg);
                                    o.init(enc, format);
                                    return o.getEncoded(format);
                                },
                                true),
                        alg + " format " + format);
            }
            AlgorithmParameters o = ours(alg);
            AlgorithmParameters j = jdk(alg);
            assertNull(o.toString());
            assertEquals(outcome(j::getEncoded, true), outcome(o::getEncoded, true));
            assertEquals(
                    outcome(() -> j.getParameterSpec(specClass(alg)), true),
                    outcome(() -> o.getParameterSpec(specClass(alg)), true));
            AlgorithmParameterSpec wrong =
                    alg.equals("GCM") ? new IvParameterSpec(twelve) : new GCMParameterSpec(128, twelve);
            assertEquals(
                    outcome(
                            () -> {
                                j.init(wrong);
                                return "ok";
                            },
                            true),
                    outcome(
                            () -> {
                                o.init(wrong);
                                return "ok";
                            },
                            true));
            o.init(spec);
            j.init(spec);
            Class<? extends AlgorithmParameterSpec> otherSpec =
                    alg.equals("GCM") ? IvParameterSpec.class : GCMParameterSpec.class;
            assertEquals(
                    outcome(() -> j.getParameterSpec(otherSpec), true),
                    outcome(() -> o.getParameterSpec(otherSpec), true));
            assertThrows(InvalidParameterSpecException.class, () -> o.getParameterSpec(otherSpec));
            assertEquals(
                    outcome(
                            () -> {
                                j.init(spec);
                                return "ok";
                            },
                            true),
                    outcome(
                            () -> {
                                o.init(spec);
                                return "ok";
                            },
                            true),
                    "initialised twice");
        }
    }

    private static byte[] jdkEncoding(String alg, AlgorithmParameterSpec spec) throws Exception {
        AlgorithmParameters j = jdk(alg);
        j.init(spec);
        return j.getEncoded();
    }

    @Test
    void toStringOfLongIvsAsTheJdk() throws Exception {
        byte[] iv = new byte[70];
        for (int i = 0; i < iv.length; i++) {
            iv[i] = (byte) (i * 7 - 20);
        }
        AlgorithmParameters o = ours("GCM");
        AlgorithmParameters j = jdk("GCM");
        o.init(new GCMParameterSpec(120, iv));
        j.init(new GCMParameterSpec(120, iv));
        assertEquals(j.toString(), o.toString());
        o = ours("GCM");
        j = jdk("GCM");
        o.init(new GCMParameterSpec(128, new byte[32]));
        j.init(new GCMParameterSpec(128, new byte[32]));
        assertEquals(j.toString(), o.toString());
    }

    @Test
    void jdkPathGivesIdenticalEncodings() throws Exception {
        String before = System.getProperty("acceljce.native");
        System.setProperty("acceljce.native", "false");
        dev.acceljce.control.Settings.reload();
        try {
            for (String alg : algorithms()) {
                long jdkBefore = Decisions.count("AlgorithmParameters", alg, Path.JDK);
                AlgorithmParameters p = ours(alg);
                assertEquals(jdkBefore + 1, Decisions.count("AlgorithmParameters", alg, Path.JDK));
                AlgorithmParameterSpec spec = alg.equals("GCM")
                        ? new GCMParameterSpec(104, new byte[12])
                        : new IvParameterSpec(new byte[alg.equals("AES") ? 16 : 12]);
                p.init(spec);
                assertArrayEquals(jdkEncoding(alg, spec), p.getEncoded());
                assertInstanceOf(specClass(alg), p.getParameterSpec(specClass(alg)));
            }
        } finally {
            if (before == null) {
                System.clearProperty("acceljce.native");
                dev.acceljce.control.Settings.reload();
            } else {
                System.setProperty("acceljce.native", before);
                dev.acceljce.control.Settings.reload();
            }
        }
    }
}
