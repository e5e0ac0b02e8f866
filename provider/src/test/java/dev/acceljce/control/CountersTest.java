package dev.acceljce.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.acceljce.testing.Providers;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import javax.crypto.KDF;
import javax.crypto.Mac;
import javax.crypto.spec.HKDFParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** Counters are exact for a scripted sequence of operations, on both paths. */
class CountersTest {
    @Test
    void digestOperationsAndBytesAreCountedExactlyOnBothPaths() throws Exception {
        String service = "MessageDigest.SHA-512";
        Counters.Row before = Counters.of(service);
        MessageDigest md = MessageDigest.getInstance("SHA-512", Providers.ACCEL);
        md.update(new byte[100]);
        md.update((byte) 1);
        md.update(ByteBuffer.allocateDirect(27));
        md.digest(); // 1 op, 128 bytes
        md.digest(new byte[5000]); // 1 op, 5000 bytes
        md.update(new byte[7]);
        md.reset(); // abandoned message: not an operation
        ((MessageDigest) md.clone()).digest(new byte[3]); // the clone counts too
        Counters.Row d = CounterDeltas.since(before);
        assertEquals(3, d.nativeOps());
        assertEquals(5131, d.nativeBytes());
        assertEquals(1, d.nativeObjects());

        System.setProperty("acceljce.native.digest", "false");
        dev.acceljce.control.Settings.reload();
        try {
            MessageDigest jdkPath = MessageDigest.getInstance("SHA-512", Providers.ACCEL);
            jdkPath.digest(new byte[64]);
            jdkPath.update(new byte[10]);
            jdkPath.digest();
        } finally {
            System.clearProperty("acceljce.native.digest");
            dev.acceljce.control.Settings.reload();
        }
        d = CounterDeltas.since(before);
        assertEquals(2, d.jdkOps());
        assertEquals(74, d.jdkBytes());
        assertEquals(1, d.jdkObjects());
        assertEquals(3, d.nativeOps(), "native counts unchanged by JDK-path work");
    }

    @Test
    void macAndKdfOperationsAreCountedOnBothPaths() throws Exception {
        Counters.Row macBefore = Counters.of("Mac.HmacSHA384");
        Counters.Row kdfBefore = Counters.of("KDF.HKDF-SHA256");
        SecretKeySpec key = new SecretKeySpec(new byte[32], "HmacSHA384");
        HKDFParameterSpec spec =
                HKDFParameterSpec.ofExtract().addIKM(new byte[20]).thenExpand(null, 42);
        for (String nativeOn : new String[] {"true", "false"}) {
            System.setProperty("acceljce.native", nativeOn);
            dev.acceljce.control.Settings.reload();
            try {
                Mac mac = Mac.getInstance("HmacSHA384", Providers.ACCEL);
                mac.init(key);
                mac.update(new byte[300]);
                mac.doFinal(new byte[12]); // 1 op, 312 bytes
                mac.update(new byte[5]);
                mac.reset(); // abandoned: not counted
                mac.doFinal(); // 1 op, 0 bytes
                KDF.getInstance("HKDF-SHA256", Providers.ACCEL).deriveData(spec); // 1 op, 42 bytes
            } finally {
                System.clearProperty("acceljce.native");
                dev.acceljce.control.Settings.reload();
            }
        }
        Counters.Row mac = CounterDeltas.since(macBefore);
        assertEquals(2, mac.nativeOps());
        assertEquals(312, mac.nativeBytes());
        assertEquals(2, mac.jdkOps());
        assertEquals(312, mac.jdkBytes());
        Counters.Row kdf = CounterDeltas.since(kdfBefore);
        assertEquals(1, kdf.nativeOps());
        assertEquals(42, kdf.nativeBytes());
        assertEquals(1, kdf.jdkOps());
        assertEquals(42, kdf.jdkBytes());
    }

