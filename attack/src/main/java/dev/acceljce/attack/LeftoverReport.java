package dev.acceljce.attack;

import dev.acceljce.control.NativeObjects;
import java.util.Map;

/**
 * What a target JVM (our server or our client) says after each check besides its own counts:
 * AccelJCE's live native objects once collected (libssl {@code SSL}s, network BIOs, callback table
 * entries; up to 5 s of GCs for them to go) and whether BouncyCastle can be loaded there (it must
 * not: TLS-Attacker's copy stays in the attacking JVM). The keys {@link AttackMain.Row} reads.
 */
final class LeftoverReport {
    private LeftoverReport() {}

    /** {@code liveSsl=N;liveBio=N;callbacks=N;bouncyCastleVisible=B}, after a GC. */
    static String afterGc() throws InterruptedException {
        long liveSsl = -1;
        long liveBio = -1;
        int callbacks = -1;
        for (int i = 0; i < 50; i++) {
            System.gc();
            Thread.sleep(100);
            Map<String, Long> live = NativeObjects.live();
            liveSsl = live.getOrDefault("SSL", 0L);
            liveBio = live.getOrDefault("BIO (TLS network half)", 0L);
            callbacks = NativeObjects.tlsCallbacksRegistered();
            if (liveSsl == 0 && liveBio == 0 && callbacks == 0) {
                break;
            }
        }
        return "liveSsl=" + liveSsl + ";liveBio=" + liveBio + ";callbacks=" + callbacks + ";bouncyCastleVisible="
                + bouncyCastleVisible();
    }

    private static boolean bouncyCastleVisible() {
        try {
            Class.forName("org.bouncycastle.jce.provider.BouncyCastleProvider");
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
