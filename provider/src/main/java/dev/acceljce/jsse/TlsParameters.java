package dev.acceljce.jsse;

import dev.acceljce.libssl.SslConnection;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;

/**
 * One side's {@link SSLParameters} as SunJSSE checks them (unknown protocols and suites refused
 * when set, not at the handshake), the defaults that follow the client/server mode, and how they
 * become libssl's settings for one connection, with {@code jdk.tls.disabledAlgorithms} applied.
 * Engines, sockets and server sockets all keep theirs here. Not thread-safe: the owner guards it.
 */
final class TlsParameters {
    /**
     * The most a TLS record wraps a packet around beyond its plaintext, for the suites we run: the
     * 5-byte header, then for CBC with HMAC-SHA256 a 16-byte IV, 32-byte MAC and up to 16 bytes of
     * padding (AEAD suites add less).
     */
    private static final int RECORD_EXPANSION = 5 + 16 + 32 + 16;

    private final AccelSslContext context;
    private SSLParameters parameters;
    private boolean clientMode;
    private boolean modeSet;

    TlsParameters(AccelSslContext context, boolean clientMode) {
        this.context = context;
        this.clientMode = clientMode;
        this.parameters = context.defaultParameters(clientMode);
    }

    boolean clientMode() {
        return clientMode;
    }

    /** Whether a mode was set (an engine refuses to start before). */
    boolean modeSet() {
        return modeSet;
    }

    /**
     * Sets the mode. What the caller set stays; what was still the other side's default follows
     * the new mode, as SunJSSE's engines do.
     */
    void setClientMode(boolean mode) {
        if (!modeSet || clientMode != mode) {
            AccelSslContext.Defaults defaults = context.defaults(mode);
            AccelSslContext.Defaults previous = context.defaults(clientMode);
            if (previous.sameProtocols(parameters.getProtocols())) {
                parameters.setProtocols(defaults.protocols());
            }
            if (previous.sameGroups(parameters.getNamedGroups())) {
                parameters.setNamedGroups(defaults.groups());
            }
            if (previous.sameSuites(parameters.getCipherSuites())) {
                parameters.setCipherSuites(defaults.suites());
            }
        }
        clientMode = mode;
        modeSet = true;
    }

    /** A copy, the caller's to change. */
    SSLParameters get() {
        return copy(parameters);
    }

    /** The parameters as they are (not to be changed: for reading at the handshake). */
    SSLParameters current() {
        return parameters;
    }

    /**
     * Takes what {@code p} sets, checked: an unknown protocol or suite throws
     * IllegalArgumentException and changes nothing. Unset (null) lists keep their value.
     */
    void set(SSLParameters p) {
        SSLParameters next = copy(parameters);
        if (p.getProtocols() != null) {
            next.setProtocols(checkProtocols(p.getProtocols()));
        }
        if (p.getCipherSuites() != null) {
            next.setCipherSuites(checkSuites(p.getCipherSuites()));
        }
        if (p.getNamedGroups() != null) {
            next.setNamedGroups(p.getNamedGroups());
        }
        if (p.getSignatureSchemes() != null) {
            next.setSignatureSchemes(p.getSignatureSchemes());
        }
        if (p.getNeedClientAuth()) {
            next.setNeedClientAuth(true);
        } else {
            next.setWantClientAuth(p.getWantClientAuth());
        }
        next.setServerNames(p.getServerNames());
        next.setEndpointIdentificationAlgorithm(p.getEndpointIdentificationAlgorithm());
        next.setAlgorithmConstraints(p.getAlgorithmConstraints());
        next.setUseCipherSuitesOrder(p.getUseCipherSuitesOrder());
        next.setApplicationProtocols(p.getApplicationProtocols());
        next.setMaximumPacketSize(p.getMaximumPacketSize());
        parameters = next;
    }

    void setCipherSuites(String[] suites) {
        if (suites == null) {
            throw new IllegalArgumentException("CipherSuites cannot be null");
        }
        parameters.setCipherSuites(checkSuites(suites));
    }

    void setProtocols(String[] protocols) {
        if (protocols == null) {
            throw new IllegalArgumentException("Protocols cannot be null");
        }
        parameters.setProtocols(checkProtocols(protocols));
    }

