package dev.acceljce.kem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.control.Counters;
import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.testing.Providers;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import javax.crypto.KEM;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** One operation per encapsulation, decapsulation, signature, verification and key pair, on both paths. */
class MlCountersTest {
    @BeforeAll
    static void needs35() {
        Providers.requireNative();
        assumeTrue(LibCrypto.atLeast(3, 5), "ML-KEM/ML-DSA need OpenSSL 3.5");
    }

    private static long[] counts(String service) {
        Counters.Row r = Counters.of(service);
        return new long[] {r.nativeOps(), r.nativeBytes(), r.jdkOps(), r.jdkBytes()};
    }

    @Test
    void kemOperationsAreCountedOnBothPaths() throws Exception {
        long[] kpg = counts("KeyPairGenerator.ML-KEM-1024");
        KeyPair kp =
                KeyPairGenerator.getInstance("ML-KEM-1024", Providers.ACCEL).generateKeyPair();
        assertEquals(kpg[0] + 1, counts("KeyPairGenerator.ML-KEM-1024")[0]);

        long[] before = counts("KEM.ML-KEM-1024");
        KEM kem = KEM.getInstance("ML-KEM-1024", Providers.ACCEL);
        KEM.Encapsulator e = kem.newEncapsulator(kp.getPublic());
        e.encapsulate();
        byte[] ct = e.encapsulate().encapsulation();
        kem.newDecapsulator(kp.getPrivate()).decapsulate(ct);
        long[] after = counts("KEM.ML-KEM-1024");
        assertEquals(3, after[0] - before[0]);
        assertEquals(1568, after[1] - before[1], "bytes: the ciphertexts decapsulated");

        System.setProperty("acceljce.native.kem", "false");
        dev.acceljce.control.Settings.reload();
        try {
            KEM jdkPath = KEM.getInstance("ML-KEM-1024", Providers.ACCEL);
            jdkPath.newDecapsulator(kp.getPrivate())
                    .decapsulate(jdkPath.newEncapsulator(kp.getPublic())
                            .encapsulate()
                            .encapsulation());
        } finally {
            System.clearProperty("acceljce.native.kem");
            dev.acceljce.control.Settings.reload();
        }
        long[] jdk = counts("KEM.ML-KEM-1024");
        assertEquals(2, jdk[2] - after[2]);
        assertEquals(1568, jdk[3] - after[3]);
        assertEquals(after[0], jdk[0], "native counts unchanged by JDK-path work");
    }

    @Test
    void signaturesAreCountedWithTheirMessageBytes() throws Exception {
        KeyPair kp = KeyPairGenerator.getInstance("ML-DSA-87", Providers.ACCEL).generateKeyPair();
        long[] before = counts("Signature.ML-DSA-87");
        Signature s = Signature.getInstance("ML-DSA-87", Providers.ACCEL);
        s.initSign(kp.getPrivate());
        s.update(new byte[100]);
        byte[] sig = s.sign();
        s.initVerify(kp.getPublic());
        s.update(new byte[100]);
        s.verify(sig);
        long[] after = counts("Signature.ML-DSA-87");
        assertEquals(2, after[0] - before[0]);
        assertEquals(200, after[1] - before[1]);
    }
}
