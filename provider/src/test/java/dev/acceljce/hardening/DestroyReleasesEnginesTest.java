package dev.acceljce.hardening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.keys.AccelKey;
import dev.acceljce.openssl.EvpPkey;
import dev.acceljce.openssl.PkeyReferences;
import dev.acceljce.testing.KeysDestroyOn;
import dev.acceljce.testing.Providers;
import java.lang.ref.Reference;
import java.security.InvalidKeyException;
import java.security.KeyPair;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.util.ArrayList;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.DecapsulateException;
import javax.crypto.KEM;
import javax.crypto.KeyAgreement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * destroy() of an AccelJCE private key frees the native key at once even while engines that used
 * it are alive: every engine holding a reference (its EVP_PKEY_CTX, EVP_MD_CTX or own EVP_PKEY
 * reference) drops it, so OpenSSL clear-frees the material then. Shown by the EVP_PKEY's reference
 * count, read from native memory through a reference the test keeps for itself: after destroy()
 * it is 1 (the test's), where before this was fixed the engine's stayed until the engine was
 * re-initialised or collected. The engine then refuses the key with its JCA exception.
 */
@ExtendWith(KeysDestroyOn.class) // what destroying a key does: the opt-in
class DestroyReleasesEnginesTest {
    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    /** Initialises an engine with {@code kp}'s private key and uses it once; returns the engine. */
    @FunctionalInterface
    private interface Use {
        Object with(KeyPair kp) throws Exception;
    }

    /** Asserts that {@code engine}, used before the destroy, now refuses the key. */
    @FunctionalInterface
    private interface Refusal {
        void check(Object engine, KeyPair kp) throws Exception;
    }

    private record Case(String name, String keyAlgorithm, AlgorithmParameterSpec keySpec, Use use, Refusal refusal) {}

    private static final byte[] MESSAGE = "destroyed while an engine still holds it".getBytes();

    private static Object signOnce(String alg, AlgorithmParameterSpec params, KeyPair kp) throws Exception {
        Signature s = Signature.getInstance(alg, Providers.ACCEL);
        if (params != null) {
            s.setParameter(params);
        }
        s.initSign(kp.getPrivate());
        s.update(MESSAGE);
        s.sign();
        s.update(MESSAGE); // a message in progress when the key goes
        return s;
    }

    private static void signRefused(Object engine, KeyPair kp) {
        assertThrows(SignatureException.class, ((Signature) engine)::sign);
        assertThrows(InvalidKeyException.class, () -> ((Signature) engine).initSign(kp.getPrivate()));
    }

    private static Object agreeOnce(String alg, KeyPair kp, KeyPair peer) throws Exception {
        KeyAgreement ka = KeyAgreement.getInstance(alg, Providers.ACCEL);
        ka.init(kp.getPrivate());
        ka.doPhase(peer.getPublic(), true);
        ka.generateSecret();
        return new Object[] {ka, peer};
    }

    private static void agreementRefused(Object engine, KeyPair kp) {
        Object[] e = (Object[]) engine;
        KeyAgreement ka = (KeyAgreement) e[0];
        assertThrows(InvalidKeyException.class, () -> ka.doPhase(((KeyPair) e[1]).getPublic(), true));
    }

    private static KeyPair generate(String alg, AlgorithmParameterSpec spec) throws Exception {
        return Providers.accelKeyPair(alg, spec);
    }

    private static List<Case> cases() {
        ECGenParameterSpec p256 = new ECGenParameterSpec("secp256r1");
        PSSParameterSpec pss = new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1);
        List<Case> cases = new ArrayList<>(List.of(
                new Case(
                        "SHA256withECDSA",
                        "EC",
                        p256,
                        kp -> signOnce("SHA256withECDSA", null, kp),
                        DestroyReleasesEnginesTest::signRefused),
                new Case(
                        "SHA256withRSA",
                        "RSA",
                        null,
                        kp -> signOnce("SHA256withRSA", null, kp),
                        DestroyReleasesEnginesTest::signRefused),
                new Case(
                        "RSASSA-PSS",
                        "RSA",
                        null,
                        kp -> signOnce("RSASSA-PSS", pss, kp),
                        DestroyReleasesEnginesTest::signRefused),
                new Case(
                        "Ed25519",
                        "Ed25519",
                        null,
                        kp -> signOnce("Ed25519", null, kp),
                        DestroyReleasesEnginesTest::signRefused),
                new Case(
                        "ECDH",
                        "EC",
                        p256,
                        kp -> agreeOnce("ECDH", kp, generate("EC", p256)),
                        DestroyReleasesEnginesTest::agreementRefused),
                new Case(
                        "X25519",
                        "X25519",
                        null,
                        kp -> agreeOnce("X25519", kp, generate("X25519", null)),
                        DestroyReleasesEnginesTest::agreementRefused),
                new Case(
                        "RSA/ECB/OAEPWithSHA-256AndMGF1Padding",
                        "RSA",
                        null,
                        kp -> {
                            String t = "RSA/ECB/OAEPWithSHA-256AndMGF1Padding";
                            Cipher enc = Cipher.getInstance(t, java.security.Security.getProvider("SunJCE"));
                            enc.init(Cipher.ENCRYPT_MODE, kp.getPublic());
                            byte[] ct = enc.doFinal(MESSAGE);
                            Cipher dec = Cipher.getInstance(t, Providers.ACCEL);
                            dec.init(Cipher.DECRYPT_MODE, kp.getPrivate());
                            dec.doFinal(ct);
                            return new Object[] {dec, ct};
                        },
                        (engine, kp) -> {
                            Object[] e = (Object[]) engine;
                            assertThrows(IllegalStateException.class, () -> ((Cipher) e[0]).doFinal((byte[]) e[1]));
                        })));
        if (Providers.ACCEL.getService("Signature", "ML-DSA-44") != null) {
            cases.add(new Case(
                    "ML-DSA-44",
                    "ML-DSA-44",
                    null,
                    kp -> signOnce("ML-DSA-44", null, kp),
                    DestroyReleasesEnginesTest::signRefused));
        }
        if (Providers.ACCEL.getService("KEM", "ML-KEM") != null) {
            cases.add(new Case(
                    "ML-KEM-768",
                    "ML-KEM-768",
                    null,
                    kp -> {
                        KEM kem = KEM.getInstance("ML-KEM", Providers.ACCEL);
                        KEM.Encapsulated e = kem.newEncapsulator(kp.getPublic()).encapsulate();
                        KEM.Decapsulator d = kem.newDecapsulator(kp.getPrivate());
                        d.decapsulate(e.encapsulation());
                        return new Object[] {d, e.encapsulation()};
                    },
                    (engine, kp) -> {
                        Object[] e = (Object[]) engine;
                        assertThrows(
                                DecapsulateException.class, () -> ((KEM.Decapsulator) e[0]).decapsulate((byte[]) e[1]));
                    }));
        }
        return cases;
    }

    @Test
    void destroyFreesTheKeyWhileEnginesHoldIt() throws Exception {
        for (Case c : cases()) {
            KeyPair kp = generate(c.keyAlgorithm(), c.keySpec());
            Object engine = c.use().with(kp);
            EvpPkey.Key probe = ((AccelKey) kp.getPrivate()).share();
            try {
                PkeyReferences refs = PkeyReferences.locate(probe);
                int before = refs.count(probe);
                // Ed25519, X25519, ECDSA, ECDH and RSA signatures (PSS: with SHA-1/SHA-2) on the AWS-LC engine hold the
                // key's raw bytes (wiped by destroy, which the refusal below proves) or an AWS-LC
                // EC_KEY or RSA made of them, not its OpenSSL EVP_PKEY: one holder fewer
                dev.acceljce.control.Family family = switch (c.name()) {
                    case "Ed25519" -> dev.acceljce.control.Family.EDDSA;
                    case "X25519" -> dev.acceljce.control.Family.XDH;
                    case "SHA256withECDSA", "ECDH" -> dev.acceljce.control.Family.EC;
                    case "SHA256withRSA", "RSASSA-PSS" -> dev.acceljce.control.Family.RSA;
                    default -> null;
                };
                boolean awsLc = family != null
                        && dev.acceljce.control.Dispatch.engine(
                                        family, java.util.EnumSet.allOf(dev.acceljce.control.Engine.class))
                                == dev.acceljce.control.Engine.AWSLC;
                int holders = awsLc ? 2 : 3;
                assertTrue(
                        before >= holders,
                        c.name() + ": the key" + (awsLc ? "" : ", the engine")
                                + " and the test hold it, but the count is " + before);
                kp.getPrivate().destroy();
                assertEquals(
                        1,
                        refs.count(probe),
                        c.name() + ": after destroy() only the test's own reference may hold the key");
                c.refusal().check(engine, kp);
            } finally {
                probe.close();
            }
            Reference.reachabilityFence(engine);
        }
    }

    /**
     * destroy() on another thread while an engine signs in a loop (a caller's race, but the
     * engine's references are freed from the destroying thread): the signer ends with
     * SignatureException, never with a freed-object IllegalStateException or a crash. Repeated
     * to hit the windows between the engine's key check and its native calls.
     */
    @Test
    void destroyOnAnotherThreadWhileSigning() throws Exception {
        Object[][] cases = {
            {"Ed25519", "Ed25519", null, null},
            {"SHA256withECDSA", "EC", new ECGenParameterSpec("secp256r1"), "openssl"},
            {"SHA256withECDSA", "EC", new ECGenParameterSpec("secp256r1"), "awslc"},
            {"SHA256withRSA", "RSA", null, "openssl"},
            {"SHA256withRSA", "RSA", null, "awslc"}
        };
        for (Object[] c : cases) {
            for (int round = 0; round < 60; round++) {
                KeyPair kp = generate((String) c[1], (AlgorithmParameterSpec) c[2]);
                // the family's engine (EC's, RSA's) is chosen when the object is made; null: the default
                String setting = "acceljce.engine." + ((String) c[1]).toLowerCase(java.util.Locale.ROOT);
                if (c[3] != null) {
                    dev.acceljce.control.Settings.set(setting, (String) c[3]);
                }
                Signature s;
                try {
                    s = Signature.getInstance((String) c[0], Providers.ACCEL);
                } finally {
                    if (c[3] != null) {
                        dev.acceljce.control.Settings.set(setting, null);
                    }
                }
                s.initSign(kp.getPrivate());
                java.util.concurrent.CountDownLatch signing = new java.util.concurrent.CountDownLatch(1);
                java.util.concurrent.atomic.AtomicReference<Throwable> failure =
                        new java.util.concurrent.atomic.AtomicReference<>();
                Thread signer = new Thread(() -> {
                    try {
                        for (int i = 0; i < 1_000_000; i++) {
                            s.update(MESSAGE);
                            s.sign();
                            signing.countDown();
                        }
                        failure.set(new AssertionError("still signing after the key was destroyed"));
                    } catch (SignatureException expected) {
                        // the key went
                    } catch (Throwable t) {
                        failure.set(t);
                    } finally {
                        signing.countDown();
                    }
                });
                signer.start();
                signing.await();
                if (round % 2 == 1) {
                    Thread.sleep(0, round * 1000); // a little later into the next signature
                }
                kp.getPrivate().destroy();
                signer.join(30_000);
                if (failure.get() != null) {
                    throw new AssertionError(
                            c[0] + " (" + c[3] + ") round " + round + ": " + failure.get(), failure.get());
                }
            }
        }
    }

    /**
     * A KEM.Decapsulator may be used by several threads at once (the JCA says so): the pin that
     * keeps a destroy from freeing its key mid-call is shared, not exclusive. Then a destroy while
     * they run ends each thread's work with DecapsulateException, never another exception.
     */
    @Test
    void aDecapsulatorServesThreadsAtOnceUntilItsKeyIsDestroyed() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                Providers.ACCEL.getService("KEM", "ML-KEM") != null, "ML-KEM needs OpenSSL 3.5");
        KeyPair kp = generate("ML-KEM-768", null);
        KEM kem = KEM.getInstance("ML-KEM", Providers.ACCEL);
        KEM.Encapsulated e = kem.newEncapsulator(kp.getPublic()).encapsulate();
        byte[] expected = e.key().getEncoded();
        KEM.Decapsulator d = kem.newDecapsulator(kp.getPrivate());
        // Calibrated before the workers start: while they run, each call's EVP_PKEY_CTX moves the
        // count up and down, and the reader cannot tell the field from noise (CI failed so).
        EvpPkey.Key probe = ((AccelKey) kp.getPrivate()).share();
        PkeyReferences refs = PkeyReferences.locate(probe);
        int threads = 4;
        java.util.concurrent.CountDownLatch warm = new java.util.concurrent.CountDownLatch(threads);
        java.util.concurrent.atomic.AtomicReference<Throwable> failure =
                new java.util.concurrent.atomic.AtomicReference<>();
        java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread w = new Thread(() -> {
                try {
                    for (int i = 0; i < 1_000_000; i++) {
                        if (!java.util.Arrays.equals(
                                expected, d.decapsulate(e.encapsulation()).getEncoded())) {
                            throw new AssertionError("wrong shared secret");
                        }
                        done.incrementAndGet();
                        if (i == 200) {
                            warm.countDown();
                        }
                    }
                    failure.compareAndSet(null, new AssertionError("still decapsulating after the destroy"));
                } catch (DecapsulateException expectedAfterDestroy) {
                    // the key went
                } catch (Throwable x) {
                    failure.compareAndSet(null, x);
                } finally {
                    warm.countDown();
                }
            });
            workers.add(w);
            w.start();
        }
        try {
            warm.await();
            assertTrue(failure.get() == null, () -> "before the destroy: " + failure.get());
            kp.getPrivate().destroy();
            for (Thread w : workers) {
                w.join(60_000);
                assertFalse(w.isAlive(), "a worker still decapsulates a minute after the destroy");
            }
            if (failure.get() != null) {
                throw new AssertionError(failure.get());
            }
            assertTrue(done.get() >= threads * 200, "decapsulations: " + done.get());
            // the decapsulator's reference was in use at the destroy: the next call frees it
            assertThrows(DecapsulateException.class, () -> d.decapsulate(e.encapsulation()));
            assertEquals(1, refs.count(probe), "only the test's reference may hold the key now");
        } finally {
            probe.close();
        }
    }

    @Test
    void anEngineGoesOnWithAnotherKeyAfterTheDestroy() throws Exception {
        KeyPair first = generate("Ed25519", null);
        KeyPair second = generate("Ed25519", null);
        Signature s = (Signature) signOnce("Ed25519", null, first);
        first.getPrivate().destroy();
        s.initSign(second.getPrivate());
        s.update(MESSAGE);
        byte[] sig = s.sign();
        Signature v = Signature.getInstance("Ed25519", Providers.jdk("Signature", "Ed25519"));
        v.initVerify(second.getPublic());
        v.update(MESSAGE);
        assertTrue(v.verify(sig));
    }
}