    void setNeedClientAuth(boolean need) {
        parameters.setNeedClientAuth(need);
    }

    void setWantClientAuth(boolean want) {
        parameters.setWantClientAuth(want);
    }

    static SSLParameters copy(SSLParameters p) {
        SSLParameters c = new SSLParameters(p.getCipherSuites(), p.getProtocols());
        if (p.getNeedClientAuth()) {
            c.setNeedClientAuth(true);
        } else {
            c.setWantClientAuth(p.getWantClientAuth());
        }
        c.setNamedGroups(p.getNamedGroups());
        c.setSignatureSchemes(p.getSignatureSchemes());
        c.setServerNames(p.getServerNames());
        c.setEndpointIdentificationAlgorithm(p.getEndpointIdentificationAlgorithm());
        c.setAlgorithmConstraints(p.getAlgorithmConstraints());
        c.setUseCipherSuitesOrder(p.getUseCipherSuitesOrder());
        c.setApplicationProtocols(p.getApplicationProtocols());
        c.setMaximumPacketSize(p.getMaximumPacketSize());
        return c;
    }

    private static String[] checkProtocols(String[] protocols) {
        for (String p : protocols) {
            if (p == null || !TlsNames.PROTOCOLS.contains(p) && !"SSLv2Hello".equals(p)) {
                throw new IllegalArgumentException("Unsupported protocol: " + p);
            }
        }
        return protocols.clone();
    }

    private static String[] checkSuites(String[] suites) {
        List<String> supported = TlsNames.supportedSuites();
        for (String s : suites) {
            if (s == null || !supported.contains(s) && !s.startsWith("TLS_EMPTY_RENEGOTIATION")) {
                throw new IllegalArgumentException("Unsupported CipherSuite: " + s);
            }
        }
        return suites.clone();
    }

    // ------------------------------------------------------------------ onto a connection

    /** What applying the parameters decided that the engine needs later. */
    record Applied(
            String[] localSignatureAlgorithms,
            int maxFragment,
            Tls12ClientWithoutSignatureAlgorithms tls12WithoutSignatureAlgorithms) {}

    /**
     * Gives {@code connection} these parameters: what jdk.tls.disabledAlgorithms turns off is
     * neither offered nor accepted, whatever is enabled. {@code peerHost} is the engine's, for
     * the client's server name when no SNI was set.
     */
    Applied applyTo(SslConnection connection, String peerHost) throws SSLException {
        SSLParameters p = parameters;
        TlsPolicy.Disabled disabled = context.disabled();
        List<String> tls12 = setProtocolsAndSuites(connection, p, disabled);
        List<String> groups = new ArrayList<>();
        for (String g : p.getNamedGroups() != null ? p.getNamedGroups() : context.namedGroups(clientMode)) {
            String libssl = TlsNames.libsslGroup(g);
            if (libssl != null && !groups.contains(libssl) && !disabled.group(g)) {
                groups.add(libssl);
            }
        }
        if (groups.isEmpty() || !connection.settings().setGroups(String.join(":", groups))) {
            throw new SSLHandshakeException("No supported named group among " + Arrays.toString(p.getNamedGroups()));
        }
        // libssl's own default leaves Ed25519 out: always say which schemes this side takes
        String[] schemes = p.getSignatureSchemes() != null ? p.getSignatureSchemes() : TlsNames.defaultSchemes();
        List<String> local = new ArrayList<>();
        List<String> libssl = new ArrayList<>();
        for (String s : schemes) {
            TlsNames.Scheme scheme = TlsNames.scheme(s);
            if (scheme != null && !disabled.scheme(scheme.name())) {
                libssl.add(scheme.libssl());
                local.add(scheme.jca());
            }
        }
        if (libssl.isEmpty() || !connection.settings().setSignatureAlgorithms(String.join(":", libssl))) {
            throw new SSLHandshakeException("No supported signature scheme among " + Arrays.toString(schemes));
        }
        if (!clientMode && p.getUseCipherSuitesOrder()) {
            connection.settings().preferServerOrder();
        }
        int maxFragment = SslConnection.MAX_PLAINTEXT;
        int packet = p.getMaximumPacketSize();
        if (packet > 0 && packet - RECORD_EXPANSION < SslConnection.MAX_PLAINTEXT) {
            // libssl's floor is 512 bytes of plaintext: a packet limit below 581 bytes is not met
            maxFragment = Math.max(512, packet - RECORD_EXPANSION);
            connection.settings().maxSendFragment(maxFragment);
        }
        if (clientMode) {
            applyClientSide(connection, p, peerHost);
        } else if (p.getNeedClientAuth() || p.getWantClientAuth()) {
            connection.settings().verifyPeer(p.getNeedClientAuth());
        }
        return new Applied(
                local.toArray(String[]::new), maxFragment, new Tls12ClientWithoutSignatureAlgorithms(tls12, libssl));
    }

