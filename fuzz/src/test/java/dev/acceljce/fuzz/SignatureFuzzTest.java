package dev.acceljce.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.security.KeyPair;
import java.security.Signature;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;

/**
 * Signature: random sequences of initSign/initVerify (the JDK's keys and the wrong kinds),
 * setParameter (PSS parameters of random digests and salt lengths), update in every form, sign
 * and verify of genuine, corrupted and random signatures, on AccelJCE and the JDK side by side.
 * RSA PKCS#1 and EdDSA signatures are deterministic and compared; ECDSA and PSS are randomised, so
 * each side's signature is verified by the other.
 */
class SignatureFuzzTest {
    static final String[] ALGORITHMS = Services.of("Signature");

    static KeyPair keys(String kind) {
        return FuzzKeys.jdk(kind);
    }

    private static final String[] KINDS = {"RSA", "RSA-1024", "EC-256", "EC-384", "EC-521", "Ed25519", "Ed448"};

    private static String kindFor(Pick pick, String alg) {
        if (pick.choose(6) == 0) {
            return pick.one(KINDS); // often the wrong kind of key
        }
        if (alg.contains("RSA") || alg.contains("PSS")) {
            return pick.bool() ? "RSA" : "RSA-1024";
        }
        if (alg.contains("ECDSA")) {
            return pick.one(new String[] {"EC-256", "EC-384", "EC-521"});
        }
        return alg.equals("Ed448") ? "Ed448" : alg.equals("EdDSA") && pick.bool() ? "Ed448" : "Ed25519";
    }

    private static boolean deterministic(String alg) {
        return alg.endsWith("withRSA") || alg.startsWith("Ed");
    }

    /**
     * After the JDK's sign or verify threw: the JCA says both end the message, and AccelJCE's do,
     * but SunEC's ECDSA and EdDSA throw for a malformed signature before they consume the
     * message, which then prefixes the next one (fuzz findings 19 and 21 were this). The JDK's
     * object is initialised again with its key so that both start the next message empty.
     */
    private static void restart(Signature jdk, KeyPair kp, boolean signing, java.security.SecureRandom random) {
        if (kp == null) {
            return; // never initialised: no message
        }
        try {
            if (signing) {
                jdk.initSign(kp.getPrivate(), random);
            } else {
                jdk.initVerify(kp.getPublic());
            }
        } catch (java.security.InvalidKeyException e) {
            throw new IllegalStateException("the JDK no longer takes the key it took: " + e, e);
        }
    }

