package dev.acceljce.digest;

import java.util.Locale;
import java.util.Map;

/**
 * JCA digest names as parameter specs carry them (PSSParameterSpec, OAEPParameterSpec,
 * MGF1ParameterSpec, OAEP padding names) to OpenSSL's: the SHA-1, SHA-2 and SHA-3 families.
 */
public final class DigestNames {
    private static final Map<String, String> OPENSSL = Map.ofEntries(
            Map.entry("SHA-1", "SHA1"),
            Map.entry("SHA1", "SHA1"),
            Map.entry("SHA", "SHA1"),
            Map.entry("SHA-224", "SHA224"),
            Map.entry("SHA224", "SHA224"),
            Map.entry("SHA-256", "SHA256"),
            Map.entry("SHA256", "SHA256"),
            Map.entry("SHA-384", "SHA384"),
            Map.entry("SHA384", "SHA384"),
            Map.entry("SHA-512", "SHA512"),
            Map.entry("SHA512", "SHA512"),
            Map.entry("SHA-512/224", "SHA512-224"),
            Map.entry("SHA512/224", "SHA512-224"),
            Map.entry("SHA-512/256", "SHA512-256"),
            Map.entry("SHA512/256", "SHA512-256"),
            Map.entry("SHA3-224", "SHA3-224"),
            Map.entry("SHA3-256", "SHA3-256"),
            Map.entry("SHA3-384", "SHA3-384"),
            Map.entry("SHA3-512", "SHA3-512"));

    private DigestNames() {}

    /** OpenSSL's name of a JCA digest name, or null when it is not one we serve. */
    public static String openssl(String jcaName) {
        return jcaName == null ? null : OPENSSL.get(jcaName.toUpperCase(Locale.ROOT));
    }
}
