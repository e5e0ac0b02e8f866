package dev.acceljce.jsse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.testing.ChildJvm;
import java.security.Security;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.net.ssl.SSLEngine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A TLS 1.2 client that sends no signature_algorithms extension (RFC 5246 7.4.1.4.1: the server
 * then assumes SHA-1 with its certificate's key type), as old and embedded clients do. The client
 * is SunJSSE's own with the extension switched off ({@code jdk.tls.client.disableExtensions}, read
 * once per JVM: so a JVM of its own), against SunJSSE's server and ours in the same JVM, with an
 * RSA and an ECDSA certificate and three choices of client suites; each deployment setting
 * (default, the RSA key exchange enabled, SHA-1 handshake signatures enabled too) in its own JVM.
 * The outcomes (the suite, or a failure) of both stacks are pinned; where ours differ from
 * SunJSSE's, docs/tls.md says so.
 */
class LegacyClientHelloTest {
    private static final String TLS_RSA = "TLS_RSA_*, ";
    private static final String SHA1_SIGNATURES = "rsa_pkcs1_sha1 usage HandshakeSignature, "
            + "ecdsa_sha1 usage HandshakeSignature, dsa_sha1 usage HandshakeSignature";

    private static final String RSA_KX = "TLS_RSA_WITH_AES_256_GCM_SHA384";
    private static final String ECDHE_RSA = "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384";
    private static final String ECDHE_ECDSA = "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384";

    /** Every case fails unless listed: SunJSSE's outcomes per setting. */
    private static Map<String, String> sunJsse(String setting) {
        Map<String, String> m = allFail(setting);
        if (setting.contains("rsa-key-exchange")) {
            m.put("rsa2048 rsa-only", RSA_KX); // the case of the report: SunJSSE completed, we did not
        }
        if (setting.contains("sha1-signatures")) {
            // SHA-1 handshake signatures allowed: SunJSSE signs with them by default
            for (String variant : List.of("", " named-sha1")) {
                m.put("rsa2048 default" + variant, ECDHE_RSA);
                m.put("rsa2048 ecdhe-only" + variant, ECDHE_RSA);
                m.put("rsa2048 rsa-only" + variant, RSA_KX);
                m.put("ec256 default" + variant, ECDHE_ECDSA);
                m.put("ec256 ecdhe-only" + variant, ECDHE_ECDSA);
            }
        }
        return m;
    }

    /**
     * Ours: SunJSSE's, but where SunJSSE picks an ECDHE suite it cannot sign for (then fails with
     * internal_error) we take the RSA key exchange the client offered too; and SHA-1 signatures
     * only when the caller names the SHA-1 schemes (then as SunJSSE).
     */
    private static Map<String, String> ours(String setting) {
        Map<String, String> m = allFail(setting);
        if (setting.contains("rsa-key-exchange")) {
            m.put("rsa2048 rsa-only", RSA_KX);
            m.put("rsa2048 default", RSA_KX);
        }
        if (setting.contains("sha1-signatures")) {
            m.put("rsa2048 default named-sha1", ECDHE_RSA);
            m.put("rsa2048 ecdhe-only named-sha1", ECDHE_RSA);
            m.put("rsa2048 rsa-only named-sha1", RSA_KX);
            m.put("ec256 default named-sha1", ECDHE_ECDSA);
            m.put("ec256 ecdhe-only named-sha1", ECDHE_ECDSA);
        }
        return m;
    }

