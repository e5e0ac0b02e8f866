package dev.acceljce.jdk;

import dev.acceljce.openssl.FipsModule;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.Security;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The JDK's own providers, which AccelJCE falls back to.
 *
 * <p>An application may remove them from the provider list after installing AccelJCE (the
 * strongest proof that AccelJCE serves TLS is to remove SunEC and SunRsaSign). They cannot be
 * re-created then: SUN, SunRsaSign, SunEC and SunJCE are not offered through ServiceLoader. So
 * {@link #remember()} keeps a reference to each one present when an AccelJCE provider is
 * constructed, and look-ups use the live list first, then what was remembered. A JDK provider that
 * was never configured in this JVM cannot serve as a fallback (its classes are in java.base, but
 * in packages java.base does not export): the native path then serves alone, and services that only
 * the JDK can serve are not registered (see {@code ServiceTable.Builder#register}).
 *
 * <p>In FIPS mode ({@code acceljce.fips=true}) there is no JDK path at all: every look-up here
 * finds nothing, and {@link #forService} refuses with "not approved in FIPS mode". This class is
 * the one door to the JDK's providers, so closing it here closes every fallback and every
 * internal hand-off. (The file check of the bundled library and module while they are being
 * loaded takes SHA-256 from SUN itself, in {@code foreign/BundledLibrary}: it serves no caller.)
 */
public final class JdkProviders {
    /** The JDK providers AccelJCE falls back to, in the order searched. */
    private static final List<String> NAMES = List.of("SUN", "SunRsaSign", "SunEC", "SunJCE");

    private static final Map<String, Provider> REMEMBERED = new ConcurrentHashMap<>();

    private JdkProviders() {}

    /** Keeps the JDK providers present now, for use after they are removed from the list. */
    public static void remember() {
        for (String name : NAMES) {
            Provider p = Security.getProvider(name);
            if (p != null) {
                REMEMBERED.putIfAbsent(name, p);
            }
        }
    }

    private static Provider lookup(String name) {
        Provider p = Security.getProvider(name);
        return p != null ? p : REMEMBERED.get(name);
    }

    /** Whether the JDK path is closed: FIPS mode (read from the system property, once per JVM). */
    private static final boolean CLOSED = FipsModule.requested();

    /** The JDK provider that implements {@code type.algorithm} (standard name or alias). */
    public static Provider forService(String type, String algorithm) throws NoSuchAlgorithmException {
        Provider p = find(type, algorithm);
        if (p == null) {
            throw new NoSuchAlgorithmException(missing(type, algorithm));
        }
        return p;
    }

    /**
     * The JDK provider that implements {@code type.algorithm}, or null when none is installed or
     * remembered: native objects that hand rare cases to the JDK ask this, and serve without it.
     */
    public static Provider find(String type, String algorithm) {
        return CLOSED ? null : lookupService(type, algorithm);
    }

    private static Provider lookupService(String type, String algorithm) {
        for (String name : NAMES) {
            Provider p = lookup(name);
            if (p != null && p.getService(type, algorithm) != null) {
                return p;
            }
        }
        return null;
    }

    /** The JDK providers AccelJCE falls back to that are neither installed nor remembered. */
    public static List<String> absent() {
        return NAMES.stream().filter(n -> lookup(n) == null).toList();
    }

    /** Why a JDK object of {@code type.algorithm} cannot be had: the message of every such refusal. */
    public static String missing(String type, String algorithm) {
        if (CLOSED) {
            return type + "." + algorithm + " through the JDK's provider: " + FipsModule.NOT_APPROVED
                    + " (AccelJCE has no JDK path in FIPS mode)";
        }
        return "no JDK provider implements " + type + "." + algorithm + " (the JDK's provider of this family"
                + " was not installed when AccelJCE was constructed)";
    }

    /**
     * Whether some JDK provider implements {@code type.algorithm}; for a Cipher transformation
     * such as "AES/CBC/PKCS5Padding", whether one serves it through its algorithm's service.
     */
    public static boolean has(String type, String algorithm) {
        try {
            forService(type, algorithm);
            return true;
        } catch (NoSuchAlgorithmException e) {
            return type.equals("Cipher") && algorithm.indexOf('/') > 0 && servesTransformation(algorithm);
        }
    }

    private static boolean servesTransformation(String transformation) {
        if (CLOSED) {
            return false;
        }
        for (String name : NAMES) {
            Provider p = lookup(name);
            if (p == null) {
                continue;
            }
            try {
                javax.crypto.Cipher.getInstance(transformation, p);
                return true;
            } catch (NoSuchAlgorithmException | javax.crypto.NoSuchPaddingException e) {
                // not this provider
            }
        }
        return false;
    }
}
