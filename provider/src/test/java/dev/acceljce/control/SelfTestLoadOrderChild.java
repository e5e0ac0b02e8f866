package dev.acceljce.control;

import dev.acceljce.AccelJceProvider;
import java.security.MessageDigest;

/**
 * Run by {@link SelfTestTest} in a child JVM started with {@code -Dacceljce.selftest.fail=digest}:
 * the digest family's health is asked before any provider registered its tests (as a crossover
 * table's choice can be). The answer then is "not tested", and it is not kept: once a provider
 * registered the tests, they run, fail, and the JDK serves SHA-256. Prints {@link #DONE} when
 * every check held; throws otherwise.
 */
public final class SelfTestLoadOrderChild {
    static final String DONE = "self-test load order: all checks held";

    private SelfTestLoadOrderChild() {}

    public static void main(String[] args) throws Exception {
        check(!EngineSelfTests.has(Family.DIGEST, Engine.OPENSSL), "digest tests registered before any provider");
        check(Health.nativeHealthy(Family.DIGEST), "not tested must not read as failed");
        check(Health.status(Family.DIGEST).status() == SelfTest.Status.NOT_TESTED, "" + Health.status(Family.DIGEST));

        AccelJceProvider accel = new AccelJceProvider(); // registers every family's tests
        check(EngineSelfTests.has(Family.DIGEST, Engine.OPENSSL), "the provider registered no digest test");
        check(!Health.nativeHealthy(Family.DIGEST), "the early verdict was kept: the digest tests never ran");
        SelfTest.FamilyStatus digest = Health.status(Family.DIGEST);
        check(
                digest.status() == SelfTest.Status.FAILED && digest.reason().contains(SelfTest.FAIL_PROPERTY),
                "" + digest);
        MessageDigest.getInstance("SHA-256", accel).digest(new byte[3]);
        check(Decisions.count("MessageDigest", "SHA-256", Path.JDK) == 1, "SHA-256 was not served by the JDK");
        check(Health.nativeHealthy(Family.HMAC), "HMAC marked unhealthy");
        System.out.println(DONE);
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
