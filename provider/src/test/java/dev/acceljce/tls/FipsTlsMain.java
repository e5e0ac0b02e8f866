package dev.acceljce.tls;

import dev.acceljce.control.Counters;
import dev.acceljce.control.Fips;
import java.nio.file.Path;
import java.security.Provider;
import java.security.Security;
import java.util.Arrays;
import java.util.List;

/**
 * The child JVM of {@link FipsTlsTest}: AccelJCE in FIPS mode first in the provider list, then
 * SUN, SunJSSE and SunJCE (no SunEC, no SunRsaSign), running the handshakes of
 * {@link TlsCase#matrix()} that use approved groups and suites only (secp256r1 and secp384r1,
 * AES-GCM; no X25519, no ChaCha20-Poly1305) as a SunJSSE client and server. Prints
 * {@code PASS case} or {@code FAIL case: why} per handshake, then {@code jdkOps N}: the operations
 * AccelJCE's counters saw on the JDK path, which FIPS mode must keep at zero.
 */
public final class FipsTlsMain {
    private FipsTlsMain() {}

    /** The approved cases of the matrix. */
    static List<TlsCase> cases() {
        return TlsCase.matrix().stream()
                .filter(c -> !c.group().equals("x25519") && !c.recordCipher().startsWith("ChaCha20"))
                .toList();
    }

    public static void main(String[] args) throws Exception {
        List<String> names =
                Arrays.stream(Security.getProviders()).map(Provider::getName).toList();
        System.out.println("providers " + String.join(",", names));
        Fips.Report fips = Fips.report();
        System.out.println("fips active=" + fips.active() + " " + fips.name() + " " + fips.version()
                + (fips.failure() == null ? "" : " failure " + fips.failure()));
        if (!fips.active()
                || !names.getFirst().equals("AccelJCE")
                || names.contains("SunEC")
                || names.contains("SunRsaSign")) {
            System.out.println(
                    "SETUP not FIPS mode, or the provider list is not AccelJCE first without SunEC and SunRsaSign");
            System.exit(1);
        }
        Path dir = Path.of(args[0]);
        Counters.reset();
        for (TlsCase c : cases()) {
            try {
                StandaloneTlsMain.handshake(StandaloneTlsMain.context(dir, c.cert()), c);
                System.out.println("PASS " + c);
            } catch (Throwable e) {
                System.out.println("FAIL " + c + ": " + e);
                e.printStackTrace(System.out);
            }
        }
        Counters.Row total = Counters.total(Counters.snapshot().values());
        System.out.println("nativeOps " + total.nativeOps());
        System.out.println("jdkOps " + total.jdkOps());
        Counters.snapshot().forEach((service, row) -> {
            if (row.jdkOps() > 0 || row.jdkObjects() > 0) {
                System.out.println("JDKPATH " + service + " " + row);
            }
        });
    }
}
