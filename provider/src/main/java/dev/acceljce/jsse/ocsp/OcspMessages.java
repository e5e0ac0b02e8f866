package dev.acceljce.jsse.ocsp;

import dev.acceljce.params.Der;
import java.io.IOException;
import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;

/**
 * The two OCSP messages (RFC 6960) a stapling server handles: the request it sends for one
 * certificate, and the parts of the response it needs to staple and cache it (its status, and
 * the single response for that certificate: good, revoked or unknown, and until when). The
 * response's signature is not checked here: the client checks the staple.
 */
public final class OcspMessages {
    private OcspMessages() {}

    private static final int ENUMERATED = 0x0a, OID = 0x06, GENERALIZED_TIME = 0x18;
    private static final int EXPLICIT_0 = 0xa0, EXPLICIT_1 = 0xa1;
    /** id-sha1 with NULL parameters: the CertID hash every responder understands. */
    private static final byte[] SHA1_ALGORITHM =
            Der.sequence(new byte[] {0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a}, new byte[] {0x05, 0x00});
    /** id-pkix-ocsp-basic, 1.3.6.1.5.5.7.48.1.1. */
    private static final byte[] BASIC = {0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x30, 0x01, 0x01};

    /** The status of a whole response ({@code OCSPResponseStatus}): 0 is successful. */
    public static final int SUCCESSFUL = 0;

    /** A certificate's status in a response. */
    public enum CertStatus {
        GOOD,
        REVOKED,
        UNKNOWN
    }

    /** What a successful response says of one certificate; {@code nextUpdate} null when it gives none. */
    public record Single(CertStatus status, Instant thisUpdate, Instant nextUpdate) {}

