package dev.acceljce.jdk;

import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.Security;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The JDK's own providers, found even when an application removed them from the provider list
 * (AccelJCE's fallback path must not depend on the list it may replace).
 */
public final class JdkProviders {
    /** The JDK providers AccelJCE falls back to, in the order searched. */
    private static final List<String> NAMES = List.of("SUN", "SunRsaSign", "SunEC", "SunJCE");
    private static final List<Provider> PROVIDERS = find();

    private JdkProviders() {}

    private static List<Provider> find() {
        List<Provider> out = new ArrayList<>();
        for (String name : NAMES) {
            Provider p = Security.getProvider(name);
            if (p == null) {
                // removed from the list: instantiate it again from the platform's service loader
                for (Provider candidate : ServiceLoader.load(Provider.class, ClassLoader.getPlatformClassLoader())) {
                    if (candidate.getName().equals(name)) {
                        p = candidate;
                        break;
                    }
                }
            }
            if (p != null) {
                out.add(p);
            }
        }
        return List.copyOf(out);
    }

    /** The JDK provider that implements {@code type.algorithm} (standard name or alias). */
    public static Provider forService(String type, String algorithm) throws NoSuchAlgorithmException {
        for (Provider p : PROVIDERS) {
            if (p.getService(type, algorithm) != null) {
                return p;
            }
        }
        throw new NoSuchAlgorithmException("no JDK provider implements " + type + "." + algorithm);
    }

    /** Whether some JDK provider implements {@code type.algorithm}. */
    public static boolean has(String type, String algorithm) {
        for (Provider p : PROVIDERS) {
            if (p.getService(type, algorithm) != null) {
                return true;
            }
        }
        return false;
    }
}
