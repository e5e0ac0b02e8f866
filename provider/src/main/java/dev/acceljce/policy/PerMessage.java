package dev.acceljce.policy;

import java.security.GeneralSecurityException;
import java.security.Provider;
import java.security.ProviderException;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.ServiceTable;
import dev.acceljce.control.Crossovers;
import dev.acceljce.control.Path;

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
    public static ServiceTable.Factory factory(String type, String algorithm) {
        return switch (type) {
            case "MessageDigest" -> c -> new PerMessageDigest(algorithm, (Crossovers.Crossover) c);
            case "Mac" -> c -> new PerMessageMac(algorithm, (Crossovers.Crossover) c);
            case "Cipher" -> algorithm.indexOf('/') > 0
                    ? c -> new PerMessageCipher(algorithm, (Crossovers.Crossover) c) : null;
            default -> null;
        };
    }

    /** How a per-message object gets one of its two engines from a path's provider view. */
    @FunctionalInterface
    interface Lookup<T> {
        T from(Provider pathView) throws GeneralSecurityException;
    }

    /** The engine for {@code algorithm} on {@code path} (AccelJCE registered it on both). */
    static <T> T engine(String algorithm, Path path, Lookup<T> lookup) {
        try {
            return lookup.from(AccelJceProvider.pathView(path));
        } catch (GeneralSecurityException e) {
            throw new ProviderException(algorithm + " on the " + path + " path", e);
        }
    }
}