    /** The CertID of {@code cert} issued by {@code issuer} (SHA-1 hashes, as RFC 5019 asks of clients). */
    public static byte[] certId(X509Certificate cert, X509Certificate issuer) throws IOException {
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            byte[] nameHash = sha1.digest(issuer.getSubjectX500Principal().getEncoded());
            // the issuer key hash covers the subjectPublicKey BIT STRING's value, unused-bits byte excluded
            Der.Reader spki = new Der.Reader(issuer.getPublicKey().getEncoded()).sequence();
            spki.element(Der.SEQUENCE);
            byte[] bits = spki.contents(Der.BIT_STRING);
            if (bits.length < 1) {
                throw new IOException("issuer public key: empty BIT STRING");
            }
            byte[] keyHash = sha1.digest(Arrays.copyOfRange(bits, 1, bits.length));
            return Der.sequence(
                    SHA1_ALGORITHM,
                    Der.encode(Der.OCTET_STRING, nameHash),
                    Der.encode(Der.OCTET_STRING, keyHash),
                    Der.encodeInteger(cert.getSerialNumber()));
        } catch (NoSuchAlgorithmException e) {
            throw new IOException("SHA-1 is not available for an OCSP CertID", e);
        }
    }

    /** An OCSP request for the one certificate {@code certId} names, without extensions (no nonce: cacheable). */
    public static byte[] request(byte[] certId) {
        byte[] oneRequest = Der.sequence(certId);
        byte[] requestList = Der.sequence(oneRequest);
        byte[] tbsRequest = Der.sequence(requestList);
        return Der.sequence(tbsRequest);
    }

    /** The response's {@code OCSPResponseStatus} (0 successful; 1 to 6 the responder's errors). */
    public static int responseStatus(byte[] response) throws IOException {
        Der.Reader r = new Der.Reader(response).sequence();
        byte[] status = r.contents(ENUMERATED);
        if (status.length != 1) {
            throw new IOException("OCSP response status of " + status.length + " bytes");
        }
        return status[0];
    }

    /**
     * The single response for the certificate {@code certId} names, from a successful basic
     * response; an IOException when the response is not one, is malformed, or has no answer for
     * it (matched by serial number and issuer key hash).
     */
    public static Single single(byte[] response, byte[] certId) throws IOException {
        Der.Reader outer = new Der.Reader(response);
        Der.Reader r = outer.sequence();
        outer.end("OCSPResponse");
        if (responseStatus(response) != SUCCESSFUL) {
            throw new IOException("OCSP response status " + responseStatus(response));
        }
        r.contents(ENUMERATED);
        Der.Reader bytes = new Der.Reader(r.contents(EXPLICIT_0)).sequence();
        if (!Arrays.equals(bytes.contents(OID), BASIC)) {
            throw new IOException("not a basic OCSP response");
        }
        Der.Reader basic = new Der.Reader(bytes.octetString()).sequence();
        Der.Reader data = basic.sequence(); // tbsResponseData
        if (data.peek() == EXPLICIT_0) {
            data.contents(EXPLICIT_0); // version
        }
        int responderId = data.peek();
        data.contents(responderId); // [1] byName or [2] byKey
        data.contents(GENERALIZED_TIME); // producedAt
        Der.Reader responses = data.sequence();
        CertIdParts wanted = CertIdParts.of(certId);
        while (responses.hasMore()) {
            Der.Reader one = responses.sequence();
            CertIdParts id = CertIdParts.of(one.element(Der.SEQUENCE));
            int statusTag = one.peek();
            one.contents(statusTag);
            CertStatus status = switch (statusTag) {
                case 0x80 -> CertStatus.GOOD;
                case 0xa1 -> CertStatus.REVOKED;
                case 0x82 -> CertStatus.UNKNOWN;
                default -> throw new IOException("OCSP cert status tag 0x" + Integer.toHexString(statusTag));
            };
            Instant thisUpdate = time(one.contents(GENERALIZED_TIME));
            Instant nextUpdate = null;
            if (one.peek() == EXPLICIT_0) {
                nextUpdate = time(new Der.Reader(one.contents(EXPLICIT_0)).contents(GENERALIZED_TIME));
            }
            if (id.matches(wanted)) {
                return new Single(status, thisUpdate, nextUpdate);
            }
        }
        throw new IOException("the OCSP response has no answer for serial " + wanted.serial.toString(16));
    }

    /** The parts of a CertID that name a certificate whatever hash the responder used for the names. */
    private record CertIdParts(byte[] algorithm, byte[] nameHash, byte[] keyHash, BigInteger serial) {
        static CertIdParts of(byte[] encoded) throws IOException {
            Der.Reader r = new Der.Reader(encoded).sequence();
            byte[] alg = r.element(Der.SEQUENCE);
            byte[] name = r.octetString();
            byte[] key = r.octetString();
            BigInteger serial = new BigInteger(r.contents(Der.INTEGER));
            return new CertIdParts(alg, name, key, serial);
        }

        boolean matches(CertIdParts o) {
            // a responder answers with the CertID it was asked about; another hash algorithm would
            // not compare, so those count as another certificate
            return serial.equals(o.serial)
                    && Arrays.equals(algorithm, o.algorithm)
                    && Arrays.equals(nameHash, o.nameHash)
                    && Arrays.equals(keyHash, o.keyHash);
        }
    }

    private static final DateTimeFormatter GENERALIZED = DateTimeFormatter.ofPattern("yyyyMMddHHmmss");

    /** A GeneralizedTime in UTC ({@code YYYYMMDDHHMMSS[.fff]Z}, as RFC 5280 profiles it). */
    private static Instant time(byte[] contents) throws IOException {
        String s = new String(contents, java.nio.charset.StandardCharsets.US_ASCII);
        if (s.length() < 15 || !s.endsWith("Z")) {
            throw new IOException("OCSP time not in UTC: " + s);
        }
        try {
            Instant whole = LocalDateTime.parse(s.substring(0, 14), GENERALIZED).toInstant(ZoneOffset.UTC);
            return whole; // fractions of a second are dropped: they never decide a cache's life
        } catch (java.time.format.DateTimeParseException e) {
            throw new IOException("OCSP time: " + s, e);
        }
    }
}
