package dev.acceljce.hardening;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.openssl.NativeResource;
import dev.acceljce.testing.KeysDestroyOn;
import dev.acceljce.testing.Providers;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * CI-sized native-memory soak ({@code acceljce.soak.ops} operations per family, 200,000 by
 * default, fewer for the slow families): after warm-up and at the end the live native-object
 * count must be back where it was, and the bytes malloc has handed out (OpenSSL's and the JVM's
 * own native allocations) may grow by at most {@link #allowedMallocGrowthKib}; VmRSS is reported
 * too, but it moves with the Java heap's pages. {@code ./scripts/soak.sh} runs the same with 10 million
 * ({@code ./scripts/soak.sh 80000000 X25519}: only the families whose name contains X25519).
 */
@ExtendWith(KeysDestroyOn.class) // what destroying a key does: the opt-in
class NativeSoakTest {
    private static final long OPS = Long.getLong("acceljce.soak.ops", 200_000);
    /**
     * Growth allowed: the JVM's own malloc use moves by +-16 MiB between samples (JIT, GC), plus
     * 8 bytes per operation; a leak of a small OpenSSL object (32 bytes or more) per operation
     * is above it at 10 million operations.
     */
    private static long allowedMallocGrowthKib(long ops) {
        return 24 * 1024 + ops * 8 / 1024;
    }
    /** Objects allowed to stay live after settling (thread-local caches, in-flight Cleaner work). */
    private static final long LIVE_SLACK = 16;

    @BeforeAll
    static void nativeLoaded() {
        Providers.requireNative();
    }

    @Test
    void everyFamilyStaysFlat() throws Exception {
        List<String> failures = new ArrayList<>();
        String only = System.getProperty("acceljce.soak.only", "");
        for (Soak.Family f : Soak.families(Providers.ACCEL)) {
            if (!f.name().contains(only)) {
                continue;
            }
            Soak.Result r = Soak.run(f, Math.max(1000, OPS / f.weight()));
            System.out.println(r);
            if (r.liveGrowth() > LIVE_SLACK) {
                failures.add(r.family() + ": live native objects grew by " + r.liveGrowth());
            }
            if (r.mallocGrowthKib() > allowedMallocGrowthKib(r.ops())) {
                failures.add(r.family() + ": malloc'd memory grew by " + r.mallocGrowthKib() + " KiB");
            }
        }
        assertTrue(failures.isEmpty(), String.join("; ", failures));
    }

    /** Objects dropped in the middle of an operation, never finished: the Cleaner frees them all. */
    @Test
    void abandonedObjectsAreFreedByTheCleaner() throws Exception {
        long baseline = Soak.settle();
        byte[] data = new byte[100];
        SecretKeySpec aes = new SecretKeySpec(new byte[16], "AES");
        List<Object> held = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            MessageDigest md = MessageDigest.getInstance("SHA-512", Providers.ACCEL);
            md.update(data);
            Mac mac = Mac.getInstance("HmacSHA384", Providers.ACCEL);
            mac.init(new SecretKeySpec(data, "HmacSHA384"));
            mac.update(data);
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding", Providers.ACCEL);
            c.init(Cipher.ENCRYPT_MODE, aes, new GCMParameterSpec(128, new byte[12]));
            c.update(data);
            held.add(md);
            held.add(mac);
            held.add(c);
        }
        long whileHeld = NativeResource.liveCount();
        assertTrue(whileHeld >= baseline + 3 * 2000, "the objects hold native contexts: " + whileHeld);
        held.clear();
        long after = Soak.settle();
        assertTrue(
                after <= baseline + LIVE_SLACK,
                "baseline " + baseline + ", while held " + whileHeld + ", after GC " + after + ": "
                        + NativeResource.liveObjects());
    }
}
