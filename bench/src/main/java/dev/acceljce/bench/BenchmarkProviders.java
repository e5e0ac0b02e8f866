package dev.acceljce.bench;

import com.amazon.corretto.crypto.provider.AmazonCorrettoCryptoProvider;
import com.sun.management.HotSpotDiagnosticMXBean;
import dev.acceljce.AccelJceProvider;
import java.lang.management.ManagementFactory;
import java.security.GeneralSecurityException;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.Security;
import java.util.List;
import javax.crypto.NoSuchPaddingException;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.conscrypt.Conscrypt;

/**
 * Turns a benchmark's {@code provider} parameter into the engine object under test.
 *
 * <ul>
 * <li>{@code AccelJCE}: a fresh {@link AccelJceProvider} (not installed in the provider list)
 *     under the policy the JVM was started with: the default ({@code auto}, the built-in
 *     crossovers or the profile) unless {@code acceljce.policy} is set, as a user gets it;
 * <li>{@code AccelJCE-native}: one under policy {@code native} (OpenSSL for everything it serves);
 *     {@code AccelJCE-auto} forces policy auto whatever the JVM was started with;
 * <li>{@code AccelJCE-openssl} and {@code AccelJCE-awslc}: the default policy with one native
 *     library forced ({@code acceljce.engine}), for the families two libraries serve: the rows
 *     that show what each engine does and whether {@code auto}'s choice between them is right
 *     (a service one library does not run stays on the other);
 * <li>{@code JDK}: the JDK's own provider of the service (SUN for digests, SunJCE for ciphers and
 *     MACs, ...), found in the provider list; {@code JDK-sw} is the same provider in a JVM started
 *     with HotSpot's AES, GHASH and SHA intrinsics off ({@link #JDK_SW_FLAGS}, the seed's "native
 *     disabled"); it refuses to run in a JVM where they are on;
 * <li>{@code ACCP} (Amazon Corretto Crypto Provider, AWS-LC), {@code Conscrypt} (BoringSSL) and
 *     {@code BC} (Bouncy Castle, pure Java): the peers a user would pick instead.
 * </ul>
 * The Provider object is passed to {@code getInstance}, so no provider list order is involved. A
 * provider that does not serve an algorithm fails the benchmark with {@link NotOffered}, whose
 * message {@code acceljce bench} recognises and reports as "not offered": never another
 * provider's number.
 */
public final class BenchmarkProviders {
    public static final String ACCELJCE = "AccelJCE";
    public static final String ACCELJCE_NATIVE = "AccelJCE-native";
    public static final String ACCELJCE_AUTO = "AccelJCE-auto";
    public static final String ACCELJCE_OPENSSL = "AccelJCE-openssl";
    public static final String ACCELJCE_AWSLC = "AccelJCE-awslc";
    public static final String JDK = "JDK";
    public static final String JDK_SW = "JDK-sw";
    public static final String ACCP = "ACCP";
    public static final String CONSCRYPT = "Conscrypt";
    public static final String BC = "BC";

    /** Every value a {@code provider} parameter takes, in the order reports list them. */
    public static final List<String> ALL =
            List.of(ACCELJCE, ACCELJCE_NATIVE, ACCELJCE_OPENSSL, ACCELJCE_AWSLC, JDK, JDK_SW, ACCP, CONSCRYPT, BC);

    /** AccelJCE with one native library forced, per engine (not in the peer parts by default). */
    public static final List<String> ENGINES = List.of(ACCELJCE_OPENSSL, ACCELJCE_AWSLC);

    /** The JVM options that make a {@code JDK-sw} fork: HotSpot's crypto intrinsics off. */
    public static final List<String> JDK_SW_FLAGS = List.of(
            "-XX:+UnlockDiagnosticVMOptions",
            "-XX:-UseAESIntrinsics",
            "-XX:-UseAESCTRIntrinsics",
            "-XX:-UseGHASHIntrinsics",
            "-XX:-UseSHA1Intrinsics",
            "-XX:-UseSHA256Intrinsics",
            "-XX:-UseSHA512Intrinsics");

    /**
     * Thrown when the chosen provider does not serve what a benchmark measures. The message
     * starts with {@link #MARKER}: the benchmark runner looks for it in a failed run's output.
     */
    public static final class NotOffered extends IllegalStateException {
        public static final String MARKER = "NOT OFFERED:";

        NotOffered(String provider, String what, Throwable cause) {
            super(MARKER + " " + provider + " does not serve " + what, cause);
        }
    }

    /** An engine factory: {@code Cipher::getInstance}, {@code Mac::getInstance}, ... */
    @FunctionalInterface
    interface Engine<T> {
        T getInstance(String algorithm, Provider provider) throws GeneralSecurityException;
    }

    private BenchmarkProviders() {}

