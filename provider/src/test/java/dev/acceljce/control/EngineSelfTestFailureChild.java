package dev.acceljce.control;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.testing.Providers;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.Signature;
import javax.crypto.Cipher;

/**
 * Run by {@link SelfTestTest} in a child JVM started with {@code -Dacceljce.selftest.fail=awslc}:
 * every AWS-LC test fails, so Ed25519 and X25519 run on OpenSSL (not the JDK: OpenSSL's tests
 * passed), XChaCha20-Poly1305, which only AWS-LC runs, is not served, and the report says why.
 * Prints {@link #DONE} when every check held; throws otherwise.
 */
public final class EngineSelfTestFailureChild {
    static final String DONE = "engine self-test failure path: all checks held";

    private EngineSelfTestFailureChild() {}

    public static void main(String[] args) throws Exception {
        check(Engine.AWSLC.available(), "AWS-LC is not loaded: " + Engine.AWSLC.unavailableReason());
        Provider accel = new AccelJceProvider();
        check(
                Dispatch.engine(Family.EDDSA, java.util.EnumSet.of(Engine.OPENSSL, Engine.AWSLC)) == Engine.OPENSSL,
                "EdDSA still chose AWS-LC");
        check(!Health.engineHealthy(Family.EDDSA, Engine.AWSLC), "EdDSA on AWS-LC not marked unhealthy");
        check(Health.engineHealthy(Family.EDDSA, Engine.OPENSSL), "EdDSA on OpenSSL marked unhealthy");

        Counters.Row before = Counters.of("Signature.Ed25519");
        KeyPair pair = KeyPairGenerator.getInstance("Ed25519", accel).generateKeyPair();
        Signature s = Signature.getInstance("Ed25519", accel);
        s.initSign(pair.getPrivate());
        s.update("abc".getBytes(StandardCharsets.US_ASCII));
        byte[] sig = s.sign();
        Signature v = Signature.getInstance("Ed25519", Providers.jdk("Signature", "Ed25519"));
        v.initVerify(pair.getPublic());
        v.update("abc".getBytes(StandardCharsets.US_ASCII));
        check(v.verify(sig), "the OpenSSL signature does not verify with the JDK");
        Counters.Row d = CounterDeltas.since(before);
        check(d.nativeOps() == 1 && d.awslcOps() == 0, "Ed25519 did not run on OpenSSL: " + d);

        try {
            Cipher.getInstance("XChaCha20-Poly1305", accel);
            throw new AssertionError("XChaCha20-Poly1305 served although AWS-LC failed its self-test");
        } catch (NoSuchAlgorithmException expected) {
            // only AWS-LC runs it, and the JDK has none
        }

        SelfTest.Report report = Health.report();
        SelfTest.FamilyStatus eddsaOnAwsLc = report.of(Family.EDDSA, Engine.AWSLC);
        check(eddsaOnAwsLc.status() == SelfTest.Status.FAILED, "report: " + eddsaOnAwsLc);
        check(eddsaOnAwsLc.reason().contains(SelfTest.FAIL_PROPERTY), "reason: " + eddsaOnAwsLc.reason());
        check(
                report.of(Family.EDDSA).status() == SelfTest.Status.PASSED,
                "EdDSA's native path: " + report.of(Family.EDDSA));
        check(
                report.results().stream()
                        .anyMatch(r ->
                                r.throughSpi() && r.engine() == Engine.OPENSSL && r.status() == SelfTest.Status.PASSED),
                "no OpenSSL test through an SPI class passed");
        System.out.println(DONE);
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
