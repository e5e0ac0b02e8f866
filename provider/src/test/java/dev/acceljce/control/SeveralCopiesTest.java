package dev.acceljce.control;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.testing.ChildJvm;
import dev.acceljce.testing.Providers;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Several copies of AccelJCE in one JVM (two web applications that each carry the jar): each
 * registers its MBeans under a name of its own, counts its own work, and unregisters without
 * taking the others' MBeans or keeping its class loader alive. A JVM of its own, so no copy of
 * this one's has registered first.
 */
class SeveralCopiesTest {
    @Test
    void eachCopyHasItsOwnMBeans() throws Exception {
        Providers.requireNative();
        String out = ChildJvm.run(List.of("-Xmx256m"), SeveralCopiesChild.class, 180);
        assertTrue(out.contains(SeveralCopiesChild.DONE), out);
    }
}
