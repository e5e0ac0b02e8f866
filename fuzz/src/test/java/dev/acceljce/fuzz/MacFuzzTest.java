package dev.acceljce.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.security.Key;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.Mac;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Mac: random sequences of init (keys of random length, empty and null encodings, wrong key
 * types, parameters that must be refused), update in every form, doFinal (new array, into a
 * range), reset and clone, on AccelJCE and the JDK side by side.
 */
class MacFuzzTest {
    private static final String[] ALGORITHMS = {
        "HmacSHA1",
        "HmacSHA224",
        "HmacSHA256",
        "HmacSHA384",
        "HmacSHA512",
        "HmacSHA512/224",
        "HmacSHA512/256",
        "HmacSHA3-224",
        "HmacSHA3-256",
        "HmacSHA3-384",
        "HmacSHA3-512"
    };

    @FuzzTest
    void sequences(FuzzedDataProvider data) throws Exception {
        Pick pick = new Pick(data);
        String alg = pick.one(ALGORITHMS);
        Mac ours = Mac.getInstance(alg, Both.ACCEL);
        Mac jdk = Mac.getInstance(alg, Both.jdk("Mac", alg));
        for (int step = 0; step < 48 && pick.more(); step++) {
            String name = alg + " step " + step;
            switch (pick.choose(9)) {
                case 0, 1 -> {
                    Key key = key(pick, alg);
                    AlgorithmParameterSpec params = pick.choose(6) == 0 ? new IvParameterSpec(new byte[16]) : null;
                    Both.Outcome o = Both.run(() -> {
                        ours.init(key, params);
                        return null;
                    });
                    Both.check(
                            name + " init(" + describe(key) + ", " + params + ")",
                            o,
                            Both.run(() -> {
                                if (!o.failed()) {
                                    // SunJCE's HmacCore hashes a key longer than a block with a digest that
                                    // may still hold an abandoned message (a JDK bug, see docs/hardening.md):
                                    // a successful Mac.init starts afresh, so reset the JDK's first
                                    jdk.reset();
                                }
                                jdk.init(key, params);
                                return null;
                            }),
                            true);
                }
                case 2 -> {
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
                case 3 -> {
                    byte[] in = pick.bytes(pick.bool() ? 64 : 700);
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
                case 4 -> {
                    ByteBuffer a = pick.buffer(pick.bytes(300));
                    ByteBuffer j = a.duplicate();
                    Both.same(
                            name + " update(ByteBuffer)",
                            () -> {
                                ours.update(a);
                                return a;
                            },
                            () -> {
                                jdk.update(j);
                                return j;
                            });
                }
                case 5 -> Both.same(name + " doFinal()", ours::doFinal, jdk::doFinal);
                case 6 -> {
                    int size = pick.intIn(0, 80);
                    int off = pick.index(size);
                    byte[] oa = new byte[size];
                    byte[] ja = new byte[size];
                    Both.same(
                            name + " doFinal(byte[" + size + "], " + off + ")",
                            () -> {
                                ours.doFinal(oa, off);
                                return oa;
                            },
                            () -> {
                                jdk.doFinal(ja, off);
                                return ja;
                            });
                }
                case 7 ->
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
                default ->
                    Both.same(
                            name + " clone().doFinal()",
                            () -> ((Mac) ours.clone()).doFinal(),
                            () -> ((Mac) jdk.clone()).doFinal());
            }
        }
    }

    /** A key of random length; sometimes an empty or null encoding, or not a SecretKey at all. */
    static Key key(Pick pick, String alg) {
        return switch (pick.choose(10)) {
            case 0 -> new RawKey(alg, "RAW", new byte[0]);
            case 1 -> new RawKey(alg, "RAW", null);
            case 2 -> null;
            case 3 -> new RawKey("AES", "RAW", pick.bytes(32));
            case 4 -> new SecretKeySpec(new byte[pick.intIn(129, 5000)], alg);
            default -> {
                byte[] k = pick.bytes(140);
                yield k.length == 0 ? new RawKey(alg, "RAW", k) : new SecretKeySpec(k, alg);
            }
        };
    }

    static String describe(Key k) {
        if (k == null) {
            return "null key";
        }
        byte[] e = k.getEncoded();
        return k.getClass().getSimpleName() + "(" + (e == null ? "null" : e.length + " bytes") + ")";
    }
}
