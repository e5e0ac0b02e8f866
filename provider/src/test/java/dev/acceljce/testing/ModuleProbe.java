package dev.acceljce.testing;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.control.Decisions;
import dev.acceljce.control.Management;
import dev.acceljce.control.Path;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.Provider;
import java.time.Duration;
import java.util.HexFormat;

/**
 * Run in a child JVM by {@code ModulePathTest} with the provider on the module path: uses the
 * provider once and prints what the test checks, one {@code key=value} per line.
 */
public final class ModuleProbe {
    private ModuleProbe() {}

    public static void main(String[] args) throws Exception {
        Provider p = new AccelJceProvider();
        byte[] digest = MessageDigest.getInstance("SHA-256", p).digest("abc".getBytes(StandardCharsets.US_ASCII));
        boolean finished = Management.awaitRegistration(Duration.ofSeconds(20));
        System.out.println("module=" + AccelJceProvider.class.getModule().getName());
        System.out.println("digest=" + HexFormat.of().formatHex(digest));
        System.out.println("native=" + Decisions.count("MessageDigest", "SHA-256", Path.NATIVE));
        System.out.println("jmx=" + (finished ? Management.status() : "unfinished"));
        System.out.println("mbean=" + System.getProperty(Management.MARKER_PROPERTY));
    }
}
