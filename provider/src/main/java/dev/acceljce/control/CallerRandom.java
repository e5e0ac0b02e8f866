package dev.acceljce.control;

import java.security.Provider;
import java.security.SecureRandom;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * The one rule for a {@code SecureRandom} a caller passes to a public-key operation
 * ({@code KeyPairGenerator.initialize}, {@code Signature.initSign}, {@code Cipher.init} for RSA
 * encryption, {@code KEM.newEncapsulator}): the JCA calls it "the source of randomness", and the
 * JDK's providers draw key material, ECDSA nonces, PSS salts, OAEP seeds and ML-KEM/ML-DSA
 * randomness from it. OpenSSL draws from its own DRBG. So the native path may serve the call only
 * when the caller's source is no different from ours ({@link #nativeMayIgnore}):
 * <ul>
 *   <li>none ({@code null});
 *   <li>AccelJCE's own {@code SecureRandom} ("DRBG" of this provider, either path);
 *   <li>one of the JDK's default strong, non-deterministic sources: an object of exactly the class
 *       {@code java.security.SecureRandom} from the SUN provider with the algorithm DRBG,
 *       NativePRNG, NativePRNGBlocking or NativePRNGNonBlocking. That is what {@code new
 *       SecureRandom()}, {@code SecureRandom.getInstanceStrong()} and the JCA's own default (which
 *       {@code KeyPairGenerator.initialize(spec)} and {@code Cipher.init(mode, key)} pass) give on
 *       Linux, and what SunJSSE passes in every handshake unless the application gave
 *       {@code SSLContext.init} a source of its own.
 * </ul>
 * Anything else goes to the JDK's provider, which uses it: SHA1PRNG (deterministic when seeded
 * before first use), any subclass of SecureRandom (its methods may return anything), any other
 * provider's source (an HSM's, a FIPS-approved one).
 *
 * <p>Where no JDK provider can take the call (FIPS mode, where the module's approved DRBG must
 * serve; or the JDK's provider of the family absent from the JVM) the native path serves and the
 * caller's source is not used; the call trace says so.
 */
public final class CallerRandom {
    /** The SUN provider's non-deterministic algorithms (not SHA1PRNG). */
    private static final Set<String> JDK_STRONG =
            Set.of("DRBG", "NativePRNG", "NativePRNGBlocking", "NativePRNGNonBlocking");

    /**
     * AccelJCE's provider class, by name: this layer sits below it and must not import it. Checked
     * with this class's loader, so a second copy of AccelJCE in another loader counts as another
     * provider (its calls are handed off, which is always correct).
     */
    private static final String OWN_PROVIDER = "dev.acceljce.AccelJceProvider";

    /** What the capability report and the docs say the services hand to the JDK for this rule. */
    public static final String HAND_OFF =
            "a caller's SecureRandom other than AccelJCE's DRBG and the JDK's default strong ones";

    private CallerRandom() {}

    /**
     * Whether {@code random} is no different from the source the native path draws from, so the
     * native path may serve a call given it. The rule of this class; cheap enough for every
     * handshake (a class, a provider and an algorithm name compared).
     */
    public static boolean nativeMayIgnore(SecureRandom random) {
        if (random == null) {
            return true;
        }
        if (random.getClass() != SecureRandom.class) {
            return false; // a subclass: its nextBytes may be anything
        }
        Provider p = random.getProvider();
        if (p == null) {
            return false;
        }
        Class<?> pc = p.getClass();
        if (pc.getName().equals(OWN_PROVIDER) && pc.getClassLoader() == CallerRandom.class.getClassLoader()) {
            return "DRBG".equals(random.getAlgorithm());
        }
        // the JDK's SUN provider (java.base), not a look-alike named "SUN"
        return p.getName().equals("SUN")
                && pc.getModule() == Object.class.getModule()
                && JDK_STRONG.contains(random.getAlgorithm());
    }

    /**
     * Decides a call given {@code random}: true when it must go to the JDK's provider (the source
     * differs from ours and {@code jdkAvailable} says a JDK provider can take it; asked only then),
     * false when the native path serves. Either way a source that differs is traced with the
     * reason ({@code type.algorithm}: what is called).
     */
    public static boolean handToJdk(SecureRandom random, String type, String algorithm, BooleanSupplier jdk) {
        if (nativeMayIgnore(random)) {
            return false;
        }
        boolean jdkAvailable = jdk.getAsBoolean();
        if (Trace.calls()) {
            Trace.decision(
                    type,
                    algorithm,
                    jdkAvailable
                            ? "hands to the JDK: the caller's SecureRandom (" + describe(random) + ") is not ours"
                            : "native, the caller's SecureRandom (" + describe(random) + ") not used:"
                                    + " no JDK provider to take it (FIPS mode, or removed)");
        }
        return jdkAvailable;
    }

    /** The source as the trace names it: class, algorithm and provider. */
    static String describe(SecureRandom random) {
        Provider p = random.getProvider();
        return random.getClass().getName() + ", " + random.getAlgorithm() + " from "
                + (p == null ? "no provider" : p.getName());
    }
}
