package dev.acceljce.bench;

import java.lang.management.ManagementFactory;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.Provider;
import java.security.Security;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A diagnostic, not a benchmark: the CPU time of the whole process (every thread: the cleaner and
 * the JIT included) per {@code getInstance} + {@code init} + one 32-byte operation, with the
 * provider installed first and looked up by name only, as SunJSSE does per connection (so JCA's
 * delayed provider selection, and the object it makes and drops to try a cipher's mode and
 * padding, are in the figure; {@link LifecycleBenchmark} passes the provider object and skips
 * them). CPU time is what another process on the same cores inflates least, so this is for
 * before/after comparisons on a shared machine; JMH stays the judge of speed.
 *
 * <pre>
 * taskset -c 1 java --enable-native-access=ALL-UNNAMED -cp PROVIDER_JAR:bench/target/benchmarks.jar \
 *     dev.acceljce.bench.LifecycleCpuTime AccelJCE|JDK
 * </pre>
 */
public final class LifecycleCpuTime {
    private static final int PER_ROUND = 200_000;

    private LifecycleCpuTime() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 1 || !(args[0].equals("AccelJCE") || args[0].equals("JDK"))) {
            System.err.println("usage: LifecycleCpuTime AccelJCE|JDK");
            System.exit(2);
        }
        if (args[0].equals("AccelJCE")) {
            Provider accel = (Provider) Class.forName("dev.acceljce.AccelJceProvider")
                    .getConstructor()
                    .newInstance();
            Security.insertProviderAt(accel, 1);
        }
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        byte[] payload = new byte[32];
        byte[] iv = new byte[12];
        SecretKeySpec aesKey = new SecretKeySpec(new byte[16], "AES");
        SecretKeySpec macKey = new SecretKeySpec(new byte[32], "HmacSHA256");
        long sink = 0;
        for (String op : new String[] {"aesGcm", "sha256", "hmacSha256"}) {
            for (int round = 0; round < 4; round++) { // two rounds of warm-up, two measured
                long cpu0 = os.getProcessCpuTime();
                long wall0 = System.nanoTime();
                for (int i = 0; i < PER_ROUND; i++) {
                    sink += once(op, i, round, payload, iv, aesKey, macKey);
                }
                long cpu = os.getProcessCpuTime() - cpu0;
                long wall = System.nanoTime() - wall0;
                if (round >= 2) {
                    System.out.printf(
                            "%s %s: %.0f CPU ns/op, %.0f wall ns/op%n",
                            args[0], op, cpu / (double) PER_ROUND, wall / (double) PER_ROUND);
                }
            }
        }
        System.out.println("(checksum " + sink + ")");
    }

    private static int once(
            String op, int i, int round, byte[] payload, byte[] iv, SecretKeySpec aesKey, SecretKeySpec macKey)
            throws GeneralSecurityException {
        switch (op) {
            case "aesGcm" -> {
                Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
                iv[4] = (byte) i;
                iv[5] = (byte) (i >> 8);
                iv[6] = (byte) (i >> 16);
                iv[7] = (byte) round; // a new IV per message
                c.init(Cipher.ENCRYPT_MODE, aesKey, new GCMParameterSpec(128, iv));
                return c.doFinal(payload)[0];
            }
            case "sha256" -> {
                return MessageDigest.getInstance("SHA-256").digest(payload)[0];
            }
            default -> {
                Mac m = Mac.getInstance("HmacSHA256");
                m.init(macKey);
                return m.doFinal(payload)[0];
            }
        }
    }
}
