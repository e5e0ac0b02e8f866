package dev.acceljce.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.acceljce.awslc.AwsLc;
import dev.acceljce.control.Dispatch;
import dev.acceljce.control.Engine;
import dev.acceljce.control.Family;
import dev.acceljce.control.Settings;
import java.util.Set;

/**
 * Runs a family's tests on one engine: sets {@code acceljce.engine.<family>} and checks that a new
 * object of a service offering {@code offered} gets that library. AWS-LC's cases are skipped,
 * with the reason, where it is not loaded. {@link #reset} goes back to the default.
 */
public final class EngineChoice {
    private EngineChoice() {}

    public static void use(Family family, Engine engine, Set<Engine> offered) {
        if (engine == Engine.AWSLC) {
            assumeTrue(AwsLc.isAvailable(), "AWS-LC is not loaded: " + AwsLc.unavailableReason());
        }
        Settings.set("acceljce.engine." + family.property(), engine.property());
        assertEquals(engine, Dispatch.engine(family, offered));
    }

    public static void reset(Family family) {
        Settings.set("acceljce.engine." + family.property(), null);
    }
}
