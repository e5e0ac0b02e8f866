package dev.acceljce.signature;

import org.junit.jupiter.api.function.Executable;

/** Asks the JDK what it throws for a call, so a test can expect the same from AccelJCE. */
final class KeysTestSupport {
    private KeysTestSupport() {}

    static Class<? extends Throwable> thrownBy(Executable call) {
        try {
            call.execute();
        } catch (Throwable t) {
            return t.getClass();
        }
        throw new AssertionError("the JDK accepted the call");
    }
}
