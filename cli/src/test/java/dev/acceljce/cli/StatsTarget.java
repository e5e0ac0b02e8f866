package dev.acceljce.cli;

import dev.acceljce.AccelJceProvider;
import dev.acceljce.control.Management;
import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.Provider;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The JVM {@code StatsCommandTest} reads from outside: runs a known sequence of operations,
 * prints "ready", then waits until its standard input closes. With the argument
 * {@value #SECOND_COPY}, a second copy of AccelJCE, loaded by a class loader named "billing" (as a
 * second web application's), makes seven SHA-256 digests of one byte, and a line says how it
 * registered.
 */
public final class StatsTarget {
    static final String SECOND_COPY = "second-copy";

    private StatsTarget() {}

    /** Starts this class in a JVM of its own with this JVM's class path and library settings. */
    static Process start(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-Xmx64m",
                "-cp",
                System.getProperty("java.class.path")));
        System.getProperties().stringPropertyNames().stream()
                .filter(k -> k.startsWith("acceljce.openssl.")
                        || k.startsWith("jdk.native.openssl.")
                        || k.equals("acceljce.policy"))
                .forEach(k -> cmd.add("-D" + k + "=" + System.getProperty(k)));
        cmd.add(StatsTarget.class.getName());
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
    }

    public static void main(String[] args) throws Exception {
        Provider accel = new AccelJceProvider();
        MessageDigest sha256 = MessageDigest.getInstance("SHA-256", accel);
        sha256.digest(new byte[10]);
        sha256.digest(new byte[20]);
        sha256.digest(new byte[30]); // SHA-256: 3 native ops, 60 bytes
        SecretKeySpec key = new SecretKeySpec(new byte[32], "HmacSHA256");
        Mac hmac = Mac.getInstance("HmacSHA256", accel);
        hmac.init(key);
        hmac.doFinal(new byte[100]);
        hmac.doFinal(new byte[28]); // HmacSHA256: 2 native ops, 128 bytes
        System.setProperty("acceljce.native", "false");
        dev.acceljce.control.Settings.reload();
        Mac jdkHmac = Mac.getInstance("HmacSHA256", accel);
        System.clearProperty("acceljce.native");
        dev.acceljce.control.Settings.reload();
        jdkHmac.init(key);
        jdkHmac.doFinal(new byte[50]); // HmacSHA256: 1 JDK op, 50 bytes
        if (!Management.awaitRegistration(Duration.ofSeconds(30))) {
            throw new IllegalStateException("MBean registration did not finish");
        }
        System.out.println("ready " + Management.status());
        if (List.of(args).contains(SECOND_COPY)) {
            System.out.println("second copy " + secondCopy());
        }
        System.out.flush();
        while (System.in.read() >= 0) {
            // Wait for the test to close our input.
        }
    }

    /** Loads, uses and registers the second copy; returns its registration status. */
    private static String secondCopy() throws Exception {
        URL[] urls = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(e -> {
                    try {
                        return new File(e).toURI().toURL();
                    } catch (MalformedURLException ex) {
                        throw new IllegalArgumentException(ex);
                    }
                })
                .toArray(URL[]::new);
        ClassLoader billing = new URLClassLoader("billing", urls, ClassLoader.getPlatformClassLoader());
        Provider copy = (Provider) Class.forName(AccelJceProvider.class.getName(), true, billing)
                .getConstructor()
                .newInstance();
        MessageDigest sha256 = MessageDigest.getInstance("SHA-256", copy);
        for (int i = 0; i < 7; i++) {
            sha256.digest(new byte[1]);
        }
        Class<?> management = Class.forName(Management.class.getName(), true, billing);
        if (!(Boolean) management.getMethod("awaitRegistration", Duration.class).invoke(null, Duration.ofSeconds(30))) {
            throw new IllegalStateException("the second copy's registration did not finish");
        }
        return (String) management.getMethod("status").invoke(null);
    }
}
