package dev.acceljce.control;

import java.security.Provider;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Publishes the counters as the MXBean {@value CountersMXBean#OBJECT_NAME} in the platform MBean
 * server, once per JVM, when the first AccelJCE provider is constructed.
 *
 * <p>java.management is optional ({@code requires static}): in a jlinked image without it, or on
 * the module path when nothing resolved it ({@code --add-modules java.management} does), the
 * provider works the same and simply has no MBean. {@code -Dacceljce.jmx=false} turns the MBean off.
 *
 * <p>Registration runs on a short-lived daemon thread: creating the platform MBean server costs a
 * few hundred milliseconds of class loading, which a provider constructor must not add to every
 * application's start. When it succeeded, the system property {@value #MARKER_PROPERTY} holds the
 * object name, so {@code ./acceljce stats} finds the JVMs that have the MBean without starting a
 * management agent in each one.
 *
 * <p>If another copy of AccelJCE (another class loader) registered the name first, that copy's
 * MBean stays and this one is not published; each copy's counters are its own.
 */
public final class Management {
    /** Set to the object name once the MBean is registered. */
    public static final String MARKER_PROPERTY = "acceljce.mbean";

    private static final AtomicBoolean STARTED = new AtomicBoolean();
    private static final CountDownLatch DONE = new CountDownLatch(1);
    private static volatile CountersView view;
    private static volatile String status = "not started: no AccelJCE provider constructed yet";

    private Management() {}

    /** Starts publishing the MBean for {@code provider}; only the first call in a JVM does anything. */
    public static void register(Provider provider) {
        if (!STARTED.compareAndSet(false, true)) {
            return;
        }
        List<String> services = new ArrayList<>();
        for (Provider.Service s : provider.getServices()) {
            services.add(s.getType() + "." + s.getAlgorithm());
        }
        view = new CountersView(provider.getVersionStr(), services);
        if ("false".equalsIgnoreCase(System.getProperty("acceljce.jmx", "").trim())) {
            finish("off (acceljce.jmx=false)");
        } else if (!managementPresent()) {
            finish("not published: module java.management is not present");
        } else {
            Thread t = new Thread(Management::publish, "AccelJCE-jmx-registration");
            t.setDaemon(true);
            t.start();
        }
    }

    private static void publish() {
        try {
            // A separate class: only it links against javax.management.
            finish(PlatformRegistration.register(view));
        } catch (RuntimeException | LinkageError e) {
            finish("failed: " + e);
        }
    }

    private static void finish(String outcome) {
        status = outcome;
        DONE.countDown();
    }

    /** Whether java.management can be used from here (present and resolved). */
    private static boolean managementPresent() {
        try {
            Class.forName("java.lang.management.ManagementFactory", false, Management.class.getClassLoader());
            Module m = Management.class.getModule();
            return !m.isNamed()
                    || m.getLayer() == null
                    || m.getLayer()
                            .findModule("java.management")
                            .map(m::canRead)
                            .orElse(false);
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /**
     * The counters of this JVM as the MBean shows them, without JMX; null until the first
     * AccelJCE provider is constructed.
     */
    public static CountersMXBean counters() {
        return view;
    }

    /**
     * Waits until registration has finished (published or not); true when it finished in time.
     * Tests and tools that need the MBean right after constructing a provider call this.
     */
    public static boolean awaitRegistration(Duration timeout) throws InterruptedException {
        return DONE.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** What happened: "registered as dev.acceljce:type=Counters", "off (...)", "failed: ...". */
    public static String status() {
        return status;
    }
}
