package dev.acceljce.service;

import dev.acceljce.control.Family;
import dev.acceljce.openssl.FipsModule;
import java.util.Locale;

/**
 * Which declared services FIPS mode registers. Two filters, both needed: this table refuses
 * what no approved module may offer (algorithms outside FIPS 140-3's approved list, and SHA-1
 * or unhashed signing), whatever a given module's build happens to contain; then each remaining
 * service's probe fetches from the module with "fips=yes", so only what the loaded module marks
 * approved is registered. SHA1with* and NONEwith* signatures stay registered for verification
 * (SP 800-131A's legacy use; SunJSSE also asks for SHA1withECDSA and NONEwithECDSA before it
 * offers any ECDSA or ECDHE suite) and refuse signing at initSign. Parameters inside a registered service (curves, key sizes, paddings,
 * PBKDF2's minimums) are checked where they are given, by the SPI classes, through
 * {@link dev.acceljce.openssl.LibContext#fipsRequested()}.
 */
final class FipsApproval {
    private FipsApproval() {}

    /** Why {@code type.algorithm} is refused in FIPS mode by rule, or null when the module decides. */
    static String refusal(Family family, String type, String algorithm) {
        String a = algorithm.toUpperCase(Locale.ROOT);
        if (family == Family.CHACHA20) {
            return why("ChaCha20 and Poly1305 are not FIPS-approved algorithms");
        }
        if (family == Family.XDH || a.startsWith("X25519") || a.startsWith("X448") || a.equals("XDH")) {
            return why("X25519 and X448 are not approved for key agreement (SP 800-56A Rev. 3: NIST curves only)");
        }
        if (a.startsWith("MD5") || a.startsWith("MD2") || a.startsWith("HMACMD5")) {
            return why("MD5 is not an approved hash");
        }
        return null;
    }

    static String why(String reason) {
        return FipsModule.NOT_APPROVED + ": " + reason;
    }
}
