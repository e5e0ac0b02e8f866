package dev.acceljce.control;

import dev.acceljce.openssl.FipsModule;
import dev.acceljce.openssl.LibContext;

/**
 * FIPS mode as the SPI classes see it: whether it is on, and the wording of a refused parameter.
 * Which services exist in FIPS mode is decided at registration (dev.acceljce.service.FipsApproval); the
 * parameters a registered service refuses are checked where they are given, with the JCA
 * exception of that call, and a message built here so every refusal says "not approved in
 * FIPS mode" and why.
 */
public final class Fips {
    /** SP 800-131A Rev. 2: RSA moduli for generation and signing. */
    public static final int MIN_RSA_BITS = 2048;
    /** SP 800-132 (and OpenSSL's FIPS provider's lower-bound check): PBKDF2 minimums. */
    public static final int MIN_PBKDF2_SALT_BYTES = 16;

    public static final int MIN_PBKDF2_ITERATIONS = 1000;
    public static final int MIN_PBKDF2_KEY_BITS = 112;

    /**
     * FIPS mode's state for reports ({@code ./acceljce info}): whether it was asked for, whether
     * the module is active, where it came from, what it says of itself, its self-test result,
     * what AccelJCE knows of its validation, and why it failed to load (null when it did not).
     */
    public record Report(
            boolean requested,
            boolean active,
            String modulePath,
            String configPath,
            String source,
            String name,
            String version,
            String buildInfo,
            String selfTest,
            String validation,
            String failure) {}

    private Fips() {}

    /** The FIPS module's state now (loading it on first use when FIPS mode is on). */
    public static Report report() {
        FipsModule.Status s = LibContext.fips();
        return new Report(
                s.requested(),
                s.active(),
                s.modulePath(),
                s.configPath(),
                s.source(),
                s.name(),
                s.version(),
                s.buildInfo(),
                s.selfTest(),
                s.requested() ? s.validationNote() : null,
                s.failure());
    }

    /** Whether this JVM runs AccelJCE in FIPS mode ({@code acceljce.fips=true}). */
    public static boolean on() {
        return LibContext.fipsRequested();
    }

    /**
     * Signatures FIPS mode registers for verification only (SP 800-131A Rev. 2 legacy use): SHA-1
     * and unhashed (NONEwith) ones; SunJSSE also asks for SHA1withECDSA and NONEwithECDSA before
     * it offers any ECDSA suite. Their initSign refuses.
     */
    public static boolean verifyOnly(String type, String algorithm) {
        return type.equals("Signature") && (algorithm.startsWith("SHA1with") || algorithm.startsWith("NONEwith"));
    }

    /** "{@code what}: not approved in FIPS mode". */
    public static String refused(String what) {
        return what + ": " + FipsModule.NOT_APPROVED;
    }
}
