package dev.acceljce.bench;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.control.Settings;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Provider;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.util.Arrays;
import javax.crypto.KeyAgreement;

/**
 * A diagnostic, not a benchmark: the thread CPU time per ECDSA sign, verify and ECDH agreement
 * (P-256, P-384, P-521; a 32-byte message) and per SHA256withRSA sign and verify (2048 and 4096
 * bits) on each engine, with an OpenSSL object and an AWS-LC object of each
 * ({@code acceljce.engine.ec} and {@code .rsa} are read when an object is made) run in alternating
 * batches in one JVM. Another process on the same cores inflates both engines' batches alike and
 * thread CPU time least of all, so the ratio holds on a shared machine where JMH's throughput
 * cannot separate the two; JMH stays the judge of speed.
 *
 * <pre>
 * java --enable-native-access=ALL-UNNAMED -cp bench/target/benchmarks.jar dev.acceljce.bench.EngineCpuTime [ec] [rsa]
 * </pre>
 */
public final class EngineCpuTime {
    private static final int ROUNDS = 15;
    private static final int WARM_UP_ROUNDS = 5;

    private EngineCpuTime() {}

    private interface Op {
        void run() throws GeneralSecurityException;
    }

    public static void main(String[] args) throws Exception {
        Provider p = new AccelJceProvider();
        byte[] msg = new byte[32];
        String[][] curves = {
            {"secp256r1", "SHA256withECDSA", "2000"},
            {"secp384r1", "SHA384withECDSA", "500"},
            {"secp521r1", "SHA512withECDSA", "500"}
        };
        String[] names = {"sign", "verify", "ecdh"};
        String[] engines = {"openssl", "awslc"};
        // no argument: both families
        boolean ec = args.length == 0 || Arrays.asList(args).contains("ec");
        boolean rsa = args.length == 0 || Arrays.asList(args).contains("rsa");
        for (String[] c : ec ? curves : new String[0][]) {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC", p);
            g.initialize(new ECGenParameterSpec(c[0]));
            KeyPair kp = g.generateKeyPair();
            Op[][] ops = new Op[names.length][engines.length];
            for (int e = 0; e < engines.length; e++) {
                Settings.set("acceljce.engine.ec", engines[e]);
                Op[] signing = signAndVerify(p, c[1], kp, msg);
                ops[0][e] = signing[0];
                ops[1][e] = signing[1];
                KeyAgreement ka = KeyAgreement.getInstance("ECDH", p);
                ka.init(kp.getPrivate());
                ops[2][e] = () -> {
                    ka.doPhase(kp.getPublic(), true);
                    ka.generateSecret();
                };
            }
            Settings.set("acceljce.engine.ec", null);
            report(c[0], names, ops, Integer.parseInt(c[2]));
        }
        String[] rsaNames = {"sign", "verify"};
        for (int bits : rsa ? new int[] {2048, 4096} : new int[0]) {
            KeyPairGenerator g = KeyPairGenerator.getInstance("RSA", p);
            g.initialize(bits);
            KeyPair kp = g.generateKeyPair();
            Op[][] ops = new Op[rsaNames.length][engines.length];
            for (int e = 0; e < engines.length; e++) {
                Settings.set("acceljce.engine.rsa", engines[e]);
                Op[] signing = signAndVerify(p, "SHA256withRSA", kp, msg);
                ops[0][e] = signing[0];
                ops[1][e] = signing[1];
            }
            Settings.set("acceljce.engine.rsa", null);
            report("RSA-" + bits, rsaNames, ops, bits == 2048 ? 200 : 40);
        }
    }

    /**
     * A signing and a verifying operation of {@code algorithm} with {@code kp}, on objects made now
     * (so on the engine the settings name now); the verification checks a signature made here.
     */
    private static Op[] signAndVerify(Provider p, String algorithm, KeyPair kp, byte[] msg)
            throws GeneralSecurityException {
        Signature s = Signature.getInstance(algorithm, p);
        s.initSign(kp.getPrivate());
        s.update(msg);
        byte[] sig = s.sign();
        Signature v = Signature.getInstance(algorithm, p);
        v.initVerify(kp.getPublic());
        Op sign = () -> {
            s.update(msg);
            s.sign();
        };
        Op verify = () -> {
            v.update(msg);
            if (!v.verify(sig)) {
                throw new AssertionError("a signature of this engine does not verify");
            }
        };
        return new Op[] {sign, verify};
    }

    /** Runs each operation's engines in alternating batches of {@code n} and prints their medians. */
    private static void report(String what, String[] names, Op[][] ops, int n) throws GeneralSecurityException {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (int o = 0; o < names.length; o++) {
            long[][] perOp = new long[ops[o].length][ROUNDS];
            for (int round = 0; round < ROUNDS; round++) {
                for (int e = 0; e < ops[o].length; e++) {
                    long cpu0 = mx.getCurrentThreadCpuTime();
                    for (int i = 0; i < n; i++) {
                        ops[o][e].run();
                    }
                    perOp[e][round] = (mx.getCurrentThreadCpuTime() - cpu0) / n;
                }
            }
            long openssl = median(perOp[0]);
            long awslc = median(perOp[1]);
            System.out.printf(
                    "%s %s: openssl %d, awslc %d CPU ns/op (medians of %d rounds), openssl/awslc %.2f%n",
                    what, names[o], openssl, awslc, ROUNDS - WARM_UP_ROUNDS, (double) openssl / awslc);
        }
    }

    private static long median(long[] rounds) {
        long[] measured = Arrays.copyOfRange(rounds, WARM_UP_ROUNDS, rounds.length);
        Arrays.sort(measured);
        return measured[measured.length / 2];
    }
}
