package dev.acceljce.tls;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;

/**
 * One handshake of the TLS matrix: protocol, named group, certificate (keystore alias), signature
 * scheme, cipher suite, and the AccelJCE services that must serve its key agreement, signature and
 * records. {@link TlsHandshakeTest} runs the matrix in process through SSLEngine pairs,
 * {@link StandaloneTlsTest} over sockets in a JVM configured without the JDK's EC and RSA providers.
 */
record TlsCase(
        String protocol,
        String group,
        String agreement,
        String cert,
        String scheme,
        String signature,
        String suite,
        String recordCipher) {

    static final char[] PASSWORD = "changeit".toCharArray();
    static final List<String> CERTIFICATES = List.of("ec", "rsa", "ed");

    /** Every group with every certificate, signature scheme and record cipher: 21 handshakes. */
    static List<TlsCase> matrix() {
        List<TlsCase> out = new ArrayList<>();
        String[][] groups = {{"x25519", "XDH"}, {"secp256r1", "ECDH"}, {"secp384r1", "ECDH"}};
        for (String[] g : groups) {
            out.add(new TlsCase(
                    "TLSv1.3",
                    g[0],
                    g[1],
                    "ec",
                    "ecdsa_secp256r1_sha256",
                    "SHA256withECDSA",
                    "TLS_AES_128_GCM_SHA256",
                    "AES/GCM/NoPadding"));
            out.add(new TlsCase(
                    "TLSv1.3",
                    g[0],
                    g[1],
                    "rsa",
                    "rsa_pss_rsae_sha256",
                    "RSASSA-PSS",
                    "TLS_AES_256_GCM_SHA384",
                    "AES/GCM/NoPadding"));
            out.add(new TlsCase(
                    "TLSv1.3",
                    g[0],
                    g[1],
                    "ed",
                    "ed25519",
                    "Ed25519",
                    "TLS_CHACHA20_POLY1305_SHA256",
                    "ChaCha20-Poly1305"));
            out.add(new TlsCase(
                    "TLSv1.2",
                    g[0],
                    g[1],
                    "ec",
                    "ecdsa_secp256r1_sha256",
                    "SHA256withECDSA",
                    "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
                    "AES/GCM/NoPadding"));
            out.add(new TlsCase(
                    "TLSv1.2",
                    g[0],
                    g[1],
                    "rsa",
                    "rsa_pkcs1_sha256",
                    "SHA256withRSA",
                    "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
                    "AES/GCM/NoPadding"));
            out.add(new TlsCase(
                    "TLSv1.2",
                    g[0],
                    g[1],
                    "rsa",
                    "rsa_pss_rsae_sha256",
                    "RSASSA-PSS",
                    "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256",
                    "ChaCha20-Poly1305"));
            out.add(new TlsCase(
                    "TLSv1.2",
                    g[0],
                    g[1],
                    "ed",
                    "ed25519",
                    "Ed25519",
                    "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
                    "AES/GCM/NoPadding"));
        }
        return out;
    }

    /** Restricts one side to exactly this case's protocol, groups, scheme and suite. */
    SSLParameters restrict(SSLParameters p) {
        p.setProtocols(new String[] {protocol});
        // TLS 1.2 also needs the ECDSA certificate's curve among the groups (RFC 8422); the
        // group asked for comes first, and the server takes the client's first choice
        boolean certCurve = protocol.equals("TLSv1.2") && scheme.startsWith("ecdsa") && !group.equals("secp256r1");
        p.setNamedGroups(certCurve ? new String[] {group, "secp256r1"} : new String[] {group});
        p.setSignatureSchemes(new String[] {scheme});
        p.setCipherSuites(new String[] {suite});
        return p;
    }

    @Override
    public String toString() {
        return protocol + " " + group + " " + cert + " " + scheme + " " + suite;
    }

    /**
     * A TLS context serving {@code alias} of {@code ks} with the SunX509 key manager (built here,
     * once, so PKCS#12's PBKDF2 stays out of any handshake) and trusting that certificate alone;
     * {@code random} is the context's source of randomness (null: SunJSSE's default).
     */
    static SSLContext context(KeyStore ks, String alias, SecureRandom random) throws Exception {
        KeyManagerFactory kmf = KeyManagerFactory.getInstance("SunX509");
        kmf.init(ks, PASSWORD);
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("server", ks.getCertificate(alias));
        TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
        tmf.init(trust);
        SSLContext ctx = SSLContext.getInstance("TLS");
        ctx.init(kmf.getKeyManagers(), tmf.getTrustManagers(), random);
        return ctx;
    }

    /**
     * Makes the PKCS#12 stores {@code ec.p12}, {@code rsa.p12} and {@code ed.p12} in {@code dir}
     * with keytool, in its own JVM with the JDK's providers: the stores are the JDK's own.
     */
    static void makeKeystores(Path dir) throws Exception {
        keytool(dir, "ec", "EC", "-groupname", "secp256r1", "-sigalg", "SHA256withECDSA");
        keytool(dir, "rsa", "RSA", "-keysize", "2048", "-sigalg", "SHA256withRSA");
        keytool(dir, "ed", "Ed25519");
    }

    private static void keytool(Path dir, String alias, String alg, String... extra) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair",
                "-keyalg",
                alg,
                "-alias",
                alias,
                "-dname",
                "CN=localhost",
                "-keystore",
                dir.resolve(alias + ".p12").toString(),
                "-storetype",
                "PKCS12",
                "-storepass",
                new String(PASSWORD),
                "-keypass",
                new String(PASSWORD),
                "-validity",
                "2"));
        cmd.addAll(List.of(extra));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed:\n" + out);
        }
    }
}
