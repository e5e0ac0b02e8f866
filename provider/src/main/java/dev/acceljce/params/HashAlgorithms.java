package dev.acceljce.params;

import java.io.IOException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;

/**
 * The hash AlgorithmIdentifiers of the RSA parameter encodings (RSASSA-PSS-params and
 * RSAES-OAEP-params, RFC 8017 A.2): MD5 (OAEP only, as SunJCE lists it), SHA-1, SHA-2 and SHA-3 by OID, written with NULL parameters
 * and read with or without them (RFC 4055 2.1), and MGF1's OID.
 */
final class HashAlgorithms {
    static final byte[] MGF1_OID = HexFormat.of().parseHex("06092a864886f70d010108");
    private static final byte[] NULL = {5, 0};
    private static final Map<String, String> OIDS = Map.ofEntries(
            Map.entry("MD5", "06082a864886f70d0205"),
            Map.entry("SHA-1", "06052b0e03021a"),
            Map.entry("SHA-224", "0609608648016503040204"),
            Map.entry("SHA-256", "0609608648016503040201"),
            Map.entry("SHA-384", "0609608648016503040202"),
            Map.entry("SHA-512", "0609608648016503040203"),
            Map.entry("SHA-512/224", "0609608648016503040205"),
            Map.entry("SHA-512/256", "0609608648016503040206"),
            Map.entry("SHA3-224", "0609608648016503040207"),
            Map.entry("SHA3-256", "0609608648016503040208"),
            Map.entry("SHA3-384", "0609608648016503040209"),
            Map.entry("SHA3-512", "060960864801650304020a"));

    private HashAlgorithms() {}

    /** The standard name of a digest these encodings take ("SHA256" and "sha-256" are "SHA-256"), or null. */
    static String canonical(String digest) {
        String d = digest.toUpperCase(Locale.ROOT);
        if (OIDS.containsKey(d)) {
            return d;
        }
        String dashed = d.startsWith("SHA3") ? d : d.replaceFirst("^SHA(?!-)", "SHA-");
        return OIDS.containsKey(dashed) ? dashed : null;
    }

    /** The AlgorithmIdentifier of {@code digest} (which {@link #canonical} knows), NULL parameters. */
    static byte[] identifier(String digest) {
        return Der.sequence(HexFormat.of().parseHex(OIDS.get(canonical(digest))), NULL);
    }

    /** The maskGenAlgorithm AlgorithmIdentifier of MGF1 with {@code digest}. */
    static byte[] mgf1(String digest) {
        return Der.sequence(MGF1_OID, identifier(digest));
    }

    /** The digest of a maskGenAlgorithm AlgorithmIdentifier (its [1] field's contents), which must be MGF1's. */
    static String mgf1DigestOf(byte[] fieldContents) throws IOException {
        Der.Reader mgf = new Der.Reader(fieldContents).sequence();
        if (!java.util.Arrays.equals(MGF1_OID, mgf.element(0x06))) {
            throw new IOException("Only MGF1 mgf is supported");
        }
        String digest = digestOf(mgf.sequence());
        mgf.end("MGF1 parameters");
        return digest;
    }

    /** The digest an AlgorithmIdentifier names, its parameters absent or NULL. */
    static String digestOf(Der.Reader algorithmIdentifier) throws IOException {
        byte[] oid = algorithmIdentifier.element(0x06);
        if (algorithmIdentifier.peek() == 0x05) {
            algorithmIdentifier.element(0x05);
        }
        algorithmIdentifier.end("hash AlgorithmIdentifier");
        String hex = HexFormat.of().formatHex(oid);
        return OIDS.entrySet().stream()
                .filter(e -> e.getValue().equals(hex))
                .map(Map.Entry::getKey)
                .findFirst()
                .orElseThrow(() -> new IOException("Unsupported digest OID " + hex));
    }
}
