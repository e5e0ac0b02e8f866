package dev.acceljce.cipher;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.testing.AutoProfile;
import dev.acceljce.testing.Providers;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.security.Provider;
import java.security.spec.AlgorithmParameterSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * AEAD decryption that fails authentication leaves no decrypted byte in any output the call wrote,
 * on every path: native on OpenSSL and on AWS-LC, the JDK's (SunJCE, which on its own leaves plaintext in an
 * in-place buffer), and policy auto choosing per message; GCM and ChaCha20-Poly1305; heap arrays
 * apart, in place and overlapping, heap and direct ByteBuffers, single doFinal and update + doFinal.
 * Every byte of the output region is afterwards what it was before the call, or zero.
 */
class AeadFailureReleasesNothingTest {
    private static final Random RANDOM = new Random(20261125);

    @TempDir
    static Path dir;

    @BeforeAll
    static void autoProfile() throws Exception {
        // policy auto for the "auto" provider below: messages under 1 KiB on the JDK, larger native
        AutoProfile.install(dir, "gcm = jdk:1024:native\nchacha20 = jdk:1024:native\n");
    }

    @AfterAll
    static void policyBack() {
        AutoProfile.remove();
    }

    enum Style {
        APART,
        IN_PLACE,
        OVERLAP_AHEAD,
        OVERLAP_BEHIND,
        HEAP_BUFFERS,
        DIRECT_BUFFERS,
        SAME_BUFFER,
        UPDATE_THEN_FINAL
    }

    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (String path : List.of("native", "native-awslc", "jdk", "auto")) {
            for (String alg : List.of("AES/GCM/NoPadding", "ChaCha20-Poly1305")) {
                // on AWS-LC, 64 B goes through the engine's native scratch buffer; 4096 B opens
                // straight into an array doFinal returns (512 B and up); 20000 B is past the buffer
                for (int size : new int[] {64, 4096, 20000}) {
                    for (Style style : Style.values()) {
                        out.add(Arguments.of(path, alg, size, style));
                    }
                }
            }
        }
        return out.stream();
    }

    private static Provider provider(String path) {
        return switch (path) {
            case "native", "native-awslc" -> AccelJceProvider.pathView(dev.acceljce.control.Path.NATIVE);
            case "jdk" -> AccelJceProvider.pathView(dev.acceljce.control.Path.JDK);
            default -> Providers.ACCEL;
        };
    }

    @AfterEach
    void defaultEngines() {
        AeadTesting.defaultEngine(Family.GCM);
        AeadTesting.defaultEngine(Family.CHACHA20);
    }

    @ParameterizedTest(name = "{0} {1} {2} B {3}")
    @MethodSource("cases")
    void aBadTagReleasesNoPlaintext(String path, String alg, int size, Style style) throws Exception {
        if (!path.equals("jdk")) {
            Providers.requireNative();
        }
        boolean gcm = alg.startsWith("AES");
        Family family = gcm ? Family.GCM : Family.CHACHA20;
        if (path.startsWith("native")) { // auto and jdk keep the default engine (naming one would turn auto off)
            AeadTesting.useEngine(family, path.equals("native-awslc") ? Engine.AWSLC : Engine.OPENSSL);
        }
        SecretKeySpec key = new SecretKeySpec(bytes(gcm ? 16 : 32), gcm ? "AES" : "ChaCha20");
        byte[] nonce = bytes(12);
        AlgorithmParameterSpec spec = gcm ? new GCMParameterSpec(128, nonce) : new IvParameterSpec(nonce);
        byte[] plain = bytes(size);
        Cipher enc = Cipher.getInstance(alg, provider(path));
        enc.init(Cipher.ENCRYPT_MODE, key, spec);
        byte[] sealed = enc.doFinal(plain);
        sealed[sealed.length - 1] ^= 1; // the tag no longer verifies

        Cipher dec = Cipher.getInstance(alg, provider(path));
        dec.init(Cipher.DECRYPT_MODE, key, spec);
        int n = sealed.length;
        switch (style) {
            case APART -> {
                byte[] out = filled(n + 16);
                byte[] before = out.clone();
                assertThrows(AEADBadTagException.class, () -> dec.doFinal(sealed, 0, n, out, 8));
                assertNothingReleased(before, out, plain);
            }
            case IN_PLACE -> {
                byte[] buf = sealed.clone();
                assertThrows(AEADBadTagException.class, () -> dec.doFinal(buf, 0, n, buf, 0));
                assertNothingReleased(sealed, buf, plain);
            }
            case OVERLAP_AHEAD, OVERLAP_BEHIND -> {
                // the ciphertext at 16, the output 5 bytes before or after it in the same array
                byte[] buf = filled(n + 64);
                System.arraycopy(sealed, 0, buf, 16, n);
                byte[] before = buf.clone();
                int outOfs = style == Style.OVERLAP_AHEAD ? 11 : 21;
                assertThrows(AEADBadTagException.class, () -> dec.doFinal(buf, 16, n, buf, outOfs));
                assertNothingReleased(before, buf, plain);
            }
            case HEAP_BUFFERS, DIRECT_BUFFERS -> {
                boolean direct = style == Style.DIRECT_BUFFERS;
                ByteBuffer in = direct ? ByteBuffer.allocateDirect(n) : ByteBuffer.allocate(n);
                in.put(sealed).flip();
                ByteBuffer out = direct ? ByteBuffer.allocateDirect(n + 16) : ByteBuffer.allocate(n + 16);
                byte[] marker = filled(n + 16);
                out.put(marker).clear();
                assertThrows(AEADBadTagException.class, () -> dec.doFinal(in, out));
                byte[] after = new byte[n + 16];
                out.clear();
                out.get(after);
                assertNothingReleased(marker, after, plain);
            }
            case SAME_BUFFER -> {
                // one heap buffer, read and written at the same place
                ByteBuffer b = ByteBuffer.wrap(sealed.clone());
                ByteBuffer in = b.duplicate();
                assertThrows(AEADBadTagException.class, () -> dec.doFinal(in, b));
                assertNothingReleased(sealed, b.array(), plain);
            }
            case UPDATE_THEN_FINAL -> {
                byte[] buf = sealed.clone();
                int half = n / 2;
                int written = dec.update(buf, 0, half, buf, 0);
                assertThrows(AEADBadTagException.class, () -> dec.doFinal(buf, half, n - half, buf, written));
                assertNothingReleased(sealed, buf, plain);
            }
        }
    }

    /** Every byte is what it was before the call, or zero: never a byte of the plaintext's run. */
    private static void assertNothingReleased(byte[] before, byte[] after, byte[] plain) {
        for (int i = 0; i < after.length; i++) {
            if (after[i] != before[i] && after[i] != 0) {
                throw new AssertionError("byte " + i + " changed to " + after[i] + " (plaintext released?)");
            }
        }
        assertTrue(indexOf(after, Arrays.copyOf(plain, 16)) < 0, "the plaintext's first 16 bytes are in the output");
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }

    private static byte[] filled(int n) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) 0x5a);
        return b;
    }
}
