package dev.acceljce.policy;

import dev.acceljce.ServiceTable;
import dev.acceljce.control.Crossovers;

/**
 * The engine types that can pick their path per message (policy auto): a message's size is known
 * before it must go anywhere, because its start can be held in Java until it either ends (a small
 * message) or grows past the crossover (a large one).
 */
public final class PerMessage {
    private PerMessage() {}

    /**
     * A factory of per-message objects for {@code type}, taking the {@link Crossovers.Crossover} as
     * its parameter; null for types that choose per object.
     */
    public static ServiceTable.Factory factory(String type, String algorithm) {
        return switch (type) {
            case "MessageDigest" -> c -> new PerMessageDigest(algorithm, (Crossovers.Crossover) c);
            case "Mac" -> c -> new PerMessageMac(algorithm, (Crossovers.Crossover) c);
            default -> null;
        };
    }
}
