package dev.acceljce.fuzz;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.openssl.OpenSslException;
import java.nio.ByteBuffer;
import java.security.Provider;
import java.security.Security;
import java.util.HexFormat;
import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * The differential core of every target: one step runs on AccelJCE's object and on the JDK's, and
 * both must end the same way (equal results, or exceptions of the same class). Whatever AccelJCE
 * throws must also be a JCA exception: an {@link OpenSslException}, a freed-object or
 * concurrent-use {@link IllegalStateException} is a finding even if the JDK happened to throw too.
 * A finding is an {@link AssertionError}, which Jazzer reports with the input that caused it.
 */
final class Both {
    /** One AccelJCE instance for the whole fuzzing run, as an application would have. */
    static final Provider ACCEL = new AccelJceProvider();
    /** -Dacceljce.fuzz.trace=true prints every step and its outcome (to replay a finding). */
    private static final boolean TRACE = Boolean.getBoolean("acceljce.fuzz.trace");

    private Both() {}

    /** The JDK provider of a service. */
    static Provider jdk(String type, String algorithm) {
        for (String name : new String[] {"SUN", "SunRsaSign", "SunEC", "SunJCE"}) {
            Provider p = Security.getProvider(name);
            if (p != null && p.getService(type, algorithm) != null) {
                return p;
            }
        }
        throw new IllegalStateException("no JDK provider for " + type + "." + algorithm);
    }

    /** {@link #same} or {@link #sameEnding}, chosen at run time. */
    @FunctionalInterface
    interface Step {
        Outcome run(String step, Callable<?> ours, Callable<?> jdk);
    }

    /** How one call ended: a normalised result, or the class of what it threw. */
    record Outcome(String value, Throwable error) {
        boolean failed() {
            return error != null;
        }

        String describe() {
            return error != null ? error.getClass().getName() + ": " + error.getMessage() : value;
        }
    }

    /** Runs {@code c}, normalising its result; exceptions become the outcome, errors propagate. */
    static Outcome run(Callable<?> c) {
        try {
            return new Outcome(normalise(c.call()), null);
        } catch (Exception e) {
            return new Outcome(null, e);
        } catch (AssertionError e) {
            if (jdkInternal(e)) {
                return new Outcome(null, e); // a JDK assertion (tests run with -ea): see jdkBug
            }
            throw e;
        }
    }

    /** Whether {@code e} was thrown by the JDK's own provider code, not by a check of ours. */
    private static boolean jdkInternal(Throwable e) {
        StackTraceElement[] trace = e.getStackTrace();
        return trace.length > 0
                && (trace[0].getClassName().startsWith("com.sun.crypto.provider.")
                        || trace[0].getClassName().startsWith("sun.security."));
    }

    /** Runs one step on both, requires the same outcome; returns AccelJCE's. */
    static Outcome same(String step, Callable<?> ours, Callable<?> jdk) {
        Outcome a = run(ours);
        Outcome j = run(jdk);
        check(step, a, j, true);
        return a;
    }

    /** As {@link #same}, comparing only how the calls ended (for steps with random output). */
    static Outcome sameEnding(String step, Callable<?> ours, Callable<?> jdk) {
        Outcome a = run(ours);
        Outcome j = run(jdk);
        check(step, a, j, false);
        return a;
    }

    static void check(String step, Outcome ours, Outcome jdk, boolean values) {
        if (TRACE) {
            System.out.println(step + " -> " + ours.describe() + " | JDK " + jdk.describe());
        }
        ours(step, ours);
        if (jdkBug(ours, jdk)) {
            return;
        }
        if (ours.failed() != jdk.failed()
                || ours.failed() && ours.error.getClass() != jdk.error.getClass()
                || values && !ours.failed() && !Objects.equals(ours.value, jdk.value)) {
            AssertionError e =
                    new AssertionError(step + ": AccelJCE " + ours.describe() + " but the JDK " + jdk.describe());
            if (ours.error != null) {
                e.initCause(ours.error);
            }
            throw e;
        }
    }

    /**
     * The JDK's provider failed with an exception no JCA method declares where ours ended
     * properly: a bug of the JDK's (seen: SunJCE's AESWrap/AESWrapPad with inputs shorter than a
     * semiblock throw NegativeArraySizeException; SunEC's EC KeyPairGenerator forgets its curve when
     * it refuses initialize(448), and its next generateKeyPair throws a ProviderException caused by
     * a NullPointerException, where ours keeps the curve it had; SunJCE's KeyWrapCipher fails its
     * own assertion "encrypt buffer too small" under -ea, where ours encrypts). Ours is checked on
     * its own.
     */
    static boolean jdkBug(Outcome ours, Outcome jdk) {
        boolean bug = jdk.error instanceof NegativeArraySizeException
                || jdk.error instanceof ArrayIndexOutOfBoundsException
                        && !(ours.error instanceof IndexOutOfBoundsException)
                || jdk.error instanceof java.security.ProviderException
                        && jdk.error.getCause() instanceof NullPointerException
                || jdk.error instanceof AssertionError;
        return bug && (ours.error == null || ours.error instanceof java.security.GeneralSecurityException);
    }

    /** An AccelJCE outcome on its own: it may fail only with a JCA exception. */
    static void ours(String step, Outcome ours) {
        Throwable t = ours.error;
        if (t == null) {
            return;
        }
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof OpenSslException
                    || c instanceof IllegalStateException ise
                            && ise.getMessage() != null
                            && (ise.getMessage().contains("already freed")
                                    || ise.getMessage().startsWith("concurrent use"))) {
                throw new AssertionError(step + ": AccelJCE leaked " + c, t);
            }
        }
    }

    private static String normalise(Object o) {
        if (o == null) {
            return "null";
        }
        if (o instanceof byte[] b) {
            return HexFormat.of().formatHex(b);
        }
        if (o instanceof ByteBuffer b) {
            return "buffer(" + b.position() + "," + b.limit() + ")";
        }
        if (o instanceof Object[] a) {
            StringBuilder sb = new StringBuilder("[");
            for (Object e : a) {
                sb.append(normalise(e)).append(';');
            }
            return sb.append(']').toString();
        }
        return String.valueOf(o);
    }
}
