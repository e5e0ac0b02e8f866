package dev.acceljce.policy;

import dev.acceljce.control.Crossovers;
import dev.acceljce.control.Path;
import dev.acceljce.control.PathViews;
import java.security.GeneralSecurityException;
import java.security.Provider;
import java.security.ProviderException;

/**
 * The engine types that can pick their path per message (policy auto): a message's size is known
 * before it must go anywhere, because its start can be held in Java until it either ends (a small
 * message) or grows past the crossover (a large one).
 */
public final class PerMessage {
    private PerMessage() {}

    /**
     * A factory of per-message objects for {@code type}, taking the {@link Crossovers.Crossover} as
     * its parameter; null for types (and Cipher services named without mode and padding, on which
     * the JCA may still set them) that choose per object.
     */
    public static Maker factory(String type, String algorithm) {
        return switch (type) {
            case "MessageDigest" -> c -> new PerMessageDigest(algorithm, c);
            case "Mac" -> c -> new PerMessageMac(algorithm, c);
            case "Cipher" -> algorithm.indexOf('/') > 0 ? c -> new PerMessageCipher(algorithm, c) : null;
            default -> null;
        };
    }

    /** Makes a per-message SPI object that switches at {@code crossover}. */
    @FunctionalInterface
    public interface Maker {
        Object create(Crossovers.Crossover crossover);
    }

    /** How a per-message object gets one of its two engines from a path's provider view. */
    @FunctionalInterface
    interface Lookup<T> {
        T from(Provider pathView) throws GeneralSecurityException;
    }

    /** The engine for {@code algorithm} on {@code path} (AccelJCE registered it on both). */
    static <T> T engine(String algorithm, Path path, Lookup<T> lookup) {
        try {
            return lookup.from(PathViews.of(path));
        } catch (GeneralSecurityException e) {
            throw new ProviderException(algorithm + " on the " + path + " path", e);
        }
    }
}
