package dev.acceljce.ssh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.sshd.common.NamedFactory;
import org.apache.sshd.common.cipher.BuiltinCiphers;
import org.apache.sshd.common.cipher.Cipher;
import org.apache.sshd.common.kex.BuiltinDHFactories;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The interoperability matrix: Debian's OpenSSH client against MINA SSHD's server on AccelJCE,
 * and MINA's client on AccelJCE against OpenSSH's sshd, one file copy per algorithm choice, its
 * content compared and the negotiated algorithms checked. Every cipher both offer with each MAC
 * (the AEAD ones need none), then each key exchange, then each host key algorithm (those cases
 * copy with SCP, the others with SFTP), then AES-CBC with an encrypt-then-MAC (enabled in sshd for
 * this test only).
 *
 * <p>OpenSSH is installed with apt-get when missing (as root); where it cannot be, the matrix is
 * skipped with the reason. sshd runs from a temporary directory on a loopback port, with its own
 * sshd_config and throw-away keys.
 */
class OpenSshInteropTest {
    static final List<String> CIPHERS = List.of(
            "aes128-ctr",
            "aes192-ctr",
            "aes256-ctr",
            "aes128-gcm@openssh.com",
            "aes256-gcm@openssh.com",
            "chacha20-poly1305@openssh.com");
    static final List<String> MACS =
            List.of("hmac-sha2-256", "hmac-sha2-512", "hmac-sha2-256-etm@openssh.com", "hmac-sha2-512-etm@openssh.com");
    static final List<String> KEXES = List.of(
            "curve25519-sha256", "ecdh-sha2-nistp256", "ecdh-sha2-nistp384", "sntrup761x25519-sha512@openssh.com");
    static final List<String> HOST_KEYS = List.of("ssh-ed25519", "ecdsa-sha2-nistp256", "rsa-sha2-256", "rsa-sha2-512");
    /** Off by default on both sides, enabled here only to prove AccelJCE's AES-CBC interoperates (encrypt-then-MAC). */
    static final List<String> CBC = List.of("aes128-cbc", "aes256-cbc");

    static final SshSuite BASE =
            new SshSuite("aes128-ctr", "hmac-sha2-256", "curve25519-sha256", "ecdsa-sha2-nistp256");

    private static final int FILE_SIZE = 200_003; // not a multiple of any packet or block size
    private static final AtomicInteger COPIES = new AtomicInteger();

    @TempDir
    static Path dir;

    private static Optional<String> unavailable;
    private static Map<String, Path> hostKeys;
    private static Path userKey;
    private static KeyPair userKeyPair;
    private static Path source;
    private static byte[] content;
    private static MinaServer mina;
    private static OpenSshServer sshd;
    private static Path knownHosts;

    @BeforeAll
    static void start() throws Exception {
        unavailable = OpenSsh.ensureInstalled();
        if (unavailable.isPresent()) {
            return;
        }
        MinaOnAccelJce.install();
        System.out.println("Interop with " + OpenSsh.version());
        Path keys = Files.createDirectories(dir.resolve("keys"));
        hostKeys = Map.of(
                "ssh-ed25519",
                OpenSsh.keygen(keys.resolve("host_ed25519"), "ed25519", 0),
                "ecdsa-sha2-nistp256",
                OpenSsh.keygen(keys.resolve("host_ecdsa"), "ecdsa", 256),
                "rsa",
                OpenSsh.keygen(keys.resolve("host_rsa"), "rsa", 3072));
        userKey = OpenSsh.keygen(keys.resolve("user_ecdsa"), "ecdsa", 256);
        userKeyPair = OpenSsh.keyPair(userKey);
        Path authorized = Files.writeString(keys.resolve("authorized_keys"), OpenSsh.publicKeyLine(userKey) + "\n");
        content = new byte[FILE_SIZE];
        new Random(13).nextBytes(content);
        source = Files.write(dir.resolve("source.bin"), content);

        List<Path> hostKeyFiles = List.copyOf(hostKeys.values());
        mina = new MinaServer(Files.createDirectories(dir.resolve("mina-root")), hostKeyFiles, userKeyPair.getPublic());
        List<NamedFactory<Cipher>> ciphers = new ArrayList<>(mina.server().getCipherFactories());
        CBC.forEach(c -> ciphers.add(BuiltinCiphers.fromFactoryName(c)));
        mina.server().setCipherFactories(ciphers); // read per session: in time for every client
        List<String> known = new ArrayList<>();
        for (Path k : hostKeyFiles) {
            known.add("[127.0.0.1]:" + mina.port() + " " + OpenSsh.publicKeyLine(k));
        }
        knownHosts = Files.write(dir.resolve("known_hosts"), known);
        sshd = new OpenSshServer(
                Files.createDirectories(dir.resolve("sshd")),
                hostKeyFiles,
                authorized,
                List.of("Ciphers +" + String.join(",", CBC)));
        Files.createDirectories(dir.resolve("sshd-out"));
    }

