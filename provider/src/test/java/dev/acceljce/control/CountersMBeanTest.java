package dev.acceljce.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.openssl.LibCrypto;
import dev.acceljce.testing.Providers;
import java.lang.management.ManagementFactory;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.management.Attribute;
import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.TabularData;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The counters MBean in the platform MBean server: exact values, reset and the switch over JMX. */
class CountersMBeanTest {
    private static final MBeanServer SERVER = ManagementFactory.getPlatformMBeanServer();
    private static ObjectName name;

    @BeforeAll
    static void providerPublishedTheMBean() throws Exception {
        Providers.requireNative();
        assertTrue(Management.awaitRegistration(Duration.ofSeconds(20)), "registration did not finish");
        name = new ObjectName(CountersMXBean.OBJECT_NAME);
        assertTrue(SERVER.isRegistered(name), Management.status());
        assertEquals(CountersMXBean.OBJECT_NAME, System.getProperty(Management.MARKER_PROPERTY));
    }

    /** The rows as a JMX client without AccelJCE classes sees them: CompositeData by service name. */
    private static Map<String, CompositeData> rows() throws Exception {
        CompositeData[] rows = (CompositeData[]) SERVER.getAttribute(name, "Services");
        return Arrays.stream(rows).collect(Collectors.toMap(r -> (String) r.get("service"), Function.identity()));
    }

    private static long[] counts(CompositeData row) {
        return new long[] {
            (Long) row.get("nativeOps"),
            (Long) row.get("nativeBytes"),
            (Long) row.get("jdkOps"),
            (Long) row.get("jdkBytes"),
            (Long) row.get("nativeObjects"),
            (Long) row.get("jdkObjects")
        };
    }

    @Test
    void scriptedSequenceShowsExactCountsAndResetClearsThem() throws Exception {
        SERVER.invoke(name, "reset", null, null);
        MessageDigest md = MessageDigest.getInstance("SHA-256", Providers.ACCEL);
        md.digest(new byte[10]);
        md.digest(new byte[20]);
        md.digest(new byte[30]);
        SecretKeySpec key = new SecretKeySpec(new byte[32], "HmacSHA256");
        Mac mac = Mac.getInstance("HmacSHA256", Providers.ACCEL);
        mac.init(key);
        mac.doFinal(new byte[100]);
        mac.doFinal(new byte[28]);
        Mac jdkMac;
        System.setProperty("acceljce.native", "false");
        dev.acceljce.control.Settings.reload();
        try {
            jdkMac = Mac.getInstance("HmacSHA256", Providers.ACCEL);
        } finally {
            System.clearProperty("acceljce.native");
            dev.acceljce.control.Settings.reload();
        }
        jdkMac.init(key);
        jdkMac.doFinal(new byte[50]);

        Map<String, CompositeData> rows = rows();
        assertEquals("[3, 60, 0, 0, 1, 0]", Arrays.toString(counts(rows.get("MessageDigest.SHA-256"))));
        assertEquals("[2, 128, 1, 50, 1, 1]", Arrays.toString(counts(rows.get("Mac.HmacSHA256"))));
        // Every registered service has a row, used or not (besides the rows of the TLS stack, made
        // by its handshakes when other tests in this JVM ran some, and the rows other tests in this
        // JVM count under "Test.", such as CountersVirtualThreadsTest's).
        assertEquals(
                Providers.ACCEL.getServices().size(),
                rows.keySet().stream()
                        .filter(k -> !k.startsWith("TLS.") && !k.startsWith("Test."))
                        .count(),
                rows.keySet().toString());
        assertEquals("[0, 0, 0, 0, 0, 0]", Arrays.toString(counts(rows.get("Mac.HmacSHA512"))));
        CompositeData totals = (CompositeData) SERVER.getAttribute(name, "Totals");
        assertEquals("total", totals.get("service"));
        assertEquals("[5, 188, 1, 50, 2, 1]", Arrays.toString(counts(totals)));

        // The typed proxy (what ./acceljce stats uses) sees the same records.
        CountersMXBean proxy = JMX.newMXBeanProxy(SERVER, name, CountersMXBean.class);
        assertEquals(
                new Counters.Row("MessageDigest.SHA-256", 3, 60, 0, 0, 1, 0),
                proxy.getServices().stream()
                        .filter(r -> r.service().equals("MessageDigest.SHA-256"))
                        .findFirst()
                        .orElseThrow());

        SERVER.invoke(name, "reset", null, null);
        assertEquals("[0, 0, 0, 0, 0, 0]", Arrays.toString(counts(rows().get("MessageDigest.SHA-256"))));
        assertEquals(
                "[0, 0, 0, 0, 0, 0]", Arrays.toString(counts((CompositeData) SERVER.getAttribute(name, "Totals"))));
        md.digest(new byte[7]); // objects created before the reset go on counting from zero
        assertEquals("[1, 7, 0, 0, 0, 0]", Arrays.toString(counts(rows().get("MessageDigest.SHA-256"))));
    }

    @Test
    void enabledIsWritableOverJmx() throws Exception {
        assertEquals(Boolean.TRUE, SERVER.getAttribute(name, "Enabled"));
        SERVER.setAttribute(name, new Attribute("Enabled", false));
        try {
            assertFalse(Counters.isEnabled());
            long before = Counters.of("MessageDigest.SHA-384").nativeOps();
            MessageDigest.getInstance("SHA-384", Providers.ACCEL).digest(new byte[5]);
            assertEquals(before, Counters.of("MessageDigest.SHA-384").nativeOps(), "counting is off");
        } finally {
            SERVER.setAttribute(name, new Attribute("Enabled", true));
        }
        assertTrue(Counters.isEnabled());
    }

    @Test
    void libraryAndLiveNativeObjectsAreShown() throws Exception {
        MessageDigest held = MessageDigest.getInstance("SHA-256", Providers.ACCEL);
        held.update((byte) 1);
        assertEquals(LibCrypto.version(), SERVER.getAttribute(name, "OpenSslVersion"));
        assertEquals(LibCrypto.path(), SERVER.getAttribute(name, "OpenSslPath"));
        assertEquals(Providers.ACCEL.getVersionStr(), SERVER.getAttribute(name, "ProviderVersion"));
        TabularData live = (TabularData) SERVER.getAttribute(name, "LiveNativeObjects");
        long sum = 0;
        for (Object row : live.values()) {
            sum += (Long) ((CompositeData) row).get("value");
        }
        assertTrue(sum > 0, live.toString());
        assertTrue((Long) SERVER.getAttribute(name, "LiveNativeObjectCount") > 0);
        held.reset();
    }

    @Test
    void registeredOnceWhateverTheNumberOfProviders() throws Exception {
        new AccelJceProvider();
        new AccelJceProvider();
        assertEquals(
                1, SERVER.queryNames(new ObjectName(CountersMXBean.QUERY), null).size());
        assertEquals(
                1,
                SERVER.queryNames(new ObjectName(SettingsMXBean.OBJECT_NAME + ",*"), null)
                        .size());
        assertTrue(Management.status().startsWith("registered"), Management.status());
        assertEquals(Providers.ACCEL.getVersionStr(), Management.counters().getProviderVersion());
    }
}
