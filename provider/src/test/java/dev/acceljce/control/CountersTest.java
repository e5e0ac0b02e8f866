package dev.acceljce.control;

import java.nio.ByteBuffer;
import java.security.MessageDigest;

import dev.acceljce.testing.Providers;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Counters are exact for a scripted sequence of operations, on both paths. */
class CountersTest {
    private static Counters.Row delta(Counters.Row before, String service) {
        Counters.Row now = Counters.of(service);
        return new Counters.Row(service, now.nativeOps() - before.nativeOps(), now.nativeBytes() - before.nativeBytes(),
                now.jdkOps() - before.jdkOps(), now.jdkBytes() - before.jdkBytes(),
                now.nativeObjects() - before.nativeObjects(), now.jdkObjects() - before.jdkObjects());
    }

    @Test
    void digestOperationsAndBytesAreCountedExactlyOnBothPaths() throws Exception {
        String service = "MessageDigest.SHA-512";
        Counters.Row before = Counters.of(service);
        MessageDigest md = MessageDigest.getInstance("SHA-512", Providers.ACCEL);
        md.update(new byte[100]);
        md.update((byte) 1);
        md.update(ByteBuffer.allocateDirect(27));
        md.digest();                       // 1 op, 128 bytes
        md.digest(new byte[5000]);         // 1 op, 5000 bytes
        md.update(new byte[7]);
        md.reset();                        // abandoned message: not an operation
        ((MessageDigest) md.clone()).digest(new byte[3]); // the clone counts too
        Counters.Row d = delta(before, service);
        assertEquals(3, d.nativeOps());
        assertEquals(5131, d.nativeBytes());
        assertEquals(1, d.nativeObjects());

        System.setProperty("acceljce.native.digest", "false");
        try {
            MessageDigest jdkPath = MessageDigest.getInstance("SHA-512", Providers.ACCEL);
            jdkPath.digest(new byte[64]);
            jdkPath.update(new byte[10]);
            jdkPath.digest();
        } finally {
            System.clearProperty("acceljce.native.digest");
        }
        d = delta(before, service);
        assertEquals(2, d.jdkOps());
        assertEquals(74, d.jdkBytes());
        assertEquals(1, d.jdkObjects());
        assertEquals(3, d.nativeOps(), "native counts unchanged by JDK-path work");
    }
}
