package dev.acceljce.kem;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.openssl.NativeResource;
import dev.acceljce.testing.LiveNatives;
import dev.acceljce.testing.Providers;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import javax.crypto.DecapsulateException;
import javax.crypto.KEM;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** ML-KEM and ML-DSA engines and keys release their native objects (destroy() or the Cleaner). */
class MlLifecycleTest {
    @BeforeAll
    static void needs35() {
        Providers.requireNative();
        assumeTrue(LibCrypto.atLeast(3, 5), "ML-KEM/ML-DSA need OpenSSL 3.5");
    }

    @Test
    void operationsImportsAndRejectionsDoNotLeak() throws Exception {
        KeyPair jdkKem = KeyPairGenerator.getInstance("ML-KEM-512", Providers.jdk("KeyPairGenerator", "ML-KEM-512"))
                .generateKeyPair();
        KeyPair jdkDsa = KeyPairGenerator.getInstance("ML-DSA-44", Providers.jdk("KeyPairGenerator", "ML-DSA-44"))
                .generateKeyPair();
        KeyFactory kf = KeyFactory.getInstance("ML-KEM", Providers.ACCEL);
        byte[] truncated = Arrays.copyOf(jdkKem.getPublic().getEncoded(), 100);
        LiveNatives.settle();
        long baseline = NativeResource.liveCount();
        for (int i = 0; i < 150; i++) {
            // foreign keys imported at each use, new engines, encapsulators holding key references
            KEM kem = KEM.getInstance("ML-KEM", Providers.ACCEL);
            KEM.Encapsulated e = kem.newEncapsulator(jdkKem.getPublic()).encapsulate();
            KEM.Decapsulator d = kem.newDecapsulator(kf.generatePrivate(
                    new PKCS8EncodedKeySpec(jdkKem.getPrivate().getEncoded())));
            d.decapsulate(e.encapsulation());
            assertThrows(DecapsulateException.class, () -> d.decapsulate(new byte[3]));
            try {
                kf.generatePublic(new X509EncodedKeySpec(truncated));
            } catch (InvalidKeySpecException expected) {
                // refused by OpenSSL, then by the JDK: nothing may stay allocated
            }
            Signature s = Signature.getInstance("ML-DSA", Providers.ACCEL);
            s.initSign(jdkDsa.getPrivate());
            s.update((byte) i);
            byte[] sig = s.sign();
            s.initVerify(jdkDsa.getPublic());
            s.update((byte) i);
            assertTrue(s.verify(sig));
            KeyPair fresh = KeyPairGenerator.getInstance(i % 2 == 0 ? "ML-KEM" : "ML-DSA", Providers.ACCEL)
                    .generateKeyPair();
            fresh.getPrivate().destroy();
        }
        long after = LiveNatives.settle();
        assertTrue(
                after <= baseline + 64,
                "native objects before " + baseline + ", after " + after + ": " + NativeResource.liveObjects());
    }
}
