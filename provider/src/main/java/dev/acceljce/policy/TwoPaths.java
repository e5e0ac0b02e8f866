package dev.acceljce.policy;

import dev.acceljce.control.Crossovers;
import dev.acceljce.control.Path;
import java.nio.ByteBuffer;
import java.util.function.Consumer;

/**
 * The two engines of a per-message digest or MAC and the routing of each message between them:
 * the message's start is held in a {@link MessageHead} until the message ends below the crossover
 * (then the small-message engine takes it) or reaches it (then the large-message engine takes the
 * held bytes and the rest). Engines are created when first needed.
 */
final class TwoPaths<T> {
    /** How the engine type takes a run of bytes (MessageDigest and Mac share no interface). */
    @FunctionalInterface
    interface Feed<T> {
        void update(T engine, byte[] input, int offset, int len);
    }

    /** How the engine type is cloned. */
    @FunctionalInterface
    interface Cloner<T> {
        T copy(T engine) throws CloneNotSupportedException;
    }

    private final String algorithm;
    private final Crossovers.Crossover crossover;
    private final PerMessage.Lookup<T> lookup;
    private final Feed<T> feed;
    /** Runs on the large-message engine each time a message goes to it (a Mac keys it there). */
    private final Consumer<T> beforeLarge;

    private final MessageHead head;
    private T small;
    private T large;
    /** The large-message engine once a message reached the crossover; null while undecided. */
    private T active;

    TwoPaths(
            String algorithm,
            Crossovers.Crossover crossover,
            PerMessage.Lookup<T> lookup,
            Feed<T> feed,
            Consumer<T> beforeLarge) {
        this(algorithm, crossover, lookup, feed, beforeLarge, new MessageHead(crossover.threshold()));
    }

    private TwoPaths(
            String algorithm,
            Crossovers.Crossover crossover,
            PerMessage.Lookup<T> lookup,
            Feed<T> feed,
            Consumer<T> beforeLarge,
            MessageHead head) {
        this.algorithm = algorithm;
        this.crossover = crossover;
        this.lookup = lookup;
        this.feed = feed;
        this.beforeLarge = beforeLarge;
        this.head = head;
    }

    Crossovers.Crossover crossover() {
        return crossover;
    }

    private T on(Path path) {
        return PerMessage.engine(algorithm, path, lookup);
    }

    T small() {
        if (small == null) {
            small = on(crossover.below());
        }
        return small;
    }

    /** The small-message engine if it was created, else null. */
    T createdSmall() {
        return small;
    }

    /** The message reached the crossover: hand the held bytes to the large-message engine. */
    private void goLarge() {
        if (large == null) {
            large = on(crossover.above());
        }
        beforeLarge.accept(large);
        active = large;
        feed.update(active, head.bytes(), 0, head.length());
        head.clear();
    }

    /**
     * Whether {@code n} more bytes are held (the message stays below the crossover); when not, the
     * large-message engine has taken over and {@link #active()} takes them.
     */
    private boolean holds(long n) {
        if (active != null) {
            return false;
        }
        if (head.fits(n)) {
            return true;
        }
        goLarge();
        return false;
    }

    /** Holds {@code input} if the message stays below the crossover; false: give it to {@link #active()}. */
    boolean held(byte input) {
        if (!holds(1)) {
            return false;
        }
        head.add(input);
        return true;
    }

    /** As {@link #held(byte)}, for {@code input[offset..offset+len)}. */
    boolean held(byte[] input, int offset, int len) {
        if (!holds(len)) {
            return false;
        }
        head.add(input, offset, len);
        return true;
    }

    /** As {@link #held(byte)}, for the buffer's remaining bytes. */
    boolean held(ByteBuffer input) {
        if (!holds(input.remaining())) {
            return false;
        }
        head.add(input);
        return true;
    }

    /** The large-message engine that took over the message in progress. */
    T active() {
        return active;
    }

    /**
     * The engine that finishes the message in progress: the large-message one, or the small-message
     * one given the held bytes. The next message starts undecided.
     */
    T finisher() {
        T f = active;
        if (f == null) {
            f = small();
            feed.update(f, head.bytes(), 0, head.length());
            head.clear();
        }
        active = null;
        return f;
    }

    /** Drops the message in progress: the held bytes, and {@code reset} the large-message engine if it took over. */
    void reset(Consumer<T> reset) {
        head.clear();
        if (active != null) {
            reset.accept(active);
            active = null;
        }
    }

    /** A copy with cloned engines, calling {@code beforeLarge} (the copied owner's) when going large. */
    TwoPaths<T> copy(Cloner<T> cloner, Consumer<T> beforeLarge) throws CloneNotSupportedException {
        TwoPaths<T> c = new TwoPaths<>(algorithm, crossover, lookup, feed, beforeLarge, head.copy());
        c.small = small == null ? null : cloner.copy(small);
        c.large = large == null ? null : cloner.copy(large);
        c.active = active == null ? null : c.large;
        return c;
    }
}
