package dev.acceljce.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.security.AlgorithmParameters;
import java.security.Key;
import java.security.spec.AlgorithmParameterSpec;
import java.util.ArrayList;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.spec.ChaCha20ParameterSpec;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Cipher: random sequences of init (every mode number, keys of random length and type, parameter
 * specs of random kinds and sizes), update and doFinal in every form (arrays with random ranges
 * and output offsets, ByteBuffers heap/direct/read-only), updateAAD, getOutputSize, getIV,
 * getParameters, and decryption of what was just encrypted, on AccelJCE and the JDK side by side.
 * After an encryption init without parameters both pick a random IV: until the next init, only how
 * calls end is compared, not their output.
 */
class CipherFuzzTest {
    /** Every Cipher AccelJCE serves natively (the list grows with the families). */
    static final String[] TRANSFORMATIONS = transformations();

    private static String[] transformations() {
        List<String> names = new ArrayList<>(List.of(
                "AES/GCM/NoPadding",
                "AES_128/GCM/NoPadding",
                "AES_256/GCM/NoPadding",
                "ChaCha20",
                "ChaCha20-Poly1305"));
        for (String mode : new String[] {"ECB", "CBC", "CTR", "CFB", "OFB", "CTS"}) {
            for (String padding : new String[] {"NoPadding", "PKCS5Padding"}) {
                names.add("AES/" + mode + "/" + padding);
            }
        }
        names.add("AESWrap");
        names.add("AESWrapPad");
        names.add("AES/KW/NoPadding");
        names.add("AES/KW/PKCS5Padding");
        names.add("AES/KWP/NoPadding");
        return names.stream()
                .filter(n -> Both.ACCEL.getService("Cipher", n) != null && hasJdk(n))
                .toArray(String[]::new);
    }

