package dev.acceljce.ssh.throughput;

import dev.acceljce.ssh.SshSuite;
import java.util.ArrayList;
import java.util.List;

/** One measured copy: a protocol and the cipher and MAC it runs with. */
public record CopyCase(Protocol protocol, String cipher, String mac) {
    public enum Protocol {
        SFTP,
        SCP
    }

    /** Key exchange and host key are fixed: they run once per connection, not per byte. */
    public SshSuite suite() {
        return new SshSuite(cipher, mac, "curve25519-sha256", "ecdsa-sha2-nistp256");
    }

    /** "aes128-ctr+hmac-sha2-256-etm@openssh.com" or "aes128-gcm@openssh.com" (no MAC with AEAD). */
    public String algorithms() {
        return SshSuite.isAead(cipher) ? cipher : cipher + "+" + mac;
    }

    /**
     * Parses "cipher" or "cipher+mac" (the MAC of an AEAD cipher is irrelevant), for each protocol.
     */
    public static List<CopyCase> parse(List<String> algorithms, List<Protocol> protocols) {
        List<CopyCase> out = new ArrayList<>();
        for (Protocol p : protocols) {
            for (String a : algorithms) {
                int plus = a.indexOf('+');
                out.add(
                        plus < 0
                                ? new CopyCase(p, a, "hmac-sha2-256-etm@openssh.com")
                                : new CopyCase(p, a.substring(0, plus), a.substring(plus + 1)));
            }
        }
        return out;
    }

    /** The default table: every cipher both OpenSSH and MINA offer, CTR with each SHA-2 MAC's etm form and one plain. */
    public static final List<String> DEFAULT_ALGORITHMS = List.of(
            "aes128-gcm@openssh.com",
            "aes256-gcm@openssh.com",
            "chacha20-poly1305@openssh.com",
            "aes128-ctr+hmac-sha2-256-etm@openssh.com",
            "aes128-ctr+hmac-sha2-512-etm@openssh.com",
            "aes128-ctr+hmac-sha2-256",
            "aes192-ctr+hmac-sha2-256-etm@openssh.com",
            "aes256-ctr+hmac-sha2-256-etm@openssh.com");
}
