package dev.acceljce.control;

import java.security.Provider;
import java.util.function.Function;

/**
 * AccelJCE's path views: one provider per {@link Path} whose every object is served on that path
 * (see {@code AccelJceProvider.pathView}). Code below the provider class (the per-message engines
 * of policy auto, the AlgorithmParameters engines hand out) reaches them here, so that it does not
 * import the class that sits above it; the provider class installs them when it is initialised.
 */
public final class PathViews {
    private static volatile Function<Path, Provider> views;

    private PathViews() {}

    /** Called once by the provider class's static initialiser. */
    public static void install(Function<Path, Provider> pathViews) {
        views = pathViews;
    }

    /** The provider serving every object on {@code path}. */
    public static Provider of(Path path) {
        Function<Path, Provider> v = views;
        if (v == null) {
            // An SPI object made directly (a test, not through a provider): initialising the
            // provider class installs the views. By name, as this layer must not import it.
            try {
                Class.forName("dev.acceljce.AccelJceProvider", true, PathViews.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("AccelJCE's provider class is missing", e);
            }
            v = views;
        }
        return v.apply(path);
    }
}
