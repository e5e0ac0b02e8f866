package dev.acceljce.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.security.MessageDigest;

/**
 * MessageDigest: a random sequence of update (byte, range, ByteBuffer of every kind), digest (new
 * array, into a range), reset and clone, on AccelJCE and the JDK side by side.
 */
class MessageDigestFuzzTest {
    private static final String[] ALGORITHMS = {
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
        "SHA3-512",
        "SHAKE128-256",
        "SHAKE256-512"
    };

    @FuzzTest
    void sequences(FuzzedDataProvider data) throws Exception {
        Pick pick = new Pick(data);
        String alg = pick.one(ALGORITHMS);
        MessageDigest ours = MessageDigest.getInstance(alg, Both.ACCEL);
        MessageDigest jdk = MessageDigest.getInstance(alg, Both.jdk("MessageDigest", alg));
        for (int step = 0; step < 64 && pick.more(); step++) {
            String name = alg + " step " + step;
            switch (pick.choose(8)) {
                case 0 -> {
                    byte b = (byte) pick.intIn(-128, 127);
                    Both.same(
                            name + " update(byte)",
                            () -> {
                                ours.update(b);
                                return null;
                            },
                            () -> {
                                jdk.update(b);
                                return null;
                            });
                }
                case 1 -> {
                    byte[] in = pick.bytes(pick.bool() ? 64 : 600);
                    int[] r = pick.range(in.length);
                    Both.same(
                            name + " update(byte[], " + r[0] + ", " + r[1] + ")",
                            () -> {
                                ours.update(in, r[0], r[1]);
                                return null;
                            },
                            () -> {
                                jdk.update(in, r[0], r[1]);
                                return null;
                            });
                }
                case 2 -> {
                    byte[] in = pick.bytes(300);
                    ByteBuffer a = pick.buffer(in);
                    ByteBuffer j = a.duplicate();
                    Both.same(
                            name + " update(" + (a.isDirect() ? "direct" : a.isReadOnly() ? "read-only" : "heap")
                                    + " ByteBuffer)",
                            () -> {
                                ours.update(a);
                                return a;
                            },
                            () -> {
                                jdk.update(j);
                                return j;
                            });
                }
                case 3 -> Both.same(name + " digest()", ours::digest, jdk::digest);
                case 4 -> {
                    int size = pick.intIn(0, 80);
                    int[] r = pick.range(size);
                    byte[] oa = new byte[size];
                    byte[] ja = new byte[size];
                    Both.same(
                            name + " digest(byte[" + size + "], " + r[0] + ", " + r[1] + ")",
                            () -> new Object[] {ours.digest(oa, r[0], r[1]), oa},
                            () -> new Object[] {jdk.digest(ja, r[0], r[1]), ja});
                }
                case 5 ->
                    Both.same(
                            name + " reset()",
                            () -> {
                                ours.reset();
                                return null;
                            },
                            () -> {
                                jdk.reset();
                                return null;
                            });
                case 6 ->
                    Both.same(
                            name + " clone().digest()",
                            () -> ((MessageDigest) ours.clone()).digest(),
                            () -> ((MessageDigest) jdk.clone()).digest());
                default -> {
                    byte[] in = pick.bytes(200);
                    Both.same(name + " digest(byte[])", () -> ours.digest(in), () -> jdk.digest(in));
                }
            }
        }
        Both.same(alg + " final digest()", ours::digest, jdk::digest);
    }
}
