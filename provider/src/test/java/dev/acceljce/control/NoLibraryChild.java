package dev.acceljce.control;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.service.Capabilities;
import java.security.MessageDigest;

/**
 * Run by {@link SelfTestTest} in a child JVM whose {@code acceljce.openssl.lib} names no library.
 * Exits with status 0 and prints {@link #DONE} when every check held; throws otherwise.
 */
public final class NoLibraryChild {
    static final String DONE = "no-library report: all checks held";

    private NoLibraryChild() {}

    public static void main(String[] args) throws Exception {
        check(!LibCrypto.isAvailable(), "a library loaded");
        AccelJceProvider accel = new AccelJceProvider();
        MessageDigest.getInstance("SHA-256", accel).digest(new byte[3]);
        check(Decisions.count("MessageDigest", "SHA-256", Path.JDK) == 1, "SHA-256 not served by the JDK");

        Capabilities caps = Capabilities.of(accel);
        check(!caps.library().available() && caps.library().unavailableReason() != null, "library: " + caps.library());
        check(caps.openssl().raw() == null && !caps.openssl().decoded(), "OpenSSL view: " + caps.openssl());
        check(
                caps.selfTest().overall() == SelfTest.Status.NOT_TESTED,
                "self-test: " + caps.selfTest().overall());
        for (SelfTest.Result r : caps.selfTest().results()) {
            if (r.engine() == Engine.AWSLC) {
                continue; // AWS-LC's own tests need no OpenSSL
            }
            check(r.status() == SelfTest.Status.NOT_TESTED && r.reason().contains("not loaded"), r.toString());
        }
        check(!caps.services().isEmpty(), "no services");
        for (Capabilities.Service s : caps.services()) {
            if (s.engine().equals("awslc") && s.nativeAvailable()) {
                continue; // AWS-LC's own services (XChaCha20-Poly1305) need no OpenSSL
            }
            check(
                    s.path() == Path.JDK
                            && !s.nativeAvailable()
                            && s.unavailableReason() != null
                            && s.instructions().isEmpty(),
                    s.toString());
        }
        check(Health.nativeHealthy(Family.DIGEST), "not tested must not read as failed");
        System.out.println(DONE);
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
