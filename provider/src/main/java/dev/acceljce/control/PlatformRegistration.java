package dev.acceljce.control;

import java.lang.management.ManagementFactory;
import javax.management.InstanceAlreadyExistsException;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The only class that links against java.management; loaded only after {@link Management} checked
 * that the module is there.
 */
final class PlatformRegistration {
    private PlatformRegistration() {}

    /**
     * Registers {@code view} under {@link CountersMXBean#OBJECT_NAME} and the settings under
     * {@link SettingsMXBean#OBJECT_NAME}; returns the outcome.
     */
    static String register(CountersView view) {
        try {
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            ObjectName name = new ObjectName(CountersMXBean.OBJECT_NAME);
            server.registerMBean(view, name);
            server.registerMBean(new SettingsView(), new ObjectName(SettingsMXBean.OBJECT_NAME));
            System.setProperty(Management.MARKER_PROPERTY, CountersMXBean.OBJECT_NAME);
            return "registered as " + CountersMXBean.OBJECT_NAME;
        } catch (InstanceAlreadyExistsException e) {
            return "not published: " + CountersMXBean.OBJECT_NAME + " was registered by another copy of AccelJCE";
        } catch (JMException e) {
            return "failed: " + e;
        }
    }
}
