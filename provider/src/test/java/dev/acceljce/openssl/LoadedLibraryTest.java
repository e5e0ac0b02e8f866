package dev.acceljce.openssl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Names the libcrypto this test run uses, and fails when it is not the one the build asked for
 * (system property {@code acceljce.test.library}: "bundled", "system" or "any"), so a run meant
 * for the bundled OpenSSL cannot silently test the system's (or the reverse).
 */
class LoadedLibraryTest {
    @Test
    void runsAgainstTheRequestedLibrary() {
        System.out.println("AccelJCE tests run against " + LibCrypto.version() + " (" + LibCrypto.source() + ") from "
                + LibCrypto.path());
        assertTrue(LibCrypto.isAvailable(), () -> "libcrypto not loaded: " + LibCrypto.unavailableReason());
        String requested = System.getProperty("acceljce.test.library", "any");
        boolean explicitPath = System.getProperty("acceljce.openssl.lib") != null
                || System.getProperty("jdk.native.openssl.lib") != null;
        String expected = explicitPath ? "property" : requested;
        if (!expected.equals("any")) {
            assertEquals(
                    expected,
                    LibCrypto.source(),
                    () -> "this run was meant for the " + expected + " libcrypto; attempts: " + LibCrypto.attempts());
        }
        if (expected.equals("bundled")) {
            assertTrue(LibCrypto.atLeast(3, 5), LibCrypto.version());
        }
    }
}
