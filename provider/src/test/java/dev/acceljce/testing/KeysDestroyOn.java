package dev.acceljce.testing;

import dev.acceljce.control.Settings;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs a test class with {@code acceljce.keys.destroy=true} (a run-time override, removed after
 * the class): for the tests of what destroying a key does (engines freeing their references, a
 * destroyed key refused), which by default {@code destroy()} no longer does for RSA, EC, EdDSA and
 * XDH keys. Test classes run one after another in the suite's JVM, so the override reaches no
 * other class.
 */
public final class KeysDestroyOn implements BeforeAllCallback, AfterAllCallback {
    @Override
    public void beforeAll(ExtensionContext context) {
        Settings.set(Settings.KEYS_DESTROY, "true");
    }

    @Override
    public void afterAll(ExtensionContext context) {
        Settings.set(Settings.KEYS_DESTROY, null);
    }
}
