package dev.acceljce.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.openssl.LibCrypto;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * For the FIPS-mode tests: they need the FIPS module bundled beside the bundled OpenSSL 3.5, so
 * they run in the suite's bundled run only; the system-libcrypto run (skipBundled) has no module
 * and skips them, saying so.
 */
public final class FipsTesting {
    /** This platform's bundle (the FIPS module is built for linux-x86_64 only so far). */
    private static final String BUNDLE = "META-INF/acceljce/native/linux-"
            + dev.acceljce.control.CpuFeatures.normalise(System.getProperty("os.arch")) + "/";

    private FipsTesting() {}

    public static void requireBundledModule() {
        Providers.requireNative();
        assumeTrue(
                "bundled".equals(LibCrypto.source()) && ClassLoader.getSystemResource(BUNDLE + "fips.so") != null,
                "FIPS-mode tests run only against the bundled OpenSSL build and its FIPS module;" + " this run uses "
                        + LibCrypto.version() + " (" + LibCrypto.source() + "), which has none here");
    }

    /** Copies the bundled {@code name} (fips.so, fipsmodule.cnf) into {@code dir}. */
    public static Path copyBundled(String name, Path dir) throws IOException {
        URL url = ClassLoader.getSystemResource(BUNDLE + name);
        if (url == null) {
            throw new AssertionError("no bundled " + BUNDLE + name);
        }
        Path out = dir.resolve(name);
        try (InputStream in = url.openStream()) {
            Files.copy(in, out);
        }
        return out;
    }
}
