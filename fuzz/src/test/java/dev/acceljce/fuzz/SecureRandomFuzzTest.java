package dev.acceljce.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.security.DrbgParameters;
import java.security.SecureRandom;
import java.security.SecureRandomParameters;

/**
 * SecureRandom (DRBG): instantiation parameters of random strength and capability, then random
 * sequences of nextBytes (with and without NextBytes parameters: strength, prediction
 * resistance, additional input), reseed, generateSeed and setSeed. Outputs are random, so only
 * how each call ends is compared with the JDK's DRBG (personalization strings are refused by us on
 * purpose and left out); outputs of 16 bytes or more must not be all zero.
 */
class SecureRandomFuzzTest {
    private static final DrbgParameters.Capability[] CAPS = DrbgParameters.Capability.values();

    @FuzzTest
    void sequences(FuzzedDataProvider data) throws Exception {
        Pick pick = new Pick(data);
        SecureRandomParameters params = pick.choose(3) == 0
                ? null
                : DrbgParameters.instantiation(
                        pick.choose(4) == 0 ? pick.intIn(-1, 512) : pick.one(new Integer[] {-1, 112, 128, 192, 256}),
                        pick.one(CAPS),
                        null);
        Both.Outcome created = Both.sameEnding(
                "getInstance(DRBG, " + params + ")",
                () -> SecureRandom.getInstance("DRBG", params, Both.ACCEL),
                () -> SecureRandom.getInstance("DRBG", params, Both.jdk("SecureRandom", "DRBG")));
        if (created.failed()) {
            return;
        }
        SecureRandom ours = SecureRandom.getInstance("DRBG", params, Both.ACCEL);
        SecureRandom jdk = SecureRandom.getInstance("DRBG", params, Both.jdk("SecureRandom", "DRBG"));
        for (int step = 0; step < 12 && pick.more(); step++) {
            String name = "DRBG(" + params + ") step " + step;
            switch (pick.choose(5)) {
                case 0 -> {
                    int n = pick.choose(10) == 0 ? pick.intIn(0, 70000) : pick.intIn(0, 100);
                    byte[] a = new byte[n];
                    Both.sameEnding(
                            name + " nextBytes(" + n + ")",
                            () -> {
                                ours.nextBytes(a);
                                return null;
                            },
                            () -> {
                                jdk.nextBytes(new byte[n]);
                                return null;
                            });
                    notAllZero(name, a);
                }
                case 1 -> {
                    int n = pick.intIn(0, 100);
                    byte[] a = new byte[n];
                    SecureRandomParameters p = DrbgParameters.nextBytes(
                            pick.intIn(-1, 300), pick.bool(), pick.bool() ? null : pick.bytes(80));
                    Both.Outcome o = Both.run(() -> {
                        ours.nextBytes(a, p);
                        return null;
                    });
                    Both.Outcome j = Both.run(() -> {
                        jdk.nextBytes(new byte[n], p);
                        return null;
                    });
                    if (!o.failed()
                            && j.error() instanceof IllegalArgumentException e
                            && String.valueOf(e.getMessage()).startsWith("strength too high")) {
                        // ours is instantiated at OpenSSL's strength (256) whatever was asked, and
                        // says so in getParameters; the JDK's at the strength asked (deliberate)
                        continue;
                    }
                    Both.check(
                            name + " nextBytes(" + n + ", strength " + ((DrbgParameters.NextBytes) p).getStrength()
                                    + ")",
                            o,
                            j,
                            false);
                }
                case 2 -> {
                    SecureRandomParameters p = pick.bool()
                            ? null
                            : DrbgParameters.reseed(pick.bool(), pick.bool() ? null : pick.bytes(80));
                    Both.sameEnding(
                            name + " reseed(" + p + ")",
                            () -> {
                                ours.reseed(p);
                                return null;
                            },
                            () -> {
                                jdk.reseed(p);
                                return null;
                            });
                }
                case 3 -> {
                    int n = pick.intIn(-2, 200); // (a huge count would only exhaust the JDK's heap)
                    Both.sameEnding(
                            name + " generateSeed(" + n + ")",
                            () -> ours.generateSeed(n).length,
                            () -> jdk.generateSeed(n).length);
                }
                default -> {
                    byte[] seed = pick.bytes(100);
                    Both.sameEnding(
                            name + " setSeed",
                            () -> {
                                ours.setSeed(seed);
                                return null;
                            },
                            () -> {
                                jdk.setSeed(seed);
                                return null;
                            });
                }
            }
        }
    }

    private static void notAllZero(String step, byte[] b) {
        if (b.length < 16) {
            return;
        }
        for (byte x : b) {
            if (x != 0) {
                return;
            }
        }
        throw new AssertionError(step + ": " + b.length + " zero bytes");
    }
}