    /** Returns the TLS 1.2 suites set (standard names). */
    private static List<String> setProtocolsAndSuites(
            SslConnection connection, SSLParameters p, TlsPolicy.Disabled disabled) throws SSLException {
        List<String> protocols = new ArrayList<>();
        for (String v : p.getProtocols()) {
            if (!disabled.protocol(v)) {
                protocols.add(v);
            }
        }
        List<String> tls13 = new ArrayList<>(), tls12 = new ArrayList<>();
        for (String s : p.getCipherSuites()) {
            if (!disabled.suite(s)) {
                (TlsNames.isTls13Suite(s) ? tls13 : tls12).add(s);
            }
        }
        boolean use13 = protocols.contains(TlsNames.TLS13) && !tls13.isEmpty();
        boolean use12 = protocols.contains(TlsNames.TLS12) && !tls12.isEmpty();
        if (!use13 && !use12) {
            throw new SSLHandshakeException(
                    "No appropriate protocol (protocol is disabled or cipher suites are inappropriate)");
        }
        if (!connection
                .settings()
                .setProtocolRange(
                        use12 ? SslConnection.TLS1_2 : SslConnection.TLS1_3,
                        use13 ? SslConnection.TLS1_3 : SslConnection.TLS1_2)) {
            throw new SSLException("libssl refused the protocol range " + protocols);
        }
        if (use13 && !connection.settings().setTls13Suites(String.join(":", tls13))) {
            throw new SSLException("libssl refused the TLS 1.3 cipher suites " + tls13);
        }
        if (use12 && !connection.settings().setTls12Suites(String.join(":", tls12))) {
            throw new SSLException("libssl refused the TLS 1.2 cipher suites " + tls12);
        }
        return tls12;
    }

    private void applyClientSide(SslConnection connection, SSLParameters p, String peerHost) throws SSLException {
        String sni = serverName(p, peerHost);
        if (sni != null && !connection.settings().setHostName(sni)) {
            throw new SSLException("libssl refused the server name " + sni);
        }
        connection.settings().verifyPeer(true);
        if (context.clientStapling()) {
            connection.settings().enableOcspStapling();
        }
        String[] alpn = p.getApplicationProtocols();
        if (alpn != null && alpn.length > 0 && !connection.settings().setAlpnProtocols(alpnWire(alpn))) {
            throw new SSLException("libssl refused the application protocols " + Arrays.toString(alpn));
        }
    }

    /** ALPN's wire form: each name's length, then its bytes. */
    private static byte[] alpnWire(String[] protocols) throws SSLException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (String a : protocols) {
            byte[] b = a.getBytes(StandardCharsets.ISO_8859_1);
            if (b.length == 0 || b.length > 255) {
                throw new SSLException("Invalid application protocol name: \"" + a + "\"");
            }
            out.write(b.length);
            out.writeBytes(b);
        }
        return out.toByteArray();
    }

    /** The host name to send: the caller's SNI, else the peer host when it is a name (as SunJSSE does). */
    private static String serverName(SSLParameters p, String host) {
        List<SNIServerName> names = p.getServerNames();
        if (names != null) {
            for (SNIServerName n : names) {
                if (n instanceof SNIHostName h) {
                    return h.getAsciiName();
                }
            }
            if (!names.isEmpty()) {
                return null;
            }
        }
        if (host == null
                || host.indexOf('.') < 0
                || host.endsWith(".")
                || host.matches("[0-9.]+")
                || host.contains(":")) {
            return null;
        }
        try {
            return new SNIHostName(host).getAsciiName();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