    @Test
    void cipherOperationsAreCountedForEveryCipherFamily() throws Exception {
        javax.crypto.spec.SecretKeySpec aes = new javax.crypto.spec.SecretKeySpec(new byte[16], "AES");
        javax.crypto.spec.SecretKeySpec chacha = new javax.crypto.spec.SecretKeySpec(new byte[32], "ChaCha20");
        String[][] cases = {{"AES/GCM/NoPadding"}, {"AES/CBC/PKCS5Padding"}, {"ChaCha20-Poly1305"}, {"AES/KW/NoPadding"}
        };
        for (String[] c : cases) {
            String t = c[0];
            Counters.Row before = Counters.of("Cipher." + t);
            javax.crypto.Cipher cipher = javax.crypto.Cipher.getInstance(t, Providers.ACCEL);
            javax.crypto.SecretKey key = t.startsWith("ChaCha") ? chacha : aes;
            java.security.spec.AlgorithmParameterSpec p = switch (t) {
                case "AES/GCM/NoPadding" -> new javax.crypto.spec.GCMParameterSpec(128, new byte[12]);
                case "AES/CBC/PKCS5Padding" -> new javax.crypto.spec.IvParameterSpec(new byte[16]);
                case "ChaCha20-Poly1305" -> new javax.crypto.spec.IvParameterSpec(new byte[12]);
                default -> null;
            };
            cipher.init(javax.crypto.Cipher.ENCRYPT_MODE, key, p);
            byte[] first = cipher.update(new byte[16]);
            byte[] last = cipher.doFinal(new byte[16]); // 1 op, 32 bytes
            byte[] ct = new byte[(first == null ? 0 : first.length) + last.length];
            if (first != null) {
                System.arraycopy(first, 0, ct, 0, first.length);
            }
            System.arraycopy(last, 0, ct, ct.length - last.length, last.length);
            cipher.init(javax.crypto.Cipher.DECRYPT_MODE, key, p);
            cipher.doFinal(ct); // 1 op, ct.length bytes
            Counters.Row d = CounterDeltas.since(before);
            assertEquals(2, d.nativeOps(), t);
            assertEquals(32 + ct.length, d.nativeBytes(), t);
        }
    }

    /**
     * A stream that never reaches doFinal (AES-CTR under SSH, a file being encrypted) shows its
     * bytes as they are processed, on each path; its operation is counted only when it ends.
     */
    @Test
    void aStreamNeverFinishedStillShowsItsBytesOnBothPaths() throws Exception {
        String service = "Cipher.AES/CTR/NoPadding";
        SecretKeySpec key = new SecretKeySpec(new byte[16], "AES");
        javax.crypto.spec.IvParameterSpec iv = new javax.crypto.spec.IvParameterSpec(new byte[16]);
        for (Path path : Path.values()) {
            Counters.Row before = Counters.of(service);
            javax.crypto.Cipher ctr =
                    javax.crypto.Cipher.getInstance("AES/CTR/NoPadding", dev.acceljce.AccelJceProvider.pathView(path));
            ctr.init(javax.crypto.Cipher.ENCRYPT_MODE, key, iv);
            ctr.update(new byte[1000]);
            ctr.update(new byte[24], 0, 24, new byte[24], 0);
            ctr.update(ByteBuffer.wrap(new byte[100]), ByteBuffer.allocate(100));
            Counters.Row d = CounterDeltas.since(before);
            long bytes = path == Path.NATIVE ? d.nativeBytes() : d.jdkBytes();
            long ops = path == Path.NATIVE ? d.nativeOps() : d.jdkOps();
            assertEquals(1124, bytes, path + " bytes before doFinal");
            assertEquals(0, ops, path + " operations before doFinal");
            ctr.doFinal(new byte[6]);
            d = CounterDeltas.since(before);
            assertEquals(1130, path == Path.NATIVE ? d.nativeBytes() : d.jdkBytes(), path + " bytes after doFinal");
            assertEquals(1, path == Path.NATIVE ? d.nativeOps() : d.jdkOps(), path + " operations after doFinal");
        }
    }
}
