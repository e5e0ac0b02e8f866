package dev.acceljce.cipher;

import dev.acceljce.control.Counted;
import dev.acceljce.control.Counters;
import dev.acceljce.control.Engine;

/**
 * Where one cipher object's work is counted: the tally the decision point attached (see
 * {@code control/Dispatch.created}) for the path it chose, and, for the work the object hands to
 * the JDK's provider internally (a mode, padding or IV OpenSSL does not take), the JDK path of the
 * same service, registered once per object at its first count. The SPI forwards
 * {@link Counted#attach} here; its engines count through {@link #nativePath} or {@link #jdkPath}.
 */
final class Tallies {
    private final Object owner;
    private Counters.Tally attached = Counters.Tally.NONE;
    private Counters.Tally handedToJdk;

    /** {@code owner} is the SPI object the counts are for. */
    Tallies(Object owner) {
        this.owner = owner;
    }

    void attach(Counters.Tally tally) {
        this.attached = tally;
    }

    /** The tally native work on OpenSSL is counted on: the one attached. */
    Counters.Tally nativePath() {
        return attached;
    }

    /** The tally native work on {@code engine} is counted on (the attached one's lane of that library). */
    Counters.Tally nativePath(Engine engine) {
        return attached.on(engine);
    }

    /**
     * The tally JDK work is counted on: the attached one itself when the decision point made the
     * object on the JDK path, else that service's JDK path (see {@link Counters.Tally#handedToJdk}).
     */
    Counters.Tally jdkPath() {
        if (handedToJdk == null) {
            handedToJdk = attached.handedToJdk(owner);
        }
        return handedToJdk;
    }
}