    private static boolean hasJdk(String n) {
        try {
            Cipher.getInstance(n, Both.jdk("Cipher", n));
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    private static final int[] MODES = {
        Cipher.ENCRYPT_MODE,
        Cipher.DECRYPT_MODE,
        Cipher.ENCRYPT_MODE,
        Cipher.DECRYPT_MODE,
        Cipher.WRAP_MODE,
        Cipher.UNWRAP_MODE,
        0,
        7
    };

    @FuzzTest
    void sequences(FuzzedDataProvider data) throws Exception {
        Pick pick = new Pick(data);
        lastFinal = null;
        finalFailed = false;
        String alg = pick.one(TRANSFORMATIONS);
        Cipher ours = Cipher.getInstance(alg, Both.ACCEL);
        Cipher jdk = Cipher.getInstance(alg, Both.jdk("Cipher", alg));
        // before the first init, getIV and getParameters make up a random IV
        boolean deterministic = false;
        Key lastKey = null;
        AlgorithmParameterSpec lastParams = null;
        byte[] lastOutput = null;
        // SunJCE's GCM encryption holds back a partial block until the next call while OpenSSL
        // returns every byte at once: both are allowed, so for GCM encryption the output streams
        // are compared (at each doFinal) instead of each update's share of them, and output
        // space is ample (SunJCE needs room for what it held back)
        boolean streaming = false;
        boolean unusable = false;
        /**
         * A ByteBuffer without an accessible array (direct, or read-only: finding 24) carried
         * ChaCha20-Poly1305 data (finding 17).
         */
        boolean directChaChaData = false;
        boolean encrypting = false;
        java.io.ByteArrayOutputStream oursStream = new java.io.ByteArrayOutputStream();
        java.io.ByteArrayOutputStream jdkStream = new java.io.ByteArrayOutputStream();
        for (int step = 0; step < 40 && pick.more(); step++) {
            String name = alg + " step " + step;
            Both.Outcome o;
            int op = pick.choose(12);
            if (unusable && op >= 2 && op <= 10) {
                continue;
            }
            switch (op) {
                case 0, 1 -> {
                    int mode = pick.one(new Integer[] {
                        MODES[0], MODES[1], MODES[2], MODES[3], MODES[4], MODES[5], MODES[6], MODES[7]
                    });
                    Key key = key(pick, alg);
                    AlgorithmParameterSpec params = params(pick, alg);
                    String initStep =
                            name + " init(" + mode + ", " + MacFuzzTest.describe(key) + ", " + show(params) + ")";
                    o = Both.run(() -> {
                        ours.init(mode, key, params);
                        return null;
                    });
                    Both.Outcome j = Both.run(() -> {
                        jdk.init(mode, key, params);
                        return null;
                    });
                    if (key == null
                            && o.error() instanceof java.security.InvalidKeyException
                            && j.error() instanceof NullPointerException) {
                        // SunJCE's key-wrap ciphers dereference a null key; ours refuse it properly
                        deterministic = false;
                        unusable = true;
                        continue;
                    }
                    if (o.error() instanceof java.security.GeneralSecurityException
                            && j.error() instanceof java.security.GeneralSecurityException
                            && o.error().getClass() != j.error().getClass()
                            && params != null) {
                        // a wrong key and wrong parameters at once: SunJCE's ciphers differ among
                        // themselves on which is checked first (InvalidKey vs InvalidAlgorithmParameter)
                        Both.ours(initStep, o);
                        deterministic = false;
                        unusable = true;
                        continue;
                    }
                    Both.check(initStep, o, j, true);
                    unusable = false;
                    if (o.failed()) {
                        // a refused init leaves the cipher uninitialised; what getIV/getParameters
                        // then report differs (SunJCE's GCM keeps the refused IV, we keep the last
                        // good one) and is meaningless either way
                        deterministic = false;
                    } else {
                        deterministic = params != null;
                        encrypting = mode == Cipher.ENCRYPT_MODE || mode == Cipher.WRAP_MODE;
                        streaming = alg.contains("GCM") && encrypting;
                        oursStream.reset();
                        jdkStream.reset();
                        lastKey = key;
                        lastParams = params;
                    }
                    continue;
                }
                case 2 -> {
                    byte[] in = pick.bytes(300);
                    o = data(
                            deterministic,
                            streaming,
                            false,
                            name + " update(byte[" + in.length + "])",
                            () -> ours.update(in),
                            () -> jdk.update(in),
                            oursStream,
                            jdkStream);
                }
                case 3, 8 -> {
                    boolean last = op == 8;
                    byte[] in = pick.bytes(300);
                    int[] r = pick.range(in.length);
                    int outSize = streaming ? in.length + 64 : pick.intIn(0, 340);
                    int outOff = streaming ? pick.intIn(0, 16) : pick.index(outSize);
                    byte[] oo = new byte[outSize];
                    byte[] jo = new byte[outSize];
                    o = data(
                            deterministic,
                            streaming,
                            last,
                            name + (last ? " doFinal" : " update") + "(byte[" + in.length + "], " + r[0] + ", " + r[1]
                                    + ", byte[" + outSize + "], " + outOff + ")",
                            () -> slice(
                                    oo,
                                    outOff,
                                    last
                                            ? ours.doFinal(in, r[0], r[1], oo, outOff)
                                            : ours.update(in, r[0], r[1], oo, outOff)),
                            () -> slice(
                                    jo,
                                    outOff,
                                    last
                                            ? jdk.doFinal(in, r[0], r[1], jo, outOff)
                                            : jdk.update(in, r[0], r[1], jo, outOff)),
                            oursStream,
                            jdkStream);
                }
                case 4, 9 -> {
                    boolean last = op == 9;
                    if (last) {
                        // SunJCE's ChaCha20 and ChaCha20-Poly1305 do not finish on doFinal(ByteBuffer,
                        // ByteBuffer): they stay usable with the same key and nonce (docs/hardening.md).
                        // We finish, as on every other doFinal: nothing to compare until the next init
                        unusable = alg.startsWith("ChaCha20");
                    }
                    byte[] content = pick.bytes(300);
                    ByteBuffer oi = pick.buffer(content);
                    ByteBuffer ji = oi.duplicate();
                    if (!oi.hasArray() && oi.hasRemaining() && alg.equals("ChaCha20-Poly1305")) {
                        directChaChaData = true;
                    }
                    ByteBuffer[] out = pick.outBuffers(streaming ? content.length + 64 : pick.intIn(0, 340));
                    o = data(
                            deterministic,
                            streaming,
                            last,
                            name + (last ? " doFinal" : " update") + "(ByteBuffer, ByteBuffer)",
                            () -> written(out[0], last ? ours.doFinal(oi, out[0]) : ours.update(oi, out[0]), oi),
                            () -> written(out[1], last ? jdk.doFinal(ji, out[1]) : jdk.update(ji, out[1]), ji),
                            oursStream,
                            jdkStream);
                }
                case 5 -> {
                    byte[] aad = pick.bytes(64);
                    int[] r = pick.range(aad.length);
                    String aadStep = name + " updateAAD(byte[" + aad.length + "], " + r[0] + ", " + r[1] + ")";
                    o = Both.run(() -> {
                        ours.updateAAD(aad, r[0], r[1]);
                        return null;
                    });
                    Both.Outcome j = Both.run(() -> {
                        jdk.updateAAD(aad, r[0], r[1]);
                        return null;
                    });
                    if (directChaChaData && o.error() instanceof IllegalStateException && !j.failed()) {
                        // findings 17 and 24, a JDK bug: SunJCE's ChaCha20-Poly1305 still takes AAD
                        // after ciphertext given in a ByteBuffer without an accessible array
                        // (direct or read-only; not after a plain heap one); ours
                        // refuses, as the JCA asks. The two objects differ from here on.
                        Both.ours(aadStep, o);
                        return;
                    }
                    Both.check(aadStep, o, j, true);
                }
                case 6 ->
                    o = data(
                            deterministic,
                            streaming,
                            true,
                            name + " doFinal()",
                            ours::doFinal,
                            jdk::doFinal,
                            oursStream,
                            jdkStream);
                case 7 -> {
                    byte[] in = pick.bytes(300);
                    o = data(
                            deterministic,
                            streaming,
                            true,
                            name + " doFinal(byte[" + in.length + "])",
                            () -> ours.doFinal(in),
                            () -> jdk.doFinal(in),
                            oursStream,
                            jdkStream);
                }
                case 10 -> {
                    int len = pick.index(1000);
                    // SunJCE's ChaCha20-Poly1305 decryption leaves a held tag's worth out of its
                    // getOutputSize (ours is the safe upper bound): compare only the ending there
                    boolean det = deterministic && !(alg.equals("ChaCha20-Poly1305") && !encrypting);
                    // SunJCE's GCM counts the partial block it holds back; OpenSSL holds none back
                    o = (streaming || !det ? (Both.Step) Both::sameEnding : (Both.Step) Both::same)
                            .run(
                                    name + " getOutputSize(" + len + ") / getIV / getBlockSize",
                                    () -> ours.getOutputSize(len) + " " + (det ? hex(ours.getIV()) : "") + " "
                                            + ours.getBlockSize(),
                                    () -> jdk.getOutputSize(len) + " " + (det ? hex(jdk.getIV()) : "") + " "
                                            + jdk.getBlockSize());
                    Both.same(
                            name + " getParameters()",
                            () -> encoded(ours.getParameters(), det),
                            () -> encoded(jdk.getParameters(), det));
                }
                default -> {
                    if (lastKey == null || lastOutput == null) {
                        continue;
                    }
                    // decrypt what was produced last, with the key and parameters of the last init
                    Key k = lastKey;
                    AlgorithmParameterSpec p = lastParams != null ? lastParams : ivSpec(ours, alg);
                    byte[] ct = lastOutput;
                    o = Both.same(
                            name + " decrypt(last output, " + ct.length + " bytes)",
                            () -> {
                                ours.init(Cipher.DECRYPT_MODE, k, p);
                                return ours.doFinal(ct);
                            },
                            () -> {
                                jdk.init(Cipher.DECRYPT_MODE, k, p);
                                return jdk.doFinal(ct);
                            });
                    deterministic = true;
                    streaming = false;
                    encrypting = false;
                    unusable = o.failed(); // a refused doFinal: see finalFailed
                }
            }
            if (finalFailed) {
                // after a refused doFinal the JDK's ciphers differ among themselves: SunJCE's GCM
                // sometimes keeps what it held (input too short for a tag) and sometimes not (tag
                // mismatch); its ChaCha20 is spent even after a ShortBufferException, which the
                // JCA contract says may be retried (we allow the retry). Nothing is compared
                // until the next init
                unusable = true;
                finalFailed = false;
            }
            if (lastFinal != null) {
                lastOutput = lastFinal;
                lastFinal = null;
            }
        }
    }

    /** The whole output of the last successful doFinal (AccelJCE's), for the decrypt step. */
    private static byte[] lastFinal;

    private static final java.util.Set<Class<?>> STATE_AND_SPACE = java.util.Set.of(
            IllegalStateException.class,
            javax.crypto.ShortBufferException.class,
            javax.crypto.IllegalBlockSizeException.class,
            javax.crypto.AEADBadTagException.class);
    /** The last doFinal step failed (on both sides). */
    private static boolean finalFailed;

    /**
     * An update or doFinal step whose callables return the bytes they produced. Both must end the
     * same way; the bytes must be equal per step, or, when {@code streaming}, as streams at each
     * doFinal. Nothing is compared but the ending when the output is random.
     */
    private static Both.Outcome data(
            boolean deterministic,
            boolean streaming,
            boolean last,
            String step,
            java.util.concurrent.Callable<byte[]> ours,
            java.util.concurrent.Callable<byte[]> jdk,
            java.io.ByteArrayOutputStream oursStream,
            java.io.ByteArrayOutputStream jdkStream) {
        Both.Outcome a = Both.run(ours);
        Both.Outcome j = Both.run(jdk);
        if (a.failed()
                && j.failed()
                && a.error().getClass() != j.error().getClass()
                && STATE_AND_SPACE.contains(a.error().getClass())
                && STATE_AND_SPACE.contains(j.error().getClass())) {
            // a call wrong twice over (a spent cipher and too little output space): SunJCE's
            // ciphers do not agree among themselves on which check comes first. Both refused;
            // the cipher needs a new init either way
            Both.ours(step, a);
            finalFailed = true;
            return a;
        }
        if (Both.jdkBug(a, j)) {
            Both.ours(step, a);
            finalFailed = true; // the two no longer hold the same state
            return a;
        }
        Both.check(step, a, j, deterministic && !streaming);
        // what a ShortBufferException leaves behind differs within the JDK too (SunJCE's
        // ChaCha20-Poly1305 counts the refused update as the end of the AAD, its ChaCha20 is
        // spent by a refused doFinal); the JCA contract says it may be retried, which we allow
        finalFailed = last && a.failed() || a.error() instanceof javax.crypto.ShortBufferException;
        if (!a.failed()) {
            oursStream.writeBytes(bytes(a.value()));
            jdkStream.writeBytes(bytes(j.value()));
            if (last) {
                byte[] whole = oursStream.toByteArray();
                if (deterministic && !java.util.Arrays.equals(whole, jdkStream.toByteArray())) {
                    throw new AssertionError(step + ": the output streams differ: AccelJCE " + hex(whole)
                            + " but the JDK " + hex(jdkStream.toByteArray()));
                }
                lastFinal = whole;
                oursStream.reset();
                jdkStream.reset();
            }
        }
        return a;
    }

    /** A step's output back from its hex form; Cipher.update returns null for "nothing yet". */
    private static byte[] bytes(String value) {
        return value.equals("null") ? new byte[0] : java.util.HexFormat.of().parseHex(value);
    }

    private static byte[] slice(byte[] out, int off, int n) {
        return java.util.Arrays.copyOfRange(out, off, off + n);
    }

    /** The bytes a ByteBuffer call wrote; the input must have been consumed entirely. */
    private static byte[] written(ByteBuffer out, int n, ByteBuffer in) {
        if (in.hasRemaining()) {
            throw new IllegalStateException("input not consumed: " + in);
        }
        ByteBuffer d = out.duplicate();
        d.position(d.position() - n);
        byte[] b = new byte[n];
        d.get(b);
        return b;
    }

    /** The IV the cipher chose itself (after an init without parameters), as a spec to decrypt with. */
    private static AlgorithmParameterSpec ivSpec(Cipher c, String alg) throws Exception {
        AlgorithmParameters p = c.getParameters();
        if (p == null) {
            return null;
        }
        if (alg.contains("GCM")) {
            return p.getParameterSpec(GCMParameterSpec.class);
        }
        return p.getParameterSpec(IvParameterSpec.class);
    }

    private static String encoded(AlgorithmParameters p, boolean deterministic) throws Exception {
        if (p == null) {
            return "null";
        }
        return p.getAlgorithm() + (deterministic ? " " + hex(p.getEncoded()) : "");
    }

    private static String hex(byte[] b) {
        return b == null ? "null" : java.util.HexFormat.of().formatHex(b);
    }

    private static String show(AlgorithmParameterSpec p) {
        if (p instanceof GCMParameterSpec g) {
            return "GCM(" + g.getTLen() + ", iv " + g.getIV().length + ")";
        }
        if (p instanceof IvParameterSpec iv) {
            return "Iv(" + iv.getIV().length + ")";
        }
        if (p instanceof ChaCha20ParameterSpec c) {
            return "ChaCha20(" + c.getCounter() + ")";
        }
        return String.valueOf(p);
    }

    /** A key of a random length and algorithm name; sometimes null, null-encoded or empty. */
    static Key key(Pick pick, String alg) {
        String name = alg.startsWith("ChaCha20") ? "ChaCha20" : "AES";
        return switch (pick.choose(12)) {
            case 0 -> null;
            case 1 -> new RawKey(name, "RAW", null);
            case 2 -> new RawKey(name, "RAW", new byte[0]);
            case 3 -> {
                byte[] k = pick.bytes(40);
                yield new SecretKeySpec(k.length == 0 ? new byte[1] : k, name);
            }
            case 4 -> new SecretKeySpec(new byte[16], name.equals("AES") ? "ChaCha20" : "AES");
            case 5 -> new RawKey(name, "PKCS#8", new byte[32]);
            default -> {
                int len = pick.one(new Integer[] {16, 24, 32, 32});
                byte[] k = new byte[len];
                byte[] b = pick.bytes(len);
                System.arraycopy(b, 0, k, 0, b.length);
                yield new SecretKeySpec(k, name);
            }
        };
    }

    /** Parameters: mostly the right kind with random sizes, sometimes the wrong kind or none. */
    static AlgorithmParameterSpec params(Pick pick, String alg) {
        int kind = pick.choose(10);
        if (kind == 0) {
            return null;
        }
        if (kind == 1) {
            return new IvParameterSpec(new byte[pick.intIn(1, 24)]);
        }
        if (kind == 2) {
            return new GCMParameterSpec(pick.intIn(0, 200), new byte[pick.intIn(0, 20)]);
        }
        if (alg.contains("GCM")) {
            int tLen = pick.choose(4) == 0 ? pick.intIn(0, 140) : pick.one(new Integer[] {96, 104, 112, 120, 128});
            int ivLen = pick.choose(4) == 0 ? pick.intIn(0, 70) : 12;
            return new GCMParameterSpec(tLen, fill(pick, ivLen));
        }
        if (alg.equals("ChaCha20")) {
            return new ChaCha20ParameterSpec(fill(pick, 12), pick.choose(4) == 0 ? pick.index(10) : pick.intIn(0, 5));
        }
        int ivLen = alg.equals("ChaCha20-Poly1305") ? 12 : 16;
        return new IvParameterSpec(fill(pick, pick.choose(5) == 0 ? pick.intIn(1, 33) : ivLen));
    }

    private static byte[] fill(Pick pick, int len) {
        byte[] out = new byte[len];
        byte[] b = pick.bytes(len);
        System.arraycopy(b, 0, out, 0, b.length);
        return out;
    }
}
