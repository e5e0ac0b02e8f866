package dev.acceljce.standalone;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.testing.ChildJvm;
import dev.acceljce.testing.Providers;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every service AccelJCE registers works in a JVM whose provider list is AccelJCE and SUN only
 * (no SunJCE, SunEC, SunRsaSign: as a deployment that wants AccelJCE to serve these families
 * alone configures it). The child JVM ({@link EveryServiceMain}) uses each registered service once;
 * services that only the JDK's providers can serve are not registered, and the report says why.
 */
class EveryServiceWithoutJdkProvidersTest {
    @TempDir
    Path dir;

    @Test
    void everyRegisteredServiceWorksWithOnlyAccelJceAndSun() throws Exception {
        Providers.requireNative();
        Path security = ChildJvm.securityFile(dir, "acceljce-alone.security", "AccelJCE", "SUN");
        String out = ChildJvm.run(
                List.of("-Djava.security.properties==" + security, "-Dacceljce.policy=auto"),
                EveryServiceMain.class,
                300);
        out.lines()
                .filter(l -> l.startsWith("FAIL") || l.startsWith("NOTREG") || l.startsWith("providers"))
                .forEach(System.out::println);
        assertTrue(out.contains("providers AccelJCE,SUN\n"), out);
        assertEquals(List.of(), out.lines().filter(l -> l.startsWith("FAIL ")).toList(), out);
        long passed = out.lines().filter(l -> l.startsWith("PASS ")).count();
        assertTrue(passed > 100, "services used: " + passed + "\n" + out);
    }
}
