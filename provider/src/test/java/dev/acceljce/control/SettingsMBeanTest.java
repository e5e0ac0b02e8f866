package dev.acceljce.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.testing.Providers;
import java.lang.management.ManagementFactory;
import java.security.MessageDigest;
import java.time.Duration;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/** Switches changed over JMX apply to objects created after the change. */
class SettingsMBeanTest {
    @Test
    void aSwitchFlippedOverJmxRoutesNewObjectsToTheJdk() throws Exception {
        Providers.ACCEL.getName();
        assertTrue(Management.awaitRegistration(Duration.ofSeconds(30)), Management.status());
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        ObjectName name = new ObjectName(SettingsMXBean.OBJECT_NAME);
        try {
            server.invoke(name, "set", new Object[] {"acceljce.native.digest", "false"}, new String[] {
                String.class.getName(), String.class.getName()
            });
            long jdk = Decisions.count("MessageDigest", "SHA3-384", Path.JDK);
            MessageDigest.getInstance("SHA3-384", Providers.ACCEL);
            assertEquals(jdk + 1, Decisions.count("MessageDigest", "SHA3-384", Path.JDK));
            assertEquals("false", server.invoke(name, "get", new Object[] {"acceljce.native.digest"}, new String[] {
                String.class.getName()
            }));
        } finally {
            server.invoke(
                    name, "clear", new Object[] {"acceljce.native.digest"}, new String[] {String.class.getName()});
        }
        long nat = Decisions.count("MessageDigest", "SHA3-384", Path.NATIVE);
        MessageDigest.getInstance("SHA3-384", Providers.ACCEL);
        assertEquals(nat + 1, Decisions.count("MessageDigest", "SHA3-384", Path.NATIVE));
    }
}
