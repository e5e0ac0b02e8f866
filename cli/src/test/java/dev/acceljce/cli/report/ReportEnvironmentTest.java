package dev.acceljce.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Reports name no account of the measuring machine: the library under the home directory shows as ~. */
class ReportEnvironmentTest {
    @Test
    void homeDirectoryIsWrittenAsTilde() {
        String home = System.getProperty("user.home");
        assertEquals(
                "~/.cache/acceljce/native/x/libcrypto.so.3",
                ReportEnvironment.homeAsTilde(home + "/.cache/acceljce/native/x/libcrypto.so.3"));
        assertEquals(
                "/usr/lib/x86_64-linux-gnu/libcrypto.so.3",
                ReportEnvironment.homeAsTilde("/usr/lib/x86_64-linux-gnu/libcrypto.so.3"));
        assertEquals(home + "other/lib.so", ReportEnvironment.homeAsTilde(home + "other/lib.so"));
    }

    @Test
    void theEnvironmentLineUsesIt() {
        String openssl = ReportEnvironment.ofThisMachine("2026-01-01", "test").openssl();
        String home = System.getProperty("user.home");
        assertEquals(false, openssl.contains(" at " + home + "/"), openssl);
    }
}
