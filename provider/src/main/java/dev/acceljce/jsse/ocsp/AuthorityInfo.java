package dev.acceljce.jsse.ocsp;

import dev.acceljce.params.Der;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.util.Arrays;

/** A certificate's OCSP responder, from its authority information access extension (RFC 5280 4.2.2.1). */
final class AuthorityInfo {
    private static final String AIA = "1.3.6.1.5.5.7.1.1";
    /** id-ad-ocsp, 1.3.6.1.5.5.7.48.1. */
    private static final byte[] ID_AD_OCSP = {0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x30, 0x01};

    private static final int OID = 0x06, URI_NAME = 0x86;

    private AuthorityInfo() {}

    /** The first http URI of an OCSP access description, or null when there is none (or it is malformed). */
    static URI ocspResponder(X509Certificate cert) {
        byte[] ext = cert.getExtensionValue(AIA);
        if (ext == null) {
            return null;
        }
        try {
            Der.Reader descriptions = new Der.Reader(new Der.Reader(ext).octetString()).sequence();
            while (descriptions.hasMore()) {
                Der.Reader d = descriptions.sequence();
                byte[] method = d.contents(OID);
                if (!Arrays.equals(method, ID_AD_OCSP) || d.peek() != URI_NAME) {
                    continue;
                }
                String uri = new String(d.contents(URI_NAME), StandardCharsets.US_ASCII);
                URI u = new URI(uri);
                if ("http".equalsIgnoreCase(u.getScheme())) {
                    return u;
                }
            }
        } catch (IOException | URISyntaxException e) {
            return null;
        }
        return null;
    }
}
