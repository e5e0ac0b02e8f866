package dev.acceljce.keys;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.testing.KeysDestroyOn;
import dev.acceljce.testing.Providers;
import java.math.BigInteger;
import java.security.InvalidKeyException;
import java.security.KeyFactory;
import java.security.KeyPairGenerator;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A private key's getters run side by side on many threads (a server's one key is read by every
 * handshake), and {@link AccelPrivateKey#destroy()} racing with them frees the EVP_PKEY only
 * between reads: every read returns the key's true component or throws IllegalStateException,
 * never a wrong value or a crash, and after destroy every getter refuses.
 */
@ExtendWith(KeysDestroyOn.class) // what destroying a key does: the opt-in
class ConcurrentKeyReadsTest {
    private static final int THREADS = 8;

    private static AccelRsaPrivateCrtKey newKey() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA", Providers.ACCEL);
        g.initialize(2048);
        return (AccelRsaPrivateCrtKey) g.generateKeyPair().getPrivate();
    }

    /** The same key as the JDK holds it: the components to compare with. */
    private static RSAPrivateCrtKey jdkCopy(AccelRsaPrivateCrtKey key) throws Exception {
        return (RSAPrivateCrtKey)
                KeyFactory.getInstance("RSA", "SunRsaSign").generatePrivate(new PKCS8EncodedKeySpec(key.getEncoded()));
    }

    /** What SunJCE reads of a key it translates: every component. */
    private static void readAll(RSAPrivateCrtKey key, RSAPrivateCrtKey expected) {
        assertEquals(expected.getPrivateExponent(), key.getPrivateExponent());
        assertEquals(expected.getPrimeP(), key.getPrimeP());
        assertEquals(expected.getPrimeQ(), key.getPrimeQ());
        assertEquals(expected.getPrimeExponentP(), key.getPrimeExponentP());
        assertEquals(expected.getPrimeExponentQ(), key.getPrimeExponentQ());
        assertEquals(expected.getCrtCoefficient(), key.getCrtCoefficient());
        assertEquals(expected.getPublicExponent(), key.getPublicExponent());
        assertEquals(expected.getModulus(), key.getModulus());
    }

    @Test
    void manyThreadsReadTheSameComponents() throws Exception {
        AccelRsaPrivateCrtKey key = newKey();
        RSAPrivateCrtKey expected = jdkCopy(key);
        byte[] encoded = key.getEncoded();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> runs = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                runs.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < 200; i++) {
                        readAll(key, expected);
                        assertArrayEquals(encoded, key.getEncoded());
                        key.share().close();
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : runs) {
                f.get(2, TimeUnit.MINUTES); // rethrows a reader's wrong value
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void destroyRacingWithReadersFreesTheKeyBetweenReads() throws Exception {
        for (int round = 0; round < 20; round++) {
            AccelRsaPrivateCrtKey key = newKey();
            RSAPrivateCrtKey expected = jdkCopy(key);
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            try {
                CountDownLatch reading = new CountDownLatch(THREADS);
                List<Future<Integer>> runs = new ArrayList<>();
                for (int t = 0; t < THREADS; t++) {
                    runs.add(pool.submit(() -> {
                        reading.countDown();
                        int reads = 0;
                        while (true) {
                            try {
                                BigInteger d = key.getPrivateExponent();
                                assertEquals(expected.getPrivateExponent(), d);
                                key.share().close();
                                reads++;
                            } catch (IllegalStateException | InvalidKeyException destroyed) {
                                assertTrue(key.isDestroyed(), "refused a live key: " + destroyed);
                                return reads;
                            }
                        }
                    }));
                }
                reading.await();
                key.destroy();
                for (Future<Integer> f : runs) {
                    f.get(2, TimeUnit.MINUTES);
                }
            } finally {
                pool.shutdownNow();
            }
            assertTrue(key.isDestroyed());
            assertThrows(IllegalStateException.class, key::getPrimeP);
            assertThrows(IllegalStateException.class, key::getEncoded);
            assertThrows(InvalidKeyException.class, key::share);
        }
    }
}
