package dev.acceljce.ssh;

import java.util.List;
import java.util.Objects;
import org.apache.sshd.client.ClientBuilder;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.common.NamedFactory;
import org.apache.sshd.common.cipher.BuiltinCiphers;
import org.apache.sshd.common.kex.BuiltinDHFactories;
import org.apache.sshd.common.mac.BuiltinMacs;
import org.apache.sshd.common.signature.BuiltinSignatures;

/**
 * One SSH algorithm choice, in the wire names ssh_config uses: cipher, MAC (ignored by the AEAD
 * ciphers, which authenticate themselves), key exchange, host key signature.
 */
public record SshSuite(String cipher, String mac, String kex, String hostKey) {
    public SshSuite {
        Objects.requireNonNull(cipher);
        Objects.requireNonNull(mac);
        Objects.requireNonNull(kex);
        Objects.requireNonNull(hostKey);
    }

    /** Whether the cipher carries its own authentication (then no MAC is negotiated). */
    public boolean aead() {
        return isAead(cipher);
    }

    public static boolean isAead(String cipher) {
        return cipher.contains("gcm") || cipher.startsWith("chacha20-poly1305");
    }

    public SshSuite withCipher(String c) {
        return new SshSuite(c, mac, kex, hostKey);
    }

    public SshSuite withMac(String m) {
        return new SshSuite(cipher, m, kex, hostKey);
    }

    public SshSuite withKex(String k) {
        return new SshSuite(cipher, mac, k, hostKey);
    }

    public SshSuite withHostKey(String h) {
        return new SshSuite(cipher, mac, kex, h);
    }

    @Override
    public String toString() {
        return cipher + (aead() ? "" : " + " + mac) + ", " + kex + ", " + hostKey;
    }

    /** OpenSSH client options that allow exactly this suite. */
    public List<String> openSshOptions() {
        return List.of(
                "-o",
                "Ciphers=" + cipher,
                "-o",
                "MACs=" + mac,
                "-o",
                "KexAlgorithms=" + kex,
                "-o",
                "HostKeyAlgorithms=" + hostKey);
    }

    /** Restricts a MINA client to exactly this suite. */
    public void applyTo(SshClient client) {
        client.setCipherFactories(List.of(require(BuiltinCiphers.fromFactoryName(cipher), "cipher", cipher)));
        client.setMacFactories(List.of(require(BuiltinMacs.fromFactoryName(mac), "MAC", mac)));
        client.setKeyExchangeFactories(NamedFactory.setUpTransformedFactories(
                false,
                List.of(require(BuiltinDHFactories.fromFactoryName(kex), "key exchange", kex)),
                ClientBuilder.DH2KEX));
        client.setSignatureFactories(
                List.of(require(BuiltinSignatures.fromFactoryName(hostKey), "signature", hostKey)));
    }

    private static <T extends org.apache.sshd.common.OptionalFeature> T require(T f, String what, String name) {
        if (f == null || !f.isSupported()) {
            throw new IllegalArgumentException("MINA SSHD has no usable " + what + " " + name);
        }
        return f;
    }
}