    /**
     * The engine for {@code type.algorithm} from the chosen provider; {@link NotOffered} when that
     * provider does not serve the algorithm.
     */
    static <T> T engine(String choice, String type, String algorithm, Engine<T> engine) {
        Provider provider = provider(choice, type, algorithm);
        T object;
        try {
            object = engine.getInstance(algorithm, provider);
        } catch (NoSuchAlgorithmException | NoSuchPaddingException e) {
            throw new NotOffered(choice, type + "." + algorithm, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(choice + ": " + type + "." + algorithm + ": " + e, e);
        }
        String got = providerName(object);
        if (got != null && !got.equals(provider.getName())) {
            throw new IllegalStateException(type + "." + algorithm + " asked of " + provider.getName() + " came from "
                    + got + ": not measuring it");
        }
        return object;
    }

    /**
     * The provider object {@code choice} names, for services of {@code type} ({@code JDK} picks the
     * JDK provider that serves {@code type.algorithm}).
     */
    static Provider provider(String choice, String type, String algorithm) {
        return switch (choice) {
            case ACCELJCE -> new AccelJceProvider();
            case ACCELJCE_NATIVE -> withPolicy("native");
            case ACCELJCE_AUTO -> withPolicy("auto");
            case ACCELJCE_OPENSSL -> withEngine("openssl");
            case ACCELJCE_AWSLC -> withEngine("awslc");
            case JDK -> jdk(type, algorithm);
            case JDK_SW -> {
                requireIntrinsicsOff();
                yield jdk(type, algorithm);
            }
            case ACCP -> accp();
            case CONSCRYPT -> Conscrypt.newProvider();
            case BC -> new BouncyCastleProvider();
            default ->
                throw new IllegalArgumentException("provider must be one of " + ALL + ", " + ACCELJCE_OPENSSL + ", "
                        + ACCELJCE_AWSLC + ", not " + choice);
        };
    }

    /**
     * The provider to install first in the provider list for a whole-stack benchmark (TLS):
     * null for {@code JDK} and {@code JDK-sw} (the list as the JDK ships it).
     */
    static Provider toInstall(String choice) {
        return switch (choice) {
            case JDK -> null;
            case JDK_SW -> {
                requireIntrinsicsOff();
                yield null;
            }
            default -> provider(choice, "", "");
        };
    }

    private static Provider withPolicy(String policy) {
        // the policy is read when an object is created: set before any getInstance
        dev.acceljce.control.Settings.set("acceljce.policy", policy);
        return new AccelJceProvider();
    }

    private static Provider withEngine(String engine) {
        // read when an object is created, as the policy: set before any getInstance
        dev.acceljce.control.Settings.set("acceljce.engine", engine);
        return new AccelJceProvider();
    }

    private static Provider accp() {
        AmazonCorrettoCryptoProvider accp = AmazonCorrettoCryptoProvider.INSTANCE;
        if (accp.getLoadingError() != null) {
            throw new IllegalStateException("ACCP did not load its native library", accp.getLoadingError());
        }
        return accp;
    }

    private static Provider jdk(String type, String algorithm) {
        // a transformation ("RSA/ECB/OAEPPadding") may be served by its base algorithm's service
        String base = algorithm.split("/")[0];
        for (Provider p : Security.getProviders()) {
            if (!p.getName().equals(AccelJceProvider.NAME)
                    && (p.getService(type, algorithm) != null || p.getService(type, base) != null)) {
                return p;
            }
        }
        throw new NotOffered(JDK, type + "." + algorithm, null);
    }

    private static void requireIntrinsicsOff() {
        HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        for (String flag : JDK_SW_FLAGS) {
            if (flag.startsWith("-XX:-")) {
                String name = flag.substring(5);
                if (!hotspot.getVMOption(name).getValue().equals("false")) {
                    throw new IllegalStateException(JDK_SW + " needs a JVM started with "
                            + String.join(" ", JDK_SW_FLAGS) + " (" + name + " is on here)");
                }
            }
        }
    }

    /** The name of the provider a JCA engine object came from, or null for a type not listed. */
    private static String providerName(Object engine) {
        return switch (engine) {
            case javax.crypto.Cipher c -> c.getProvider().getName();
            case javax.crypto.Mac m -> m.getProvider().getName();
            case java.security.MessageDigest d -> d.getProvider().getName();
            case java.security.Signature s -> s.getProvider().getName();
            case java.security.KeyPairGenerator g -> g.getProvider().getName();
            case java.security.KeyFactory f -> f.getProvider().getName();
            case javax.crypto.KeyAgreement a -> a.getProvider().getName();
            case javax.crypto.SecretKeyFactory f -> f.getProvider().getName();
            case java.security.SecureRandom r -> r.getProvider().getName();
            case javax.crypto.KDF k -> k.getProviderName();
            default -> null;
        };
    }
}
