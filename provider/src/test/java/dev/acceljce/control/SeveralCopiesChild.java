package dev.acceljce.control;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.lang.ref.WeakReference;
import java.net.URL;
import java.net.URLClassLoader;
import java.security.MessageDigest;
import java.security.Provider;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;

/**
 * Run by {@link SeveralCopiesTest} in a JVM of its own: two copies of AccelJCE, each loaded by a
 * class loader of its own over this JVM's class path (as two web applications that each carry the
 * jar), register, count and unregister side by side. Prints {@link #DONE} when every check held;
 * throws otherwise.
 */
public final class SeveralCopiesChild {
    static final String DONE = "several copies: all checks held";

    private static final MBeanServer SERVER = ManagementFactory.getPlatformMBeanServer();

    private SeveralCopiesChild() {}

    /** One copy of AccelJCE, reached by reflection (its classes are not this class's). */
    private record Copy(ClassLoader loader, Provider provider, Class<?> management) {
        static Copy load(ClassLoader loader) throws Exception {
            // A container runs an application's code with its loader as the context loader; so
            // does this, so that whatever AccelJCE starts inherits it as it would there.
            Thread.currentThread().setContextClassLoader(loader);
            try {
                Provider p = (Provider) Class.forName("dev.acceljce.AccelJceProvider", true, loader)
                        .getConstructor()
                        .newInstance();
                Class<?> m = Class.forName(Management.class.getName(), true, loader);
                check(m != Management.class, "the copy's Management is this JVM's own");
                check(
                        (Boolean)
                                m.getMethod("awaitRegistration", Duration.class).invoke(null, Duration.ofSeconds(60)),
                        "registration did not finish");
                return new Copy(loader, p, m);
            } finally {
                Thread.currentThread().setContextClassLoader(SeveralCopiesChild.class.getClassLoader());
            }
        }

        String status() throws Exception {
            return (String) management.getMethod("status").invoke(null);
        }

        boolean unregister() throws Exception {
            return (Boolean) management.getMethod("unregister").invoke(null);
        }