    private static Map<String, String> allFail(String setting) {
        Map<String, String> m = new TreeMap<>();
        for (String kind : List.of("rsa2048", "ec256")) {
            for (String suites : List.of("default", "rsa-only", "ecdhe-only")) {
                m.put(kind + " " + suites, "fails");
                if (setting.contains("sha1-signatures")) {
                    m.put(kind + " " + suites + " named-sha1", "fails");
                }
            }
        }
        return m;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"default", "rsa-key-exchange", "rsa-key-exchange,sha1-signatures"})
    void clientWithoutSignatureAlgorithms(String setting) throws Exception {
        String out = ChildJvm.run(
                List.of("-Djdk.tls.client.disableExtensions=signature_algorithms,signature_algorithms_cert"),
                Probe.class,
                300,
                setting);
        assertTrue(out.contains("hello without signature_algorithms"), out);
        assertEquals(sunJsse(setting), report(out, "SunJSSE"), out);
        assertEquals(ours(setting), report(out, "AccelJCE-TLS"), out);
    }

    private static Map<String, String> report(String out, String stack) {
        Map<String, String> m = new TreeMap<>();
        for (String line : out.split("\n")) {
            if (line.startsWith(stack + " ")) {
                String rest = line.substring(stack.length() + 1);
                int eq = rest.indexOf('=');
                m.put(rest.substring(0, eq).trim(), rest.substring(eq + 1).trim());
            }
        }
        return m;
    }

    /** In a JVM of its own: args[0] names the jdk.tls.disabledAlgorithms entries to take out. */
    public static final class Probe {
        public static void main(String[] args) throws Exception {
            String disabled = Security.getProperty("jdk.tls.disabledAlgorithms");
            if (args[0].contains("rsa-key-exchange")) {
                disabled = disabled.replace(TLS_RSA, "");
            }
            if (args[0].contains("sha1-signatures")) {
                disabled = disabled.replace(SHA1_SIGNATURES, "").replaceAll(",\\s*$", "");
            }
            Security.setProperty("jdk.tls.disabledAlgorithms", disabled);
            System.out.println("disabled: " + disabled);

            SSLEngine probe = TlsPeers.context("SunJSSE", (String) null).createSSLEngine("localhost", 443);
            probe.setEnabledProtocols(new String[] {"TLSv1.2"});
            HandshakeSurgery.Hello hello =
                    HandshakeSurgery.Hello.parse(HandshakeSurgery.records(HandshakeSurgery.clientHello(probe))
                            .get(0));
            if (hello.extension(HandshakeSurgery.SIGNATURE_ALGORITHMS) == null) {
                System.out.println("hello without signature_algorithms");
            }

            for (String stack : List.of("SunJSSE", "AccelJCE-TLS")) {
                for (String kind : List.of("rsa2048", "ec256")) {
                    for (String suites : List.of("default", "rsa-only", "ecdhe-only")) {
                        System.out.println(
                                stack + " " + kind + " " + suites + " = " + handshake(stack, kind, suites, false));
                        if (args[0].contains("sha1-signatures")) {
                            System.out.println(stack + " " + kind + " " + suites + " named-sha1 = "
                                    + handshake(stack, kind, suites, true));
                        }
                    }
                }
            }
        }

        private static String handshake(String stack, String kind, String suites, boolean namedSha1) throws Exception {
            SSLEngine client = TlsPeers.context("SunJSSE", (String) null).createSSLEngine("localhost", 443);
            SSLEngine server = TlsPeers.context(stack, kind).createSSLEngine();
            client.setUseClientMode(true);
            client.setEnabledProtocols(new String[] {"TLSv1.2"});
            List<String> rsa = List.of("TLS_RSA_WITH_AES_256_GCM_SHA384", "TLS_RSA_WITH_AES_128_GCM_SHA256");
            switch (suites) {
                case "rsa-only" -> client.setEnabledCipherSuites(rsa.toArray(String[]::new));
                case "ecdhe-only" ->
                    client.setEnabledCipherSuites(Arrays.stream(client.getEnabledCipherSuites())
                            .filter(s -> s.startsWith("TLS_ECDHE_"))
                            .toArray(String[]::new));
                default -> {}
            }
            server.setUseClientMode(false);
            // both servers: their defaults, then the RSA key exchange (ours enables it only when asked)
            List<String> serverSuites = new ArrayList<>(Arrays.asList(server.getEnabledCipherSuites()));
            for (String s : rsa) {
                if (!serverSuites.contains(s)
                        && Arrays.asList(server.getSupportedCipherSuites()).contains(s)) {
                    serverSuites.add(s);
                }
            }
            server.setEnabledCipherSuites(serverSuites.toArray(String[]::new));
            if (namedSha1) {
                // the server's caller names the SHA-1 schemes after the others (SunJSSE's default list)
                javax.net.ssl.SSLParameters p = server.getSSLParameters();
                List<String> schemes = new ArrayList<>(Arrays.asList(TlsNames.defaultSchemes()));
                schemes.addAll(List.of("ecdsa_sha1", "rsa_pkcs1_sha1"));
                p.setSignatureSchemes(schemes.toArray(String[]::new));
                server.setSSLParameters(p);
            }
            try {
                new TlsPeers.Pair(client, server).handshake();
                return client.getSession().getCipherSuite();
            } catch (Exception e) {
                System.out.println("  (" + stack + " " + kind + " " + suites + ": " + e + ")");
                return "fails";
            }
        }
    }
}