    @AfterAll
    static void stop() throws IOException {
        try {
            if (sshd != null) {
                sshd.close();
            }
        } finally {
            if (mina != null) {
                mina.close();
            }
        }
    }

    /** The matrix, without repeats: cipher x MAC, then key exchanges, then host keys. */
    static List<SshSuite> matrix() {
        Set<SshSuite> out = new LinkedHashSet<>();
        for (String c : CIPHERS) {
            if (SshSuite.isAead(c)) {
                out.add(BASE.withCipher(c));
            } else {
                MACS.forEach(m -> out.add(BASE.withCipher(c).withMac(m)));
            }
        }
        for (String k : KEXES) {
            if (BuiltinDHFactories.fromFactoryName(k).isSupported()) {
                out.add(BASE.withCipher("aes256-gcm@openssh.com").withKex(k));
            }
        }
        HOST_KEYS.forEach(
                h -> out.add(BASE.withCipher("chacha20-poly1305@openssh.com").withHostKey(h)));
        CBC.forEach(c -> out.add(BASE.withCipher(c).withMac("hmac-sha2-256-etm@openssh.com")));
        return List.copyOf(out);
    }

    /** The host key cases copy with SCP; the rest with SFTP. */
    private static boolean scp(SshSuite s) {
        return s.cipher().startsWith("chacha20");
    }

    @TestFactory
    Stream<DynamicTest> openSshClientToMinaServer() {
        return matrix().stream()
                .map(s -> DynamicTest.dynamicTest("ssh -> MINA: " + s + (scp(s) ? " (scp)" : " (sftp)"), () -> {
                    Assumptions.assumeTrue(unavailable.isEmpty(), () -> "OpenSSH unavailable: " + unavailable.get());
                    String name = "copy-" + COPIES.incrementAndGet() + ".bin";
                    List<String> cmd = new ArrayList<>();
                    if (scp(s)) {
                        // -O: the original SCP protocol (OpenSSH 9's scp speaks SFTP unless told), so MINA's SCP serves
                        // it
                        cmd.addAll(List.of(OpenSsh.SCP.toString(), "-O", "-q", "-P", Integer.toString(mina.port())));
                        cmd.addAll(OpenSsh.clientOptions(userKey, knownHosts));
                        cmd.addAll(s.openSshOptions());
                        cmd.addAll(List.of(source.toString(), "tester@127.0.0.1:/" + name));
                        OpenSsh.run(cmd, 60);
                    } else {
                        cmd.addAll(
                                List.of(OpenSsh.SFTP.toString(), "-q", "-b", "-", "-P", Integer.toString(mina.port())));
                        cmd.addAll(OpenSsh.clientOptions(userKey, knownHosts));
                        cmd.addAll(s.openSshOptions());
                        cmd.add("tester@127.0.0.1");
                        OpenSsh.run(cmd, "put " + source + " /" + name + "\n", 60);
                    }
                    assertArrayEquals(
                            content, Files.readAllBytes(dir.resolve("mina-root").resolve(name)));
                    assertNegotiated(s, mina.lastNegotiated());
                }));
    }

    @TestFactory
    Stream<DynamicTest> minaClientToOpenSshServer() {
        return matrix().stream()
                .map(s -> DynamicTest.dynamicTest("MINA -> sshd: " + s + (scp(s) ? " (scp)" : " (sftp)"), () -> {
                    Assumptions.assumeTrue(unavailable.isEmpty(), () -> "OpenSSH unavailable: " + unavailable.get());
                    Path target = dir.resolve("sshd-out").resolve("copy-" + COPIES.incrementAndGet() + ".bin");
                    try (MinaClient client = new MinaClient(
                            s, sshd.port(), System.getProperty("user.name"), userKeyPair, hostKeyFor(s.hostKey()))) {
                        assertNegotiated(s, client.negotiated());
                        if (scp(s)) {
                            client.scpUpload(source, target.toString());
                        } else {
                            client.sftpUpload(source, target.toString());
                        }
                    }
                    assertArrayEquals(content, Files.readAllBytes(target));
                }));
    }

    private static PublicKey hostKeyFor(String algorithm) throws Exception {
        return OpenSsh.publicKey(hostKeys.get(algorithm.startsWith("rsa") ? "rsa" : algorithm));
    }

    private static void assertNegotiated(SshSuite wanted, SshSuite got) {
        assertNotNull(got, "no key exchange seen");
        assertEquals(wanted.cipher(), got.cipher(), "cipher");
        if (!wanted.aead()) {
            assertEquals(wanted.mac(), got.mac(), "MAC");
        }
        assertEquals(wanted.kex(), got.kex(), "key exchange");
        assertEquals(wanted.hostKey(), got.hostKey(), "host key");
    }
}