        /** {@code times} SHA-256 digests of {@code size} bytes, on a thread that then ends. */
        void digests(int times, int size) throws Exception {
            Thread t = new Thread(() -> {
                try {
                    MessageDigest md = MessageDigest.getInstance("SHA-256", provider);
                    for (int i = 0; i < times; i++) {
                        md.digest(new byte[size]);
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            // Counters keep a cell per thread in thread locals; a thread that ends drops them, as a
            // container's threads do when it renews them on stopping an application.
            t.start();
            t.join();
        }
    }

    public static void main(String[] args) throws Exception {
        List<URL> path = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            path.add(new File(entry).toURI().toURL());
        }
        URL[] urls = path.toArray(URL[]::new);
        ClassLoader platform = ClassLoader.getPlatformClassLoader();
        URLClassLoader shopLoader = new URLClassLoader("shop", urls, platform);
        URLClassLoader unnamedLoader = new URLClassLoader(urls, platform);

        Copy shop = Copy.load(shopLoader);
        ObjectName plain = new ObjectName(CountersMXBean.OBJECT_NAME);
        check(shop.status().equals("registered as " + plain), "first copy: " + shop.status());
        Copy other = Copy.load(unnamedLoader);
        String otherLoader = "URLClassLoader@" + Integer.toHexString(System.identityHashCode(unnamedLoader));
        ObjectName keyed = new ObjectName(CountersMXBean.OBJECT_NAME + ",loader=" + otherLoader);
        check(other.status().equals("registered as " + keyed), "second copy: " + other.status());

        check(
                names(CountersMXBean.QUERY).equals(Set.of(plain.toString(), keyed.toString())),
                "counters: " + names(CountersMXBean.QUERY));
        check(
                names(SettingsMXBean.OBJECT_NAME + ",*")
                        .equals(Set.of(
                                SettingsMXBean.OBJECT_NAME, SettingsMXBean.OBJECT_NAME + ",loader=" + otherLoader)),
                "settings: " + names(SettingsMXBean.OBJECT_NAME + ",*"));
        check("shop".equals(SERVER.getAttribute(plain, "Loader")), "Loader of the first copy");
        check(otherLoader.equals(SERVER.getAttribute(keyed, "Loader")), "Loader of the second copy");
        check(SERVER.getAttribute(plain, "Location") != null, "no Location");
        check(plain.toString().equals(System.getProperty(Management.MARKER_PROPERTY)), "marker");

        // A third loader named like the first: "loader=shop" would read as the first copy.
        try (URLClassLoader shopAgain = new URLClassLoader("shop", urls, platform)) {
            Copy again = Copy.load(shopAgain);
            String expected = CountersMXBean.OBJECT_NAME + ",loader=shop@"
                    + Integer.toHexString(System.identityHashCode(shopAgain));
            check(again.status().equals("registered as " + expected), "third copy: " + again.status());
            check(again.unregister(), "third copy had nothing to unregister");
        }

        // Each copy counts its own work.
        shop.digests(3, 10);
        other.digests(5, 4);
        check(sha256(plain) == 3 && sha256Bytes(plain) == 30, "first copy's SHA-256 row: " + sha256(plain));
        check(sha256(keyed) == 5 && sha256Bytes(keyed) == 20, "second copy's SHA-256 row: " + sha256(keyed));
        // ... and has settings of its own.
        ObjectName otherSettings = new ObjectName(SettingsMXBean.OBJECT_NAME + ",loader=" + otherLoader);
        SERVER.invoke(otherSettings, "set", new Object[] {"acceljce.trace", "off"}, new String[] {
            String.class.getName(), String.class.getName()
        });
        check("off".equals(get(otherSettings, "acceljce.trace")), "the second copy's setting");
        check(get(new ObjectName(SettingsMXBean.OBJECT_NAME), "acceljce.trace") == null, "setting leaked");

        // The first application stops: its MBeans go, the other copy's stay and keep counting.
        check(shop.unregister(), "first copy had nothing to unregister");
        check(!shop.unregister(), "first copy unregistered twice");
        check(
                names(CountersMXBean.QUERY).equals(Set.of(keyed.toString())),
                "after unregistering: " + names(CountersMXBean.QUERY));
        check(names(SettingsMXBean.OBJECT_NAME + ",*").size() == 1, "settings left behind");
        check(keyed.toString().equals(System.getProperty(Management.MARKER_PROPERTY)), "marker not moved");
        other.digests(1, 1);
        check(sha256(keyed) == 6, "second copy stopped counting: " + sha256(keyed));

        // Nothing else holds the first copy: its class loader can be collected.
        WeakReference<ClassLoader> gone = new WeakReference<>(shopLoader);
        shopLoader.close();
        shopLoader = null;
        shop = null;
        for (int i = 0; i < 50 && gone.get() != null; i++) {
            System.gc();
            Thread.sleep(100);
        }
        List<String> holders = new ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (gone.get() != null && t.getContextClassLoader() == gone.get()) {
                holders.add(t.getName());
            }
        }
        check(
                gone.get() == null,
                "the first copy's class loader is still reachable after unregister(); threads with it as their"
                        + " context class loader: " + holders);

        check(other.unregister(), "second copy had nothing to unregister");
        check(names(CountersMXBean.QUERY).isEmpty(), "left: " + names(CountersMXBean.QUERY));
        check(System.getProperty(Management.MARKER_PROPERTY) == null, "marker left behind");
        unnamedLoader.close();
        System.out.println(DONE);
    }

    private static Set<String> names(String pattern) throws Exception {
        Set<String> names = new TreeSet<>();
        SERVER.queryNames(new ObjectName(pattern), null).forEach(n -> names.add(n.toString()));
        return names;
    }

    private static CompositeData sha256Row(ObjectName counters) throws Exception {
        for (CompositeData row : (CompositeData[]) SERVER.getAttribute(counters, "Services")) {
            if (row.get("service").equals("MessageDigest.SHA-256")) {
                return row;
            }
        }
        throw new IllegalStateException("no SHA-256 row in " + counters);
    }

    /** Operations on either path: the policy decides which, the count is what matters here. */
    private static long sha256(ObjectName counters) throws Exception {
        CompositeData row = sha256Row(counters);
        return (Long) row.get("nativeOps") + (Long) row.get("jdkOps");
    }

    private static long sha256Bytes(ObjectName counters) throws Exception {
        CompositeData row = sha256Row(counters);
        return (Long) row.get("nativeBytes") + (Long) row.get("jdkBytes");
    }

    private static String get(ObjectName settings, String key) throws Exception {
        return (String) SERVER.invoke(settings, "get", new Object[] {key}, new String[] {String.class.getName()});
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
