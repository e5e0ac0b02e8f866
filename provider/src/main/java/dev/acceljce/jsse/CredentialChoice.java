package dev.acceljce.jsse;

import dev.acceljce.keys.Curves;
import java.security.InvalidAlgorithmParameterException;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.security.auth.x500.X500Principal;

/**
 * The key manager's choice of this side's certificate chain and key, as SunJSSE asks for it: a
 * server for each key type the client's signature schemes name, in their order; a client for all
 * of them at once, with the CAs the server named. Runs as a delegated task, outside native code.
 */
final class CredentialChoice {
    /** A chosen chain (leaf first) and its private key. */
    record Credentials(X509Certificate[] chain, PrivateKey key) {
        /** The chain's DER encodings, leaf first, as libssl takes them. */
        List<byte[]> encodedChain() throws CertificateEncodingException {
            List<byte[]> der = new ArrayList<>(chain.length);
            for (X509Certificate x : chain) {
                der.add(x.getEncoded());
            }
            return der;
        }
    }

    /** What the handshake tells the key manager: read from libssl in the certificate callback. */
    record Request(int[] peerSchemes, int[] curvesAllowed, List<byte[]> authorities) {}

    private CredentialChoice() {}

    /**
     * The key manager's answer: null when it has none (a client may go on without; for a server
     * this throws). In TLS 1.2 ({@code curvesAllowed} not null) an EC certificate on a curve the
     * client did not list is passed over for the next key type, as SunJSSE's server does (and an
     * ML-DSA certificate of a parameter set the peer did not list: {@link SchemeFit}). The key
     * manager is given {@code socket} when the engine runs under one, else {@code engine}.
     */
    static Credentials choose(
            X509ExtendedKeyManager km, boolean client, SSLSocket socket, SSLEngine engine, Request request)
            throws SSLHandshakeException {
        Credentials chosen = km == null ? null : ask(km, client, socket, engine, request);
        if (chosen == null && !client) {
            throw new SSLHandshakeException("No available authentication scheme");
        }
        return chosen;
    }

    private static Credentials ask(
            X509ExtendedKeyManager km, boolean client, SSLSocket socket, SSLEngine engine, Request request) {
        Set<String> keyTypes = keyTypes(request.peerSchemes());
        String alias = null;
        if (client) {
            String[] types = keyTypes.toArray(String[]::new);
            Principal[] issuers = issuers(request.authorities());
            alias = socket != null
                    ? km.chooseClientAlias(types, issuers, socket)
                    : km.chooseEngineClientAlias(types, issuers, engine);
            if (alias != null && !SchemeFit.fits(km, alias, request.peerSchemes())) {
                alias = null;
            }
        } else {
            for (String type : keyTypes) {
                alias = socket != null
                        ? km.chooseServerAlias(type, null, socket)
                        : km.chooseEngineServerAlias(type, null, engine);
                if (alias != null
                        && request.curvesAllowed() != null
                        && !curveListed(km, alias, request.curvesAllowed())) {
                    alias = null;
                }
                if (alias != null && !SchemeFit.fits(km, alias, request.peerSchemes())) {
                    alias = null;
                }
                if (alias != null) {
                    break;
                }
            }
        }
        if (alias == null) {
            return null;
        }
        X509Certificate[] chain = km.getCertificateChain(alias);
        PrivateKey key = km.getPrivateKey(alias);
        return chain != null && chain.length > 0 && key != null ? new Credentials(chain, key) : null;
    }

    /** The key types the peer's signature schemes name, in their order (all we serve when none). */
    private static Set<String> keyTypes(int[] peerSchemes) {
        Set<String> keyTypes = new LinkedHashSet<>();
        for (int code : peerSchemes) {
            TlsNames.Scheme s = TlsNames.scheme(code);
            if (s != null) {
                keyTypes.add(s.keyType());
            }
        }
        if (keyTypes.isEmpty()) {
            keyTypes.addAll(List.of("EC", "RSA", "EdDSA"));
        }
        if (keyTypes.contains("EdDSA")) {
            keyTypes.add("Ed25519");
        }
        return keyTypes;
    }

    /** The names a CertificateRequest listed, as the key manager takes them; null for none (or unreadable ones only). */
    private static Principal[] issuers(List<byte[]> authorities) {
        List<Principal> out = new ArrayList<>(authorities.size());
        for (byte[] der : authorities) {
            try {
                out.add(new X500Principal(der));
            } catch (IllegalArgumentException e) {
                // a name Java cannot read cannot match any certificate's issuer either
            }
        }
        return out.isEmpty() ? null : out.toArray(Principal[]::new);
    }

    /**
     * Whether {@code alias}'s certificate may serve a TLS 1.2 client that listed {@code groups}:
     * not an EC key, or an EC key on secp256r1/384r1/521r1 that the client listed.
     */
    private static boolean curveListed(X509ExtendedKeyManager km, String alias, int[] groups) {
        X509Certificate[] chain = km.getCertificateChain(alias);
        if (chain == null || chain.length == 0 || !(chain[0].getPublicKey() instanceof ECPublicKey ec)) {
            return true;
        }
        int group;
        try {
            group = switch (Curves.resolveServed(ec.getParams())) {
                case P256 -> 23;
                case P384 -> 24;
                case P521 -> 25;
            };
        } catch (InvalidAlgorithmParameterException e) {
            return false; // a curve TLS 1.2 has no group for here (as SunJSSE: not used)
        }
        for (int g : groups) {
            if (g == group) {
                return true;
            }
        }
        return false;
    }
}
