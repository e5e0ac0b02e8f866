package dev.acceljce.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.testing.KeysDestroyOn;
import dev.acceljce.testing.Providers;
import java.lang.ref.Reference;
import java.security.KeyPairGenerator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The list of engines a private key tells about its destroy() stays within twice the engines
 * alive: one engine registering again and again (it does, per new native context) and engines
 * the GC collected are pruned; and every live engine is told.
 */
@ExtendWith(KeysDestroyOn.class) // what destroying a key does: the opt-in
class KeyHoldersTest {
    private static AccelPrivateKey newKey() throws Exception {
        return (AccelPrivateKey) KeyPairGenerator.getInstance("Ed25519", Providers.ACCEL)
                .generateKeyPair()
                .getPrivate();
    }

    @Test
    void oneEngineRegisteringAgainAndAgainIsListedAFewTimesAtMost() throws Exception {
        AccelPrivateKey key = newKey();
        KeyHolder holder = k -> {};
        for (int i = 0; i < 100_000; i++) {
            key.heldBy(holder);
        }
        assertTrue(key.holdersListed() <= 16, "listed " + key.holdersListed());
        Reference.reachabilityFence(holder);
    }

    @Test
    void collectedEnginesArePrunedAndLiveOnesAreTold() throws Exception {
        AccelPrivateKey key = newKey();
        List<KeyHolder> live = new ArrayList<>();
        int[] told = new int[1];
        for (int i = 0; i < 50; i++) {
            KeyHolder h = k -> told[0]++;
            live.add(h);
            key.heldBy(h);
        }
        for (int i = 0; i < 20_000; i++) {
            key.heldBy(
                    new KeyHolder() { // engines made and dropped, as a new Signature per handshake
                        @Override
                        public void keyDestroyed(AccelKey k) {}
                    });
            if (i % 1_000 == 0) {
                System.gc(); // the dropped ones are collected; the next pruning removes them
            }
        }
        // at each pruning at most ~1,000 dropped engines were not yet collected, plus the 50
        // live ones: the list stays below twice that (it would be 20,050 without pruning)
        assertTrue(key.holdersListed() < 2 * 1_100, "listed " + key.holdersListed());
        key.destroy();
        assertEquals(50, told[0], "every live engine is told once (repeats were pruned or are idempotent)");
    }
}
