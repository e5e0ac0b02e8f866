package dev.acceljce.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.testing.Providers;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The counters split native work by the library that did it: what AWS-LC did is in
 * {@code awslcOps}/{@code awslcBytes}, the rest of the native counts ran in OpenSSL, for every
 * operation that can run on either library, whichever the engine setting picks.
 */
class CountersByEngineTest {
    @BeforeEach
    void awsLcLoaded() {
        assumeTrue(Engine.AWSLC.available(), "AWS-LC is not loaded: " + Engine.AWSLC.unavailableReason());
    }

    @AfterEach
    void defaults() {
        Settings.set("acceljce.engine.eddsa", null);
        Settings.set("acceljce.engine.xdh", null);
    }

    @Test
    void ed25519SignaturesCountOnTheLibraryThatMadeThem() throws Exception {
        KeyPair pair = KeyPairGenerator.getInstance("Ed25519", Providers.ACCEL).generateKeyPair();
        for (String engine : new String[] {"awslc", "openssl"}) {
            Settings.set("acceljce.engine.eddsa", engine);
            Counters.Row before = Counters.of("Signature.Ed25519");
            Signature s = Signature.getInstance("Ed25519", Providers.ACCEL);
            s.initSign(pair.getPrivate());
            for (int i = 0; i < 3; i++) {
                s.update(new byte[10]);
                s.sign();
            }
            s.initVerify(pair.getPublic());
            s.update(new byte[10]);
            s.verify(new byte[64]);
            Counters.Row d = CounterDeltas.since(before);
            assertEquals(4, d.nativeOps(), engine);
            assertEquals(40, d.nativeBytes(), engine);
            assertEquals(engine.equals("awslc") ? 4 : 0, d.awslcOps(), engine);
            assertEquals(engine.equals("awslc") ? 40 : 0, d.awslcBytes(), engine);
            assertEquals(engine.equals("awslc") ? 0 : 4, d.opensslOps(), engine);
        }
    }

    @Test
    void x25519SecretsCountOnTheLibraryThatAgreedThem() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("X25519", Providers.ACCEL);
        KeyPair a = g.generateKeyPair();
        KeyPair b = g.generateKeyPair();
        for (String engine : new String[] {"awslc", "openssl"}) {
            Settings.set("acceljce.engine.xdh", engine);
            Counters.Row before = Counters.of("KeyAgreement.X25519");
            KeyAgreement ka = KeyAgreement.getInstance("X25519", Providers.ACCEL);
            ka.init(a.getPrivate());
            ka.doPhase(b.getPublic(), true);
            ka.generateSecret();
            ka.doPhase(b.getPublic(), true);
            ka.generateSecret(new byte[32], 0);
            Counters.Row d = CounterDeltas.since(before);
            assertEquals(2, d.nativeOps(), engine);
            assertEquals(engine.equals("awslc") ? 2 : 0, d.awslcOps(), engine);
            assertEquals(engine.equals("awslc") ? 64 : 0, d.awslcBytes(), engine);
        }
    }

    @Test
    void ecdsaAndEcdhCountOnTheirLibrary() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC", Providers.ACCEL);
        g.initialize(256);
        KeyPair a = g.generateKeyPair();
        KeyPair b = g.generateKeyPair();
        try {
            for (String engine : new String[] {"awslc", "openssl"}) {
                Settings.set("acceljce.engine.ec", engine);
                Counters.Row signs = Counters.of("Signature.SHA256withECDSA");
                Signature s = Signature.getInstance("SHA256withECDSA", Providers.ACCEL);
                s.initSign(a.getPrivate());
                s.update(new byte[7]);
                s.sign();
                Counters.Row d = CounterDeltas.since(signs);
                assertEquals(1, d.nativeOps(), engine);
                assertEquals(engine.equals("awslc") ? 1 : 0, d.awslcOps(), engine);
                Counters.Row agreements = Counters.of("KeyAgreement.ECDH");
                KeyAgreement ka = KeyAgreement.getInstance("ECDH", Providers.ACCEL);
                ka.init(a.getPrivate());
                ka.doPhase(b.getPublic(), true);
                ka.generateSecret();
                d = CounterDeltas.since(agreements);
                assertEquals(1, d.nativeOps(), engine);
                assertEquals(engine.equals("awslc") ? 1 : 0, d.awslcOps(), engine);
            }
        } finally {
            Settings.set("acceljce.engine.ec", null);
        }
    }

    @Test
    void aesGcmCountsOnTheLibraryThatSealedIt() throws Exception {
        try {
            for (String engine : new String[] {"awslc", "openssl"}) {
                Settings.set("acceljce.engine.gcm", engine);
                Counters.Row before = Counters.of("Cipher.AES/GCM/NoPadding");
                Cipher c = Cipher.getInstance("AES/GCM/NoPadding", Providers.ACCEL);
                c.init(
                        Cipher.ENCRYPT_MODE,
                        new SecretKeySpec(new byte[16], "AES"),
                        new javax.crypto.spec.GCMParameterSpec(128, new byte[12]));
                c.doFinal(new byte[40]);
                Counters.Row d = CounterDeltas.since(before);
                assertEquals(1, d.nativeOps(), engine);
                assertEquals(40, d.nativeBytes(), engine);
                assertEquals(engine.equals("awslc") ? 1 : 0, d.awslcOps(), engine);
                assertEquals(engine.equals("awslc") ? 40 : 0, d.awslcBytes(), engine);
            }
        } finally {
            Settings.set("acceljce.engine.gcm", null);
        }
    }

    @Test
    void xChaCha20Poly1305RunsOnlyOnAwsLc() throws Exception {
        Counters.Row before = Counters.of("Cipher.XChaCha20-Poly1305");
        Cipher c = Cipher.getInstance("XChaCha20-Poly1305", Providers.ACCEL);
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[32], "ChaCha20"), new IvParameterSpec(new byte[24]));
        c.doFinal(new byte[100]);
        Counters.Row d = CounterDeltas.since(before);
        assertEquals(1, d.nativeOps());
        assertEquals(1, d.awslcOps());
        assertEquals(d.nativeBytes(), d.awslcBytes());
    }
}
