package dev.acceljce.control;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.management.InstanceAlreadyExistsException;
import javax.management.InstanceNotFoundException;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/**
 * The only class that links against java.management; loaded only after {@link Management} checked
 * that the module is there. Names follow {@link Management}'s class comment.
 */
final class PlatformRegistration {
    private PlatformRegistration() {}

    /** The object names one copy of AccelJCE registered. */
    record Names(ObjectName counters, ObjectName settings) {}

    /** Registration did not happen, for the reason in the message. */
    static final class NotRegistered extends Exception {
        NotRegistered(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * Registers {@code view} and this copy's settings under the first free pair of names: the plain
     * ones, then with the {@code loader=} key, then with the loader's identity hash added.
     */
    static Names register(CountersView view) throws NotRegistered {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        try {
            for (String loader : loaderKeys(view.getLoader())) {
                if (loader != null && loaderNamesInUse(server).contains(loader)) {
                    continue; // "loader=app" would read as the copy whose Loader says "app"
                }
                Names names =
                        new Names(name(CountersMXBean.OBJECT_NAME, loader), name(SettingsMXBean.OBJECT_NAME, loader));
                try {
                    server.registerMBean(view, names.counters());
                } catch (InstanceAlreadyExistsException taken) {
                    continue;
                }
                try {
                    server.registerMBean(new SettingsView(), names.settings());
                } catch (InstanceAlreadyExistsException taken) {
                    // Settings left under this name by a copy being unregistered: the next name.
                    server.unregisterMBean(names.counters());
                    continue;
                } catch (JMException | RuntimeException e) {
                    server.unregisterMBean(names.counters());
                    throw e;
                }
                // Any registered name will do for the marker: it only says "this JVM has some".
                System.getProperties()
                        .putIfAbsent(
                                Management.MARKER_PROPERTY, names.counters().toString());
                return names;
            }
        } catch (JMException e) {
            throw new NotRegistered("failed: " + e, e);
        }
        throw new NotRegistered("every name for loader " + view.getLoader() + " is taken", null);
    }

    /** Removes {@code names}; moves the marker to another copy's counters, or removes it. */
    static String unregister(Names names) {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        List<String> problems = new ArrayList<>();
        for (ObjectName n : List.of(names.counters(), names.settings())) {
            try {
                server.unregisterMBean(n);
            } catch (InstanceNotFoundException gone) {
                // Someone unregistered it over JMX: nothing to do.
            } catch (JMException | RuntimeException e) {
                problems.add(n + ": " + e);
            }
        }
        String counters = names.counters().toString();
        if (counters.equals(System.getProperty(Management.MARKER_PROPERTY))) {
            try {
                String other = server.queryNames(new ObjectName(CountersMXBean.QUERY), null).stream()
                        .map(ObjectName::toString)
                        .findFirst()
                        .orElse(null);
                if (other == null) {
                    System.getProperties().remove(Management.MARKER_PROPERTY, counters);
                } else {
                    System.getProperties().replace(Management.MARKER_PROPERTY, counters, other);
                }
            } catch (MalformedObjectNameException e) {
                throw new IllegalStateException(e); // a constant
            }
        }
        return problems.isEmpty() ? "unregistered " + counters : "unregistered with errors: " + problems;
    }

    /** The loader names of the copies registered now: their {@code loader=} key or Loader attribute. */
    private static Set<String> loaderNamesInUse(MBeanServer server) throws MalformedObjectNameException {
        Set<String> used = new HashSet<>();
        for (ObjectName n : server.queryNames(new ObjectName(CountersMXBean.QUERY), null)) {
            String key = n.getKeyProperty(CountersMXBean.LOADER_KEY);
            if (key != null) {
                used.add(key);
            }
            try {
                used.add(String.valueOf(server.getAttribute(n, "Loader")));
            } catch (JMException | RuntimeException e) {
                // A copy gone meanwhile, or a version without the attribute: its key is enough.
            }
        }
        return used;
    }

    /** The {@code loader=} values to try, in order; null stands for "no loader key". */
    private static List<String> loaderKeys(String loader) {
        List<String> keys = new ArrayList<>();
        keys.add(null);
        keys.add(loader);
        if (!loader.contains("@")) {
            // Two loaders of the same name: the hash tells them apart.
            keys.add(loader + "@" + Integer.toHexString(System.identityHashCode(Management.class.getClassLoader())));
        }
        return keys;
    }

    /** {@code plain} with the loader key after type (a key table would sort the keys instead). */
    private static ObjectName name(String plain, String loader) throws MalformedObjectNameException {
        return new ObjectName(plain + (loader == null ? "" : "," + CountersMXBean.LOADER_KEY + "=" + loader));
    }
}
