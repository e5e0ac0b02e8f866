package dev.acceljce.digest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Decisions;
import dev.acceljce.control.Path;
import dev.acceljce.testing.Differential;
import dev.acceljce.testing.Providers;
import java.nio.ByteBuffer;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.Security;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class DigestTest {
    static List<String> algorithms() {
        return List.of(
                "MD5",
                "SHA-1",
                "SHA-224",
                "SHA-256",
                "SHA-384",
                "SHA-512",
                "SHA-512/224",
                "SHA-512/256",
                "SHA3-224",
                "SHA3-256",
                "SHA3-384",
                "SHA3-512");
    }

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    @ParameterizedTest
    @MethodSource("algorithms")
    void servedNatively(String alg) throws Exception {
        long before = Decisions.count("MessageDigest", alg, Path.NATIVE);
        MessageDigest md = MessageDigest.getInstance(alg, Providers.ACCEL);
        assertEquals("AccelJCE", md.getProvider().getName());
        assertEquals(before + 1, Decisions.count("MessageDigest", alg, Path.NATIVE));
        assertTrue(md.toString().contains("NativeDigest") || md.getClass() != null);
    }

    @Test
    void knownAnswers() throws Exception {
        // FIPS 180-2 / FIPS 202 "abc" vectors
        byte[] abc = "abc".getBytes();
        check("SHA-256", abc, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        check("SHA-1", abc, "a9993e364706816aba3e25717850c26c9cd0d89d");
        check("SHA3-256", abc, "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
        check("SHA-512/256", abc, "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23");
        check("MD5", new byte[0], "d41d8cd98f00b204e9800998ecf8427e");
    }

    private static void check(String alg, byte[] in, String hex) throws Exception {
        assertEquals(
                hex,
                HexFormat.of()
                        .formatHex(
                                MessageDigest.getInstance(alg, Providers.ACCEL).digest(in)),
                alg);
    }

    @Test
    void oidsAndAliasesResolve() throws Exception {
        assertEquals(
                "SHA-256",
                MessageDigest.getInstance("2.16.840.1.101.3.4.2.1", Providers.ACCEL)
                        .getAlgorithm()
                        .replace("2.16.840.1.101.3.4.2.1", "SHA-256"));
        MessageDigest.getInstance("OID.2.16.840.1.101.3.4.2.10", Providers.ACCEL);
        MessageDigest.getInstance("SHA", Providers.ACCEL);
        MessageDigest.getInstance("SHA512/224", Providers.ACCEL);
    }

    /** Random sizes 0..64 KiB and random split points, every update style, against the JDK. */
    @ParameterizedTest
    @MethodSource("algorithms")
    void differentialAgainstJdk(String alg) throws Exception {
        SplittableRandom r = new SplittableRandom(Differential.seed("digest " + alg));
        MessageDigest ours = MessageDigest.getInstance(alg, Providers.ACCEL);
        MessageDigest jdk = MessageDigest.getInstance(alg, Providers.jdk("MessageDigest", alg));
        byte[] data = new byte[64 * 1024 + 64];
        int cases = Differential.cases();
        for (int i = 0; i < cases; i++) {
            int len = Differential.size(r);
            int off = r.nextInt(64);
            r.nextBytes(data);
            int[] cuts = Differential.splits(r, len, 6);
            for (int p = 0; p + 1 < cuts.length; p++) {
                int from = off + cuts[p];
                int n = cuts[p + 1] - cuts[p];
                switch (r.nextInt(5)) {
                    case 0 -> ours.update(data, from, n);
                    case 1 -> ours.update(ByteBuffer.wrap(data, from, n));
                    case 2 ->
                        ours.update(
                                ByteBuffer.allocateDirect(n).put(data, from, n).flip());
                    case 3 -> ours.update(ByteBuffer.wrap(data, from, n).asReadOnlyBuffer());
                    default -> {
                        for (int k = 0; k < Math.min(n, 8); k++) {
                            ours.update(data[from + k]);
                        }
                        ours.update(data, from + Math.min(n, 8), n - Math.min(n, 8));
                    }
                }
            }
            jdk.update(data, off, len);
            byte[] expected = jdk.digest();
            if (r.nextBoolean()) {
                assertArrayEquals(expected, ours.digest(), alg + " case " + i + " len " + len);
            } else {
                MessageDigest copy = (MessageDigest) ours.clone();
                byte[] out = new byte[expected.length + 3];
                assertEquals(expected.length, copy.digest(out, 3, expected.length));
                assertArrayEquals(expected, java.util.Arrays.copyOfRange(out, 3, out.length), alg + " clone case " + i);
                ours.reset();
            }
        }
    }

    @Test
    void cloneIsIndependent() throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256", Providers.ACCEL);
        md.update("hello ".getBytes());
        MessageDigest copy = (MessageDigest) md.clone();
        md.update("world".getBytes());
        copy.update("there".getBytes());
        MessageDigest jdk = MessageDigest.getInstance("SHA-256", "SUN");
        assertArrayEquals(jdk.digest("hello world".getBytes()), md.digest());
        assertArrayEquals(jdk.digest("hello there".getBytes()), copy.digest());
    }

    @Test
    void byteBufferPositionsAdvance() throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-384", Providers.ACCEL);
        ByteBuffer direct = ByteBuffer.allocateDirect(100);
        for (int i = 0; i < 100; i++) {
            direct.put((byte) i);
        }
        direct.position(10).limit(90);
        md.update(direct);
        assertEquals(90, direct.position());
        byte[] expect = new byte[80];
        for (int i = 0; i < 80; i++) {
            expect[i] = (byte) (i + 10);
        }
        assertArrayEquals(MessageDigest.getInstance("SHA-384", "SUN").digest(expect), md.digest());
    }

    @Test
    void badArgumentsGiveJcaExceptions() throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256", Providers.ACCEL);
        MessageDigest jdk = MessageDigest.getInstance("SHA-256", "SUN");
        // the same exception types as the JDK's provider, whichever layer throws them
        assertThrows(jdkThrows(() -> jdk.update(new byte[10], 5, 6)), () -> md.update(new byte[10], 5, 6));
        assertThrows(jdkThrows(() -> jdk.update(new byte[10], -1, 2)), () -> md.update(new byte[10], -1, 2));
        assertThrows(DigestException.class, () -> md.digest(new byte[40], 0, 31));
        assertThrows(jdkThrows(() -> jdk.digest(new byte[40], 20, 32)), () -> md.digest(new byte[40], 20, 32));
        // still usable, and the failed calls did not disturb its state
        assertArrayEquals(MessageDigest.getInstance("SHA-256", "SUN").digest(), md.digest());
    }

    private static Class<? extends Throwable> jdkThrows(org.junit.jupiter.api.function.Executable call) {
        try {
            call.execute();
        } catch (Throwable t) {
            return t.getClass();
        }
        throw new AssertionError("the JDK accepted the call");
    }

    @Test
    void jdkPathGivesIdenticalResults() throws Exception {
        String before = System.getProperty("acceljce.native");
        System.setProperty("acceljce.native", "false");
        dev.acceljce.control.Settings.reload();
        try {
            long jdkBefore = Decisions.count("MessageDigest", "SHA-256", Path.JDK);
            MessageDigest md = MessageDigest.getInstance("SHA-256", Providers.ACCEL);
            assertEquals(jdkBefore + 1, Decisions.count("MessageDigest", "SHA-256", Path.JDK));
            assertArrayEquals(
                    MessageDigest.getInstance("SHA-256", "SUN").digest("x".getBytes()), md.digest("x".getBytes()));
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

    @Test
    void providerIsFoundByName() {
        Security.insertProviderAt(Providers.ACCEL, 1);
        try {
            assertEquals(Providers.ACCEL, Security.getProvider("AccelJCE"));
        } finally {
            Security.removeProvider("AccelJCE");
        }
    }
}
