package dev.acceljce.keys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.openssl.PreparedKeys;
import dev.acceljce.testing.Providers;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.crypto.KeyAgreement;
import org.junit.jupiter.api.Test;

/**
 * Keys from kept native state ({@link PreparedKeys}): pooled key-generation contexts give a new
 * key every time, also from several threads at once, and EC public keys made from a copied
 * parameters-only key are checked as strictly as an import (a point off the curve, the point at
 * infinity and a bad encoding are refused) and agree with the JDK's ECDH.
 */
class PreparedKeysTest {
    @Test
    void pooledContextsGiveADifferentKeyEachTimeFromManyThreads() throws Exception {
        Providers.requireNative();
        Set<String> seen = ConcurrentHashMap.newKeySet();
        int threads = 4;
        int perThread = 300; // more than the pool keeps, so contexts are made, kept and freed
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                done.add(pool.submit(() -> {
                    KeyPairGenerator g = KeyPairGenerator.getInstance("EC", Providers.ACCEL);
                    g.initialize(new ECGenParameterSpec("secp256r1"));
                    KeyPairGenerator x = KeyPairGenerator.getInstance("X25519", Providers.ACCEL);
                    for (int i = 0; i < perThread; i++) {
                        seen.add(HexFormat.of()
                                .formatHex(g.generateKeyPair().getPublic().getEncoded()));
                        seen.add(HexFormat.of()
                                .formatHex(x.generateKeyPair().getPublic().getEncoded()));
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        }
        assertEquals(2 * threads * perThread, seen.size());
    }

    @Test
    void importedPointsAgreeWithTheJdksEcdh() throws Exception {
        Providers.requireNative();
        KeyPairGenerator jdkGen = KeyPairGenerator.getInstance("EC", Providers.jdk("KeyPairGenerator", "EC"));
        KeyFactory accelFactory = KeyFactory.getInstance("EC", Providers.ACCEL);
        for (String curve : List.of("secp256r1", "secp384r1", "secp521r1")) {
            jdkGen.initialize(new ECGenParameterSpec(curve));
            for (int i = 0; i < 20; i++) {
                KeyPair a = jdkGen.generateKeyPair();
                KeyPair b = jdkGen.generateKeyPair();
                ECPublicKey bPub = (ECPublicKey) b.getPublic();
                var imported = accelFactory.generatePublic(new ECPublicKeySpec(bPub.getW(), bPub.getParams()));
                KeyAgreement ours = KeyAgreement.getInstance("ECDH", Providers.ACCEL);
                ours.init(accelFactory.translateKey(a.getPrivate()));
                ours.doPhase(imported, true);
                KeyAgreement theirs = KeyAgreement.getInstance("ECDH", Providers.jdk("KeyAgreement", "ECDH"));
                theirs.init(a.getPrivate());
                theirs.doPhase(bPub, true);
                assertArrayEquals(theirs.generateSecret(), ours.generateSecret(), curve);
            }
        }
    }

    /**
     * X.509 EC keys of the common form (named curve, uncompressed point) are read without a DER
     * decoder: same encoding, same point as the JDK reads, and they verify the JDK's signatures.
     */
    @Test
    void commonX509EcKeysAreReadDirectly() throws Exception {
        Providers.requireNative();
        KeyFactory ours = KeyFactory.getInstance("EC", Providers.ACCEL);
        KeyPairGenerator jdkGen = KeyPairGenerator.getInstance("EC", Providers.jdk("KeyPairGenerator", "EC"));
        byte[] message = new byte[10];
        for (String curve : List.of("secp256r1", "secp384r1", "secp521r1")) {
            jdkGen.initialize(new ECGenParameterSpec(curve));
            KeyPair pair = jdkGen.generateKeyPair();
            byte[] spki = pair.getPublic().getEncoded();
            java.security.PublicKey key = ours.generatePublic(new java.security.spec.X509EncodedKeySpec(spki));
            assertTrue(key instanceof AccelEcPublicKey, curve + ": " + key.getClass());
            assertArrayEquals(spki, key.getEncoded(), curve);
            assertEquals(((ECPublicKey) pair.getPublic()).getW(), ((ECPublicKey) key).getW(), curve);
            java.security.Signature signer = java.security.Signature.getInstance(
                    "SHA256withECDSA", Providers.jdk("Signature", "SHA256withECDSA"));
            signer.initSign(pair.getPrivate());
            signer.update(message);
            byte[] signature = signer.sign();
            java.security.Signature verifier = java.security.Signature.getInstance("SHA256withECDSA", Providers.ACCEL);
            verifier.initVerify(key);
            verifier.update(message);
            assertTrue(verifier.verify(signature), curve);
        }
    }

    @Test
    void aPointOffTheCurveOrAtInfinityOrBadlyEncodedIsRefused() throws Exception {
        Providers.requireNative();
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC", Providers.ACCEL);
        g.initialize(new ECGenParameterSpec("secp256r1"));
        ECPublicKey pub = (ECPublicKey) g.generateKeyPair().getPublic();
        byte[] encoded = pub.getEncoded();
        byte[] point = Arrays.copyOfRange(encoded, encoded.length - 65, encoded.length);
        assertNotNull(PreparedKeys.ecPublicKey("prime256v1", point));

        byte[] offCurve = point.clone();
        offCurve[64] ^= 1;
        assertNull(PreparedKeys.ecPublicKey("prime256v1", offCurve));
        assertNull(PreparedKeys.ecPublicKey("prime256v1", new byte[] {0}), "the point at infinity");
        assertNull(PreparedKeys.ecPublicKey("prime256v1", Arrays.copyOf(point, 64)), "a truncated point");
        assertNull(PreparedKeys.ecPublicKey("prime256v1", new byte[0]), "no point");

        // through the JCA: a point off the curve is refused when it is used, at the latest (with
        // SunEC installed the KeyFactory hands it to SunEC, which accepts it as a key object)
        ECPoint w = pub.getW();
        ECPoint moved = new ECPoint(w.getAffineX(), w.getAffineY().add(java.math.BigInteger.ONE));
        KeyAgreement a = KeyAgreement.getInstance("ECDH", Providers.ACCEL);
        a.init(g.generateKeyPair().getPrivate());
        assertThrows(
                InvalidKeyException.class,
                () -> a.doPhase(
                        KeyFactory.getInstance("EC", Providers.ACCEL)
                                .generatePublic(new ECPublicKeySpec(moved, pub.getParams())),
                        true));
    }
}
