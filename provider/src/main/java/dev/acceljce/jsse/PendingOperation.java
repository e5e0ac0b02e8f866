package dev.acceljce.jsse;

import java.util.concurrent.Callable;

/**
 * The one piece of Java work a handshake is waiting for: a key manager's choice, a trust manager's
 * verdict, or a signature or decryption with a key libssl cannot hold. libssl's callback creates
 * it and says "retry"; the engine hands its {@link #task()} out as a delegated task (or runs it at
 * once, see {@link AccelSslEngine}); when libssl calls back again the callback takes the
 * {@link #outcome()}. The work runs without the engine's lock; {@link #finish} is called with it
 * held, so the engine's fields need no other guard.
 *
 * @param <T> what the work answers (null is an answer too: "no certificate", for instance)
 */
final class PendingOperation<T> {
    /** Which callback asked, so an answer is never taken by another one. */
    enum Kind {
        CHOOSE_CREDENTIALS,
        VERIFY_PEER,
        PRIVATE_KEY
    }

    /** What the work ended with: its value, or the problem that stopped it. */
    record Outcome<T>(T value, Throwable problem) {}

    private final Kind kind;
    private final Callable<T> work;
    private boolean handedOut;
    private Outcome<T> outcome;

    PendingOperation(Kind kind, Callable<T> work) {
        this.kind = kind;
        this.work = work;
    }

    Kind kind() {
        return kind;
    }

    /** Whether the work still waits to be handed out as a delegated task (NEED_TASK). */
    boolean awaitingTask() {
        return !handedOut;
    }

    boolean done() {
        return outcome != null;
    }

    /** The outcome, once {@link #done()}. */
    Outcome<T> outcome() {
        return outcome;
    }

    /**
     * Runs the work (on the caller's thread, no lock held) and gives its outcome to
     * {@code store}, which takes the engine's lock and calls {@link #finish}.
     */
    Runnable task(java.util.function.Consumer<Outcome<T>> store) {
        handedOut = true;
        return () -> store.accept(run());
    }

    /** The work's outcome, run here and now; exceptions become the outcome's problem. */
    Outcome<T> run() {
        handedOut = true;
        try {
            return new Outcome<>(work.call(), null);
        } catch (Throwable t) {
            return new Outcome<>(null, t);
        }
    }

    /** Stores the outcome (with the engine's lock held). */
    void finish(Outcome<T> o) {
        outcome = o;
    }
}
