package dev.acceljce.standalone;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.acceljce.openssl.FipsModule;
import dev.acceljce.testing.ChildJvm;
import dev.acceljce.testing.FipsTesting;
import dev.acceljce.testing.Providers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * FIPS mode ({@code acceljce.fips=true}), each case in a JVM of its own (the mode is chosen once
 * per JVM): every service AccelJCE registers by default is either approved and works, or refused
 * with NoSuchAlgorithmException and "not approved in FIPS mode"; non-approved parameters of
 * approved services are refused with their documented exception; a module with one byte changed
 * is refused at load and nothing is registered; a module named by {@code acceljce.fips.module}
 * is the one loaded. Bundled OpenSSL run only ({@link FipsTesting}).
 */
class FipsModeTest {
    private static final String SECURITY_PROVIDERS = "AccelJCE,SUN";

    @TempDir
    Path dir;

    private Path security;

    @BeforeEach
    void bundledModule() throws Exception {
        FipsTesting.requireBundledModule();
        security = ChildJvm.securityFile(dir, "fips.security", SECURITY_PROVIDERS.split(","));
    }

    @Test
    void everyServiceIsApprovedAndWorksOrIsRefused() throws Exception {
        Path services = dir.resolve("services.txt");
        List<String> all = Providers.ACCEL.getServices().stream()
                .map(s -> s.getType() + " " + s.getAlgorithm())
                .sorted()
                .toList();
        Files.write(services, all);
        KeyPairGenerator jdk = KeyPairGenerator.getInstance("RSA", Providers.jdk("KeyPairGenerator", "RSA"));
        jdk.initialize(1024);
        String rsa1024 =
                HexFormat.of().formatHex(jdk.generateKeyPair().getPrivate().getEncoded());
        String out = ChildJvm.run(
                List.of("-Djava.security.properties==" + security, "-Dacceljce.fips=true"),
                FipsServicesMain.class,
                600,
                services.toString(),
                rsa1024);
        System.out.println(out.lines()
                .filter(l -> l.startsWith("FAIL") || l.startsWith("REFUSED") || l.startsWith("fips"))
                .collect(Collectors.joining("\n")));
        assertTrue(out.startsWith("fips active=true"), out);
        assertEquals(List.of(), out.lines().filter(l -> l.startsWith("FAIL")).toList(), out);
        long passed = out.lines().filter(l -> l.startsWith("PASS ")).count();
        long refused = out.lines()
                .filter(l -> l.startsWith("REFUSED ") && !l.startsWith("REFUSED param"))
                .count();
        assertEquals(all.size(), passed + refused, "every default service is either approved or refused\n" + out);
        assertTrue(passed > 100 && refused >= 10, passed + " approved, " + refused + " refused\n" + out);
        assertEquals(13, out.lines().filter(l -> l.startsWith("REFUSED param ")).count(), out);
    }

    @Test
    void aModuleWithOneByteChangedIsRefusedAtLoad() throws Exception {
        Path module = FipsTesting.copyBundled("fips.so", dir);
        Path config = FipsTesting.copyBundled("fipsmodule.cnf", dir);
        // one bit of the provider's name in its read-only data: the file still loads, so what
        // refuses it is the module's MAC check at activation, not the dynamic linker
        byte[] bytes = Files.readAllBytes(module);
        int at = indexOf(bytes, "OpenSSL FIPS Provider".getBytes(StandardCharsets.US_ASCII));
        assertTrue(at > 0, "the provider's name is in the module");
        bytes[at + 8] ^= 0x01;
        Files.write(module, bytes);
        String out = ChildJvm.run(
                List.of(
                        "-Djava.security.properties==" + security,
                        "-Dacceljce.fips=true",
                        "-D" + FipsModule.MODULE_PROPERTY + "=" + module,
                        "-D" + FipsModule.CONFIG_PROPERTY + "=" + config),
                FipsStatusMain.class,
                120);
        System.out.println(out);
        assertTrue(out.contains("active false\n"), out);
        assertTrue(out.contains("services 0\n"), out);
        assertTrue(out.contains("failure the FIPS provider did not activate"), out);
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void theModuleNamedByPropertyIsTheOneLoaded() throws Exception {
        Path module = FipsTesting.copyBundled("fips.so", dir);
        FipsTesting.copyBundled("fipsmodule.cnf", dir); // found beside the module by default
        String out = ChildJvm.run(
                List.of(
                        "-Djava.security.properties==" + security,
                        "-Dacceljce.fips=true",
                        "-D" + FipsModule.MODULE_PROPERTY + "=" + module),
                FipsStatusMain.class,
                120);
        System.out.println(out);
        assertTrue(out.contains("active true\n"), out);
        assertTrue(out.contains("source property\n"), out);
        assertTrue(out.contains("module " + module + "\n"), out);
        assertTrue(out.contains("name OpenSSL FIPS Provider"), out);
        assertTrue(out.contains("failure null\n"), out);
    }
}