    @FuzzTest
    void sequences(FuzzedDataProvider data) throws Exception {
        Pick pick = new Pick(data);
        String alg = pick.one(ALGORITHMS);
        Signature ours = Signature.getInstance(alg, Both.ACCEL);
        Signature jdk = Signature.getInstance(alg, Both.jdk("Signature", alg));
        Signature ref = Signature.getInstance(alg, Both.jdk("Signature", alg));
        // the JDK's ECDSA nonces and PSS salts come from here: a kept input replays exactly on
        // the JDK's side (OpenSSL draws its own)
        java.security.SecureRandom random = FuzzKeys.seeded(alg);
        KeyPair kp = null;
        AlgorithmParameterSpec params = null;
        boolean signing = false;
        java.io.ByteArrayOutputStream message = new java.io.ByteArrayOutputStream();
        for (int step = 0; step < 20 && pick.more(); step++) {
            String name = alg + " step " + step;
            switch (pick.choose(7)) {
                case 0 -> {
                    KeyPair k = keys(kindFor(pick, alg));
                    boolean sign = pick.bool();
                    Both.Outcome o = sign
                            ? Both.same(
                                    name + " initSign(" + k.getPrivate().getAlgorithm() + ")",
                                    () -> {
                                        ours.initSign(k.getPrivate());
                                        return null;
                                    },
                                    () -> {
                                        jdk.initSign(k.getPrivate(), random);
                                        return null;
                                    })
                            : Both.same(
                                    name + " initVerify(" + k.getPublic().getAlgorithm() + ")",
                                    () -> {
                                        ours.initVerify(k.getPublic());
                                        return null;
                                    },
                                    () -> {
                                        jdk.initVerify(k.getPublic());
                                        return null;
                                    });
                    if (!o.failed()) {
                        kp = k;
                        signing = sign;
                        message.reset();
                    }
                }
                case 1 -> {
                    if (!alg.equals("RSASSA-PSS")) {
                        continue;
                    }
                    String md = pick.one(new String[] {"SHA-256", "SHA-384", "SHA-512", "SHA-1", "SHA3-256"
                    }); // MD5: SunJCE accepts it in PSS, we refuse (deliberate)
                    String mgf = pick.one(new String[] {"SHA-256", "SHA-384", "SHA-1", "SHA3-256"});
                    int salt = pick.choose(5) == 0 ? pick.intIn(0, 600) : pick.intIn(0, 64);
                    AlgorithmParameterSpec p = new PSSParameterSpec(
                            md, "MGF1", new MGF1ParameterSpec(mgf), salt, pick.choose(8) == 0 ? 2 : 1);
                    Both.Outcome o = Both.same(
                            name + " setParameter(" + md + "/" + mgf + "/" + salt + ")",
                            () -> {
                                ours.setParameter(p);
                                return null;
                            },
                            () -> {
                                jdk.setParameter(p);
                                return null;
                            });
                    if (o.error() instanceof java.security.ProviderException) {
                        // refused during an operation (finding 18): SunRsaSign has already taken
                        // the new parameters but keeps hashing with the old digest; AccelJCE keeps
                        // the old parameters. The two objects differ from here on.
                        return;
                    }
                    if (!o.failed()) {
                        params = p;
                        message.reset();
                    }
                }
                case 2 -> {
                    byte[] in = pick.bytes(200);
                    int[] r = pick.range(in.length);
                    Both.Outcome o = Both.run(() -> {
                        ours.update(in, r[0], r[1]);
                        return null;
                    });
                    Both.Outcome j = Both.run(() -> {
                        jdk.update(in, r[0], r[1]);
                        return null;
                    });
                    Both.check(name + " update(byte[" + in.length + "], " + r[0] + ", " + r[1] + ")", o, j, true);
                    if (Both.jdkBug(o, j)) {
                        // finding 25: SunEC's raw ECDSA throws ArrayIndexOutOfBoundsException for an
                        // array that crosses its 64-byte limit and keeps the shorter message (its next
                        // sign() signs that); ours takes the bytes and refuses at sign(), as SunEC
                        // does for a message over the limit in any other way. The two differ from here on.
                        return;
                    }
                    if (!o.failed()) {
                        message.write(in, r[0], r[1]);
                    }
                }
                case 3 -> {
                    byte[] in = pick.bytes(200);
                    java.nio.ByteBuffer a = pick.buffer(in);
                    java.nio.ByteBuffer j = a.duplicate();
                    int start = j.position();
                    Both.Outcome oa = Both.run(() -> {
                        ours.update(a);
                        return a;
                    });
                    Both.Outcome oj = Both.run(() -> {
                        jdk.update(j);
                        return j;
                    });
                    if (alg.startsWith("NONEwithECDSA")
                            && !oa.failed()
                            && !oj.failed()
                            && in.length > 0
                            && j.position() == start) {
                        // SunEC's raw ECDSA leaves a buffer unread when it reaches the 64-byte limit
                        // (even exactly: a byte[] of 64 fits); AccelJCE reads it, as update(ByteBuffer)
                        // must. The JDK's object has overflowed: the two differ from here on.
                        return;
                    }
                    Both.check(name + " update(ByteBuffer)", oa, oj, true);
                    Both.Outcome o = oa;
                    if (!o.failed()) {
                        message.writeBytes(in);
                    }
                }
                case 4 -> {
                    byte[] msg = message.toByteArray();
                    // initialised for signing: the engines sign and the message ends; otherwise
                    // java.security.Signature refuses and nothing changes
                    boolean ends = kp != null && signing;
                    if (ends) {
                        message.reset();
                    }
                    Both.Outcome a = Both.run(ours::sign);
                    Both.Outcome j = Both.run(jdk::sign);
                    Both.check(name + " sign()", a, j, deterministic(alg));
                    if (ends && j.failed()) {
                        restart(jdk, kp, signing, random);
                    }
                    if (!a.failed() && kp != null && signing) {
                        // the other side's verifier accepts ours
                        byte[] sig = java.util.HexFormat.of().parseHex(a.value());
                        KeyPair k = kp;
                        AlgorithmParameterSpec p = params;
                        Both.Outcome v = Both.run(() -> {
                            if (p != null) {
                                ref.setParameter(p);
                            }
                            ref.initVerify(k.getPublic());
                            ref.update(msg);
                            return ref.verify(sig);
                        });
                        if (v.failed() || !"true".equals(v.value())) {
                            throw new AssertionError(
                                    name + ": the JDK does not verify AccelJCE's signature: " + v.describe());
                        }
                    }
                }
                default -> {
                    // a signature to verify: a genuine one from the JDK, corrupted or not, or random bytes
                    byte[] sig;
                    if (kp != null && !signing && pick.bool()) {
                        KeyPair k = kp;
                        AlgorithmParameterSpec p = params;
                        byte[] msg = message.toByteArray();
                        Both.Outcome s = Both.run(() -> {
                            if (p != null) {
                                ref.setParameter(p);
                            }
                            ref.initSign(k.getPrivate(), random);
                            ref.update(msg);
                            return ref.sign();
                        });
                        sig = s.failed()
                                ? pick.bytes(600)
                                : java.util.HexFormat.of().parseHex(s.value());
                        if (pick.bool() && sig.length > 0) {
                            sig[pick.intIn(0, sig.length - 1)] ^= (byte) pick.intIn(1, 255);
                        }
                    } else {
                        sig = pick.bytes(600);
                    }
                    boolean ends = kp != null && !signing; // as for sign()
                    if (ends) {
                        message.reset();
                    }
                    byte[] s = sig;
                    Both.Outcome a = Both.run(() -> ours.verify(s));
                    Both.Outcome j = Both.run(() -> jdk.verify(s));
                    if (ends && j.failed()) {
                        restart(jdk, kp, signing, random);
                    }
                    if (alg.startsWith("Ed")
                            && "false".equals(a.value())
                            && j.error() instanceof java.security.SignatureException) {
                        // SunJCE decodes R itself and throws for a point off the curve; OpenSSL just
                        // says the signature is invalid: both refuse it (docs/hardening.md)
                        continue;
                    }
                    Both.check(name + " verify(byte[" + s.length + "])", a, j, true);
                }
            }
        }
    }
}
