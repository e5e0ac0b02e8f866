package dev.acceljce.signature;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.openssl.NativeResource;
import dev.acceljce.testing.KeysDestroyOn;
import dev.acceljce.testing.LiveNatives;
import dev.acceljce.testing.Providers;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Native objects of the key and signature engines are released: by destroy() or by the Cleaner. */
@ExtendWith(KeysDestroyOn.class) // what destroying a key does: the opt-in
class NativeLifecycleTest {
    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    @Test
    void keysSignaturesAndRejectedInputDoNotLeak() throws Exception {
        KeyPair jdk = KeyPairGenerator.getInstance("EC", "SunEC").generateKeyPair();
        KeyPair ed = KeyPairGenerator.getInstance("Ed25519", "SunEC").generateKeyPair();
        KeyFactory kf = KeyFactory.getInstance("EC", Providers.ACCEL);
        byte[] garbage = jdk.getPublic().getEncoded().clone();
        garbage[garbage.length - 5] ^= 0x55; // a point off the curve
        LiveNatives.settle();
        long baseline = NativeResource.liveCount();
        for (int i = 0; i < 600; i++) {
            // a foreign key imported at each init, parsed keys, rejected encodings, new engines
            Signature s = Signature.getInstance("SHA256withECDSA", Providers.ACCEL);
            s.initSign(
                    kf.generatePrivate(new PKCS8EncodedKeySpec(jdk.getPrivate().getEncoded())));
            s.update((byte) i);
            byte[] sig = s.sign();
            Signature v = Signature.getInstance("SHA256withECDSA", Providers.ACCEL);
            v.initVerify(jdk.getPublic());
            v.update((byte) i);
            assertTrue(v.verify(sig));
            v.update((byte) i);
            assertThrows(SignatureException.class, () -> v.verify(new byte[9]));
            try {
                kf.generatePublic(new X509EncodedKeySpec(garbage));
            } catch (java.security.spec.InvalidKeySpecException expected) {
                // the JDK or OpenSSL refused the point: either way nothing may stay allocated
            }
            Signature e = Signature.getInstance("Ed25519", Providers.ACCEL);
            e.initSign(ed.getPrivate());
            e.update((byte) i);
            e.sign();
            KeyPair fresh =
                    KeyPairGenerator.getInstance("X25519", Providers.ACCEL).generateKeyPair();
            fresh.getPrivate().destroy();
        }
        long after = LiveNatives.settle();
        assertTrue(
                after <= baseline + 64,
                "native objects before " + baseline + ", after " + after + ": " + NativeResource.liveObjects());
    }
}
