package dev.acceljce.control;

import java.net.URISyntaxException;
import java.net.URL;
import java.security.CodeSource;
import java.security.Provider;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Publishes this copy of AccelJCE's counters ({@link CountersMXBean}) and settings
 * ({@link SettingsMXBean}) in the platform MBean server, once per copy, when its first provider is
 * constructed.
 *
 * <p>A copy is one loading of AccelJCE's classes: a JVM has several when several class loaders
 * carry the jar (two web applications in one servlet container). Each copy counts its own work and
 * has settings of its own, so each registers its own MBeans. The first to register takes the plain
 * names {@value CountersMXBean#OBJECT_NAME} and {@value SettingsMXBean#OBJECT_NAME}, so the usual
 * JVM with one copy has them where they always were; each further copy adds the key
 * {@code loader=} with its class loader's name, or its class and identity hash when unnamed
 * ({@code dev.acceljce:type=Counters,loader=ParallelWebappClassLoader@4e25154f}); a name two
 * loaders share gets the identity hash appended. {@value CountersMXBean#QUERY} matches them all;
 * the {@code Loader} and {@code Location} attributes say which copy a name belongs to.
 *
 * <p>java.management is optional ({@code requires static}): in a jlinked image without it, or on
 * the module path when nothing resolved it ({@code --add-modules java.management} does), the
 * provider works the same and simply has no MBean. {@code -Dacceljce.jmx=false} turns the MBeans off.
 *
 * <p>Registration runs on a short-lived daemon thread: creating the platform MBean server costs a
 * few hundred milliseconds of class loading, which a provider constructor must not add to every
 * application's start. While any copy's counters are registered, the system property
 * {@value #MARKER_PROPERTY} holds one of their names, so {@code ./acceljce stats} finds the JVMs
 * that have them without starting a management agent in each one.
 *
 * <p>The MBean server holds this copy's classes for as long as its MBeans are registered: an
 * application that can be unloaded (a web application) calls {@link #unregister()} when it stops,
 * beside {@code Security.removeProvider}.
 */
public final class Management {
    /** Set to a registered counters MBean's object name while any copy has one registered. */
    public static final String MARKER_PROPERTY = "acceljce.mbean";

    private static final AtomicBoolean STARTED = new AtomicBoolean();
    private static final CountDownLatch DONE = new CountDownLatch(1);
    /** Orders publication against {@link #unregister()}; guards {@link #registered} and {@link #closed}. */
    private static final Object LOCK = new Object();

    private static volatile CountersView view;
    private static volatile String status = "not started: no AccelJCE provider constructed yet";
    /** This copy's registration, or null. */
    private static PlatformRegistration.Names registered;
    /** Set by {@link #unregister()}: this copy publishes nothing from then on. */
    private static boolean closed;

    private Management() {}

    /** Starts publishing the MBeans for {@code provider}; only the first call in this copy does anything. */
    public static void register(Provider provider) {
        if (!STARTED.compareAndSet(false, true)) {
            return;
        }
        List<String> services = new ArrayList<>();
        for (Provider.Service s : provider.getServices()) {
            services.add(s.getType() + "." + s.getAlgorithm());
        }
        ClassLoader loader = Management.class.getClassLoader();
        view = new CountersView(provider.getVersionStr(), services, loaderName(loader), location());
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
        synchronized (LOCK) {
            if (closed) {
                finish("unregistered before it was published");
                return;
            }
            try {
                // A separate class: only it links against javax.management.
                registered = PlatformRegistration.register(view);
                finish("registered as " + registered.counters());
            } catch (PlatformRegistration.NotRegistered e) {
                finish("not published: " + e.getMessage());
            } catch (RuntimeException | LinkageError e) {
                finish("failed: " + e);
            }
        }
    }

    /**
     * Removes this copy's MBeans from the platform MBean server, waiting for a registration still
     * under way, and keeps this copy from publishing them again. Returns whether there were any.
     * Other copies' MBeans stay. Call it when the application that loaded this copy stops (a web
     * application's {@code contextDestroyed}): while registered, the MBean server holds this copy's
     * classes, and with them its class loader.
     */
    public static boolean unregister() {
        synchronized (LOCK) {
            closed = true;
            if (registered == null) {
                return false;
            }
            String outcome = PlatformRegistration.unregister(registered);
            registered = null;
            status = outcome;
            return true;
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

    /** Names a class loader as the {@code loader=} key shows it: see the class comment. */
    static String loaderName(ClassLoader loader) {
        if (loader == null) {
            return "bootstrap";
        }
        String name = loader.getName();
        if (name == null || name.isBlank()) {
            Class<?> c = loader.getClass();
            name = (c.getSimpleName().isEmpty() ? c.getName() : c.getSimpleName()) + "@"
                    + Integer.toHexString(System.identityHashCode(loader));
        }
        // An object name's value may not hold , = : " * ? or line breaks unquoted; quoting would
        // show the quotes in every JMX client.
        return name.replaceAll("[^A-Za-z0-9._@$#+/-]", "_");
    }

    /** Where this copy's classes came from: a file path when they came from a file, else the URL. */
    private static String location() {
        try {
            CodeSource source = Management.class.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null) {
                return null;
            }
            URL url = source.getLocation();
            return "file".equals(url.getProtocol())
                    ? java.nio.file.Path.of(url.toURI()).toString() // control.Path is the service path
                    : url.toString();
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /**
     * This copy's counters as the MBean shows them, without JMX; null until this copy's first
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

    /**
     * What happened: "registered as dev.acceljce:type=Counters" (or with its {@code loader=} key),
     * "off (...)", "failed: ...", "unregistered ...".
     */
    public static String status() {
        return status;
    }
}
