package dev.acceljce.ssh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.control.Counters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.common.util.security.SecurityUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MINA SSHD client and server in this JVM, with {@link MinaOnAccelJce}: the counters prove that
 * the bulk ciphers, the MACs, the key agreements and the host key signatures ran in AccelJCE's
 * native path (OpenSSL), not in SunJCE/SunEC (the surefire run pins the native policy).
 */
class AccelJceRegistrarTest {
    private static final int FILE_SIZE = 256 * 1024;
    private static KeyPair ecHost;
    private static KeyPair rsaHost;
    private static KeyPair user;
    private static MinaServer server;

    @TempDir
    static Path dir;

    @BeforeAll
    static void start() throws Exception {
        MinaOnAccelJce.install();
        ecHost = ec("secp256r1");
        rsaHost = rsa();
        user = ec("secp256r1");
        Files.createDirectories(dir.resolve("root"));
        server = new MinaServer(dir.resolve("root"), KeyPairProvider.wrap(ecHost, rsaHost), user.getPublic());
        assertTrue(MinaOnAccelJce.isInstalled(), "MINA registered " + SecurityUtils.getRegisteredProviders());
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aesCtrWithHmacSha256OverX25519AndEcdsa() throws Exception {
        Map<String, Counters.Row> d =
                copy(new SshSuite("aes128-ctr", "hmac-sha2-256", "curve25519-sha256", "ecdsa-sha2-nistp256"), ecHost);
        assertNativeStream(d, "Cipher.AES/CTR/NoPadding");
        assertNativeBytes(d, s -> s.equals("Mac.HmacSHA256"), 2L * FILE_SIZE);
        assertNativeOps(d, s -> s.startsWith("KeyAgreement.X25519") || s.startsWith("KeyAgreement.XDH"), "X25519");
        assertNativeOps(d, "Signature.SHA256withECDSA");
    }

    @Test
    void aesGcmOverEcdhP384AndRsaSha512() throws Exception {
        Map<String, Counters.Row> d = copy(
                new SshSuite("aes256-gcm@openssh.com", "hmac-sha2-256", "ecdh-sha2-nistp384", "rsa-sha2-512"), rsaHost);
        assertNativeBytes(d, s -> s.startsWith("Cipher.AES") && s.contains("GCM"), 2L * FILE_SIZE);
        assertNativeOps(d, s -> s.equals("KeyAgreement.ECDH"), "ECDH");
        assertNativeOps(d, "Signature.SHA512withRSA");
    }

    @Test
    void aesCtrWithHmacSha512EtmOverEcdhP256AndRsaSha256() throws Exception {
        Map<String, Counters.Row> d = copy(
                new SshSuite("aes256-ctr", "hmac-sha2-512-etm@openssh.com", "ecdh-sha2-nistp256", "rsa-sha2-256"),
                rsaHost);
        assertNativeStream(d, "Cipher.AES/CTR/NoPadding");
        assertNativeBytes(d, s -> s.equals("Mac.HmacSHA512"), 2L * FILE_SIZE);
        assertNativeOps(d, "Signature.SHA256withRSA");
    }

    /** Uploads and downloads a file with the suite; returns the counters' change, printed. */
    private static Map<String, Counters.Row> copy(SshSuite suite, KeyPair host) throws Exception {
        byte[] data = new byte[FILE_SIZE];
        new Random(suite.hashCode()).nextBytes(data);
        Path local = Files.write(dir.resolve("in.bin"), data);
        Map<String, Counters.Row> before = Counters.snapshot();
        try (MinaClient client = new MinaClient(suite, server.port(), "tester", user, host.getPublic())) {
            assertEquals(suite.cipher(), client.negotiated().cipher());
            assertEquals(suite.kex(), client.negotiated().kex());
            assertEquals(suite.hostKey(), client.negotiated().hostKey());
            client.sftpUpload(local, "/up.bin");
            client.sftpDownload("/up.bin", dir.resolve("back.bin"));
        }
        assertArrayEquals(data, Files.readAllBytes(dir.resolve("root/up.bin")));
        assertArrayEquals(data, Files.readAllBytes(dir.resolve("back.bin")));
        Map<String, Counters.Row> delta = delta(before, Counters.snapshot());
        System.out.println(suite + ":");
        delta.values()
                .forEach(r -> System.out.printf(
                        "  %-32s native %5d ops %9d B %2d objects | JDK %3d ops %7d B %2d objects%n",
                        r.service(),
                        r.nativeOps(),
                        r.nativeBytes(),
                        r.nativeObjects(),
                        r.jdkOps(),
                        r.jdkBytes(),
                        r.jdkObjects()));
        return delta;
    }

    private static Map<String, Counters.Row> delta(Map<String, Counters.Row> a, Map<String, Counters.Row> b) {
        Map<String, Counters.Row> out = new TreeMap<>();
        b.forEach((name, r) -> {
            Counters.Row o = a.getOrDefault(name, new Counters.Row(name, 0, 0, 0, 0, 0, 0));
            Counters.Row d = new Counters.Row(
                    name,
                    r.nativeOps() - o.nativeOps(),
                    r.nativeBytes() - o.nativeBytes(),
                    r.jdkOps() - o.jdkOps(),
                    r.jdkBytes() - o.jdkBytes(),
                    r.nativeObjects() - o.nativeObjects(),
                    r.jdkObjects() - o.jdkObjects());
            if (d.totalOps() != 0 || d.nativeObjects() != 0 || d.jdkObjects() != 0) {
                out.put(name, d);
            }
        });
        return out;
    }

    private static void assertNativeOps(Map<String, Counters.Row> d, String service) {
        assertNativeOps(d, service::equals, service);
    }

    private static void assertNativeOps(Map<String, Counters.Row> d, Predicate<String> service, String what) {
        Counters.Row sum = Counters.total(
                d.values().stream().filter(r -> service.test(r.service())).toList());
        assertTrue(sum.nativeOps() > 0, what + " did not run natively: " + d.keySet());
        assertEquals(0, sum.jdkOps(), what + " ran on the JDK path");
    }

    /**
     * MINA runs CTR as one stream per direction: {@code update} per packet, never a
     * {@code doFinal}, and AccelJCE counts an operation (and its bytes) at {@code doFinal}. What
     * proves the path is the objects: made on the native path, none on the JDK's.
     */
    private static void assertNativeStream(Map<String, Counters.Row> d, String service) {
        Counters.Row r = d.getOrDefault(service, new Counters.Row(service, 0, 0, 0, 0, 0, 0));
        assertTrue(r.nativeObjects() >= 2, service + " objects not made natively: " + d.keySet());
        assertEquals(0, r.jdkObjects() + r.jdkOps(), service + " on the JDK path");
    }

    private static void assertNativeBytes(Map<String, Counters.Row> d, Predicate<String> service, long atLeast) {
        Counters.Row sum = Counters.total(
                d.values().stream().filter(r -> service.test(r.service())).toList());
        assertTrue(sum.nativeBytes() >= atLeast, "native bytes " + sum.nativeBytes() + " < " + atLeast + ": " + d);
        assertEquals(0, sum.jdkBytes(), "bytes on the JDK path");
    }

    private static KeyPair ec(String curve) throws GeneralSecurityException {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec(curve));
        return g.generateKeyPair();
    }

    private static KeyPair rsa() throws GeneralSecurityException {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048);
        return g.generateKeyPair();
    }
}
