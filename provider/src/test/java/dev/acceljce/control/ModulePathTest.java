package dev.acceljce.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.testing.ModuleProbe;
import dev.acceljce.testing.Providers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The provider as a named module (its compiled classes as an exploded module on the module path):
 * its module-info is complete, and java.management is optional — with it the MBean is published,
 * without it (a jlinked image, simulated with --limit-modules) the provider serves the same.
 */
class ModulePathTest {
    private static Map<String, String> probe(String... extraOptions) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=dev.acceljce.provider",
                "--module-path",
                location(AccelJceProvider.class),
                "--add-modules",
                "dev.acceljce.provider",
                "-cp",
                location(ModuleProbe.class)));
        cmd.addAll(List.of(extraOptions));
        System.getProperties().stringPropertyNames().stream()
                .filter(k -> k.startsWith("acceljce.openssl.")
                        || k.startsWith("jdk.native.openssl.")
                        || k.equals("acceljce.policy"))
                .forEach(k -> cmd.add("-D" + k + "=" + System.getProperty(k)));
        cmd.add(ModuleProbe.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "probe did not end");
        assertEquals(0, p.exitValue(), out);
        Map<String, String> values = new LinkedHashMap<>();
        out.lines()
                .filter(l -> l.contains("="))
                .forEach(l -> values.put(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1)));
        return values;
    }

    private static String location(Class<?> c) throws IOException {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toString();
        } catch (java.net.URISyntaxException e) {
            throw new IOException(e);
        }
    }

    @Test
    void withJavaManagementTheMBeanIsPublished() throws Exception {
        Providers.requireNative();
        Map<String, String> v = probe();
        assertEquals("dev.acceljce.provider", v.get("module"), v.toString());
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", v.get("digest"));
        assertEquals("1", v.get("native"));
        assertEquals("registered as " + CountersMXBean.OBJECT_NAME, v.get("jmx"));
        assertEquals(CountersMXBean.OBJECT_NAME, v.get("mbean"));
    }

    @Test
    void withoutJavaManagementTheProviderWorksAndHasNoMBean() throws Exception {
        Providers.requireNative();
        Map<String, String> v = probe("--limit-modules", "java.base,dev.acceljce.provider");
        assertEquals("dev.acceljce.provider", v.get("module"), v.toString());
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", v.get("digest"));
        assertEquals("1", v.get("native"));
        assertEquals("not published: module java.management is not present", v.get("jmx"));
        assertEquals("null", v.get("mbean"));
    }
}
